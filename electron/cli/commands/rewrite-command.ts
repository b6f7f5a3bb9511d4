/**
 * `unlinkable rewrite <db> <file|-> --model PATH [--k 2] [--arity 1|2|3] [--max-n 8]
 *   [--passes 4] [--baseline] [--temperature 1.2] [--seed N] [--json] [--record ID]
 *   [--meaning-model all-MiniLM-L6-v2.gguf] …`
 *
 * Rewrites a document with the local language model until no phrase links it to the
 * collection (or the pass limit is reached), and prints the rewritten text (or JSON with
 * the text, the proposals and the record) and the remaining verdict. Nothing is written.
 * With --meaning-model, answers that mean something else than their phrase are refused
 * (rewriter/meaning-check.ts).
 */
import { MAX_BOUNDED_N, MAX_K, type Arity } from '../../../shared/linkage/settings.js';
import { planEdits } from '../../../shared/linkage/plan/edit-plan.js';
import { remainingPhrases, verdict } from '../../../shared/linkage/verdict.js';
import { readDocumentToCheck } from '../../import/read-document.js';
import { LlmClient } from '../../llm/llm-client.js';
import { collectionWordsOf } from '../../rewriter/invented-words.js';
import { MeaningModel, inspectMeaningModel } from '../../rewriter/meaning-model.js';
import { cachedSha256, identityOf } from '../../rewriter/model-identity.js';
import { describeBackend, loadForRewriting } from '../../rewriter/model-manager.js';
import { rewriteBaseline, rewriteDocument } from '../../rewriter/rewrite-document.js';
import type { RewriteOptions, RewriteUnit } from '../../rewriter/types.js';
import { openCollection } from '../../services/collections.js';
import { sourceDoubtMessage } from '../../../shared/linkage/suggest-source.js';
import { checkText, doubtAboutSource } from '../../services/detection.js';
import { intFlag, parse, stringFlag, UsageError } from '../args.js';
import { EXIT } from '../exit-codes.js';
import { ProgressLine } from '../progress.js';
import type { CommandContext } from './context.js';
import { usageOf } from '../usage.js';
import { REWRITE_BOUNDS } from '../../../shared/ipc/schemas.js';

const USAGE = usageOf('rewrite');

function temperatureFlag(raw: string | boolean | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (typeof raw !== 'string' || !/^\d+(\.\d+)?$/.test(raw) || value > REWRITE_BOUNDS.temperature.max)
    throw new UsageError(`--temperature must be a number from 0 to ${REWRITE_BOUNDS.temperature.max} (got "${String(raw)}").`);
  return value;
}

function optionalInt(values: Record<string, string | boolean | undefined>, name: string, min: number, max: number): number | undefined {
  return values[name] === undefined ? undefined : intFlag(values, name, 0, min, max);
}

