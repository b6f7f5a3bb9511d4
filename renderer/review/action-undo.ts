/**
 * Undo and Redo of the clerk's actions that change no text: rejecting suggestions (one
 * card, or Reject all) and bringing rejected ones back, a new pass of suggestions (which
 * supersedes the waiting ones: a model's pass costs minutes, and one click on "Suggest
 * placeholders" replaced it for good), keeping a flagged phrase or a planned word, and
 * withdrawing a kept one.
 *
 * Why: these make no version, and the workspace's Undo walks versions. Before, Ctrl+Z just
 * after rejecting a card, or keeping a phrase, undid the text change before it and left the
 * card rejected or the phrase kept; every editor the clerk knows takes back the last action.
 * So the window remembers, per document, the actions made here, each with the version that
 * was the head then. Undo takes back the latest one while the head is that version, else it
 * undoes the version (use-undo-redo.ts); the order is the order of the actions, since a
 * version made after an action is undone before it. Redo works the same way round. A new
 * version that is no undo or redo (typing, an accept, placeholders, a restore) ends what
 * can be redone, as it ends the workspace's redo.
 *
 * A new action also ends the workspace's redo (as a new version does), but the window's
 * replays of actions do not (they pass `replay`), since they walk the same history.
 *
 * Kept in memory only: after a reload, "Bring back the rejected" still brings every
 * rejected suggestion back.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ChannelName, RequestOf, ResponseOf } from '../../shared/ipc/contract.js';
import type { PassIds } from '../../shared/ipc/types.js';
import { useJob } from '../jobs/job-store.js';

/** One action, made on the head version `versionId`. */
export type ReviewAction =
  | { readonly kind: 'rejection'; readonly ids: readonly number[]; readonly versionId: number }
  | { readonly kind: 'reopening'; readonly ids: readonly number[]; readonly versionId: number }
  /** A pass of suggestions (placeholders or the model's): what it added, superseded and forgot (PassIds). */
  | ({ readonly kind: 'pass'; readonly versionId: number } & PassIds)
  | { readonly kind: 'keep' | 'withdrawal'; readonly decisionId: number; readonly phrase: string; readonly versionId: number };

/** The actions of one document that can be taken back, and those taken back that can be made again; the latest last. */
export interface ActionHistory {
  readonly undo: readonly ReviewAction[];
  readonly redo: readonly ReviewAction[];
}

/** Actions remembered per document: more than any clerk takes back one by one. */
export const ACTIONS_KEPT = 100;

const EMPTY: ActionHistory = { undo: [], redo: [] };

/**
 * An action just made: it can be taken back, and nothing taken back before can be made again
 * (the workspace ends its own redo likewise: the `replay` of the contract).
 *
 * A pass is recorded when its job's end reaches the window, and its cards may be on screen a
 * moment before that: a card of the pass rejected in between was rejected after the pass, so
 * the pass goes before that rejection (and whatever followed it), or Undo would take back
 * the pass first and leave the rejection to fail.
 */
export function recordAction(history: ActionHistory, action: ReviewAction): ActionHistory {
  if ((action.kind === 'rejection' || action.kind === 'reopening') && action.ids.length === 0) return history;
  if (action.kind === 'pass' && action.proposed.length === 0 && action.superseded.length === 0) return history;
  const undo = [...history.undo];
  const firstAfter = action.kind === 'pass' ? firstActionOnPass(undo, action) : -1;
  if (firstAfter === -1) undo.push(action);
  else undo.splice(firstAfter, 0, { ...action, versionId: undo[firstAfter]!.versionId });
  return { undo: undo.slice(-ACTIONS_KEPT), redo: [] };
}

/** The first of `actions` that acted on a suggestion of `pass`, or -1. */
function firstActionOnPass(actions: readonly ReviewAction[], pass: PassIds): number {
  const added = new Set(pass.proposed);
  return actions.findIndex((a) => (a.kind === 'rejection' || a.kind === 'reopening') && a.ids.some((id) => added.has(id)));
}

/** The action Undo takes back now: the latest, if it was made on the head version. */
export function undoable(history: ActionHistory, headVersionId: number): ReviewAction | undefined {
  const last = history.undo.at(-1);
  return last?.versionId === headVersionId ? last : undefined;
}

/** The action Redo makes again now: the latest taken back, if the head is its version. */
export function redoable(history: ActionHistory, headVersionId: number): ReviewAction | undefined {
  const last = history.redo.at(-1);
  return last?.versionId === headVersionId ? last : undefined;
}

/** `action` (the latest that can be taken back) was taken back. */
export function takenBack(history: ActionHistory, action: ReviewAction): ActionHistory {
  if (history.undo.at(-1) !== action) return history;
  return { undo: history.undo.slice(0, -1), redo: [...history.redo, action] };
}

