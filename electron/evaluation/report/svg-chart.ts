/**
 * Figure 3 as a standalone SVG: x = share of words redacted, y = how often the source is
 * first and in the top 5, each line with its Wilson interval shaded.
 */
import type { CurveTotals } from './totals.js';

const WIDTH = 640;
const HEIGHT = 400;
const MARGIN = { left: 64, right: 24, top: 60, bottom: 56 };
// Top 5 first, so the dashed "first" line stays visible where the two coincide.
const SERIES = [
  { key: 'top5', label: 'source in the top 5', color: '#d62728', dash: '' },
  { key: 'first', label: 'source ranked first', color: '#1f77b4', dash: ' stroke-dasharray="6 4"' },
] as const;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Splits text into lines of at most `width` characters at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  return line === '' ? lines : [...lines, line];
}

const x = (share: number): number => MARGIN.left + share * (WIDTH - MARGIN.left - MARGIN.right);
const y = (value: number): number => HEIGHT - MARGIN.bottom - value * (HEIGHT - MARGIN.top - MARGIN.bottom);
const point = (share: number, value: number): string => `${x(share).toFixed(1)},${y(value).toFixed(1)}`;

function axes(): string[] {
  const parts: string[] = [];
  for (let i = 0; i <= 10; i++) {
    const v = i / 10;
    parts.push(`<line x1="${x(0)}" x2="${x(1)}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${x(0) - 8}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${v.toFixed(1)}</text>`);
    parts.push(`<line y1="${y(0)}" y2="${y(0) + 5}" x1="${x(v).toFixed(1)}" x2="${x(v).toFixed(1)}" stroke="#333"/>`);
    parts.push(`<text x="${x(v).toFixed(1)}" y="${y(0) + 20}" text-anchor="middle">${(v * 100).toFixed(0)} %</text>`);
  }
  parts.push(`<rect x="${x(0)}" y="${y(1)}" width="${x(1) - x(0)}" height="${y(0) - y(1)}" fill="none" stroke="#333"/>`);
  parts.push(`<text x="${(x(0) + x(1)) / 2}" y="${HEIGHT - 12}" text-anchor="middle">share of words redacted</text>`);
  parts.push(`<text transform="translate(16 ${(y(0) + y(1)) / 2}) rotate(-90)" text-anchor="middle">share of documents</text>`);
  return parts;
}

/** The chart of `curve`, titled `title` (plain text). */
export function redactionChartSvg(curve: CurveTotals, title: string): string {
  const parts = axes();
  SERIES.forEach((series, i) => {
    const points = curve.points.filter((p) => p[series.key].share !== null);
    const upper = points.map((p) => point(p.share, p[series.key].high!));
    const lower = points.map((p) => point(p.share, p[series.key].low!)).reverse();
    if (points.length > 0) parts.push(`<polygon points="${[...upper, ...lower].join(' ')}" fill="${series.color}" fill-opacity="0.18" stroke="none"/>`);
    parts.push(
      `<polyline points="${points.map((p) => point(p.share, p[series.key].share!)).join(' ')}" fill="none" stroke="${series.color}" stroke-width="2"${series.dash}/>`,
    );
    // Bottom left: the curves start near 1 there, so the legend hides nothing.
    const ly = y(0) - 36 + i * 16;
    parts.push(`<line x1="${x(0) + 12}" x2="${x(0) + 36}" y1="${ly}" y2="${ly}" stroke="${series.color}" stroke-width="2"${series.dash}/>`);
    parts.push(`<text x="${x(0) + 42}" y="${ly + 4}">${series.label}</text>`);
  });
  const lines = wrap(title, 80).slice(0, 2);
  lines.forEach((line, i) => parts.push(`<text x="${MARGIN.left}" y="${16 + i * 14}" font-weight="bold">${escapeXml(line)}</text>`));
  parts.push(`<text x="${MARGIN.left}" y="${16 + lines.length * 14}" fill="#555">${curve.documents} documents; shaded: 95 % Wilson intervals</text>`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="white"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
