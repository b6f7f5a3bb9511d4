/**
 * The paper's Figure 2 for this collection: distinct N-grams by N, split by the length
 * of their posting lists (how many documents hold them), on a log scale.
 */
import type { IndexStatistics } from '../../shared/ipc/types.js';

const SERIES = [
  { label: '1 document', from: 1, to: 1, color: '#b42318' },
  { label: '2', from: 2, to: 2, color: '#e0663b' },
  { label: '3–4', from: 3, to: 4, color: '#f0a400' },
  { label: '5–16', from: 5, to: 16, color: '#7fb24a' },
  { label: '17–128', from: 17, to: 128, color: '#2f8f9d' },
  { label: 'over 128', from: 129, to: Infinity, color: '#2456c9' },
];

const compact = new Intl.NumberFormat('en', { notation: 'compact' });
const WIDTH = 680;
const HEIGHT = 320;
const MARGIN = { left: 56, right: 12, top: 12, bottom: 64 };

export function PostingChart({ statistics }: { statistics: IndexStatistics }) {
  const counts = statistics.byN.map((row) =>
    SERIES.map((s) => row.histogram.filter((b) => b.from >= s.from && b.to <= s.to).reduce((sum, b) => sum + b.count, 0)),
  );
  const max = Math.max(10, ...counts.flat());
  const decades = Math.ceil(Math.log10(max));
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const y = (value: number) => MARGIN.top + plotHeight - (value <= 0 ? 0 : (Math.log10(Math.max(1, value)) / decades) * plotHeight);
  const group = plotWidth / statistics.byN.length;
  const bar = (group * 0.8) / SERIES.length;

  return (
    <figure className="stack" style={{ margin: 0 }}>
      <svg
        className="chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label="Distinct N-grams by N and posting-list length, log scale"
        data-testid="posting-chart"
      >
        {Array.from({ length: decades + 1 }, (_, d) => (
          <g key={d}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(10 ** d)} y2={y(10 ** d)} stroke="#e6eaf0" />
            <text x={MARGIN.left - 6} y={y(10 ** d) + 4} textAnchor="end">
              {compact.format(10 ** d)}
            </text>
          </g>
        ))}
        {statistics.byN.map((row, n) =>
          counts[n]!.map((count, s) => (
            <rect
              key={`${row.n}-${s}`}
              x={MARGIN.left + n * group + group * 0.1 + s * bar}
              y={y(count)}
              width={bar - 1}
              height={MARGIN.top + plotHeight - y(count)}
              fill={SERIES[s]!.color}
            >
              <title>{`N = ${row.n}, ${SERIES[s]!.label}: ${count.toLocaleString()} distinct N-grams`}</title>
            </rect>
          )),
        )}
        {statistics.byN.map((row, n) => (
          <text key={row.n} x={MARGIN.left + n * group + group / 2} y={HEIGHT - MARGIN.bottom + 16} textAnchor="middle">
            {row.n}
          </text>
        ))}
        <text x={MARGIN.left + plotWidth / 2} y={HEIGHT - MARGIN.bottom + 32} textAnchor="middle">
          N-gram size (words)
        </text>
        {SERIES.map((s, i) => (
          <g key={s.label} transform={`translate(${MARGIN.left + i * 105}, ${HEIGHT - 6})`}>
            <rect width="10" height="10" y="-9" fill={s.color} />
            <text x="14">{s.label}</text>
          </g>
        ))}
      </svg>
      <figcaption className="small muted">Distinct N-grams (log scale) by size, coloured by the number of documents that hold them.</figcaption>
    </figure>
  );
}
