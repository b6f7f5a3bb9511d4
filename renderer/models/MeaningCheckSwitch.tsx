/**
 * The meaning check of the model's answers (rewriter/meaning-check.ts): whether it runs,
 * with which file, and the clerk's switch for it. It runs only when the switch is on and
 * all-MiniLM-L6-v2 is in a model folder; the line below the switch says which of the three
 * cases holds, so that "on" is never shown for a check that cannot run.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ModelState } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { modelQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';

export function MeaningCheckSwitch({ check }: { check: ModelState['meaningCheck'] }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (on: boolean) => call('models:meaning-check', { on }),
    onSuccess: (state) => queryClient.setQueryData(modelQueries.state().queryKey, state),
  });
  // The box follows the click at once (a click's own state update, so no frame shows the old
  // state); the line below waits for the saved state, and a failed save puts the box back.
  const [clicked, setClicked] = useState<boolean | null>(null);
  const ticked = clicked ?? check.wanted;
  return (
    <div className="stack" data-testid="meaning-check">
      <label className="row small">
        <input
          type="checkbox"
          checked={ticked}
          disabled={toggle.isPending}
          onChange={(event) => {
            setClicked(event.target.checked);
            toggle.mutate(event.target.checked, { onSettled: () => setClicked(null) });
          }}
        />{' '}
        Check that the model's answers mean what the words they replace meant
      </label>
      <p className="small" role="status">
        {!check.wanted ? (
          <>
            <strong>Meaning check off</strong> (turned off here): the model's answers are not checked for meaning, and each rewrite's record says so.
            {check.fileName === null && ' Turned on, it also needs all-MiniLM-L6-v2 in GGUF in a model folder.'}
          </>
        ) : check.fileName !== null ? (
          <>
            <strong>Meaning check on:</strong> <code>{check.fileName}</code> refuses the model's answers that mean something else than the words they replace (a
            similarity below {check.minSimilarity}); the model is asked again, and a placeholder takes the words if every answer is refused.
          </>
        ) : (
          <>
            <strong>Meaning check off:</strong> the model's answers are not checked for meaning, since no model folder holds all-MiniLM-L6-v2. Put
            all-MiniLM-L6-v2 in GGUF in a model folder (carried across like the rewriting model; in a checkout, <code>npm run models:fetch</code> brings it),
            and answers that mean something else than the words they replace are refused.
          </>
        )}
      </p>
      <ErrorBanner error={toggle.error} />
    </div>
  );
}
