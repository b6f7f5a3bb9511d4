import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../electron/export/export-report.js';
import { sha256Text } from '../../../electron/runtime/text-hash.js';
import { reviewLogHtml } from '../../../electron/export/review-log.js';
import { policyDifferences, releaseGate } from '../../../shared/review/release-gate.js';
import { readZipEntry } from '../../helpers/zip.js';
import { docxBytes, plannedFiles, prepareFolder, safeBaseName, writeAtomically } from '../../../electron/export/export-files.js';
import { ReviewStore } from '../../../electron/workspace/review-store.js';
import { openWorkspaceDatabase } from '../../../electron/workspace/workspace-db.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir();

describe('export report', () => {
  it('names a doubt about the source among the reasons for a justification, only when a source is set', () => {
    const policy = { k: 2, arity: 3 as const, maxN: 8 };
    const doubt = { likely: { id: 'judgment-1', sharedRarePhrases: 12 }, givenShares: 0 };
    const withSource = { k: 2, arity: 3, maxN: 8, sourceId: 'judgment-3' };
    expect(releaseGate(withSource, 0, policy, doubt)).toEqual({
      required: true,
      reasons: [
        'checked only for linkage to judgment-3, not to the whole collection',
        "judgment-1 shares more of the text's rare phrases than judgment-3 (12 against 0)",
      ],
    });
    expect(releaseGate(withSource, 0, policy).reasons).toHaveLength(1);
    expect(releaseGate({ ...withSource, sourceId: null }, 0, policy, doubt)).toEqual({ required: false, reasons: [] });
  });

  it('lists the accepted edits by time and source without repeating the removed text', () => {
    const reviews = new ReviewStore(openWorkspaceDatabase(tempDir()));
    const doc = reviews.create({
      title: 'j',
      text: 'The applicant met Mr Secretname in Oslo.',
      origin: 'test',
      originalId: null,
      settings: { collectionPath: '/c', k: 2, arity: 3, maxN: 8, sourceId: null, strategy: 'minimal', placeholder: '[REDACTED]' },
    });
    const v2 = reviews.edit(doc.id, doc.versionId, 'The applicant met [REDACTED] in Oslo.', 'placeholder', 'Replaced a linkable phrase with a placeholder');
    const v3 = reviews.edit(doc.id, v2.versionId, 'The applicant met [REDACTED] in a city.', 'model', 'Accepted a model suggestion', {
      name: 'Qwen3-4B',
      sha256: 'ab'.repeat(32),
    });
    const history = reviews.history(doc.id);
    const settings = { k: 2, arity: 3, maxN: 8, sourceId: null, placeholderPattern: 'x' };
    const policy = { k: 3, arity: 3 as const, maxN: 8 };
    const report = buildReport({
      appVersion: '1.2.3',
      reviewer: 'A. Clerk',
      title: 'j',
      text: v3.text,
      openedText: doc.text,
      versionId: v3.versionId,
      versionNumber: v3.versionNumber,
      versionCount: v3.versionCount,
      collection: { name: 'court', contentSha256: 'cd'.repeat(32), documentCount: 3260 },
      policy,
      settings,
      policyDifferences: policyDifferences(settings, policy),
      remaining: { minimal: 1, combinationSpans: 2 },
      verdict: '3 linkable phrases remain at k=2, arity ≤3',
      gate: releaseGate(settings, 3, policy),
      justification: 'Approved by the registrar for the public register.',
      fuzzySearch: { total: 3260, topId: 'x', sourceId: 'x', rank: 1, margin: 12 },
      history,
      changes: [
        {
          versionId: v2.versionId,
          decision: 'placeholder',
          kind: 'plan',
          start: 18,
          removedCharacters: 13,
          inserted: '[REDACTED]',
          reason: null,
          at: v2.updatedAt,
        },
      ],
      kept: [{ id: 1, decision: 'keep', kind: 'single', start: 0, end: 3, phrase: 'The', reason: 'A common word.', createdAt: v3.updatedAt }],
      rewriting: [{ passes: 2 }],
    });
    expect(report).toMatchObject({
      format: 'unlinkable-export-report/2',
      reviewer: 'A. Clerk',
      document: { versionNumber: 3, versionCount: 3, sha256: sha256Text(v3.text), opened: { sha256: sha256Text(doc.text) } },
      policyDifferences: ['k: 2 (policy 3)'],
      fuzzySearch: { rank: 1 },
      kept: [{ phrase: 'The', reason: 'A common word.' }],
      collection: { name: 'court', documentCount: 3260 },
      settings: { k: 2, arity: 3, maxN: 8 },
      linkage: {
        remainingLinkable: 3,
        minimalLinkableNgrams: 1,
        spansFromCombinations: 2,
        justificationRequired: true,
        why: ['3 linkable phrases remain', "checked at k=2, below the collection's policy of k=3"],
      },
      justification: 'Approved by the registrar for the public register.',
      model: { name: 'Qwen3-4B' },
      rewriting: [{ passes: 2 }],
    });
    const edits = report.edits as { source: string; start: number; removedCharacters: number; insertedCharacters: number }[];
    expect(edits.map((e) => e.source)).toEqual(['placeholder', 'model']);
    expect(edits[0]).toMatchObject({ start: 18, removedCharacters: 13, insertedCharacters: 10 });
    // One record per accepted change: the recorded placeholder, and the model's edit from the history.
    const changes = report.changes as { decision: string; kind: string; start: number; removedCharacters: number; inserted: string }[];
    expect(changes.map((c) => [c.decision, c.kind, c.start, c.removedCharacters])).toEqual([
      ['placeholder', 'plan', 18, 13],
      ['manual', 'text', 32, 4],
    ]);
    const json = JSON.stringify(report);
    expect(json).not.toContain('Secretname');
    expect(json).not.toContain('Oslo');

    const html = reviewLogHtml(report);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('Reviewed by <strong>A. Clerk</strong>');
    // The version as the app's footer and Versions panel number it, not the workspace's record id.
    expect(html).toContain("(version 3 of 3 in the document's history");
    expect(html).toContain(sha256Text(doc.text));
    expect(html).toContain('Accepted changes (2)');
    expect(html).toContain('A common word.');
    expect(html).not.toContain('Secretname');
    expect(html).not.toMatch(/<script|src=|href=/i);
  });
});

