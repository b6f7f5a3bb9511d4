/** One text against another, word by word: removed words struck in red, added ones in green. */
import { useMemo } from 'react';
import { wordDiff } from '../../shared/review/word-diff.js';

export function WordDiffView({ before, after, testId }: { before: string; after: string; testId?: string }) {
  const parts = useMemo(() => wordDiff(before, after), [before, after]);
  return (
    <div className="document-text diff" data-testid={testId}>
      {/* Unchanged text is plain text: a long text with its plan accepted has 37,000 parts. */}
      {parts.map((part, i) => (part.kind === 'same' ? part.text : part.kind === 'removed' ? <del key={i}>{part.text}</del> : <ins key={i}>{part.text}</ins>))}
    </div>
  );
}
