/**
 * `unlinkable evaluate <db> <released.jsonl[.gz]> [options]`: the paper's Tables 1–2 and
 * Figure 3 on a collection and its de-identified documents. Per-document results are
 * appended to the output folder, so an interrupted run resumes when started again.
 */
import { MAX_BOUNDED_N, MAX_K } from '../../../shared/linkage/settings.js';
import type { RewriterBinding } from '../../evaluation/methods/llm-methods.js';
import { METHOD_IDS, type MethodId } from '../../evaluation/methods/method-types.js';
import { llmRewriter } from '../../evaluation/methods/llm-rewriter.js';
import { runEvaluation } from '../../evaluation/run/evaluate-run.js';
import { intFlag, parse, stringFlag, UsageError } from '../args.js';
import { EXIT } from '../exit-codes.js';
import { ProgressLine } from '../progress.js';
import type { Command, CommandContext } from './context.js';
import { usageOf } from '../usage.js';

const USAGE = usageOf('evaluate');

function methodsFlag(raw: string | undefined): 'all' | MethodId[] {
  if (raw === undefined || raw === 'all') return 'all';
  const names = raw.split(',').map((name) => name.trim());
  for (const name of names) {
    if (!(METHOD_IDS as readonly string[]).includes(name))
      throw new UsageError(`--method: unknown method "${name}". Choose all, or from ${METHOD_IDS.join(', ')}.`);
  }
  return names as MethodId[];
}

function ksFlag(raw: string | undefined): number[] {
  const values = (raw ?? '2,5').split(',').map((v) => v.trim());
  const ks = values.map((v) => Number(v));
  if (values.some((v) => !/^\d+$/.test(v)) || ks.some((k) => k < 2 || k > MAX_K))
    throw new UsageError(`--k must be whole numbers from 2 to ${MAX_K}, separated by commas (got "${raw}").`);
  return [...new Set(ks)];
}

/** The command with an explicit rewriter binding (tests pass a stand-in); by default the real one, built from the flags. */
export function evaluateCommandWith(dependencies: { rewriter?: RewriterBinding | undefined } = {}): Command {
  return async (argv, context) => {
    const { values, positionals } = parse(argv, {
      method: { type: 'string' },
      k: { type: 'string' },
      'max-n': { type: 'string' },
      seed: { type: 'string' },
      split: { type: 'string' },
      offset: { type: 'string' },
      limit: { type: 'string' },
      out: { type: 'string' },
      title: { type: 'string' },
      'embedding-model': { type: 'string' },
      'perplexity-model': { type: 'string' },
      'llm-model': { type: 'string' },
      unit: { type: 'string' },
      'llm-threads': { type: 'string' },
      'llm-sequences': { type: 'string' },
      'model-threads': { type: 'string' },
      'no-figure': { type: 'boolean' },
      'figure-steps': { type: 'string' },
      'figure-start': { type: 'string' },
      'no-semantic-linkage': { type: 'boolean' },
      'no-meaning-check': { type: 'boolean' },
      'allow-test-model': { type: 'boolean' },
      json: { type: 'boolean' },
      quiet: { type: 'boolean' },
    });
    const [db, documents] = positionals;
    if (db === undefined || documents === undefined || positionals.length > 2) throw new UsageError(USAGE);
    const figureStart = stringFlag(values, 'figure-start') ?? 'released';
    if (figureStart !== 'released' && figureStart !== 'original') throw new UsageError('--figure-start must be "released" or "original".');
    const limit = values.limit === undefined ? undefined : intFlag(values, 'limit', 0, 1, 1_000_000_000);
    const unit = stringFlag(values, 'unit');
    if (unit !== undefined && unit !== 'phrase' && unit !== 'chunk') throw new UsageError(`--unit must be "phrase" or "chunk" (got "${unit}").`);
    const rewriter =
      dependencies.rewriter ??
      llmRewriter({
        unit,
        threads: values['llm-threads'] === undefined ? undefined : intFlag(values, 'llm-threads', 1, 1, 256),
        sequences: values['llm-sequences'] === undefined ? undefined : intFlag(values, 'llm-sequences', 1, 1, 64),
        meaningCheck: values['no-meaning-check'] !== true,
      });
    const progress = progressReporter(values.quiet === true);
    const { totals, files } = await runEvaluation({
      collectionPath: db,
      documentsPath: documents,
      outDir: stringFlag(values, 'out') ?? 'evaluation',
      methods: methodsFlag(stringFlag(values, 'method')),
      ks: ksFlag(stringFlag(values, 'k')),
      maxN: intFlag(values, 'max-n', 8, 0, MAX_BOUNDED_N),
      seed: intFlag(values, 'seed', 0, 0, 2 ** 31 - 1),
      slice: { split: stringFlag(values, 'split'), offset: intFlag(values, 'offset', 0, 0, 1_000_000_000), limit },
      models: {
        embedding: stringFlag(values, 'embedding-model'),
        perplexity: stringFlag(values, 'perplexity-model'),
        llm: stringFlag(values, 'llm-model'),
        allowTestModel: values['allow-test-model'] === true,
        threads: values['model-threads'] === undefined ? undefined : intFlag(values, 'model-threads', 1, 1, 256),
      },
      figure: values['no-figure'] !== true,
      figureSteps: intFlag(values, 'figure-steps', 20, 1, 1000),
      figureStart,
      semanticLinkage: values['no-semantic-linkage'] !== true,
      title: stringFlag(values, 'title') ?? 'Evaluation',
      rewriter,
      signal: context.signal,
      onProgress: (phase, done, total) => progress.update(phase, done, total),
    });
    progress.done();
    if (values.json === true) process.stdout.write(`${JSON.stringify(totals)}\n`);
    else process.stdout.write(`${files.map((file) => `Wrote ${file}`).join('\n')}\n`);
    for (const skipped of totals.skipped) process.stderr.write(`Not run: ${skipped.label}: ${skipped.reason}.\n`);
    return EXIT.ok;
  };
}

/** `unlinkable evaluate`, with the real rewriter. */
export function evaluateCommand(argv: string[], context: CommandContext): Promise<number> {
  return evaluateCommandWith()(argv, context);
}

/** Progress on stderr: the redrawn bar on a terminal; elsewhere (logs) a line every few seconds. */
function progressReporter(quiet: boolean): { update: (phase: string, done: number, total: number) => void; done: () => void } {
  if (quiet || process.stderr.isTTY === true) return new ProgressLine(quiet);
  let last = { phase: '', at: 0 };
  return {
    update: (phase, done, total) => {
      const now = Date.now();
      if (phase === last.phase && now - last.at < 5000 && done !== total) return;
      last = { phase, at: now };
      process.stderr.write(`${phase} ${done}/${total}\n`);
    },
    done: () => undefined,
  };
}
