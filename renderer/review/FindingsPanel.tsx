/**
 * The findings beside the text, in two views:
 * - Plan (the default): the fewest words to change so that nothing links, one entry per
 *   planned word or run of words, with what each breaks; accept the plan as placeholders,
 *   send the planned words to the model, or keep a word (the plan then routes around it).
 * - Phrases: every flagged phrase (rare phrases and members of linkable combinations),
 *   with its documents and partners; replace, rewrite or keep each, or many at once.
 * Up/Down move, Enter jumps to the text, P placeholder, M model, K keep.
 */
import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Decision, FindingKind, PlanView } from '../../shared/ipc/types.js';
import { explainFinding, type Finding } from '../../shared/review/findings.js';
import { plannedRunReason } from '../../shared/linkage/plan/plan-summary.js';
import { KeepForm } from './KeepForm.js';
import { PlanningStatus, PlanStopped } from './PlanningStatus.js';
import type { DetectionStatus } from './use-detection.js';
import type { Plan } from './use-plan.js';

/** One row of either view. */
export interface Item {
  readonly id: string;
  readonly kind: FindingKind;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** What the row says about it. */
  readonly detail: string;
  readonly finding?: Finding;
}

export type FindingsView = 'plan' | 'phrases';

interface Props {
  readonly view: FindingsView;
  readonly onView: (view: FindingsView) => void;
  readonly status: DetectionStatus;
  readonly findings: readonly Finding[];
  readonly plan: Plan;
  readonly decisions: readonly Decision[];
  readonly focusedId: string | null;
  readonly onSelect: (id: string) => void;
  readonly onJump: (id: string, start: number) => void;
  readonly onPlaceholder: (items: readonly Item[], description: string) => void;
  readonly onModel: (items: readonly Item[]) => void;
  readonly onKeep: (item: Item, reason: string) => Promise<unknown>;
  readonly onUnkeep: (decision: Decision) => void;
  readonly busy: boolean;
}

function planItems(plan: PlanView): Item[] {
  return plan.runs.map((run) => ({
    id: `p${run.start}-${run.end}`,
    kind: 'plan',
    start: run.start,
    end: run.end,
    text: run.text,
    detail: plannedRunReason(run, plan.cover),
  }));
}

function phraseItems(findings: readonly Finding[]): Item[] {
  return findings.map((f) => ({ id: f.id, kind: f.kind, start: f.start, end: f.end, text: f.text, detail: explainFinding(f)[0]!, finding: f }));
}

