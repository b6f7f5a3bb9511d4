/** One text against another, word by word: removed words struck in red, added ones in green. */
import { useMemo } from 'react';
import { wordDiff } from '../../shared/review/word-diff.js';

export function WordDiffView({ before, after, testId }: { before: string; after: string; testId?: string }) {
  const parts = useMemo(() => wordDiff(before, after), [before, after]);
  return (
    <div className="document-text diff" data-testid={testId}>
      {parts.map((part, i) =>
        part.kind === 'same' ? <span key={i}>{part.text}</span> : part.kind === 'removed' ? <del key={i}>{part.text}</del> : <ins key={i}>{part.text}</ins>,
      )}
    </div>
  );
}