describe('export files', () => {
  it('makes safe names, refuses to overwrite unless asked, and renames on request', () => {
    const folder = tempDir();
    expect(safeBaseName('../../etc/passwd')).toBe('etc-passwd');
    expect(safeBaseName('Case 12/2024: «A» v. B.txt')).toBe('Case-12-2024-A-v.-B');
    const first = plannedFiles(folder, 'doc', ['txt', 'json'], 'refuse');
    for (const file of first.values()) writeAtomically(file, 'x');
    expect(() => plannedFiles(folder, 'doc', ['txt', 'json'], 'refuse')).toThrow(expect.objectContaining({ code: 'conflict' }));
    expect([...plannedFiles(folder, 'doc', ['txt'], 'rename').values()]).toEqual([join(folder, 'doc (2).txt')]);
    expect([...plannedFiles(folder, 'doc', ['txt'], 'overwrite').values()]).toEqual([join(folder, 'doc.txt')]);
    expect(() => prepareFolder('relative/folder')).toThrow(/full path/);
    expect(() => prepareFolder(join(folder, 'doc.txt'))).toThrow(/is a file/);
    expect([...plannedFiles(folder, 'doc', ['html'], 'refuse').values()]).toEqual([join(folder, 'doc.review-log.html')]);
  });

  it('writes a .docx that is a zip with the text inside', async () => {
    const folder = tempDir();
    const bytes = await docxBytes('Title', 'First line\nSecond line');
    const path = join(folder, 'a.docx');
    writeAtomically(path, bytes);
    expect(existsSync(path)).toBe(true);
    const xml = readZipEntry(readFileSync(path), 'word/document.xml').toString('utf8');
    expect(xml).toContain('First line');
    expect(xml).toContain('Second line');
    expect(xml.indexOf('First line')).toBeLessThan(xml.indexOf('Second line'));
  });
});
