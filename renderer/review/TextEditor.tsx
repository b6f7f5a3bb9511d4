/**
 * Direct editing: a textarea over a backdrop that draws the same highlights, so they
 * follow the text as the clerk types (painted ranges, editor-highlights.ts), in the blocks
 * near the screen (blocks-near-screen.ts). Escape leaves editing.
 */
import { useMemo, useState } from 'react';
import { highlightSegments, type Finding } from '../../shared/review/findings.js';
import { useBlocksNearScreen, windowSpan } from './blocks-near-screen.js';
import { useEditorHighlights } from './editor-highlights.js';
import { BLOCK_CLASS, chunkStarts } from './text-chunks.js';

interface Props {
  readonly text: string;
  readonly findings: readonly Finding[];
  readonly onChange: (text: string) => void;
  readonly onDone: () => void;
}

export function TextEditor({ text, findings, onChange, onDone }: Props) {
  const starts = useMemo(() => chunkStarts(text), [text]);
  const [backdrop, setBackdrop] = useState<HTMLPreElement | null>(null);
  const near = windowSpan(useBlocksNearScreen(backdrop, starts.length), starts, text.length);
  // Only the findings over the blocks near the screen are cut into pieces and painted: a
  // keystroke in a long text moves every finding after it, and cutting all 20,000 took
  // about 25 ms of each; painting them all cost every frame (blocks-near-screen.ts).
  const nearFindings = useMemo(() => findings.filter((f) => f.start < near.end && f.end > near.start), [findings, near.start, near.end]);
  const segments = useMemo(() => highlightSegments(text.length, nearFindings), [text.length, nearFindings]);
  useEditorHighlights(backdrop, text, segments, nearFindings);
  return (
    <div className="editor">
      {/* A text node per block (text-chunks.ts), and the highlights ranges over them. Keyed by
          place, so that a keystroke changes only its own block's text: the blocks after it
          hold the same characters as before. The line break at the end keeps a last empty
          line as tall as the textarea's. */}
      <pre ref={setBackdrop} className="backdrop document-text" aria-hidden="true" data-testid="editor-backdrop">
        {starts.map((start, c) => (
          <span key={c} className={BLOCK_CLASS}>
            {c + 1 < starts.length ? text.slice(start, starts[c + 1]) : `${text.slice(start)}\n`}
          </span>
        ))}
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
