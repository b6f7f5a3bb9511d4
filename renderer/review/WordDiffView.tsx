/** One text against another, word by word: removed words struck in red, added ones in green. */
import { useMemo, useRef } from 'react';
import { wordDiff } from '../../shared/review/word-diff.js';
import { diffBlocks } from './diff-blocks.js';
import { BLOCK_CLASS, estimatedChunkHeight } from './text-chunks.js';
import { useTextMetrics } from './use-text-metrics.js';

export function WordDiffView({ before, after, testId }: { before: string; after: string; testId?: string }) {
  const container = useRef<HTMLDivElement>(null);
  const blocks = useMemo(() => diffBlocks(wordDiff(before, after)), [before, after]);
  const metrics = useTextMetrics(container, after);
  return (
    <div ref={container} className="document-text diff" data-testid={testId}>
      {/* In blocks laid out near the screen only (diff-blocks.ts); unchanged text is plain text. */}
      {blocks.map((block, b) => (
        <span
          key={b}
          className={BLOCK_CLASS}
          style={{ containIntrinsicBlockSize: `auto ${estimatedChunkHeight(block.shown, 0, block.shown.length, metrics)}px` }}
        >
          {block.parts.map((part, i) =>
            part.kind === 'same' ? part.text : part.kind === 'removed' ? <del key={i}>{part.text}</del> : <ins key={i}>{part.text}</ins>,
          )}
        </span>
      ))}
    </div>
  );
}
