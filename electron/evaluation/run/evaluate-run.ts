/**
 * An evaluation run: every selected method on every released document, measured and
 * appended to the output folder as it goes (so a rerun resumes), then the totals.
 */
import { join } from 'node:path';
import { throwIfAborted } from '../../../shared/errors.js';
import { openCollection } from '../../index-store/collection-files.js';
import type { RewriterBinding } from '../methods/llm-methods.js';
import type { MethodId } from '../methods/method-types.js';
import { ResultsStore, settingsKey } from '../report/results-store.js';
import { sha256Text as sha256 } from '../../runtime/text-hash.js';
import { RESULTS_FORMAT } from '../report/row-types.js';
import { curveTotals, methodTotals } from '../report/totals.js';
import { embedCollection } from '../search/collection-embeddings.js';
import { redactionCurve } from '../search/redaction-curve.js';
import { bm25Ranker, embeddingRanker, type Ranker } from '../search/rankers.js';
import { TermStatistics } from '../../search/term-statistics.js';
import { analyseReleased, documentSeed, evaluateMethod, type RunContext } from './document-evaluation.js';
import { selectMethods } from './method-selection.js';
import { startModels, type ModelPaths, type ModelServices } from './model-services.js';
import { readReleasedDocuments, type DocumentSlice } from './read-documents.js';
import { fixtureRoles, writeReport, type TotalsFile } from './write-report.js';

/** Everything a run needs to know. */
export interface EvaluationOptions {
  readonly collectionPath: string;
  readonly documentsPath: string;
  readonly outDir: string;
  readonly methods: 'all' | readonly MethodId[];
  readonly ks: readonly number[];
  readonly maxN: number;
  readonly seed: number;
  readonly slice: DocumentSlice;
  readonly models: ModelPaths;
  /** Run Figure 3's redaction experiment (default true). */
  readonly figure: boolean;
  readonly figureSteps: number;
  /** Redact d′ (the released text) or d (its source) in the figure experiment. */
  readonly figureStart: 'released' | 'original';
  /** Embed the collection for the semantic attack when an embedding model is given. */
  readonly semanticLinkage: boolean;
  readonly title: string;
  readonly rewriter?: RewriterBinding | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((phase: string, done: number, total: number) => void) | undefined;
}

