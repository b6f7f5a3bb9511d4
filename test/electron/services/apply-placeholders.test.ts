/**
 * Replacing findings with the placeholder (P, a planned run, Accept all of the plan): one
 * version, the one merging rule, and one review-log record per placeholder written, of the
 * kind of the first finding, in the order sent, that it replaced. Real workspace database,
 * the handler itself.
 */
import { describe, expect, it } from 'vitest';
import { useAppWithCollection } from '../../helpers/app-services.js';
import { openedJudgment } from '../../helpers/opened-judgment.js';

const appWithCollection = useAppWithCollection('unlinkable-apply-placeholders-');

describe('documents:apply-placeholders', () => {
  it('writes one placeholder per merged run and records each with the kind of the first finding sent within it', async () => {
    const text = 'The applicant lives in Oslo and works in Bergen, for Statoil in Stavanger.';
    const { handlers, document } = await openedJudgment(appWithCollection, text);
    const at = (words: string, kind: 'single' | 'combination' | 'plan') => ({ start: text.indexOf(words), end: text.indexOf(words) + words.length, kind });
    const updated = await handlers['documents:apply-placeholders']({
      documentId: document.id,
      baseVersionId: document.versionId,
      // "Oslo" and "and works" merge (only a space between): the first sent within is "and works", a combination.
      ranges: [at('Stavanger', 'plan'), at('and works', 'combination'), at('Oslo', 'single'), at('Bergen', 'plan'), at('Statoil', 'single')],
      description: 'the plan',
    });
    expect(updated.text).toBe('The applicant lives in [REDACTED] in [REDACTED], for [REDACTED] in [REDACTED].');
    const records = await handlers['decisions:changes']({ documentId: document.id });
    expect(records.map((r) => [text.slice(r.start, r.start + r.removedCharacters), r.kind, r.inserted, r.versionId])).toEqual([
      ['Oslo and works', 'combination', '[REDACTED]', updated.versionId],
      ['Bergen', 'plan', '[REDACTED]', updated.versionId],
      ['Statoil', 'single', '[REDACTED]', updated.versionId],
      ['Stavanger', 'plan', '[REDACTED]', updated.versionId],
    ]);

    // A placeholder put where one already is changes nothing: no version, and no record of a change.
    const again = await handlers['documents:apply-placeholders']({
      documentId: document.id,
      baseVersionId: updated.versionId,
      ranges: [{ start: updated.text.indexOf('[REDACTED]'), end: updated.text.indexOf('[REDACTED]') + 10, kind: 'single' }],
      description: 'again',
    });
    expect(again.versionId).toBe(updated.versionId);
    expect(await handlers['decisions:changes']({ documentId: document.id })).toHaveLength(4);
  });
});
