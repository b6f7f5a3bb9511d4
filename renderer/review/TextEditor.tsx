/**
 * Direct editing: a textarea over a backdrop that draws the same highlights, so they
 * follow the text as the clerk types. Escape leaves editing.
 */
import { useMemo } from 'react';
import { highlightSegments, type Finding } from '../../shared/review/findings.js';

interface Props {
  readonly text: string;
  readonly findings: readonly Finding[];
  readonly onChange: (text: string) => void;
  readonly onDone: () => void;
}

export function TextEditor({ text, findings, onChange, onDone }: Props) {
  const segments = useMemo(() => highlightSegments(text.length, findings), [text.length, findings]);
  return (
    <div className="editor">
      <pre className="backdrop document-text" aria-hidden="true">
        {segments.map((segment) => {
          const slice = text.slice(segment.start, segment.end);
          if (segment.findings.length === 0) return slice;
          const kinds = new Set(segment.findings.map((f) => findings[f]!.kind));
          return (
            <mark key={segment.start} className={`${kinds.has('single') ? 'single df-1' : ''} ${kinds.has('combination') ? 'combo' : ''}`}>
              {slice}
            </mark>
          );
        })}
        {'\n'}
      </pre>
      <textarea
        aria-label="Document text"
        data-testid="text-editor"
        value={text}
        spellCheck={false}
        autoFocus
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
      />
    </div>
  );
}
