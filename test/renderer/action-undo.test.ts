/**
 * Undo and Redo take back the actions that change no text (here rejections; keeps and
 * withdrawals are recorded alike) and versions in the order the clerk made them
 * (action-undo.ts, use-undo-redo.ts). The workspace's versions are modelled as the
 * workspace keeps them on one line: a head, undo moving it back, redo forward, and a new
 * version dropping what lay ahead.
 */
import { describe, expect, it } from 'vitest';
import {
  ACTIONS_KEPT,
  branched,
  describeAction,
  forgotten,
  madeAgain,
  recordAction,
  redoable,
  takenBack,
  undoable,
  type ActionHistory,
  type ReviewAction,
} from '../../renderer/review/action-undo.js';

/** A document under review as the window sees it: versions 1…last, a head, rejections, and what each step did. */
class Review {
  private last = 1;
  head = 1;
  history: ActionHistory = { undo: [], redo: [] };
  readonly rejected = new Set<number>();
  readonly steps: string[] = [];

  reject(...ids: number[]): void {
    ids.forEach((id) => this.rejected.add(id));
    this.history = recordAction(this.history, { kind: 'rejection', ids, versionId: this.head });
  }

  /** Typing, an accept, placeholders: a new version on top of the head. */
  newVersion(): void {
    this.last = ++this.head;
    this.history = branched(this.history);
  }

  undo(): void {
    const rejection = rejectionOf(undoable(this.history, this.head));
    if (rejection !== undefined) {
      rejection.ids.forEach((id) => this.rejected.delete(id));
      this.history = takenBack(this.history, rejection);
      this.steps.push(`back ${rejection.ids.join(',')}`);
    } else if (this.head > 1) this.steps.push(`undo to ${--this.head}`);
    else this.steps.push('nothing');
  }

  redo(): void {
    const rejection = rejectionOf(redoable(this.history, this.head));
    if (rejection !== undefined) {
      rejection.ids.forEach((id) => this.rejected.add(id));
      this.history = madeAgain(this.history, rejection);
      this.steps.push(`again ${rejection.ids.join(',')}`);
    } else if (this.head < this.last) this.steps.push(`redo to ${++this.head}`);
    else this.steps.push('nothing');
  }
}

function rejectionOf(action: ReviewAction | undefined): Extract<ReviewAction, { kind: 'rejection' }> | undefined {
  return action?.kind === 'rejection' ? action : undefined;
}

describe('undo and redo of rejections among versions', () => {
  it('takes back the latest action first, rejection or version, and redoes them in turn', () => {
    const review = new Review();
    review.reject(7);
    review.newVersion(); // an accept after the rejection
    review.reject(8, 9); // Reject all
    review.undo();
    review.undo();
    review.undo();
    review.undo();
    expect(review.steps).toEqual(['back 8,9', 'undo to 1', 'back 7', 'nothing']);
    expect([...review.rejected]).toEqual([]);
    review.redo();
    review.redo();
    review.redo();
    review.redo();
    expect(review.steps.slice(4)).toEqual(['again 7', 'redo to 2', 'again 8,9', 'nothing']);
    expect([...review.rejected].sort()).toEqual([7, 8, 9]);
  });

  it('redoes nothing taken back once a new version is made, as the workspace redoes no version', () => {
    const review = new Review();
    review.reject(1);
    review.undo();
    review.newVersion(); // typing
    review.redo();
    expect(review.steps).toEqual(['back 1', 'nothing']);
    expect(review.rejected.has(1)).toBe(false);
    // The rejection taken back is no longer to be undone either: the next undo is the typing.
    review.undo();
    expect(review.steps.at(-1)).toBe('undo to 1');
  });

  it('a new rejection ends what can be redone of rejections taken back', () => {
    const review = new Review();
    review.reject(1);
    review.undo();
    review.reject(2);
    review.redo();
    expect(review.steps).toEqual(['back 1', 'nothing']);
  });

  it('takes back a rejection only on the version it was made on', () => {
    const review = new Review();
    review.newVersion();
    review.undo(); // back to version 1
    review.reject(5); // made on version 1
    review.redo(); // the workspace's redo: version 2, where the rejection was not made
    review.undo(); // back to version 1 first
    review.undo(); // then the rejection
    expect(review.steps).toEqual(['undo to 1', 'redo to 2', 'undo to 1', 'back 5']);
  });

  it('keeps the latest rejections, and an empty one is none', () => {
    let history: ActionHistory = { undo: [], redo: [] };
    for (let id = 0; id < ACTIONS_KEPT + 10; id++) history = recordAction(history, { kind: 'rejection', ids: [id], versionId: 1 });
    expect(history.undo).toHaveLength(ACTIONS_KEPT);
    expect(history.undo[0]).toEqual({ kind: 'rejection', ids: [10], versionId: 1 });
    expect(recordAction(history, { kind: 'rejection', ids: [], versionId: 1 })).toBe(history);
  });

  it('says what Undo and Redo would do', () => {
    expect(describeAction({ kind: 'rejection', ids: [4], versionId: 1 })).toBe('rejecting a suggestion');
    expect(describeAction({ kind: 'rejection', ids: Array.from({ length: 1200 }, (_, i) => i), versionId: 1 })).toBe('rejecting 1,200 suggestions');
    expect(describeAction({ kind: 'reopening', ids: [1, 2], versionId: 1 })).toBe('bringing back 2 rejected suggestions');
    expect(describeAction({ kind: 'pass', proposed: [3, 4, 5], superseded: [1], overtaken: [], versionId: 1 })).toBe('the new pass of 3 suggestions');
    expect(describeAction({ kind: 'keep', decisionId: 1, phrase: 'Oslo', versionId: 1 })).toBe('keeping “Oslo”');
    expect(describeAction({ kind: 'withdrawal', decisionId: 1, phrase: 'a'.repeat(50), versionId: 1 })).toBe(`withdrawing “${'a'.repeat(39)}…”`);
  });

  it('records a pass before a rejection of its cards made before its end reached the window', () => {
    let history: ActionHistory = { undo: [], redo: [] };
    history = recordAction(history, { kind: 'rejection', ids: [1], versionId: 3 });
    // Cards 7 and 8 of the pass were on screen, and 8 was rejected, then a keep, then the job's end came.
    history = recordAction(history, { kind: 'rejection', ids: [8], versionId: 3 });
    history = recordAction(history, { kind: 'keep', decisionId: 5, phrase: 'Oslo', versionId: 3 });
    history = recordAction(history, { kind: 'pass', proposed: [7, 8], superseded: [2], overtaken: [], versionId: 3 });
    expect(history.undo.map((a) => a.kind)).toEqual(['rejection', 'pass', 'rejection', 'keep']);
    // A pass none of whose cards was acted on goes on top.
    history = recordAction(history, { kind: 'pass', proposed: [9], superseded: [7], overtaken: [], versionId: 3 });
    expect(history.undo.map((a) => a.kind)).toEqual(['rejection', 'pass', 'rejection', 'keep', 'pass']);
  });

  it('forgets an action the workspace refused, so that Undo goes on past it', () => {
    const review = new Review();
    review.reject(1);
    review.reject(2);
    const refused = review.history.undo.at(-1)!;
    review.history = forgotten(review.history, refused);
    review.undo();
    expect(review.steps).toEqual(['back 1']);
    expect(forgotten(review.history, refused)).toBe(review.history);
  });
});
