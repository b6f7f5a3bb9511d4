/**
 * The findings beside the text, in two views:
 * - Plan (the default): the fewest words to change so that nothing links, one entry per
 *   planned word or run of words, with what each breaks; accept the plan as placeholders,
 *   send the planned words to the model, or keep a word (the plan then routes around it).
 * - Phrases: every flagged phrase (rare phrases and members of linkable combinations),
 *   with its documents and partners; replace, rewrite or keep each, or many at once.
 * Up/Down move, Enter jumps to the text, P placeholder, M model, K keep.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Decision } from '../../shared/ipc/types.js';
import type { Finding } from '../../shared/review/findings.js';
import { useBlocksNearScreen, type BlockLayout } from './blocks-near-screen.js';
import { itemBlocks, keptStillLinking, phraseItems, planItems, type FindingsView, type Item } from './finding-items.js';
import { ItemBlock, type RowActions } from './ItemBlock.js';
import { PlanningStatus, PlanStopped } from './PlanningStatus.js';
import { PlanShiftNote } from './PlanShiftNote.js';
import type { PlanShift } from './plan-shift.js';
import { useFocusAfterRemoval } from './use-focus-after-removal.js';
import type { DetectionStatus } from './use-detection.js';
import type { Plan } from './use-plan.js';

interface Props {
  readonly view: FindingsView;
  readonly onView: (view: FindingsView) => void;
  readonly status: DetectionStatus;
  readonly findings: readonly Finding[];
  readonly plan: Plan;
  /** How the plan shown differs from the one before it, when the kept words changed in between. */
  readonly planShift: PlanShift | undefined;
  readonly decisions: readonly Decision[];
  readonly focusedId: string | null;
  readonly onSelect: (id: string) => void;
  readonly onJump: (id: string, start: number) => void;
  readonly onPlaceholder: (items: readonly Item[], description: string) => void;
  readonly onModel: (items: readonly Item[]) => void;
  readonly onKeep: (item: Item, reason: string) => Promise<unknown>;
  readonly onUnkeep: (decision: Decision) => void;
  /** The phrase whose keeping was just withdrawn, while the text is as it was then; it can be kept again. */
  readonly withdrawn: Decision | null;
  readonly onKeepAgain: (decision: Decision) => void;
  readonly busy: boolean;
}

/**
 * A list this long is drawn whole. A longer one draws the rows of the blocks near the
 * screen only (and of the chosen row's): the 22,000 phrases of a 37,000-word text were
 * 110,000 elements, most of the second it took to switch from the plan to the phrases.
 */
const WHOLE_LIST_ROWS = 2_000;

/** The blocks of the findings list, scrolled by the side panel's tab panel; the first two count as near until the browser says. */
const LIST_BLOCKS: BlockLayout = { blockClass: 'findings-block', frame: '.tabpanel', initial: { first: 0, last: 1 } };

