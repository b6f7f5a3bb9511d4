/**
 * Proposed rewrites, one per span or chunk, as inline diffs: accept, edit or reject
 * each, accept all, or force another pass. Suggestions come from a source: placeholders
 * (built in) or the local language model. A long list draws only the cards near the
 * screen (SuggestionBlock.tsx).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { RESOLVED_SUGGESTIONS_LISTED, type ReviewDocument, type Suggestion } from '../../shared/ipc/types.js';
import { call } from '../api/client.js';
import { documentQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { updateJob, useJob } from '../jobs/job-store.js';
import { JobProgress } from '../jobs/JobProgress.js';
import { useBlocksNearScreen, type BlockLayout } from './blocks-near-screen.js';
import { SuggestionBlock } from './SuggestionBlock.js';
import type { CardActions } from './SuggestionCard.js';
import { useFocusAfterRemoval } from './use-focus-after-removal.js';

/** Cards per block of the list (SuggestionBlock.tsx). */
const CARDS_PER_BLOCK = 20;
/**
 * Up to this many cards, every card is drawn (every demo judgment); beyond it, only the
 * blocks near the screen and those with a card being edited.
 */
const WHOLE_LIST_CARDS = 200;
/** The blocks of cards, scrolled by the side panel's tab panel; the first two count as near until the browser says. */
const CARD_BLOCKS: BlockLayout = { blockClass: 'suggestions-block', frame: '.tabpanel', initial: { first: 0, last: 1 } };

