import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { referenceDetect } from '../../reference/brute-force.js';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir();

const collection = [
  { id: 'judgment-1', text: 'The applicant was held in an F-type prison. The court dismissed the appeal.' },
  { id: 'judgment-2', text: 'The applicant complained about the length of the proceedings. The court dismissed the appeal.' },
  { id: 'judgment-3', text: 'The court found a violation of Article 6. The applicant was awarded damages.' },
];

function setUp(): { dir: string; db: string; jsonl: string; doc: string } {
  const dir = tempDir();
  const jsonl = join(dir, 'collection.jsonl');
  writeFileSync(jsonl, collection.map((d) => JSON.stringify(d)).join('\n'));
  const doc = join(dir, 'released.txt');
  writeFileSync(doc, 'The applicant was held in an F-type prison by [REDACTED]. The court dismissed the appeal.');
  return { dir, db: join(dir, 'court.unl'), jsonl, doc };
}

describe('unlinkable CLI', () => {
  it('answers --help for every command with its own usage, exit code 0', async () => {
    for (const command of ['index', 'add', 'remove', 'compact', 'list', 'stats', 'query', 'check', 'rewrite', 'evaluate']) {
      const help = await runCli([command, '--help']);
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toContain(`usage: unlinkable ${command} `);
      expect(help.stderr, command).toBe('');
    }
    const general = await runCli(['--help']);
    expect(general.code).toBe(0);
    expect(general.stdout).toContain('unlinkable <command> --help');
  });

  it('takes the .jsonl and .jsonl.gz files of a folder too, and prints which file became how many documents', async () => {
    const dir = tempDir();
    const folder = join(dir, 'inputs');
    mkdirSync(join(folder, 'more'), { recursive: true });
    writeFileSync(
      join(folder, 'two.jsonl'),
      collection
        .slice(0, 2)
        .map((d) => JSON.stringify(d))
        .join('\n'),
    );
    writeFileSync(join(folder, 'more', 'one.jsonl.gz'), gzipSync(JSON.stringify(collection[2])));
    writeFileSync(join(folder, 'README.md'), 'Notes on where these judgments came from.');
    const db = join(dir, 'folder.unl');
    const indexed = await runCli(['index', db, folder]);
    expect(indexed.code).toBe(0);
    expect(indexed.stdout).toContain(`${join(folder, 'two.jsonl')}: 2 documents`);
    expect(indexed.stdout).toContain(`${join(folder, 'more', 'one.jsonl.gz')}: 1 document\n`);
    // The stray README.md became a document, and the output says so.
    expect(indexed.stdout).toContain(`${join(folder, 'README.md')}: 1 document\n`);
    expect(indexed.stdout).toMatch(/Added 4 documents/);
    const listed = await runCli(['list', db]);
    expect(listed.stdout).toContain('judgment-3');
  });

  it('indexes, checks with exit code 1 and highlights the linkable phrases, and outputs JSON', async () => {
    const { db, jsonl, doc } = setUp();
    const indexed = await runCli(['index', db, jsonl, '--name', 'demo']);
    expect(indexed.stdout).toMatch(/Added 3 documents/);
    expect(indexed.code).toBe(0);

    const checked = await runCli(['check', db, doc, '--arity', '1']);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toMatch(/linkable phrases? remains? at k=2, arity 1/);
    expect(checked.stdout).toMatch(/single {2}\[\d+, \d+\) df=1/);

    const json = await runCli(['check', db, doc, '--json', '--arity', '3']);
    const result = JSON.parse(json.stdout);
    expect(result.collection.name).toBe('demo');
    expect(result.minimal.map((m: { text: string }) => m.text)).toContain('held');
    expect(result.settings).toMatchObject({ k: 2, arity: 3, maxN: 8 });

    const colored = await runCli(['check', db, doc, '--arity', '1', '--color']);
    expect(colored.stdout).toContain('\x1b[41;97m');
  });

  it('prints the minimal edit plan, and its fixpoint totals as JSON', async () => {
    const { db, jsonl, doc } = setUp();
    await runCli(['index', db, jsonl]);
    const text = await runCli(['check', db, doc, '--arity', '1', '--plan']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/Change [\d,]+ words? \(edit ratio 0\.\d\d\) and nothing links at k=2, arity 1/);
    expect(text.stdout).toMatch(/the fewest possible/);
    const json = JSON.parse((await runCli(['check', db, doc, '--arity', '3', '--plan', '--json'])).stdout);
    expect(json.plan).toMatchObject({ strategy: 'minimal', clean: true });
    expect(json.plan.tokens.length).toBeGreaterThan(0);
    expect(json.plan.rounds).toBeGreaterThanOrEqual(2);
    expect(json.plan.runs[0]).toMatchObject({ start: expect.any(Number), end: expect.any(Number) });
    expect(json.plan).not.toHaveProperty('redacted');
    const paper = JSON.parse((await runCli(['check', db, doc, '--arity', '3', '--plan', '--strategy', 'paper', '--json'])).stdout);
    expect(paper.plan.tokens.length).toBeGreaterThanOrEqual(json.plan.tokens.length);
    expect((await runCli(['check', db, doc, '--strategy', 'paper'])).code).toBe(2);
  });

  it('says nothing is linkable (exit 0) when every phrase is common', async () => {
    const { db, jsonl, dir } = setUp();
    await runCli(['index', db, jsonl]);
    const common = join(dir, 'common.txt');
    writeFileSync(common, 'The court dismissed the appeal.');
    const checked = await runCli(['check', db, common]);
    expect(checked.stdout).toMatch(/No linkable phrases at k=2, arity ≤3/);
    expect(checked.code).toBe(0);
  });

  it('adds, lists, removes and reports statistics', async () => {
    const { db, jsonl, dir } = setUp();
    await runCli(['index', db, jsonl]);
    const extra = join(dir, 'extra.txt');
    writeFileSync(extra, 'A brand new judgment text.');
    expect((await runCli(['add', db, extra])).code).toBe(0);
    const duplicate = await runCli(['add', db, jsonl]);
    expect(duplicate.code).toBe(4);
    expect(duplicate.stderr).toMatch(/already has a document "judgment-1".*--replace/);
    expect((await runCli(['add', db, jsonl, '--replace'])).stdout).toMatch(/replacing 3/);
    const listed = await runCli(['list', db]);
    expect(
      listed.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')[0]),
    ).toEqual(['extra', 'judgment-1', 'judgment-2', 'judgment-3']);
    const removed = await runCli(['remove', db, 'extra', 'ghost']);
    expect(removed.code).toBe(4);
    expect(removed.stderr).toMatch(/ghost/);
    const stats = await runCli(['stats', db, '--json']);
    const parsed = JSON.parse(stats.stdout);
    expect(parsed.collection.documentCount).toBe(3);
    expect(parsed.statistics.byN[0].n).toBe(1);
  });

  it('reports usage errors with exit 2 and unusable inputs with exit 3', async () => {
    const { db, jsonl, doc, dir } = setUp();
    await runCli(['index', db, jsonl]);
    const lowK = await runCli(['check', db, doc, '--k', '1']);
    expect(lowK.code).toBe(2);
    expect(lowK.stderr).toMatch(/--k must be a whole number from 2/);
    expect((await runCli(['frobnicate'])).code).toBe(2);
    const missingIndex = await runCli(['check', join(dir, 'missing.unl'), doc]);
    expect(missingIndex.code).toBe(3);
    expect(missingIndex.stderr).toMatch(/No collection index/);
    const missingDoc = await runCli(['check', db, join(dir, 'missing.txt')]);
    expect(missingDoc.code).toBe(3);
    expect(missingDoc.stderr).toMatch(/does not exist/);
    const corrupt = join(dir, 'corrupt.unl');
    writeFileSync(corrupt, 'not a database at all');
    const badIndex = await runCli(['check', corrupt, doc]);
    expect(badIndex.code).toBe(3);
    expect(badIndex.stderr).toMatch(/not an Unlinkable collection index/);
    const unknownSource = await runCli(['check', db, doc, '--source', 'nobody']);
    expect(unknownSource.code).toBe(2);
    expect(unknownSource.stderr).toMatch(/no document with id "nobody"/);
    // An unset shell variable: a usage error, not "No collection index at .".
    const emptyIndex = await runCli(['check', '', doc]);
    expect(emptyIndex.code).toBe(2);
    expect(emptyIndex.stderr).toMatch(/Argument 1 is empty/);
  });

  it('refuses a folder, a pipe and a file too large to hold as the document, with exit 3 and what to do', async () => {
    const { db, jsonl, dir } = setUp();
    await runCli(['index', db, jsonl]);
    const folder = join(dir, 'judgments.txt');
    mkdirSync(folder);
    const asFolder = await runCli(['check', db, folder]);
    expect([asFolder.code, asFolder.stderr]).toEqual([3, expect.stringMatching(/is a folder, not a document/)]);
    // A pipe would block the read for ever.
    const pipe = join(dir, 'pipe.txt');
    execFileSync('mkfifo', [pipe]);
    const asPipe = await runCli(['check', db, pipe]);
    expect([asPipe.code, asPipe.stderr]).toEqual([3, expect.stringMatching(/is not a regular file/)]);
    // Sparse: refused from its size, before a byte of it is read.
    const huge = join(dir, 'huge.txt');
    writeFileSync(huge, '');
    truncateSync(huge, 300 * 1024 * 1024);
    const asHuge = await runCli(['check', db, huge]);
    expect([asHuge.code, asHuge.stderr]).toEqual([3, expect.stringMatching(/is larger than 200 MB/)]);
  });

  it('warns when another document shares more rare phrases than the source given, which alone counts', async () => {
    const { db, jsonl, doc } = setUp();
    await runCli(['index', db, jsonl]);
    // The released text comes from judgment-1; judgment-3 exists, so the mistyped source is accepted.
    const wrong = await runCli(['check', db, doc, '--arity', '1', '--source', 'judgment-3']);
    expect(wrong.stderr).toMatch(
      /Warning: judgment-1 shares more of the text's rare phrases than judgment-3 \(\d+ against 0\)\. Only links to judgment-3 count/,
    );
    const wrongJson = JSON.parse((await runCli(['check', db, doc, '--json', '--source', 'judgment-3'])).stdout);
    expect(wrongJson.sourceDoubt).toMatchObject({ likely: { id: 'judgment-1' }, givenShares: 0 });
    const wrongPlan = await runCli(['check', db, doc, '--plan', '--source', 'judgment-3']);
    expect(wrongPlan.stderr).toMatch(/Warning: judgment-1 shares more of the text's rare phrases than judgment-3/);

    const right = await runCli(['check', db, doc, '--arity', '1', '--source', 'judgment-1']);
    expect(right.code).toBe(1);
    expect(right.stderr).toBe('');
    const rightJson = JSON.parse((await runCli(['check', db, doc, '--json', '--source', 'judgment-1'])).stdout);
    expect(rightJson.sourceDoubt).toBeNull();
    expect((await runCli(['check', db, doc, '--arity', '1'])).stderr).toBe('');
  });

  it('answers exact document frequencies and posting lists', async () => {
    const { db, jsonl } = setUp();
    await runCli(['index', db, jsonl]);
    const common = JSON.parse((await runCli(['query', db, 'The', 'court', 'dismissed', '--json'])).stdout);
    expect(common).toEqual({ phrase: 'the court dismissed', df: 2, documents: ['judgment-1', 'judgment-2'] });
    const none = JSON.parse((await runCli(['query', db, 'no such phrase', '--json'])).stdout);
    expect(none.df).toBe(0);
    const crossing = await runCli(['query', db, 'prison. The']);
    expect(crossing.code).toBe(3);
    expect(crossing.stderr).toMatch(/cannot cross punctuation/);
  });

  it('reads standard input and JSONL records', async () => {
    const { db, jsonl } = setUp();
    await runCli(['index', db, jsonl]);
    const fromStdin = await runCli(['check', db, '-', '--json'], { stdin: 'The applicant was held in an F-type prison.' });
    expect(JSON.parse(fromStdin.stdout).summary.minimal).toBeGreaterThan(0);
    const fromRecord = await runCli(['check', db, jsonl, '--record', 'judgment-3', '--json']);
    expect(JSON.parse(fromRecord.stdout).summary.tokens).toBe(13);
    const needsRecord = await runCli(['check', db, jsonl]);
    expect(needsRecord.code).toBe(3);
    expect(needsRecord.stderr).toMatch(/--record/);
  });

  it('streams every combination as JSON lines on request', async () => {
    const { db, jsonl, doc } = setUp();
    await runCli(['index', db, jsonl]);
    const streamed = await runCli(['check', db, doc, '--all-combinations']);
    const lines = streamed.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const summary = lines.at(-1);
    expect(summary.kind).toBe('summary');
    const pairs = lines.filter((l) => l.kind === 'pair').length;
    const triples = lines.filter((l) => l.kind === 'triple').length;
    // Known counts from the brute-force reference, not just the same run's own summary.
    const reference = referenceDetect(collection, readFileSync(doc, 'utf8'), { k: 2, maxN: 8, arity: 3 });
    expect(reference.linkablePairs).toBeGreaterThan(0);
    expect(pairs).toBe(reference.linkablePairs);
    expect(triples).toBe(reference.minimalLinkableTriples);
    expect(summary.summary).toMatchObject({ linkablePairs: pairs, minimalLinkableTriples: triples });
  });
});