export function FindingsPanel(props: Props) {
  const list = useRef<HTMLUListElement | null>(null);
  // The list element as state too, for the blocks' observer (a new list for each view).
  const [listElement, setListElement] = useState<HTMLUListElement | null>(null);
  const listRef = useCallback((element: HTMLUListElement | null) => {
    list.current = element;
    setListElement(element);
  }, []);
  const [keeping, setKeeping] = useState<string | null>(null);
  const { plan, view, status } = props;
  // Only from the final check of the text on screen: the findings moved onto an edited text
  // while it is checked again say nothing about it yet.
  const stillLinking = useMemo(
    () => (status === 'ready' ? keptStillLinking(props.decisions, props.findings) : new Set<number>()),
    [status, props.decisions, props.findings],
  );
  const items = useMemo(
    () => (view === 'plan' ? (plan.plan === undefined ? [] : planItems(plan.plan, props.planShift?.newlyPlanned)) : phraseItems(props.findings)),
    [view, plan.plan, props.planShift, props.findings],
  );
  const blocks = useMemo(() => itemBlocks(items), [items]);
  const whole = items.length <= WHOLE_LIST_ROWS;
  const near = useBlocksNearScreen(whole ? null : listElement, blocks.length, LIST_BLOCKS);
  // A row that Up or Down moves to, focused once its block is drawn.
  const pendingFocus = useRef<string | null>(null);
  // Nothing is running once the plan is made, stopped or failed.
  const settled = view === 'plan' ? status === 'ready' && plan.status !== 'planning' && plan.status !== 'waiting' : status === 'ready';

  // The rows act through this object, which never changes, on the panel's latest props: a
  // block of rows is then drawn again only when its own rows change (ItemBlock).
  const latest = useRef({ props, items });
  useLayoutEffect(() => {
    latest.current = { props, items };
  });
  useLayoutEffect(() => {
    if (pendingFocus.current === null) return;
    const row = rowButton(list.current, pendingFocus.current);
    if (row === null) return;
    pendingFocus.current = null;
    row.focus();
  });
  // Moves the focus to a row of the latest list (the rows act on it through `actions`).
  const move = useCallback((index: number) => {
    const { items: now, props: current } = latest.current;
    const next = now[Math.max(0, Math.min(now.length - 1, index))];
    if (next === undefined) return;
    // In a long list the next row's block may not be drawn yet: choosing the row draws it.
    const row = rowButton(list.current, next.id);
    if (row !== null) row.focus();
    else pendingFocus.current = next.id;
    current.onSelect(next.id);
  }, []);
  // After a row's phrase is replaced or kept, the focus goes on to the next row.
  const removing = useFocusAfterRemoval(listElement, items, settled, move, rowOfElement);
  const actions = useMemo((): RowActions => {
    return {
      move,
      select: (id) => latest.current.props.onSelect(id),
      jump: (item) => latest.current.props.onJump(item.id, item.start),
      placeholder: (chosen, description) => {
        // Several rows ("Every occurrence"): the focus goes on from the chosen row.
        const from = chosen.find((item) => item.id === latest.current.props.focusedId) ?? chosen[0];
        if (from !== undefined) removing(from);
        latest.current.props.onPlaceholder(chosen, description);
      },
      model: (chosen) => latest.current.props.onModel(chosen),
      keep: (item, reason) => {
        removing(item);
        return latest.current.props.onKeep(item, reason).then(() => setKeeping(null));
      },
      startKeeping: (id) => setKeeping(id),
      stopKeeping: () => setKeeping(null),
    };
  }, [move, removing]);
  // The rows with the chosen row's text (its "Every occurrence" button), from this render's rows.
  const chosen = props.focusedId === null ? undefined : items.find((item) => item.id === props.focusedId);
  const sameAsChosen = useMemo(
    () => (chosen === undefined ? [] : items.filter((other) => other.text.toLowerCase() === chosen.text.toLowerCase())),
    [items, chosen],
  );

  return (
    <div className="stack" data-testid="findings-panel" data-state={settled ? 'ready' : 'checking'}>
      <div className="segmented" role="group" aria-label="What to list">
        <button type="button" aria-pressed={view === 'plan'} onClick={() => props.onView('plan')} data-testid="view-plan">
          Plan
        </button>
        <button type="button" aria-pressed={view === 'phrases'} onClick={() => props.onView('phrases')} data-testid="view-phrases">
          Phrases
        </button>
      </div>
      {view === 'plan' && (
        <div className="plan-summary" data-testid="plan-summary" role="status">
          {status === 'unavailable' ? (
            <span className="muted">Not checked, so nothing to plan yet.</span>
          ) : status !== 'ready' ? (
            <span className="muted">Checking…</span>
          ) : plan.status === 'stopped' ? (
            <PlanStopped plan={plan} onPhrases={() => props.onView('phrases')} />
          ) : plan.status === 'failed' ? (
            <span className="warn">The plan could not be made: {plan.error instanceof Error ? plan.error.message : String(plan.error)}</span>
          ) : plan.plan === undefined && plan.status === 'waiting' ? (
            // Nothing runs (the text is being edited): no spinner.
            <span className="muted" data-testid="plan-waiting">
              Not planned yet: the plan is made once the text is checked and no longer being edited.
            </span>
          ) : plan.plan === undefined ? (
            <PlanningStatus plan={plan} onPhrases={() => props.onView('phrases')} />
          ) : (
            <>
              <strong>{plan.plan.summary}.</strong>
              <span className="small muted">
                {' '}
                {plan.plan.strategy === 'paper'
                  ? "The paper's rule: every word of every flagged phrase."
                  : plan.plan.exact
                    ? 'No plan changes fewer words.'
                    : `At least ${plan.plan.lowerBound.toLocaleString()} words are needed; this plan is within ${(plan.plan.planned - plan.plan.lowerBound).toLocaleString()} of that.`}
              </span>
              {props.planShift !== undefined && <PlanShiftNote shift={props.planShift} />}
            </>
          )}
        </div>
      )}
      {settled && items.length > 0 && (
        <div className="row wrap">
          <button
            type="button"
            className="primary"
            disabled={props.busy}
            onClick={() => props.onPlaceholder(items, view === 'plan' ? 'Accepted the edit plan' : 'Replaced every flagged phrase')}
            data-testid="accept-all"
          >
            {view === 'plan' ? `Accept the plan (${items.length.toLocaleString()})` : `Replace all (${items.length.toLocaleString()})`}
          </button>
          <button type="button" disabled={props.busy} onClick={() => props.onModel(items)} data-testid="send-to-model">
            {view === 'plan' ? 'Send the planned words to the model' : 'Send all to the model'}
          </button>
          {view === 'phrases' && (
            <>
              <button
                type="button"
                disabled={props.busy}
                onClick={() =>
                  props.onPlaceholder(
                    items.filter((i) => i.kind === 'single'),
                    'Replaced every rare phrase',
                  )
                }
              >
                Replace rare phrases
              </button>
              <button
                type="button"
                disabled={props.busy}
                onClick={() =>
                  props.onPlaceholder(
                    items.filter((i) => i.kind === 'combination'),
                    'Replaced every combination member',
                  )
                }
              >
                Replace combination members
              </button>
            </>
          )}
        </div>
      )}
      {status === 'ready' && view === 'phrases' && items.length === 0 && (
        <p className="muted" data-testid="no-findings">
          No linkable phrases.
        </p>
      )}
      {status === 'checking' && items.length === 0 && <p className="muted small">Checking…</p>}
      {/* A new list for each view: React inserting thousands of new items into the old one
          looks for each one's next sibling past all the new ones (quadratic on a long text). */}
      <ul key={view} className="findings" ref={listRef} aria-label={view === 'plan' ? 'Planned words' : 'Linkable phrases'} data-testid="findings">
        {blocks.map((block, b) => (
          <ItemBlock
            // By place: the blocks' observer watches these elements while the rows change.
            key={b}
            block={block}
            view={view}
            drawn={
              whole ||
              (b >= near.first && b <= near.last) ||
              (props.focusedId !== null && block.ids.has(props.focusedId)) ||
              (keeping !== null && block.ids.has(keeping))
            }
            setSize={whole ? undefined : items.length}
            focusedId={props.focusedId !== null && block.ids.has(props.focusedId) ? props.focusedId : null}
            sameAsFocused={props.focusedId !== null && block.ids.has(props.focusedId) ? sameAsChosen : NONE}
            keeping={keeping !== null && block.ids.has(keeping) ? keeping : null}
            busy={props.busy}
            actions={actions}
          />
        ))}
      </ul>
      {props.decisions.length > 0 && (
        <div className="stack small" data-testid="kept">
          <strong>Kept ({props.decisions.length})</strong>
          {props.decisions.map((d) => (
            <div key={d.id} className="row kept">
              <span className="phrase">“{d.phrase}”</span>
              {stillLinking.has(d.id) && (
                <span className="badge warn" data-testid="kept-links" title="Fewer than k documents hold it: kept, it links this text by itself.">
                  still links
                </span>
              )}
              <span className="muted">{d.reason}</span>
              <button type="button" className="link" onClick={() => props.onUnkeep(d)}>
                Withdraw
              </button>
            </div>
          ))}
        </div>
      )}
      {props.withdrawn !== null && (
        // A withdrawal is no version, so Undo cannot take it back: this can, reason and all.
        <div className="row kept" role="status" data-testid="withdrawn">
          <span className="muted">Withdrawn: “{props.withdrawn.phrase}”</span>
          <button type="button" className="link" onClick={() => props.onKeepAgain(props.withdrawn!)}>
            Keep again
          </button>
        </div>
      )}
    </div>
  );
}

/** No rows, the same array every time (a block without the chosen row is not drawn again for it). */
const NONE: readonly Item[] = [];

/** The row an element of the list belongs to: a row's own button says which. */
function rowOfElement(element: HTMLElement): string | undefined {
  return element.dataset.item;
}

/** The button of the row with this id, when its block is drawn. */
function rowButton(list: HTMLUListElement | null, id: string): HTMLButtonElement | null {
  return list?.querySelector<HTMLButtonElement>(`button[data-item="${CSS.escape(id)}"]`) ?? null;
}
