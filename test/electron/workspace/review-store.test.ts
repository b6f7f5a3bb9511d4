import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DecisionStore } from '../../../electron/workspace/decision-store.js';
import { ReviewStore } from '../../../electron/workspace/review-store.js';
import { SuggestionStore } from '../../../electron/workspace/suggestion-store.js';
import { openWorkspaceDatabase } from '../../../electron/workspace/workspace-db.js';
import { useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir();
afterEach(() => vi.useRealTimers());
const settings = { collectionPath: '/c.unl', k: 2, arity: 3 as const, maxN: 8, sourceId: null, strategy: 'minimal' as const, placeholder: '[REDACTED]' };

function stores() {
  const folder = tempDir();
  const db = openWorkspaceDatabase(folder);
  const suggestions = new SuggestionStore(db);
  const reviews = new ReviewStore(db, (id, change, move) => suggestions.remap(id, change, move));
  return { folder, db, reviews, suggestions };
}

describe('versions', () => {
  it('stores every change, undoes, redoes and restores', () => {
    const { reviews } = stores();
    const doc = reviews.create({ title: 't', text: 'one two three', origin: 'test', originalId: null, settings });
    const v2 = reviews.edit(doc.id, doc.versionId, 'one [REDACTED] three', 'placeholder', 'placeholder');
    const v3 = reviews.edit(doc.id, v2.versionId, 'uno [REDACTED] three', 'manual', 'typing');
    expect(v3.versionCount).toBe(3);
    expect(reviews.undo(doc.id).text).toBe('one [REDACTED] three');
    expect(reviews.undo(doc.id).text).toBe('one two three');
    expect(() => reviews.undo(doc.id)).toThrow(/nothing to undo/);
    expect(reviews.redo(doc.id).text).toBe('one [REDACTED] three');
    expect(reviews.redo(doc.id).text).toBe('uno [REDACTED] three');
    expect(() => reviews.redo(doc.id)).toThrow(/nothing to redo/);
    const restored = reviews.restore(doc.id, doc.versionId);
    expect(restored.text).toBe('one two three');
    expect(restored.versionCount).toBe(4);
    expect(reviews.history(doc.id).map((h) => h.source)).toEqual(['import', 'placeholder', 'manual', 'restore']);
    expect(restored.undoes).toEqual({ what: 'version', description: 'Restored version 1' });
  });

  it("says what Undo and Redo would take back or make again: an action's description, or a version's", () => {
    const { reviews } = stores();
    const doc = reviews.create({ title: 't', text: 'one two three', origin: 'test', originalId: null, settings });
    const version = (description: string) => ({ what: 'version', description });
    expect([doc.undoes, doc.redoes]).toEqual([null, null]);
    const v2 = reviews.edit(doc.id, doc.versionId, 'one [REDACTED] three', 'placeholder', 'Replaced a phrase');
    expect([v2.undoes, v2.redoes]).toEqual([version('Replaced a phrase'), null]);
    reviews.edit(doc.id, v2.versionId, 'uno [REDACTED] three', 'manual', 'Edited the text');
    const undone = reviews.undo(doc.id);
    expect([undone.undoes, undone.redoes]).toEqual([version('Replaced a phrase'), version('Edited the text')]);
    const first = reviews.undo(doc.id);
    expect([first.undoes, first.redoes]).toEqual([null, version('Replaced a phrase')]);
    // An action made on the head comes first; once the head is another version, the version does.
    reviews.recordAction(doc.id, { kind: 'rejection', ids: [4, 5, 6] });
    expect(reviews.get(doc.id).undoes).toEqual({ what: 'action', description: 'rejecting 3 suggestions' });
    // The action ended what Redo would make again, as a new version does.
    expect(reviews.get(doc.id).redoes).toBeNull();
    reviews.edit(doc.id, doc.versionId, 'one two 3', 'manual', 'Typed');
    expect(reviews.get(doc.id).undoes).toEqual(version('Typed'));
    // A rejection of nothing is no action.
    reviews.recordAction(doc.id, { kind: 'rejection', ids: [] });
    expect(reviews.get(doc.id).undoes).toEqual(version('Typed'));
  });

  it('numbers versions within each document, the current one after an undo included', () => {
    const { reviews } = stores();
    // Another document first, so that record ids and numbers differ.
    const other = reviews.create({ title: 'o', text: 'other text', origin: 'test', originalId: null, settings });
    reviews.edit(other.id, other.versionId, 'other [REDACTED]', 'placeholder', 'placeholder');
    const doc = reviews.create({ title: 't', text: 'one two three', origin: 'test', originalId: null, settings });
    expect(doc).toMatchObject({ versionNumber: 1, versionCount: 1 });
    expect(doc.versionId).toBe(3);
    const v2 = reviews.edit(doc.id, doc.versionId, 'one [REDACTED] three', 'placeholder', 'placeholder');
    const v3 = reviews.edit(doc.id, v2.versionId, 'one [REDACTED] [REDACTED]', 'placeholder', 'placeholder');
    expect(v3).toMatchObject({ versionNumber: 3, versionCount: 3 });
    expect(reviews.undo(doc.id)).toMatchObject({ versionNumber: 2, versionCount: 3 });
    expect(reviews.versions(doc.id).map((v) => [v.number, v.isHead])).toEqual([
      [3, false],
      [2, true],
      [1, false],
    ]);
    // Restoring makes a new version, numbered after the others.
    expect(reviews.restore(doc.id, doc.versionId)).toMatchObject({ versionNumber: 4, versionCount: 4, text: 'one two three' });
    expect(reviews.get(other.id)).toMatchObject({ versionNumber: 2, versionCount: 2 });
  });

  it('extends the open manual version while typing, and a new edit clears redo', () => {
    const { reviews } = stores();
    const doc = reviews.create({ title: 't', text: 'abc', origin: 'test', originalId: null, settings });
    const a = reviews.edit(doc.id, doc.versionId, 'abcd', 'manual', 'typing');
    const b = reviews.edit(doc.id, a.versionId, 'abcde', 'manual', 'typing');
    expect(b.versionId).toBe(a.versionId);
    expect(b.versionCount).toBe(2);
    expect(reviews.history(doc.id)[1]!.change).toEqual({ start: 3, end: 3, before: '', after: 'de' });
    reviews.undo(doc.id);
    const c = reviews.edit(doc.id, doc.versionId, 'xabc', 'manual', 'typing');
    expect(c.canRedo).toBe(false);
  });

  it('coalesces typing only within a minute of the version it extends, and never across another kind of change', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T10:00:00Z'));
    const { reviews } = stores();
    const doc = reviews.create({ title: 't', text: 'abc', origin: 'test', originalId: null, settings });
    const a = reviews.edit(doc.id, doc.versionId, 'abcd', 'manual', 'typing');
    vi.setSystemTime(new Date('2026-12-01T10:00:59Z'));
    const b = reviews.edit(doc.id, a.versionId, 'abcde', 'manual', 'typing');
    expect(b.versionId).toBe(a.versionId);
    // A minute after the version was started, typing starts a new one.
    vi.setSystemTime(new Date('2026-12-01T10:01:01Z'));
    const c = reviews.edit(doc.id, b.versionId, 'abcdef', 'manual', 'typing');
    expect(c.versionId).not.toBe(b.versionId);
    expect(c.versionCount).toBe(3);
    // A placeholder in between closes the typing version: the next keystroke is its own version.
    const d = reviews.edit(doc.id, c.versionId, '[REDACTED] abcdef', 'placeholder', 'placeholder');
    const e = reviews.edit(doc.id, d.versionId, '[REDACTED] abcdefg', 'manual', 'typing');
    expect(e.versionCount).toBe(5);
    expect(reviews.history(doc.id).map((h) => h.source)).toEqual(['import', 'manual', 'manual', 'placeholder', 'manual']);
  });

  it('refuses an edit based on an old version instead of overwriting', () => {
    const { reviews } = stores();
    const doc = reviews.create({ title: 't', text: 'abc', origin: 'test', originalId: null, settings });
    reviews.edit(doc.id, doc.versionId, 'abcd', 'placeholder', 'x');
    expect(() => reviews.edit(doc.id, doc.versionId, 'zzz', 'manual', 'stale')).toThrow(expect.objectContaining({ code: 'conflict' }));
    expect(reviews.get(doc.id).text).toBe('abcd');
  });

  it('keeps everything after the database is closed and reopened (a restart)', () => {
    const { folder, db, reviews } = stores();
    const doc = reviews.create({ title: 't', text: 'abc', origin: 'test', originalId: null, settings });
    reviews.edit(doc.id, doc.versionId, 'abX', 'manual', 'typing');
    db.close();
    const reopened = new ReviewStore(openWorkspaceDatabase(folder));
    expect(reopened.get(doc.id)).toMatchObject({ text: 'abX', versionCount: 2, canUndo: true });
  });

  // What each older schema lacks: version 2, the accepting version; version 3, the restore that
  // gave a suggestion back; version 4, the version an edit overtook a suggestion or a kept phrase on.
  const overtaken = ['suggestions.overtaken_on_version_id', 'suggestions.overtaken_status', 'decisions.overtaken_on_version_id'];
  // Version 6 holds the actions that change no text (action-store.ts): a table, dropped below.
  const lacking: Record<number, string[]> = {
    2: ['suggestions.accepted_version_id', 'suggestions.reopened_in_version_id', ...overtaken],
    3: ['suggestions.reopened_in_version_id', ...overtaken],
    4: overtaken,
    5: [],
  };
  for (const [schema, columns] of Object.entries(lacking)) {
    it(`brings a workspace of schema ${schema} up to date, keeping its suggestions`, () => {
      const { folder, db, reviews, suggestions } = stores();
      const doc = reviews.create({ title: 't', text: 'one two', origin: 'test', originalId: null, settings });
      suggestions.replacePending(doc.id, 'placeholder', 1, [{ start: 4, end: 7, before: 'two', after: '[X]' }]);
      for (const column of columns) {
        const [table, name] = column.split('.');
        db.exec(`ALTER TABLE ${table} DROP COLUMN ${name}`);
      }
      db.exec('DROP TABLE actions');
      db.pragma(`user_version = ${schema}`);
      db.close();
      const reopened = openWorkspaceDatabase(folder);
      expect(reopened.pragma('user_version', { simple: true })).toBe(6);
      const store = new SuggestionStore(reopened);
      const reviewsAgain = new ReviewStore(reopened, (id, change, move) => store.remap(id, change, move));
      const [two] = store.list(doc.id);
      store.accept(reviewsAgain, doc.id, two!.id);
      expect(store.undo(reviewsAgain, doc.id).text).toBe('one two');
      expect(store.list(doc.id).map((s) => [s.before, s.status])).toEqual([['two', 'pending']]);
      store.accept(reviewsAgain, doc.id, two!.id);
      expect(store.restore(reviewsAgain, doc.id, doc.versionId).text).toBe('one two');
      expect(store.list(doc.id).map((s) => [s.before, s.status])).toEqual([['two', 'pending']]);
      // Actions are kept from now on.
      reviewsAgain.recordAction(doc.id, { kind: 'rejection', ids: [two!.id] });
      expect(reviewsAgain.get(doc.id).undoes).toEqual({ what: 'action', description: 'rejecting a suggestion' });
    });
  }
});

