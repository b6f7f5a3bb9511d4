/**
 * The findings beside the text, in two views:
 * - Plan (the default): the fewest words to change so that nothing links, one entry per
 *   planned word or run of words, with what each breaks; accept the plan as placeholders,
 *   send the planned words to the model, or keep a word (the plan then routes around it).
 * - Phrases: every flagged phrase (rare phrases and members of linkable combinations),
 *   with its documents and partners; replace, rewrite or keep each, or many at once.
 * Up/Down move, Enter jumps to the text, P placeholder, M model, K keep.
 */
import { useRef, useState } from 'react';
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
  const items = view === 'plan' ? (plan.plan === undefined ? [] : planItems(plan.plan)) : phraseItems(props.findings);
  // Nothing is running once the plan is made, stopped or failed.
  const settled = view === 'plan' ? status === 'ready' && plan.status !== 'planning' && plan.status !== 'waiting' : status === 'ready';

  const move = (index: number) => {
    const next = Math.max(0, Math.min(items.length - 1, index));
    list.current?.querySelectorAll<HTMLButtonElement>('button[data-item]')[next]?.focus();
    if (items[next] !== undefined) props.onSelect(items[next].id);
  };
  const sameText = (item: Item) => items.filter((other) => other.text.toLowerCase() === item.text.toLowerCase());

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
                    : `At least ${plan.plan.lowerBound} words are needed; this plan is within ${plan.plan.planned - plan.plan.lowerBound} of that.`}
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
            {view === 'plan' ? `Accept the plan (${items.length})` : `Replace all (${items.length})`}
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
        {items.map((item, index) => (
          <li key={item.id} data-testid={view === 'plan' ? 'planned-run' : 'finding'}>
            <button
              type="button"
              data-item={item.id}
              aria-current={item.id === props.focusedId ? 'true' : undefined}
              onClick={() => props.onJump(item.id, item.start)}
              onFocus={() => props.onSelect(item.id)}
              onKeyDown={(event) => {
                const key = event.key.toLowerCase();
                if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                  event.preventDefault();
                  move(index + (event.key === 'ArrowDown' ? 1 : -1));
                } else if (props.busy) {
                  return;
                } else if (key === 'p') {
                  event.preventDefault();
                  props.onPlaceholder([item], `Replaced “${item.kind === 'plan' ? 'planned words' : 'a flagged phrase'}” with a placeholder`);
                } else if (key === 'm') {
                  event.preventDefault();
                  props.onModel([item]);
                } else if (key === 'k') {
                  event.preventDefault();
                  setKeeping(item.id);
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
            {item.id === props.focusedId && keeping !== item.id && (
              <div className="finding-actions row wrap">
                <button type="button" disabled={props.busy} onClick={() => props.onPlaceholder([item], 'Replaced a finding with a placeholder')} title="P">
                  Placeholder
                </button>
                <button type="button" disabled={props.busy} onClick={() => props.onModel([item])} title="M">
                  Rewrite with the model
                </button>
                <button type="button" disabled={props.busy} onClick={() => setKeeping(item.id)} title="K">
                  Keep…
                </button>
                {sameText(item).length > 1 && (
                  <button
                    type="button"
                    disabled={props.busy}
                    onClick={() => props.onPlaceholder(sameText(item), `Replaced every occurrence of a flagged phrase`)}
                  >
                    Every occurrence ({sameText(item).length})
                  </button>
                )}
              </div>
            )}
            {keeping === item.id && (
              <KeepForm
                phrase={item.text}
                busy={props.busy}
                onCancel={() => setKeeping(null)}
                onSave={(reason) => props.onKeep(item, reason).then(() => setKeeping(null))}
              />
            )}
          </li>
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
