import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ImportRecord } from '../../../electron/import/import-records.js';
import { readInputs } from '../../../electron/import/read-inputs.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir();

async function collect(paths: string[]): Promise<ImportRecord[]> {
  const out: ImportRecord[] = [];
  for await (const record of readInputs(paths)) out.push(record);
  return out;
}

function summary(records: ImportRecord[]): string[] {
  return records.map((r) => (r.kind === 'document' ? `doc ${r.id}` : `problem ${r.code}`));
}

describe('readInputs', () => {
  it('reads JSONL and JSONL.gz records and reports each bad line without stopping', async () => {
    const dir = tempDir();
    const lines = [
      JSON.stringify({ id: 'a', text: 'first text', source: 'court' }),
      '{not json',
      JSON.stringify({ id: '', text: 'no id' }),
      JSON.stringify({ id: 'b' }),
      JSON.stringify({ id: 'c', text: '   ' }),
      JSON.stringify({ id: 7, text: 'numeric id', original_id: 'orig-7' }),
      '',
    ];
    writeFileSync(join(dir, 'docs.jsonl'), lines.join('\n'));
    writeFileSync(join(dir, 'docs.jsonl.gz'), gzipSync(lines.join('\n')));
    const records = await collect([join(dir, 'docs.jsonl'), join(dir, 'docs.jsonl.gz')]);
    const expected = ['doc a', 'problem invalid-input', 'problem invalid-input', 'problem invalid-input', 'problem empty-file', 'doc 7'];
    expect(summary(records)).toEqual([...expected, ...expected]);
    expect(records[0]).toMatchObject({ source: 'court', origin: `${join(dir, 'docs.jsonl')}:1` });
    expect(records[5]).toMatchObject({ originalId: 'orig-7' });
  });

  it('reports non-UTF-8 lines and a broken gzip file, keeping what was read before', async () => {
    const dir = tempDir();
    const good = Buffer.from(`${JSON.stringify({ id: 'ok', text: 'fine' })}\n`);
    const latin1 = Buffer.from([...Buffer.from('{"id":"x","text":"caf'), 0xe9, ...Buffer.from('"}\n')]);
    writeFileSync(join(dir, 'mixed.jsonl'), Buffer.concat([good, latin1]));
    const gz = gzipSync(Buffer.concat([good, good]));
    writeFileSync(join(dir, 'broken.jsonl.gz'), gz.subarray(0, gz.length - 4));
    writeFileSync(join(dir, 'fake.jsonl.gz'), 'plain text, not gzip');
    const records = await collect([join(dir, 'mixed.jsonl'), join(dir, 'broken.jsonl.gz'), join(dir, 'fake.jsonl.gz')]);
    expect(summary(records)).toEqual(['doc ok', 'problem not-utf8', 'doc ok', 'doc ok', 'problem invalid-input', 'problem invalid-input']);
  });

  it('reads folders recursively, with ids from relative paths, and reports unusable files', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'one.txt'), 'first document');
    writeFileSync(join(dir, 'sub', 'two.md'), '# Second\n\ndocument');
    writeFileSync(join(dir, 'empty.txt'), '  \n');
    writeFileSync(join(dir, 'binary.txt'), Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]));
    writeFileSync(join(dir, 'latin.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    writeFileSync(join(dir, 'image.png'), Buffer.from([0x89, 0x50]));
    const records = await collect([dir]);
    expect(summary(records)).toEqual(['problem binary-file', 'problem empty-file', 'problem unsupported-file', 'problem not-utf8', 'doc one', 'doc sub/two']);
  });

  it('reads single files and reports missing and unsupported inputs', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'judgment.txt'), '\ufeffThe applicant');
    writeFileSync(join(dir, 'judgment.docx'), 'x');
    const records = await collect([join(dir, 'judgment.txt'), join(dir, 'missing.txt'), join(dir, 'judgment.docx')]);
    expect(summary(records)).toEqual(['doc judgment', 'problem not-found', 'problem unsupported-file']);
    expect(records[0]).toMatchObject({ text: 'The applicant' });
  });
});
