/**
 * An export writes every file or none. A text whose report could not be written beside it
 * would be a release without its record, and the workspace notes no export when the
 * handler throws. A non-empty folder where the report should go makes the last rename
 * fail (running as root, a permission cannot be refused here); the text written before it
 * must go too, a file it replaced comes back, and the clerk is told plainly that nothing
 * was exported.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { writeAllOrNone } from '../../../electron/export/export-files.js';
import { createHandlers } from '../../../electron/services/handlers/index.js';
import { useAppWithCollection } from '../../helpers/app-services.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const appWithCollection = useAppWithCollection('unlinkable-export-all-or-none-');
const tempDir = useTempDir('unlinkable-write-all-');

const documents = [
  { id: 'alpha', text: 'The quarry near Vellmar flooded twice in spring. Nothing else happened.' },
  { id: 'beta', text: 'An unrelated appeal was dismissed as manifestly ill-founded.' },
];

describe('writeAllOrNone', () => {
  it('writes every file, replacing one the clerk chose to overwrite', () => {
    const folder = tempDir();
    writeFileSync(join(folder, 'b.json'), 'old');
    writeAllOrNone([
      [join(folder, 'a.txt'), 'text'],
      [join(folder, 'b.json'), Buffer.from('report')],
    ]);
    expect(readdirSync(folder).sort()).toEqual(['a.txt', 'b.json']);
    expect(readFileSync(join(folder, 'b.json'), 'utf8')).toBe('report');
  });

  it('leaves nothing, not even a temporary file, when a write fails, and says which file', () => {
    const folder = tempDir();
    const failure = (() => {
      try {
        writeAllOrNone([
          [join(folder, 'a.txt'), 'text'],
          [join(folder, 'missing', 'b.json'), 'report'],
        ]);
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toMatchObject({ code: 'forbidden' });
    expect((failure as Error).message).toMatch(/^b\.json could not be written in .*missing \(ENOENT\)\. Nothing was exported/);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('takes back the files already in place when a later rename fails', () => {
    const folder = tempDir();
    mkdirSync(join(folder, 'b.json'));
    writeFileSync(join(folder, 'b.json', 'inside'), 'x');
    expect(() =>
      writeAllOrNone([
        [join(folder, 'a.txt'), 'text'],
        [join(folder, 'b.json'), 'report'],
      ]),
    ).toThrow(/Nothing was exported/);
    expect(readdirSync(folder)).toEqual(['b.json']);
    expect(readdirSync(join(folder, 'b.json'))).toEqual(['inside']);
  });

  it('puts back a file it was overwriting when a later rename fails, and leaves nothing else', () => {
    const folder = tempDir();
    writeFileSync(join(folder, 'a.txt'), 'the text exported last week');
    mkdirSync(join(folder, 'b.json'));
    expect(() =>
      writeAllOrNone([
        [join(folder, 'a.txt'), 'text'],
        [join(folder, 'b.json'), 'report'],
      ]),
    ).toThrow(/Nothing was exported/);
    expect(readdirSync(folder).sort()).toEqual(['a.txt', 'b.json']);
    expect(readFileSync(join(folder, 'a.txt'), 'utf8')).toBe('the text exported last week');
  });

  it('leaves no file set aside once every file is in place', () => {
    const folder = tempDir();
    writeFileSync(join(folder, 'a.txt'), 'old text');
    writeFileSync(join(folder, 'b.json'), 'old report');
    writeAllOrNone([
      [join(folder, 'a.txt'), 'text'],
      [join(folder, 'b.json'), 'report'],
    ]);
    expect(readdirSync(folder).sort()).toEqual(['a.txt', 'b.json']);
    expect(readFileSync(join(folder, 'a.txt'), 'utf8')).toBe('text');
  });
});

describe('export:run when a file cannot be written', () => {
  it('leaves no file of the export in the folder, notes no export, and a later export goes through', async () => {
    const { app, path, workspace } = await appWithCollection(documents);
    const handlers = createHandlers(app);
    const opened = await handlers['documents:open']({ source: { kind: 'text', title: 'Judgment', text: documents[1]!.text }, collectionPath: path });
    const folder = join(workspace, 'out');
    mkdirSync(join(folder, 'Judgment.report.json'), { recursive: true });
    writeFileSync(join(folder, 'Judgment.report.json', 'kept.txt'), 'x');
    const run = (onExisting: 'overwrite' | 'rename') =>
      handlers['export:run']({
        documentId: opened.id,
        folder,
        formats: ['txt', 'json'],
        justification: 'Checked by hand for this test.',
        reviewer: 'A. Clerk',
        onExisting,
      });

    await expect(run('overwrite')).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/Nothing was exported/) });
    expect(readdirSync(folder)).toEqual(['Judgment.report.json']);
    expect(app.db.prepare('SELECT COUNT(*) AS n FROM exports').get()).toEqual({ n: 0 });

    const written = await run('rename');
    expect(written.files.map((file) => file.slice(folder.length + 1)).sort()).toEqual(['Judgment (2).report.json', 'Judgment (2).txt']);
    expect(app.db.prepare('SELECT COUNT(*) AS n FROM exports').get()).toEqual({ n: 1 });
  });
});