export async function rewriteCommand(argv: string[], context: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, {
    model: { type: 'string' },
    k: { type: 'string' },
    arity: { type: 'string' },
    'max-n': { type: 'string' },
    source: { type: 'string' },
    record: { type: 'string' },
    'placeholder-pattern': { type: 'string' },
    passes: { type: 'string' },
    baseline: { type: 'boolean' },
    plan: { type: 'boolean' },
    unit: { type: 'string' },
    temperature: { type: 'string' },
    seed: { type: 'string' },
    retries: { type: 'string' },
    'few-shot': { type: 'string' },
    'max-tokens': { type: 'string' },
    cpu: { type: 'boolean' },
    threads: { type: 'string' },
    json: { type: 'boolean' },
    'meaning-model': { type: 'string' },
  });
  const [db, file] = positionals;
  const modelPath = stringFlag(values, 'model');
  if (db === undefined || file === undefined || positionals.length > 2 || modelPath === undefined) throw new UsageError(USAGE);
  const k = intFlag(values, 'k', 2, 2, MAX_K);
  const arity = intFlag(values, 'arity', 3, 1, 3) as Arity;
  const maxN = intFlag(values, 'max-n', 8, 0, MAX_BOUNDED_N);
  const baseline = values.baseline === true;
  const usePlan = values.plan === true;
  if (usePlan && baseline) throw new UsageError('--plan and --baseline exclude each other: the baseline rewrites without any spans.');
  const unitFlag = stringFlag(values, 'unit');
  if (unitFlag !== undefined && (usePlan || (unitFlag !== 'phrase' && unitFlag !== 'chunk')))
    throw new UsageError(
      usePlan ? '--unit does not go with --plan: the plan decides what is rewritten.' : `--unit must be "phrase" or "chunk" (got "${unitFlag}").`,
    );
  const unit = usePlan ? 'plan' : (unitFlag as RewriteUnit | undefined);
  const options: RewriteOptions = {
    maxPasses: optionalInt(values, 'passes', REWRITE_BOUNDS.maxPasses.min, REWRITE_BOUNDS.maxPasses.max),
    temperature: temperatureFlag(values.temperature),
    seed: optionalInt(values, 'seed', 0, 2 ** 31 - 1),
    maxRetries: optionalInt(values, 'retries', 0, 10),
    fewShot: optionalInt(values, 'few-shot', REWRITE_BOUNDS.fewShot.min, REWRITE_BOUNDS.fewShot.max),
    unit,
    maxTokens: optionalInt(values, 'max-tokens', 1, 1_000_000),
    placeholderPattern: stringFlag(values, 'placeholder-pattern'),
    detection: { k, arity, maxN },
  };
  const threads = optionalInt(values, 'threads', 1, 256);

  const meaningPath = stringFlag(values, 'meaning-model');
  if (meaningPath !== undefined && baseline)
    throw new UsageError('--meaning-model does not go with --baseline: the baseline rewrites whole passages, which are not checked phrase by phrase.');

  const collection = openCollection(db);
  const client = LlmClient.start();
  const meaning = meaningPath === undefined ? undefined : new MeaningModel(LlmClient.start(), meaningPath, { threads: 1 });
  const progress = new ProgressLine(values.json === true && process.stderr.isTTY !== true);
  try {
    const document = await readDocumentToCheck(file, stringFlag(values, 'record'));
    const settings = { k, arity, maxN, sourceId: stringFlag(values, 'source'), placeholderPattern: stringFlag(values, 'placeholder-pattern') };
    const detect = (text: string) => checkText(collection, text, settings, { signal: context.signal });
    const doubt = doubtAboutSource(collection, document.text, settings, { signal: context.signal });
    if (doubt !== undefined) process.stderr.write(`Warning: ${sourceDoubtMessage(settings.sourceId!, doubt)}\n`);
    // With --plan the model rewrites the words of the minimal edit plan, planned again after every pass.
    const linkableSpans = (text: string) => {
      const result = detect(text);
      return [...result.minimal, ...result.combinations].map((s) => ({ start: s.start, end: s.end }));
    };
    const check = async (text: string) => {
      if (usePlan)
        return planEdits(collection.phraseIndex(), text, {
          ...settings,
          placeholderPattern: settings.placeholderPattern ?? collection.placeholderPattern(),
        }).runs.map((r) => ({ start: r.start, end: r.end }));
      return linkableSpans(text);
    };

    // A wrong file is refused before the rewriting model loads (minutes on a large one).
    if (meaningPath !== undefined) await inspectMeaningModel(meaningPath);
    progress.update('loading model', 0, 1);
    const loaded = await loadForRewriting(client, modelPath, { gpu: values.cpu === true ? false : 'auto', ...(threads === undefined ? {} : { threads }) });
    const identity = identityOf(loaded.info, await cachedSha256(modelPath, { signal: context.signal }));
    const backend = describeBackend(loaded);
    if (values.json !== true) process.stderr.write(`Model ${identity.name} (${identity.architecture}, ${identity.quantization}) on ${backend}\n`);

    const run = {
      ...options,
      // The plan's words are not linkable themselves: who resolved what is told of the linkable spans, as in the evaluation.
      ...(usePlan ? { attributeSpans: linkableSpans(document.text) } : {}),
      signal: context.signal,
      onProgress: (p: { pass: number; maxPasses: number; unit: string; done: number; total: number; attempt: number }) =>
        progress.update(`pass ${p.pass}/${p.maxPasses}, ${p.unit}s${p.attempt > 1 ? `, try ${p.attempt}` : ''}`, p.done, p.total),
    };
    const result = baseline
      ? await rewriteBaseline({ text: document.text, model: client, identity, check, options: run })
      : await rewriteDocument({
          text: document.text,
          check,
          collectionWords: collectionWordsOf(collection.phraseIndex()),
          meaning: meaning?.input(context.signal),
          model: client,
          identity,
          options: run,
        });
    progress.done();
    const final = detect(result.text);
    if (values.json === true) {
      const info = collection.readInfo();
      const remaining = { minimal: final.minimal.length, combinationSpans: final.combinations.length };
      process.stdout.write(
        `${JSON.stringify({ collection: { name: info.name, contentSha256: info.contentSha256, documents: info.documentCount }, document: { id: document.id }, model: identity, backend, text: result.text, proposals: result.proposals, record: result.record, remaining, verdict: verdict(final) })}\n`,
      );
    } else {
      const t = result.record.totals;
      process.stdout.write(`${result.text}\n\n`);
      process.stdout.write(
        `${baseline ? 'Baseline rewrite' : 'Rewrite'}: ${t.passes} pass${t.passes === 1 ? '' : 'es'}, ${result.proposals.length} changed chunk${result.proposals.length === 1 ? '' : 's'}` +
          ` (${t.fallbacks} placeholder fallback${t.fallbacks === 1 ? '' : 's'}) · prompt ${t.promptTokens} tokens · generated ${t.generatedTokens} tokens in ${t.decodeCalls} decode calls · ${t.wallSeconds.toFixed(1)} s\n`,
      );
      const a = result.record.attribution;
      if (a.spans > 0) {
        const share = (n: number) => `${((100 * n) / a.spans).toFixed(0)} %`;
        process.stdout.write(
          `Of the ${a.spans} ${usePlan ? 'linkable spans of the document' : 'first-pass spans'}: ${share(a.model)} resolved by the model, ${share(a.modelPlaceholder)} by a placeholder it wrote, ${share(a.fallback)} by fallback placeholders, ${share(a.unresolved)} unresolved.\n`,
        );
      }
      const meaningCheck = result.record.settings.meaningCheck;
      if (meaningCheck != null) {
        const refused = t.rejections['meaning-changed'] ?? 0;
        process.stdout.write(
          `Meaning check (${meaningCheck.model}, similarity below ${meaningCheck.minSimilarity}): ${refused} answer${refused === 1 ? '' : 's'} refused as meaning something else.\n`,
        );
      }
      process.stdout.write(`${verdict(final)}\n`);
    }
    return remainingPhrases(final) > 0 ? EXIT.linkable : EXIT.ok;
  } finally {
    progress.done();
    await client.dispose();
    await meaning?.dispose();
    collection.close();
  }
}