export function SuggestionsPanel({
  document,
  jobId,
  onJob,
  onJumpTo,
}: {
  document: ReviewDocument;
  jobId: string | null;
  onJob: (jobId: string | null) => void;
  onJumpTo: (start: number) => void;
}) {
  const queryClient = useQueryClient();
  const suggestions = useQuery(documentQueries.suggestions(document.id));
  const setJobId = onJob;
  const [lastSource, setLastSource] = useState<'placeholder' | 'model'>('placeholder');
  const job = useJob(jobId);
  const setDocument = (updated: ReviewDocument) => queryClient.setQueryData(documentQueries.get(document.id).queryKey, updated);

  const generate = useMutation({
    mutationFn: (source: 'placeholder' | 'model') => call('suggestions:generate', { documentId: document.id, source, spans: null }),
    onSuccess: (started, source) => {
      updateJob(started);
      setJobId(started.id);
      setLastSource(source);
    },
  });
  const act = useMutation({
    mutationFn: (action: () => Promise<ReviewDocument | null>) => action(),
    onSuccess: (updated) => updated !== null && setDocument(updated),
  });

  /** Rejects, or brings back, many at once: one action for Undo. */
  const actOnMany = (change: () => Promise<unknown>) =>
    act.mutate(async () => {
      await change();
      return null;
    });

  const pending = useMemo(() => suggestions.data?.filter((s) => s.status === 'pending') ?? [], [suggestions.data]);
  const resolved = suggestions.data?.filter((s) => s.status !== 'pending') ?? [];
  const rejected = resolved.filter((s) => s.status === 'rejected').length;
  // The replacements being edited, by suggestion id: the panel's, so that a card can be undrawn.
  const [drafts, setDrafts] = useState<ReadonlyMap<number, string>>(() => new Map());
  const blocks = useMemo(() => cardBlocks(pending), [pending]);
  const whole = pending.length <= WHOLE_LIST_CARDS;
  const [listElement, setListElement] = useState<HTMLDivElement | null>(null);
  const listRef = useCallback((element: HTMLDivElement | null) => setListElement(element), []);
  const near = useBlocksNearScreen(whole ? null : listElement, blocks.length, CARD_BLOCKS);
  // The block holding the focus, whose neighbours are drawn too: Tab and Shift+Tab then
  // always find the next card, however fast the keys come (the observer answers a frame
  // later, and a key pressed before would leave the list).
  const [focusedBlock, setFocusedBlock] = useState<number | null>(null);

  // The cards act through this object, which never changes, on the panel's latest state: a
  // block of cards is then drawn again only when its own props change.
  const latest = useRef({ act, document, onJumpTo });
  useLayoutEffect(() => {
    latest.current = { act, document, onJumpTo };
  });
  // After a card is accepted or rejected, the focus goes on to the same button of the next card.
  const rows = useMemo(() => pending.map((s) => ({ id: String(s.id), start: s.start })), [pending]);
  const lastAction = useRef<'accept' | 'reject'>('accept');
  const removing = useFocusAfterRemoval(
    listElement,
    rows,
    !act.isPending,
    (index) => cardButton(listElement, rows[index]!.id, lastAction.current)?.focus(),
    cardOfElement,
  );
  const actions = useMemo((): CardActions => {
    // A draft goes once its card is accepted or rejected; not before, so that a failed
    // accept keeps what the clerk typed.
    const forgetDraft = (suggestion: Suggestion) => ({ onSuccess: () => setDrafts((old) => withDraft(old, suggestion.id, undefined)) });
    const going = (suggestion: Suggestion, action: 'accept' | 'reject') => {
      lastAction.current = action;
      removing({ id: String(suggestion.id), start: suggestion.start });
    };
    return {
      accept: (suggestion, replacement) => {
        going(suggestion, 'accept');
        const { act: run, document: current } = latest.current;
        const edited = replacement !== undefined ? { replacement } : {};
        run.mutate(() => call('suggestions:accept', { documentId: current.id, suggestionId: suggestion.id, ...edited }), forgetDraft(suggestion));
      },
      reject: (suggestion) => {
        going(suggestion, 'reject');
        const { act: run, document: current } = latest.current;
        run.mutate(() => call('suggestions:reject', { documentId: current.id, suggestionId: suggestion.id }), forgetDraft(suggestion));
      },
      show: (suggestion) => latest.current.onJumpTo(suggestion.start),
      draft: (suggestion, draft) => setDrafts((old) => withDraft(old, suggestion.id, draft)),
    };
  }, [removing]);
  const running = job?.state === 'running';
  const failed = job?.state === 'failed' ? new Error(job.error?.message) : null;

  return (
    <div className="stack" data-testid="suggestions-panel">
      <div className="row">
        <button type="button" disabled={running || generate.isPending} onClick={() => generate.mutate('placeholder')}>
          Suggest placeholders
        </button>
        <button type="button" disabled={running || generate.isPending} onClick={() => generate.mutate('model')}>
          Rewrite with the model
        </button>
      </div>
      {job !== undefined && <JobProgress job={job} label="Suggestions" />}
      <ErrorBanner error={generate.error ?? act.error ?? failed} onDismiss={() => (generate.reset(), act.reset(), setJobId(null))} />
      {pending.length > 0 && (
        <div className="row">
          <button
            type="button"
            className="primary"
            disabled={act.isPending}
            onClick={() => act.mutate(() => call('suggestions:accept-all', { documentId: document.id }))}
          >
            Accept all ({pending.length.toLocaleString()})
          </button>
          <button type="button" disabled={act.isPending} onClick={() => actOnMany(() => call('suggestions:reject-all', { documentId: document.id }))}>
            Reject all
          </button>
          <button
            type="button"
            disabled={running || generate.isPending}
            onClick={() => generate.mutate(lastSource)}
            title="Runs the source again on the phrases still linkable"
          >
            Force another pass
          </button>
        </div>
      )}
      {pending.length === 0 && !running && (
        <p className="muted small">
          No suggestions waiting. Generate them for the phrases still linkable; each becomes a proposed change you accept, edit or reject.
          {resolved.length > 0 && (
            <>
              {' '}
              <button type="button" className="link" disabled={running} onClick={() => generate.mutate(lastSource)}>
                Force another pass
              </button>
            </>
          )}
        </p>
      )}
      {pending.length > 0 && (
        <div
          className="suggestion-list"
          ref={listRef}
          aria-label="Suggestions waiting"
          role="group"
          onFocus={(event) => {
            const block = (event.target as HTMLElement).closest('.suggestions-block');
            if (block !== null && listElement !== null) setFocusedBlock([...listElement.children].indexOf(block));
          }}
        >
          {blocks.map((block, b) => (
            <SuggestionBlock
              // By place: the blocks' observer watches these elements while the cards change.
              key={b}
              suggestions={block}
              text={document.text}
              drawn={
                whole ||
                (b >= near.first && b <= near.last) ||
                (focusedBlock !== null && Math.abs(b - focusedBlock) <= 1) ||
                block.some((suggestion) => drafts.has(suggestion.id))
              }
              drafts={drafts}
              busy={act.isPending}
              actions={actions}
            />
          ))}
        </div>
      )}
      {resolved.length > 0 && (
        <p className="small muted">
          {resolved.length >= RESOLVED_SUGGESTIONS_LISTED ? `Of the last ${RESOLVED_SUGGESTIONS_LISTED} resolved` : 'Earlier'}:{' '}
          {resolved.filter((s) => s.status === 'accepted').length} accepted, {rejected} rejected.
          {rejected > 0 && (
            <>
              {' '}
              {/* Undo takes back the latest rejection (services/review-history.ts); this brings back every one, however long ago rejected (and Undo rejects them again). */}
              <button
                type="button"
                className="link"
                disabled={act.isPending}
                onClick={() => actOnMany(() => call('suggestions:reopen-rejected', { documentId: document.id }))}
              >
                Bring back the rejected
              </button>
            </>
          )}
        </p>
      )}
    </div>
  );
}

/** The card an element of the list belongs to. */
function cardOfElement(element: HTMLElement): string | undefined {
  return element.closest<HTMLElement>('[data-suggestion]')?.dataset.suggestion;
}

/** A card's Accept or Reject button, when the card is drawn. */
function cardButton(list: HTMLElement | null, id: string, action: 'accept' | 'reject'): HTMLButtonElement | null {
  return list?.querySelector<HTMLButtonElement>(`[data-suggestion="${CSS.escape(id)}"] button[data-action="${action}"]`) ?? null;
}

/** The waiting suggestions in blocks of CARDS_PER_BLOCK, in order. */
function cardBlocks(pending: readonly Suggestion[]): Suggestion[][] {
  const blocks: Suggestion[][] = [];
  for (let offset = 0; offset < pending.length; offset += CARDS_PER_BLOCK) blocks.push(pending.slice(offset, offset + CARDS_PER_BLOCK));
  return blocks;
}

/** The drafts with this one set, or removed (undefined); the same map when nothing changes. */
function withDraft(drafts: ReadonlyMap<number, string>, id: number, draft: string | undefined): ReadonlyMap<number, string> {
  if (draft === undefined ? !drafts.has(id) : drafts.get(id) === draft) return drafts;
  const next = new Map(drafts);
  if (draft === undefined) next.delete(id);
  else next.set(id, draft);
  return next;
}
