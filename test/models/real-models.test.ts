/**
 * The rewriter, the embedder and the perplexity scorer on the real small models of
 * models/real/ (SmolLM2-135M-Instruct, all-MiniLM-L6-v2, Gemma 3 270M), on the CPU.
 * What is asserted is real behaviour, not arithmetic: the model's answers parse, the
 * placeholders survive, no edit lands inside a word or a placeholder, the pass loop ends
 * with nothing linkable at arity 1 and the model itself resolves a quarter of the spans or
 * more; with the minimal plan it changes less than half of a paragraph's words; the
 * embedder ranks a paraphrase above an unrelated text; Gemma finds a sentence likelier
 * than its shuffled words.
 * Without the models (no `npm run models:fetch`), each block skips and says why.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { buildMemoryIndex } from '../../electron/index-store/memory-index.js';
import { LlmClient } from '../../electron/llm/llm-client.js';
import { identityOf } from '../../electron/rewriter/model-identity.js';
import { InventedWords, collectionWordsOf } from '../../electron/rewriter/invented-words.js';
import { MeaningCheck } from '../../electron/rewriter/meaning-check.js';
import { rewriteDocument } from '../../electron/rewriter/rewrite-document.js';
import { placeholderRegex } from '../../electron/rewriter/span-match.js';
import type { TextSpan } from '../../electron/rewriter/types.js';
import { cosine } from '../../shared/vectors.js';
import { detectLinkage } from '../../shared/linkage/detect.js';
import { planEdits } from '../../shared/linkage/plan/edit-plan.js';
import { editSize } from '../../shared/review/edit-ratio.js';
import type { ShardedIndex } from '../../electron/index-store/sharded-index.js';
import { realModel } from '../helpers/real-models.js';
import { brokenEdits } from '../helpers/text-integrity.js';

const rewriter = realModel('rewriting');
const embedder = realModel('embedding');
const scorer = realModel('perplexity');

interface DemoRecord {
  readonly id: string;
  readonly text: string;
}
function demoRecords(file: string): DemoRecord[] {
  const raw = readFileSync(new URL(`../../demo/${file}`, import.meta.url));
  const text = file.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  return text
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as DemoRecord);
}

describe.skipIf(rewriter.path === null)('rewriting with SmolLM2-135M-Instruct (real model, CPU)', () => {
  const settings = { k: 2, arity: 1 as const, maxN: 8 };
  let index: ShardedIndex;
  const client = LlmClient.start();

  beforeAll(async () => {
    // The demo's collection D holds the sources of the demo's de-identified judgments.
    index = buildMemoryIndex(demoRecords('collection.jsonl.gz'));
    await client.loadModel(rewriter.path!, { gpu: false, contextSize: 2048, sequences: 1, threads: 2 });
  });
  afterAll(() => client.dispose());

  /** The words of `rewritten` that neither `text`, the collection nor the dictionary has. */
  const madeUpWords = async (text: string, rewritten: string): Promise<string[]> =>
    (await new InventedWords(text, placeholderRegex(), collectionWordsOf(index)).of([rewritten]))[0]!;
  const spansOf = (text: string): TextSpan[] => detectLinkage(index, text, settings).minimal.map((s) => ({ start: s.start, end: s.end }));

  it('rewrites two short judgment paragraphs until nothing is linkable at arity 1, keeping the placeholders, with a quarter or more resolved by the model', async () => {
    // Two paragraphs of the demo judgments with a handful of rare phrases each (the first
    // two with 3 to 10). One sequence and one example keep it to a minute or two on two cores.
    const texts = demoRecords('deidentified.jsonl')
      .flatMap((record) => record.text.split('\n\n'))
      .filter((paragraph) => spansOf(paragraph).length >= 3 && spansOf(paragraph).length <= 10)
      .slice(0, 2);
    expect(texts).toHaveLength(2);
    let spans = 0;
    let resolved = 0;
    for (const [n, text] of texts.entries()) {
      const first = spansOf(text);
      expect(first.length).toBeGreaterThan(0);
      const result = await rewriteDocument({
        text,
        spans: first,
        check: async (current) => spansOf(current),
        collectionWords: collectionWordsOf(index),
        model: client,
        identity: identityOf(client.model!.info, null),
        options: { seed: 11 + n, detection: settings, maxPasses: 3, maxRetries: 1, fewShot: 1 },
      });
      const { record } = result;
      // Valid JSON: the grammar makes every complete answer parse; none came back unreadable.
      expect(record.totals.requests).toBeGreaterThan(0);
      expect(record.passes.reduce((sum, pass) => sum + (pass.rejections['no-answer'] ?? 0), 0)).toBe(0);
      // Zero linkable N-grams at arity 1, checked again here, not taken from the record.
      expect(spansOf(result.text)).toEqual([]);
      expect(record.outcome).toBe('nothing-linkable');
      // Every placeholder of the input is still there (the model may add its own).
      const placeholders = (value: string): number => value.match(/\[[A-Z][A-Z0-9_]*\]/gu)?.length ?? 0;
      const before = placeholders(text);
      expect(placeholders(result.text)).toBeGreaterThanOrEqual(before);
      // No edit landed at the wrong offsets (a placeholder inside a word, a broken placeholder).
      expect(brokenEdits(text, result.text)).toEqual({ glued: 0, strayBrackets: 0 });
      // Every word is the paragraph's, the collection's or the dictionary's: none made up.
      expect(await madeUpWords(text, result.text)).toEqual([]);
      const attribution = record.attribution!;
      expect(attribution.spans).toBe(first.length);
      expect(attribution.model + attribution.modelPlaceholder + attribution.fallback + attribution.unresolved).toBe(attribution.spans);
      spans += attribution.spans;
      resolved += attribution.model;
      process.stderr.write(
        `SmolLM2 on ${first.length} spans: ${attribution.model} resolved by the model, ${attribution.modelPlaceholder} into its own placeholder, ${attribution.fallback} fallback, ${record.totals.generatedTokens} tokens in ${record.totals.seconds.toFixed(1)} s.\n`,
      );
    }
    expect(resolved / spans).toBeGreaterThanOrEqual(0.25);
  }, 240_000);

  it('rewrites the planned words of a paragraph (unit plan) until nothing is linkable, changing only words around them', async () => {
    const planOf = (text: string): TextSpan[] => planEdits(index, text, settings).runs.map((r) => ({ start: r.start, end: r.end }));
    const text = demoRecords('deidentified.jsonl')
      .flatMap((record) => record.text.split('\n\n'))
      .find((paragraph) => planOf(paragraph).length >= 3 && planOf(paragraph).length <= 8);
    expect(text).toBeDefined();
    const planned = planOf(text!);
    const result = await rewriteDocument({
      text: text!,
      spans: planned,
      check: async (current) => planOf(current),
      collectionWords: collectionWordsOf(index),
      model: client,
      identity: identityOf(client.model!.info, null),
      options: { seed: 5, detection: settings, maxPasses: 3, maxRetries: 1, fewShot: 1, unit: 'plan', attributeSpans: spansOf(text!) },
    });
    expect(spansOf(result.text)).toEqual([]);
    expect(result.record.outcome).toBe('nothing-linkable');
    expect(brokenEdits(text!, result.text)).toEqual({ glued: 0, strayBrackets: 0 });
    expect(await madeUpWords(text!, result.text)).toEqual([]);
    // The model rewrites the phrase around each planned word, never the paragraph: less than half its words change.
    const { distance, ratio } = editSize(text!, result.text);
    expect(ratio!).toBeLessThan(0.5);
    process.stderr.write(`SmolLM2 on ${planned.length} planned runs: ${distance} word edits (edit ratio ${ratio!.toFixed(2)}).\n`);
  }, 240_000);

  it('never writes a word the request avoids, though it writes it when asked to copy it', async () => {
    // Asked to copy a phrase (here it wrote "the prison of the town" 3 times in 3), the model copies it: the avoided
    // word is what keeps it out, not the prompt (then "the detention in the jail of the town").
    const request = (seed: number, avoidWords?: string[]) => ({
      system: 'Copy the phrase exactly. Answer in JSON: {"replacement": "the phrase"}.',
      examples: [{ user: 'Phrase: the old harbour of the town', assistant: JSON.stringify({ replacement: 'the old harbour of the town' }) }],
      user: 'Phrase: detained in the prison of the town',
      schema: { type: 'object', properties: { replacement: { type: 'string', maxLength: 64 } } },
      temperature: 0.8,
      seed,
      maxTokens: 32,
      ...(avoidWords === undefined ? {} : { avoidWords }),
    });
    const answers = async (avoidWords?: string[]) =>
      (await client.generate([1, 2, 3].map((seed) => request(seed, avoidWords)))).results.map(
        (r) => (r.json as { replacement?: string } | undefined)?.replacement ?? '',
      );
    const free = await answers();
    const prison = /\bprison\b/iu;
    expect(free.filter((answer) => prison.test(answer)).length, free.join(' | ')).toBeGreaterThanOrEqual(2);
    // Other words that begin alike stay possible ("prisoner" is a token of its own): only the word is kept out.
    const avoided = await answers(['prison']);
    expect(
      avoided.every((answer) => !prison.test(answer)),
      avoided.join(' | '),
    ).toBe(true);
  }, 120_000);
});

