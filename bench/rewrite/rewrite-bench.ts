// The rewriting benchmark: per de-identified document and arity, the detect → rewrite →
// detect loop with the local model, timed end to end, with the runtime's token counts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readInputs } from '../../electron/import/read-inputs.js';
import type { CollectionIndex } from '../../electron/index-store/collection-index.js';
import { LlmClient } from '../../electron/llm/llm-client.js';
import { cachedSha256, identityOf } from '../../electron/rewriter/model-identity.js';
import { describeBackend, loadForRewriting } from '../../electron/rewriter/model-manager.js';
import { collectionWordsOf } from '../../electron/rewriter/invented-words.js';
import { rewriteDocument } from '../../electron/rewriter/rewrite-document.js';
import { createFromInputs, openCollection } from '../../electron/services/collections.js';
import { checkText } from '../../electron/services/detection.js';
import type { RewriteBenchOptions } from './bench-options.js';
import { renderBenchReport, type BenchDocumentRow, type RewriteBenchReport } from './bench-report.js';

/** Models below this many parameters are test fixtures: their figures mean nothing. */
const TINY_PARAMETERS = 50_000_000;

async function readDocuments(path: string, limit: number, maxChars: number): Promise<{ id: string; text: string }[]> {
  const documents: { id: string; text: string }[] = [];
  for await (const record of readInputs([path])) {
    if (record.kind !== 'document') continue;
    let text = record.text;
    if (maxChars > 0 && text.length > maxChars) text = text.slice(0, Math.max(text.lastIndexOf('\n', maxChars), 1)).trimEnd();
    documents.push({ id: record.id, text });
    if (limit > 0 && documents.length >= limit) break;
  }
  return documents;
}

async function openOrBuild(path: string, work: string, log: (line: string) => void): Promise<CollectionIndex> {
  if (/\.(unl|db|sqlite)$/iu.test(path)) return openCollection(path);
  const started = performance.now();
  const index = join(work, 'collection.unl');
  const report = await createFromInputs(index, [path], { name: 'rewrite-bench' });
  log(`Indexed ${report.added} documents in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return openCollection(index);
}

/** Runs the benchmark, printing progress lines through `log`, and returns (and renders) the report. */
export async function runRewriteBench(
  options: RewriteBenchOptions,
  log: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): Promise<RewriteBenchReport> {
  if (options.model === undefined) throw new Error('Name the model: --model PATH/TO/Qwen3-4B-Q4_K_M.gguf');
  const work = mkdtempSync(join(tmpdir(), 'unlinkable-rewrite-bench-'));
  const client = LlmClient.start();
  try {
    const collection = await openOrBuild(options.collection, work, log);
    const documents = await readDocuments(options.documents, options.limit, options.maxChars);
    const loadStarted = performance.now();
    const loaded = await loadForRewriting(client, options.model, {
      gpu: options.cpu ? false : 'auto',
      ...(options.threads === undefined ? {} : { threads: options.threads }),
      ...(options.sequences === undefined ? {} : { sequences: options.sequences }),
    });
    const identity = identityOf(loaded.info, await cachedSha256(options.model));
    log(
      `Model ${identity.name} (${identity.quantization}) on ${describeBackend(loaded)}, loaded and hashed in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
    );

    const rows: BenchDocumentRow[] = [];
    for (const arity of options.arities) {
      for (const document of documents) {
        const settings = { k: options.k, arity, maxN: options.maxN };
        const check = async (text: string) => {
          const result = checkText(collection, text, settings);
          return [...result.minimal, ...result.combinations].map((s) => ({ start: s.start, end: s.end }));
        };
        const started = performance.now();
        const spans = await check(document.text);
        const result = await rewriteDocument({
          text: document.text,
          spans,
          check,
          // As the app does: answers with made-up words are refused (their retries are part of the cost).
          collectionWords: collectionWordsOf(collection.phraseIndex()),
          model: client,
          identity,
          options: {
            seed: options.seed,
            maxPasses: options.passes,
            maxRetries: options.retries,
            fewShot: options.fewShot,
            maxTokens: options.maxTokens,
            maxChunkChars: options.maxChunkChars,
            detection: settings,
          },
        });
        const t = result.record.totals;
        const row: BenchDocumentRow = {
          id: document.id,
          arity,
          characters: document.text.length,
          spans: spans.length,
          remaining: result.remaining?.length ?? 0,
          passes: t.passes,
          requests: t.requests,
          fallbacks: t.fallbacks,
          promptTokens: t.promptTokens,
          reusedPromptTokens: t.reusedPromptTokens,
          generatedTokens: t.generatedTokens,
          decodeCalls: t.decodeCalls,
          tokensPerDecode: t.tokensPerDecode,
          generationSeconds: t.seconds,
          seconds: (performance.now() - started) / 1000,
          rejections: { ...t.rejections },
        };
        rows.push(row);
        log(
          `  ${document.id} arity ${arity === 1 ? '1' : `≤${arity}`}: ${row.spans} → ${row.remaining} spans, ${row.passes} passes, ${row.seconds.toFixed(1)} s`,
        );
      }
    }
    collection.close();
    const report: RewriteBenchReport = {
      date: new Date().toISOString(),
      model: identity,
      backend: describeBackend(loaded),
      parameterCount: loaded.info.parameterCount,
      tiny: loaded.info.parameterCount < TINY_PARAMETERS,
      comparable: loaded.info.architecture === 'qwen3' && loaded.info.parameterCount >= 3e9,
      settings: {
        k: options.k,
        maxN: options.maxN,
        passes: options.passes,
        retries: options.retries,
        seed: options.seed,
        temperature: 1.2,
        maxChars: options.maxChars,
      },
      rows,
    };
    if (options.json !== undefined) writeFileSync(options.json, `${JSON.stringify(report, null, 1)}\n`);
    process.stdout.write(renderBenchReport(report));
    return report;
  } finally {
    await client.dispose();
    rmSync(work, { recursive: true, force: true });
  }
}