export function FindingsPanel(props: Props) {
  const list = useRef<HTMLUListElement>(null);
  const [keeping, setKeeping] = useState<string | null>(null);
  const { plan, view, status } = props;
  const items = useMemo(
    () => (view === 'plan' ? (plan.plan === undefined ? [] : planItems(plan.plan)) : phraseItems(props.findings)),
    [view, plan.plan, props.findings],
  );
  const blocks = useMemo(() => itemBlocks(items), [items]);
  // Nothing is running once the plan is made, stopped or failed.
  const settled = view === 'plan' ? status === 'ready' && plan.status !== 'planning' && plan.status !== 'waiting' : status === 'ready';

  // The rows act through this object, which never changes, on the panel's latest props: a
  // block of rows is then drawn again only when its own rows change (ItemBlock).
  const latest = useRef({ props, items });
  useLayoutEffect(() => {
    latest.current = { props, items };
  });
  const actions = useMemo((): RowActions => {
    const move = (index: number) => {
      const { items: now, props: current } = latest.current;
      const next = Math.max(0, Math.min(now.length - 1, index));
      list.current?.querySelectorAll<HTMLButtonElement>('button[data-item]')[next]?.focus();
      if (now[next] !== undefined) current.onSelect(now[next].id);
    };
    return {
      move,
      select: (id) => latest.current.props.onSelect(id),
      jump: (item) => latest.current.props.onJump(item.id, item.start),
      placeholder: (chosen, description) => latest.current.props.onPlaceholder(chosen, description),
      model: (chosen) => latest.current.props.onModel(chosen),
      keep: (item, reason) => latest.current.props.onKeep(item, reason).then(() => setKeeping(null)),
      startKeeping: (id) => setKeeping(id),
      stopKeeping: () => setKeeping(null),
    };
  }, []);
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
      <ul key={view} className="findings" ref={list} aria-label={view === 'plan' ? 'Planned words' : 'Linkable phrases'} data-testid="findings">
        {blocks.map((block) => (
          <ItemBlock
            key={block.items[0]!.id}
            block={block}
            view={view}
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
              <span className="muted">{d.reason}</span>
              <button type="button" className="link" onClick={() => props.onUnkeep(d)}>
                Withdraw
              </button>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** Rows to a block: the browser lays out only the blocks near the screen (app.css). */
const ITEMS_PER_BLOCK = 100;

/** About one row's height, for blocks not drawn yet: a phrase and the line under it. */
const ESTIMATED_ROW_HEIGHT = 56;

interface Block {
  readonly items: readonly Item[];
  /** Index of the block's first row in the whole list. */
  readonly offset: number;
  readonly ids: ReadonlySet<string>;
}

function itemBlocks(items: readonly Item[]): Block[] {
  const blocks: Block[] = [];
  for (let offset = 0; offset < items.length; offset += ITEMS_PER_BLOCK) {
    const slice = items.slice(offset, offset + ITEMS_PER_BLOCK);
    blocks.push({ items: slice, offset, ids: new Set(slice.map((item) => item.id)) });
  }
  return blocks;
}

/** What a row can do, through the panel (FindingsPanel's `actions`). */
interface RowActions {
  readonly move: (index: number) => void;
  readonly select: (id: string) => void;
  readonly jump: (item: Item) => void;
  readonly placeholder: (items: readonly Item[], description: string) => void;
  readonly model: (items: readonly Item[]) => void;
  readonly keep: (item: Item, reason: string) => Promise<unknown>;
  readonly startKeeping: (id: string) => void;
  readonly stopKeeping: () => void;
}

/** No rows, the same array every time (a block without the chosen row is not drawn again for it). */
const NONE: readonly Item[] = [];

/**
 * A block of rows, in a list item of its own that the browser may skip laying out while it
 * is far from the screen (the long-text reasons of text-chunks.ts hold for the list too: a
 * 37,000-word text lists tens of thousands of phrases). The rows stay items of the one
 * list for a screen reader: the block and its inner list have no role of their own.
 */
const ItemBlock = memo(function ItemBlock({
  block,
  view,
  focusedId,
  sameAsFocused,
  keeping,
  busy,
  actions,
}: {
  block: Block;
  view: FindingsView;
  focusedId: string | null;
  /** The rows with the focused row's text, when it is in this block. */
  sameAsFocused: readonly Item[];
  keeping: string | null;
  busy: boolean;
  actions: RowActions;
}) {
  return (
    <li role="none" className="findings-block" style={{ containIntrinsicBlockSize: `auto ${block.items.length * ESTIMATED_ROW_HEIGHT}px` }}>
      <ul role="none">
        {block.items.map((item, i) => (
          <li key={item.id} data-testid={view === 'plan' ? 'planned-run' : 'finding'}>
            <button
              type="button"
              data-item={item.id}
              aria-current={item.id === focusedId ? 'true' : undefined}
              onClick={() => actions.jump(item)}
              onFocus={() => actions.select(item.id)}
              onKeyDown={(event) => {
                const key = event.key.toLowerCase();
                if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                  event.preventDefault();
                  actions.move(block.offset + i + (event.key === 'ArrowDown' ? 1 : -1));
                } else if (busy) {
                  return;
                } else if (key === 'p') {
                  event.preventDefault();
                  actions.placeholder([item], `Replaced “${item.kind === 'plan' ? 'planned words' : 'a flagged phrase'}” with a placeholder`);
                } else if (key === 'm') {
                  event.preventDefault();
                  actions.model([item]);
                } else if (key === 'k') {
                  event.preventDefault();
                  actions.startKeeping(item.id);
                }
              }}
            >
              <span className="phrase">{item.text}</span>
              {item.finding !== undefined && (
                <span className="df" title="Documents of the collection holding it">
                  {item.finding.documents} doc{item.finding.documents === 1 ? '' : 's'}
                </span>
              )}
              <span className="kind">{item.detail}</span>
            </button>
            {item.id === focusedId && keeping !== item.id && <RowActionsBar item={item} same={sameAsFocused} busy={busy} actions={actions} />}
            {keeping === item.id && <KeepForm phrase={item.text} busy={busy} onCancel={actions.stopKeeping} onSave={(reason) => actions.keep(item, reason)} />}
          </li>
        ))}
      </ul>
    </li>
  );
});

/** The buttons under the chosen row. */
function RowActionsBar({ item, same, busy, actions }: { item: Item; same: readonly Item[]; busy: boolean; actions: RowActions }) {
  return (
    <div className="finding-actions row wrap">
      <button type="button" disabled={busy} onClick={() => actions.placeholder([item], 'Replaced a finding with a placeholder')} title="P">
        Placeholder
      </button>
      <button type="button" disabled={busy} onClick={() => actions.model([item])} title="M">
        Rewrite with the model
      </button>
      <button type="button" disabled={busy} onClick={() => actions.startKeeping(item.id)} title="K">
        Keep…
      </button>
      {same.length > 1 && (
        <button type="button" disabled={busy} onClick={() => actions.placeholder(same, `Replaced every occurrence of a flagged phrase`)}>
          Every occurrence ({same.length.toLocaleString()})
        </button>
      )}
    </div>
  );
}
