import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../electron/export/export-report.js';
import { docxBytes, plannedFiles, prepareFolder, safeBaseName, writeAtomically } from '../../../electron/export/export-files.js';
import { ReviewStore } from '../../../electron/workspace/review-store.js';
import { openWorkspaceDatabase } from '../../../electron/workspace/workspace-db.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir();

describe('export report', () => {
  it('lists the accepted edits by time and source without repeating the removed text', () => {
    const reviews = new ReviewStore(openWorkspaceDatabase(tempDir()));
    const doc = reviews.create({
      title: 'j',
      text: 'The applicant met Mr Secretname in Oslo.',
      origin: 'test',
      originalId: null,
      settings: { collectionPath: '/c', k: 2, arity: 3, maxN: 8, sourceId: null },
    });
    const v2 = reviews.edit(doc.id, doc.versionId, 'The applicant met [REDACTED] in Oslo.', 'placeholder', 'Replaced a linkable phrase with a placeholder');
    const v3 = reviews.edit(doc.id, v2.versionId, 'The applicant met [REDACTED] in a city.', 'model', 'Accepted a model suggestion', {
      name: 'Qwen3-4B',
      sha256: 'ab'.repeat(32),
    });
    const report = buildReport({
      appVersion: '1.2.3',
      title: 'j',
      text: v3.text,
      versionId: v3.versionId,
      collection: { name: 'court', contentSha256: 'cd'.repeat(32), documentCount: 3260 },
      settings: { k: 2, arity: 3, maxN: 8, sourceId: null, placeholderPattern: 'x' },
      remaining: { minimal: 1, combinationSpans: 2 },
      verdict: '3 linkable phrases remain at k=2, arity ≤3',
      justification: 'Registrar approval',
      history: reviews.history(doc.id),
      rewriting: [{ passes: 2 }],
    });
    expect(report).toMatchObject({
      format: 'unlinkable-export-report/1',
      collection: { name: 'court', documentCount: 3260 },
      settings: { k: 2, arity: 3, maxN: 8 },
      linkage: { remainingLinkable: 3, minimalLinkableNgrams: 1, spansFromCombinations: 2 },
      justification: 'Registrar approval',
      model: { name: 'Qwen3-4B' },
      rewriting: [{ passes: 2 }],
    });
    const edits = report.edits as { source: string; start: number; removedCharacters: number; insertedCharacters: number }[];
    expect(edits.map((e) => e.source)).toEqual(['placeholder', 'model']);
    expect(edits[0]).toMatchObject({ start: 18, removedCharacters: 13, insertedCharacters: 10 });
    const json = JSON.stringify(report);
    expect(json).not.toContain('Secretname');
    expect(json).not.toContain('Oslo');
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
  });

  it('writes a .docx that is a zip with the text inside', async () => {
    const folder = tempDir();
    const bytes = await docxBytes('Title', 'First line\nSecond line');
    const path = join(folder, 'a.docx');
    writeAtomically(path, bytes);
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path).subarray(0, 2).toString()).toBe('PK');
  });
});
