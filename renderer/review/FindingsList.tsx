/**
 * The findings beside the text: phrase, documents and kind. Up/Down move through the
 * list, Enter (or a click) jumps to the phrase in the text, P replaces it with a
 * placeholder; the model can be asked to rewrite just the selected phrase.
 */
import { useRef } from 'react';
import type { Finding } from '../../shared/review/findings.js';

interface Props {
  readonly findings: readonly Finding[];
  readonly focusedId: string | null;
  readonly onSelect: (id: string) => void;
  readonly onJump: (id: string) => void;
  readonly onPlaceholder: (finding: Finding) => void;
  /** Asks the model for a rewrite of this phrase only. */
  readonly onRewrite: (finding: Finding) => void;
  readonly busy: boolean;
}

export function FindingsList({ findings, focusedId, onSelect, onJump, onPlaceholder, onRewrite, busy }: Props) {
  const list = useRef<HTMLUListElement>(null);
  if (findings.length === 0)
    return (
      <p className="muted" data-testid="no-findings">
        No linkable phrases.
      </p>
    );

  const move = (index: number) => {
    const next = Math.max(0, Math.min(findings.length - 1, index));
    const button = list.current?.querySelectorAll<HTMLButtonElement>('button[data-finding]')[next];
    button?.focus();
    onSelect(findings[next]!.id);
  };

  return (
    <ul className="findings" ref={list} aria-label="Linkable phrases" data-testid="findings">
      {findings.map((finding, index) => (
        <li key={finding.id}>
          <button
            type="button"
            data-finding={finding.id}
            aria-current={finding.id === focusedId ? 'true' : undefined}
            onClick={() => onJump(finding.id)}
            onFocus={() => onSelect(finding.id)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown') {
                event.preventDefault();
                move(index + 1);
              } else if (event.key === 'ArrowUp') {
                event.preventDefault();
                move(index - 1);
              } else if ((event.key === 'p' || event.key === 'P') && !busy) {
                event.preventDefault();
                onPlaceholder(finding);
              }
            }}
          >
            <span className="phrase">{finding.text}</span>
            <span className="df" title="Documents of the collection holding it">
              {finding.documents} doc{finding.documents === 1 ? '' : 's'}
            </span>
            <span className="kind">
              {finding.kind === 'single'
                ? 'Rare phrase'
                : `Combination of ${finding.members.length}: ${finding.members
                    .filter((m) => m.start !== finding.start)
                    .map((m) => `“${m.text}”`)
                    .join(' + ')}`}
            </span>
          </button>
          {finding.id === focusedId && (
            <div className="finding-actions">
              <button type="button" disabled={busy} onClick={() => onPlaceholder(finding)} title="P">
                Replace with [REDACTED]
              </button>
              <button type="button" disabled={busy} onClick={() => onRewrite(finding)}>
                Rewrite with the model
              </button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
