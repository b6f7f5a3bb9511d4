/**
 * Before and after: the current text against the text as it was opened, word by word,
 * with the edit ratio (EVALUATION.md's: word-level edits over the words of the opened
 * text) now and after accepting the whole plan or every pending suggestion.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ReviewDocument } from '../../shared/ipc/types.js';
import { editSize } from '../../shared/review/edit-ratio.js';
import { applyReplacements } from '../../shared/review/text-change.js';
import { documentQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import type { Plan } from './use-plan.js';
import { WordDiffView } from './WordDiffView.js';

const ratio = (value: number | null | undefined): string => (value === null || value === undefined ? '–' : value.toFixed(2));

export function ChangesPanel({ document, plan }: { document: ReviewDocument; plan: Plan }) {
  const original = useQuery(documentQueries.original(document.id));
  const suggestions = useQuery(documentQueries.suggestions(document.id));
  const opened = original.data?.text;
  // Each edit ratio is a word-level Levenshtein distance over the whole text (0.7 s on a
  // 35,000-word text): computed when its texts change, not at every drawing of the panel.
  const now = useMemo(() => (opened === undefined ? null : editSize(opened, document.text).ratio), [opened, document.text]);
  const afterSuggestions = useMemo(() => {
    const pending = suggestions.data?.filter((s) => s.status === 'pending') ?? [];
    return opened === undefined || pending.length === 0 ? null : editSize(opened, applyReplacements(document.text, pending)).ratio;
  }, [opened, document.text, suggestions.data]);
  const planned = plan.plan !== undefined && plan.planText === document.text ? plan.plan.redacted : undefined;
  // A text the plan leaves as it is (once the plan is accepted) has the ratio it has now.
  const afterPlan = useMemo(
    () => (opened === undefined || planned === undefined ? null : planned === document.text ? now : editSize(opened, planned).ratio),
    [opened, planned, document.text, now],
  );

  return (
    <div className="stack" data-testid="changes-panel">
      <ErrorBanner error={original.error} />
      <table className="cost small">
        <tbody>
          <tr>
            <td>Edit ratio now</td>
            <td data-testid="edit-ratio-now">{ratio(now)}</td>
          </tr>
          <tr>
            <td>After accepting the plan</td>
            <td data-testid="edit-ratio-plan">
              {afterPlan === null
                ? plan.status === 'ready'
                  ? 'nothing planned'
                  : plan.status === 'stopped'
                    ? 'not planned (stopped)'
                    : plan.status === 'failed'
                      ? 'not planned (the plan failed)'
                      : 'planning…'
                : ratio(afterPlan)}
            </td>
          </tr>
          <tr>
            <td>After accepting every pending suggestion</td>
            <td>{afterSuggestions === null ? 'no pending suggestions' : ratio(afterSuggestions)}</td>
          </tr>
        </tbody>
      </table>
      <p className="small muted">Words changed since the text was opened: removed in red, added in green. Placeholders count as one word each.</p>
      {opened !== undefined && <WordDiffView before={opened} after={document.text} testId="diff" />}
    </div>
  );
}
