/**
 * A kill -9 in the middle of an import or update leaves the index as it was before:
 * usable, consistent, and ready for the same import again.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CollectionIndex } from '../../../electron/index-store/collection-index.js';
import { detectLinkage } from '../../../shared/linkage/detect.js';
import { runCli, startCli } from '../../helpers/run-cli.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir();

function writeCorpus(path: string, count: number, prefix: string): void {
  const words = ['court', 'applicant', 'held', 'judgment', 'appeal', 'evidence', 'state', 'decision'];
  const lines: string[] = [];
  let seed = count;
  for (let d = 0; d < count; d++) {
    const parts: string[] = [];
    for (let w = 0; w < 800; w++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      parts.push(`${words[seed % words.length]!}${seed % 50}`);
    }
    lines.push(JSON.stringify({ id: `${prefix}-${d}`, text: parts.join(' ') }));
  }
  writeFileSync(path, lines.join('\n'));
}

/** Starts the CLI and kills it with SIGKILL as soon as stderr shows `phase`. */
async function killDuring(args: string[], phase: string): Promise<void> {
  const { child, done } = startCli(args);
  child.stderr!.on('data', (d: Buffer) => {
    if (d.toString().includes(phase)) child.kill('SIGKILL');
  });
  const result = await done;
  expect(result.signal, `the CLI should have been killed during ${phase}; stderr: ${result.stderr}`).toBe('SIGKILL');
}

describe('durability', () => {
  it.each(['sorting', 'writing'])('keeps the old state when "add" is killed while %s', async (phase) => {
    const dir = tempDir();
    const db = join(dir, 'c.unl');
    writeCorpus(join(dir, 'base.jsonl'), 50, 'base');
    writeCorpus(join(dir, 'more.jsonl'), 3000, 'more');
    expect((await runCli(['index', db, join(dir, 'base.jsonl')])).code).toBe(0);
    const before = CollectionIndex.open(db);
    const info = before.readInfo();
    before.close();

    await killDuring(['add', db, join(dir, 'more.jsonl')], phase);

    // Reopening for writing rolls the interrupted transaction back.
    const after = CollectionIndex.open(db, { readonly: false });
    expect(after.readInfo()).toMatchObject({ documentCount: info.documentCount, contentSha256: info.contentSha256, generation: info.generation });
    expect(detectLinkage(after.phraseIndex(), 'court1 applicant2', { k: 2, arity: 1 }).summary.tokens).toBe(2);
    after.close();
    const again = await runCli(['add', db, join(dir, 'more.jsonl')]);
    expect(again.code).toBe(0);
    const final = CollectionIndex.open(db);
    expect(final.readInfo().documentCount).toBe(3050);
    final.close();
  });

  it('leaves no index behind when "index" is killed, and the same command then succeeds', async () => {
    const dir = tempDir();
    const db = join(dir, 'new.unl');
    writeCorpus(join(dir, 'all.jsonl'), 3000, 'doc');
    await killDuring(['index', db, join(dir, 'all.jsonl')], 'sorting');
    expect(existsSync(db)).toBe(false);
    const again = await runCli(['index', db, join(dir, 'all.jsonl')]);
    expect(again.code).toBe(0);
    // The killed build's partial file was cleaned up by the next build.
    expect(readdirSync(dir).filter((f) => f.startsWith('new.unl'))).toEqual(['new.unl']);
  });
});