/** Runs the evaluation and writes its report; returns the totals and the files written. */
export async function runEvaluation(options: EvaluationOptions): Promise<{ totals: TotalsFile; files: string[] }> {
  const { signal, onProgress } = options;
  const collection = openCollection(options.collectionPath);
  let models: ModelServices | undefined;
  try {
    const active = await startModels({ ...options.models, signal, llmLoadOptions: options.rewriter?.loadOptions });
    models = active;
    const info = collection.readInfo();
    onProgress?.('loading', 0, 1);
    const index = collection.phraseIndex();
    const statistics = TermStatistics.fromIndex(index);
    const documents = await readReleasedDocuments(options.documentsPath, index, options.slice, signal);
    const selection = selectMethods(options.methods, models, options.rewriter);
    const store = new ResultsStore(options.outDir);
    const identities = { embedding: models.embedding?.identity, perplexity: models.perplexity?.identity, llm: models.llm?.identity };

    const embed = models.embed;
    const embedHead = models.embedHead;
    let collectionEmbeddings;
    if (embedHead !== undefined && options.semanticLinkage) {
      const cachePath = join(
        options.outDir,
        `collection-embeddings-${settingsKey({ collection: info.contentSha256, model: identities.embedding, truncated: 'first-window' })}.jsonl`,
      );
      collectionEmbeddings = await embedCollection(statistics.documentIds, (id) => collection.documentText(id), embedHead, {
        cachePath,
        signal,
        onProgress: (done, total) => onProgress?.('embedding collection', done, total),
      });
    }
    const placeholderPattern = info.placeholderPattern;
    const run: RunContext = {
      collection,
      index,
      ks: options.ks,
      maxN: options.maxN,
      placeholderPattern,
      seed: options.seed,
      bm25: bm25Ranker(index, statistics, placeholderPattern),
      collectionEmbeddings,
      models,
      signal,
    };
    const runKey = {
      format: RESULTS_FORMAT,
      collection: info.contentSha256,
      ks: options.ks,
      maxN: options.maxN,
      placeholderPattern,
      seed: options.seed,
      embedding: identities.embedding ?? null,
      perplexity: identities.perplexity ?? null,
      semantic: collectionEmbeddings !== undefined,
    };
    const methodKeys = new Map(selection.run.map((m) => [m.id, settingsKey({ run: runKey, method: m.id, settings: m.settings })]));
    const rankers: { name: 'bm25' | 'embedding'; ranker: Ranker; key: string }[] = [];
    if (options.figure) {
      const curveKey = {
        format: RESULTS_FORMAT,
        collection: info.contentSha256,
        seed: options.seed,
        steps: options.figureSteps,
        start: options.figureStart,
        placeholderPattern,
      };
      rankers.push({ name: 'bm25', ranker: run.bm25, key: settingsKey({ ...curveKey, ranker: 'bm25' }) });
      if (collectionEmbeddings !== undefined && embedHead !== undefined) {
        rankers.push({
          name: 'embedding',
          ranker: embeddingRanker(collectionEmbeddings, embedHead),
          key: settingsKey({ ...curveKey, ranker: 'embedding', model: identities.embedding, truncated: 'first-window' }),
        });
      }
    }

    for (const [i, document] of documents.entries()) {
      throwIfAborted(signal);
      onProgress?.('documents', i, documents.length);
      const textSha256 = sha256(document.text);
      const pending = selection.run.filter((m) => store.method(methodKeys.get(m.id)!, document.id, textSha256) === undefined);
      if (pending.length > 0) {
        const released = await analyseReleased(run, document);
        for (const method of pending) {
          throwIfAborted(signal);
          store.addMethod(await evaluateMethod(run, released, method, methodKeys.get(method.id)!));
        }
      }
      for (const { name, ranker, key } of rankers) {
        if (store.curve(key, document.id, textSha256) !== undefined) continue;
        const start = options.figureStart === 'released' ? document.text : (collection.documentText(document.sourceId) ?? document.text);
        const steps = await redactionCurve(start, (texts) => ranker.rankAll(texts, document.sourceId), {
          seed: documentSeed(options.seed, document.id),
          steps: options.figureSteps,
          placeholderPattern,
        });
        store.addCurve({ kind: 'curve', key, ranker: name, documentId: document.id, textSha256, steps });
      }
    }
    onProgress?.('documents', documents.length, documents.length);

    const rowsOf = <T>(find: (documentId: string, sha: string) => T | undefined): T[] =>
      documents.map((d) => find(d.id, sha256(d.text))).filter((row): row is T => row !== undefined);
    const totals: TotalsFile = {
      title: options.title,
      collection: { name: info.name, documents: info.documentCount, contentSha256: info.contentSha256 },
      documents: documents.length,
      settings: { ks: options.ks, maxN: options.maxN, seed: options.seed, figureStart: options.figureStart },
      models: identities,
      fixtureModels: fixtureRoles(identities),
      methods: selection.run.map((m) =>
        methodTotals(
          m,
          rowsOf((id, sha) => store.method(methodKeys.get(m.id)!, id, sha)),
          options.ks,
          { similarity: embed !== undefined, perplexity: active.score !== undefined },
        ),
      ),
      skipped: selection.skipped.map(({ label, reason }) => ({ label, reason })),
      curves: rankers.map(({ name, key }) =>
        curveTotals(
          name,
          rowsOf((id, sha) => store.curve(key, id, sha)),
        ),
      ),
    };
    return { totals, files: writeReport(options.outDir, totals) };
  } finally {
    collection.close();
    await models?.dispose();
  }
}
