/**
 * The document with its findings highlighted: singles in red (darker when fewer
 * documents hold them), combination spans in amber, and on hover or focus the whole
 * combination outlined. Each finding's first run can take focus, so findings can be
 * reached from the list and the keyboard.
 */
import { memo, useMemo, useRef, useState } from 'react';
import { highlightSegments, type Finding } from '../../shared/review/findings.js';

interface Props {
  readonly text: string;
  readonly findings: readonly Finding[];
  readonly focusedId: string | null;
  readonly onFocusFinding: (id: string) => void;
  readonly onLeaveText?: () => void;
}

function describe(finding: Finding): string {
  if (finding.kind === 'single') return `Linkable phrase: found in ${finding.documents} document${finding.documents === 1 ? '' : 's'} of the collection`;
  return `Part of a combination of ${finding.members.length} phrases found together in ${finding.documents} document${finding.documents === 1 ? '' : 's'}`;
}

export const HighlightedText = memo(function HighlightedText({ text, findings, focusedId, onFocusFinding, onLeaveText }: Props) {
  const container = useRef<HTMLPreElement>(null);
  const [tooltip, setTooltip] = useState<{ x: number; y: number; lines: string[] } | null>(null);
  const segments = useMemo(() => highlightSegments(text.length, findings), [text.length, findings]);
  const firstRun = useMemo(() => {
    const seen = new Set<number>();
    return segments.map((s) => {
      const fresh = s.findings.filter((f) => !seen.has(f));
      fresh.forEach((f) => seen.add(f));
      return fresh;
    });
  }, [segments]);

  const light = (groups: string | undefined, on: boolean) => {
    if (!groups || container.current === null) return;
    for (const g of groups.split(' ')) {
      container.current.querySelectorAll(`[data-groups~="${g}"], [data-combination~="${g}"]`).forEach((el) => el.classList.toggle('group-lit', on));
    }
  };

  const show = (element: HTMLElement) => {
    const ids = (element.dataset.findings ?? '').split(' ').filter(Boolean).map(Number);
    if (ids.length === 0) return;
    const rect = element.getBoundingClientRect();
    setTooltip({ x: rect.left, y: rect.bottom + 6, lines: ids.map((i) => describe(findings[i]!)) });
    light(element.dataset.combination, true);
  };
  const hide = (element: HTMLElement) => {
    setTooltip(null);
    light(element.dataset.combination, false);
  };

  return (
    <>
      <pre
        ref={container}
        className="document-text"
        data-testid="document-text"
        onKeyDown={(event) => {
          if (event.key === 'Escape') onLeaveText?.();
        }}
      >
        {segments.map((segment, i) => {
          const slice = text.slice(segment.start, segment.end);
          if (segment.findings.length === 0 && segment.groups.length === 0) return slice;
          const covering = segment.findings.map((f) => findings[f]!);
          const singles = covering.filter((f) => f.kind === 'single');
          const minDf = Math.min(...singles.map((f) => f.documents));
          const classes = [
            singles.length > 0 ? `single df-${Math.min(minDf, 3)}` : '',
            covering.some((f) => f.kind === 'combination') ? 'combo' : '',
            covering.some((f) => f.id === focusedId) ? 'focused' : '',
          ].filter(Boolean);
          const combinationIds = covering.filter((f) => f.kind === 'combination').map((f) => `g${findings.indexOf(f)}`);
          const anchor = firstRun[i]!.length > 0 ? findings[firstRun[i]![0]!]! : undefined;
          return (
            <mark
              key={segment.start}
              id={anchor === undefined ? undefined : `finding-${anchor.id}`}
              tabIndex={anchor === undefined ? undefined : -1}
              className={classes.join(' ')}
              data-findings={segment.findings.join(' ')}
              data-combination={combinationIds.join(' ') || undefined}
              data-groups={segment.groups.map((g) => `g${g}`).join(' ') || undefined}
              aria-label={covering.length > 0 ? `${slice}: ${covering.map(describe).join('; ')}` : undefined}
              onMouseEnter={(event) => show(event.currentTarget)}
              onMouseLeave={(event) => hide(event.currentTarget)}
              onFocus={(event) => {
                show(event.currentTarget);
                if (anchor !== undefined) onFocusFinding(anchor.id);
              }}
              onBlur={(event) => hide(event.currentTarget)}
            >
              {slice}
            </mark>
          );
        })}
      </pre>
      {tooltip !== null && (
        <div className="tooltip" role="tooltip" style={{ left: tooltip.x, top: tooltip.y }}>
          {tooltip.lines.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      )}
    </>
  );
});