/** `action` (the latest taken back) was made again. */
export function madeAgain(history: ActionHistory, action: ReviewAction): ActionHistory {
  if (history.redo.at(-1) !== action) return history;
  return { undo: [...history.undo, action], redo: history.redo.slice(0, -1) };
}

/**
 * `action` could not be taken back or made again (the workspace refused it, as when another
 * window changed the same document): it is forgotten, so that the next Undo or Redo goes on
 * past it rather than fail again.
 */
export function forgotten(history: ActionHistory, action: ReviewAction): ActionHistory {
  if (!history.undo.includes(action) && !history.redo.includes(action)) return history;
  return { undo: history.undo.filter((a) => a !== action), redo: history.redo.filter((a) => a !== action) };
}

/** A version was made that is no undo or redo: what was taken back can no longer be made again. */
export function branched(history: ActionHistory): ActionHistory {
  return history.redo.length === 0 ? history : { ...history, redo: [] };
}

/** What Undo or Redo says it does with `action`: "rejecting 3 suggestions", "keeping “Oslo”". */
export function describeAction(action: ReviewAction): string {
  if (action.kind === 'rejection') return `rejecting ${suggestions(action.ids.length)}`;
  if (action.kind === 'pass') return `the new pass of ${suggestions(action.proposed.length)}`;
  if (action.kind === 'reopening') return `bringing back ${suggestions(action.ids.length, 'rejected ')}`;
  const phrase = action.phrase.length > 40 ? `${action.phrase.slice(0, 39)}…` : action.phrase;
  return `${action.kind === 'keep' ? 'keeping' : 'withdrawing'} “${phrase}”`;
}

/** "a suggestion", "3 suggestions", "a rejected suggestion". */
function suggestions(count: number, kind = ''): string {
  return count === 1 ? `a ${kind}suggestion` : `${count.toLocaleString()} ${kind}suggestions`;
}

/** Calls a channel of the workspace: the renderer's `call`, or in tests the handlers themselves. */
export type Invoke = <C extends ChannelName>(channel: C, request: RequestOf<C>) => Promise<ResponseOf<C>>;

/**
 * Takes `action` back (`undo`) or makes it again, through the workspace: rejecting and
 * bringing back are each other's undoing, and so are keeping again and withdrawing; a
 * pass is undone by swapping it for the suggestions it superseded.
 */
export async function replayAction(invoke: Invoke, documentId: string, action: ReviewAction, undo: boolean): Promise<void> {
  // A replay, not a new action: the workspace's redo stays.
  const replay = true;
  if (action.kind === 'pass') {
    const [bringBack, retire] = undo ? [action.superseded, action.proposed] : [action.proposed, action.superseded];
    await invoke('suggestions:swap-pass', { documentId, bringBack: [...bringBack], retire: [...retire], overtaken: [...action.overtaken], undo });
  } else if (action.kind === 'rejection' || action.kind === 'reopening') {
    const suggestionIds = [...action.ids];
    if ((action.kind === 'rejection') === undo) await invoke('suggestions:reopen-rejected', { documentId, suggestionIds, replay });
    else await invoke('suggestions:reject-all', { documentId, suggestionIds, replay });
  } else if ((action.kind === 'keep') !== undo) await invoke('decisions:keep-again', { documentId, decisionId: action.decisionId, replay });
  else await invoke('decisions:unkeep', { documentId, decisionId: action.decisionId, replay });
}

// The window's histories, by document id.
const histories = new Map<string, ActionHistory>();
const listeners = new Set<() => void>();

export function actionHistory(documentId: string): ActionHistory {
  return histories.get(documentId) ?? EMPTY;
}

/** Changes one document's history by `change` (one of the functions above). */
export function updateActions(documentId: string, change: (history: ActionHistory) => ActionHistory): void {
  const before = actionHistory(documentId);
  const after = change(before);
  if (after === before) return;
  histories.set(documentId, after);
  listeners.forEach((listener) => listener());
}

/** One document's history, drawn again when it changes. */
export function useActionHistory(documentId: string): ActionHistory {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => actionHistory(documentId),
  );
}

/**
 * Remembers a pass of suggestions once its job is done (once per job): the job answers with
 * the ids it added and superseded. The job fails instead when the text changed meanwhile, so
 * the head then is the version the pass was made on.
 */
export function useRecordPass(documentId: string, jobId: string | null, headVersionId: number): void {
  const job = useJob(jobId);
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (job === undefined || job.state !== 'done' || recorded.current === job.id) return;
    recorded.current = job.id;
    const pass = job.value as Partial<PassIds> | undefined;
    if (pass?.proposed === undefined || pass.superseded === undefined) return;
    const { proposed, superseded, overtaken = [] } = pass;
    updateActions(documentId, (history) => recordAction(history, { kind: 'pass', proposed, superseded, overtaken, versionId: headVersionId }));
  }, [job, documentId, headVersionId]);
}