describe('removing a document', () => {
  /** The workspace's files as bytes, the write-ahead log included, read as Latin-1 so any text can be searched. */
  const fileBytes = (folder: string): string =>
    ['workspace.sqlite', 'workspace.sqlite-wal']
      .map((name) => join(folder, name))
      .filter(existsSync)
      .map((path) => readFileSync(path).toString('latin1'))
      .join('\n');

  it('erases its text, versions, suggestions and decisions from the workspace files, and keeps the others', () => {
    const { folder, db, reviews, suggestions } = stores();
    const decisions = new DecisionStore(db);
    // Longer than a database page, so the text also lands in overflow pages.
    const secret = (word: string): string => Array.from({ length: 400 }, (_, i) => `${word}${i}`).join(' ');
    const kept = reviews.create({ title: 'kept', text: secret('Keptword'), origin: 'test', originalId: null, settings });
    const doc = reviews.create({ title: 'gone', text: secret('Secretword'), origin: 'test', originalId: null, settings });
    const v2 = reviews.edit(doc.id, doc.versionId, `${secret('Secretword')} Secondversion`, 'manual', 'typing');
    suggestions.replacePending(doc.id, 'placeholder', 1, [{ start: 0, end: 11, before: 'Secretword0', after: 'Suggestedwords' }]);
    decisions.keep(doc.id, { start: 12, end: 23, phrase: 'Secretword1', kind: 'single', reason: 'Keptreason for this phrase' });
    expect(v2.versionCount).toBe(2);
    expect(fileBytes(folder)).toContain('Secretword399');

    reviews.delete(doc.id);
    expect(() => reviews.get(doc.id)).toThrow(expect.objectContaining({ code: 'not-found' }));
    expect(suggestions.list(doc.id)).toEqual([]);
    expect(decisions.decisions(doc.id)).toEqual([]);
    expect(reviews.list().map((d) => d.id)).toEqual([kept.id]);
    // At once, while the app still runs (closing would checkpoint the log anyway), and after.
    const traces = ['Secretword', 'Secondversion', 'Suggestedwords', 'Keptreason'];
    for (const trace of traces) expect(fileBytes(folder), trace).not.toContain(trace);
    db.close();
    const bytes = fileBytes(folder);
    for (const trace of traces) expect(bytes, trace).not.toContain(trace);
    expect(bytes).toContain('Keptword399');
    expect(new ReviewStore(openWorkspaceDatabase(folder)).get(kept.id).text).toBe(secret('Keptword'));
  });

  it('also clears text freed before secure_delete was on (a workspace from an earlier version)', () => {
    const { folder, db, reviews } = stores();
    db.pragma('secure_delete = OFF');
    const typed = reviews.create({ title: 'typed', text: 'Opening words.', origin: 'test', originalId: null, settings });
    // Typing rewrites its open version in place, freeing the pages of the words it replaced.
    const longer = (word: string): string => Array.from({ length: 300 }, (_, i) => `${word}${i}`).join(' ');
    const first = reviews.edit(typed.id, typed.versionId, longer('Overtypedword'), 'manual', 'typing');
    reviews.edit(typed.id, first.versionId, longer('Finalword'), 'manual', 'typing');
    const other = reviews.create({ title: 'other', text: 'Another document.', origin: 'test', originalId: null, settings });
    db.pragma('wal_checkpoint(TRUNCATE)');
    expect(fileBytes(folder)).toContain('Overtypedword299');
    db.pragma('secure_delete = ON');

    reviews.delete(other.id);
    expect(fileBytes(folder)).not.toContain('Overtypedword');
    expect(reviews.get(typed.id).text).toBe(longer('Finalword'));
  });
});