describe.skipIf(embedder.path === null)('embedding with all-MiniLM-L6-v2 (real model, CPU)', () => {
  const client = LlmClient.start();
  beforeAll(() => client.loadModel(embedder.path!, { gpu: false, threads: 2 }).then(() => undefined));
  afterAll(() => client.dispose());

  it('gives a near-duplicate a higher cosine than an unrelated text', async () => {
    const { vectors } = await client.embed([
      'The applicant complained that the length of the criminal proceedings against him had been excessive.',
      'The applicant alleged that the criminal proceedings brought against him had lasted too long.',
      'Heavy rain is expected across the northern coast tomorrow, with strong winds at sea.',
    ]);
    const near = cosine(vectors[0]!, vectors[1]!)!;
    const unrelated = cosine(vectors[0]!, vectors[2]!)!;
    expect(vectors[0]!.length).toBe(384);
    expect(near).toBeGreaterThan(0.7);
    expect(near).toBeGreaterThan(unrelated + 0.3);
  });

  it('refuses, in the meaning check, SmolLM2 answers about something else and keeps those that rephrase their phrase', async () => {
    // Answers SmolLM2 wrote on court test judgments, read by hand (docs/evaluation/meaning-check/).
    const check = new MeaningCheck(async (texts) => (await client.embed(texts)).vectors);
    const kept = [
      { phrase: 'be treated as', answer: 'to be dealt with as' },
      { phrase: 'constituted a violation of Article 3 of Protocol', answer: 'a violation of Article 3 of Protocol' },
      { phrase: 'his residence outside', answer: 'his village outside' },
      { phrase: 'and taken together with Article 14', answer: 'with a reference to Article 14' },
    ];
    const somethingElse = [
      { phrase: 'His wife died in', answer: 'brick house' },
      { phrase: 'since no security benefits', answer: 'all the items mentioned in the above passage' },
      { phrase: 'in parliamentary elections', answer: 'not approved' },
      { phrase: 'Allowance as from', answer: 'adoptions' },
    ];
    expect(await check.changed([...kept, ...somethingElse])).toEqual([...kept.map(() => false), ...somethingElse.map(() => true)]);
  });
});

describe.skipIf(scorer.path === null)('perplexity with Gemma 3 270M (real model, CPU)', () => {
  const client = LlmClient.start();
  beforeAll(() => client.loadModel(scorer.path!, { gpu: false, contextSize: 256, threads: 2 }).then(() => undefined));
  afterAll(() => client.dispose());

  it('scores a real sentence as likelier than its shuffled words', async () => {
    const sentence = 'The court held that there had been a violation of Article 6 of the Convention on account of the length of the proceedings.';
    const words = sentence.slice(0, -1).split(' ');
    // A fixed derangement, so the run is the same everywhere.
    const shuffled = `${words.map((_, i) => words[(i * 7 + 3) % words.length]!).join(' ')}.`;
    expect(new Set(shuffled.slice(0, -1).split(' '))).toEqual(new Set(words));
    const real = await client.perplexity(sentence);
    const mixed = await client.perplexity(shuffled);
    expect(real.perplexity).not.toBeNull();
    expect(real.perplexity!).toBeLessThan(mixed.perplexity! / 2);
  });
});