describe('suggestions', () => {
  it('move with edits before them, go stale when an edit overlaps them, and apply exactly', () => {
    const { reviews, suggestions } = stores();
    const text = 'alpha beta gamma delta';
    const doc = reviews.create({ title: 't', text, origin: 'test', originalId: null, settings });
    suggestions.replacePending(doc.id, 'placeholder', 1, [
      { start: 6, end: 10, before: 'beta', after: '[REDACTED]' },
      { start: 17, end: 22, before: 'delta', after: '[REDACTED]' },
    ]);
    const first = suggestions.list(doc.id);
    // An edit at the start shifts both.
    reviews.edit(doc.id, doc.versionId, `the ${text}`, 'manual', 'typing');
    expect(suggestions.list(doc.id).map((s) => [s.start, s.status])).toEqual([
      [10, 'pending'],
      [21, 'pending'],
    ]);
    // An edit inside "delta" makes that suggestion stale.
    const current = reviews.get(doc.id);
    reviews.edit(doc.id, current.versionId, current.text.replace('delta', 'delts'), 'placeholder', 'x');
    const [beta] = suggestions.list(doc.id).filter((s) => s.status === 'pending');
    expect(suggestions.list(doc.id).filter((s) => s.status === 'pending')).toHaveLength(1);
    // Accepting the stale one is a conflict that changes nothing: its text is gone.
    const delta = first.find((s) => s.before === 'delta');
    const before = reviews.get(doc.id);
    expect(() => suggestions.accept(reviews, doc.id, delta!.id)).toThrow(
      expect.objectContaining({ code: 'conflict', message: expect.stringMatching(/overtaken by a later edit/) }),
    );
    expect(reviews.get(doc.id)).toMatchObject({ versionId: before.versionId, text: before.text });
    suggestions.accept(reviews, doc.id, beta!.id);
    expect(reviews.get(doc.id).text).toBe('the alpha [REDACTED] gamma delts');
    expect(() => suggestions.reject(doc.id, beta!.id)).toThrow(/already accepted/);
  });

  it('lets a pass over selected spans replace only the pending suggestions it overlaps', () => {
    const { reviews, suggestions } = stores();
    const doc = reviews.create({ title: 't', text: 'one two three four', origin: 'test', originalId: null, settings });
    suggestions.replacePending(doc.id, 'placeholder', 1, [
      { start: 0, end: 3, before: 'one', after: '[A]' },
      { start: 14, end: 18, before: 'four', after: '[C]' },
    ]);
    suggestions.replacePending(doc.id, 'model', 2, [{ start: 0, end: 7, before: 'one two', after: 'uno dos' }], 'overlapping');
    expect(
      suggestions
        .list(doc.id)
        .filter((s) => s.status === 'pending')
        .map((s) => s.after),
    ).toEqual(['uno dos', '[C]']);
    suggestions.replacePending(doc.id, 'placeholder', 3, [{ start: 8, end: 13, before: 'three', after: '[B]' }]);
    expect(
      suggestions
        .list(doc.id)
        .filter((s) => s.status === 'pending')
        .map((s) => s.after),
    ).toEqual(['[B]']);
  });

  it('accepts all non-overlapping suggestions as one version, with an edited replacement when asked', () => {
    const { reviews, suggestions } = stores();
    const doc = reviews.create({ title: 't', text: 'one two three four', origin: 'test', originalId: null, settings });
    suggestions.replacePending(doc.id, 'placeholder', 1, [
      { start: 0, end: 3, before: 'one', after: '[A]' },
      { start: 0, end: 7, before: 'one two', after: '[B]' },
      { start: 14, end: 18, before: 'four', after: '[C]' },
    ]);
    expect(suggestions.acceptAll(reviews, doc.id)).toBe(2);
    expect(reviews.get(doc.id)).toMatchObject({ text: '[A] two three [C]', versionCount: 2 });
    const doc2 = reviews.create({ title: 't2', text: 'one two', origin: 'test', originalId: null, settings });
    suggestions.replacePending(doc2.id, 'model', 1, [{ start: 4, end: 7, before: 'two', after: 'deux' }]);
    suggestions.accept(reviews, doc2.id, suggestions.list(doc2.id)[0]!.id, '2');
    expect(reviews.get(doc2.id).text).toBe('one 2');
    expect(reviews.history(doc2.id).at(-1)).toMatchObject({ source: 'manual' });
  });
});
