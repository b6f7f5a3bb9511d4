// Command-line options of the rewriting benchmark, shared by its CPU and GPU entry points.
import { parseArgs } from 'node:util';

export interface RewriteBenchOptions {
  /** GGUF file; the CPU entry generates the tiny test model when none is given. */
  model: string | undefined;
  /** The collection D: a .jsonl(.gz) to index first, or a built index (.unl, .db). */
  collection: string;
  /** The de-identified documents (.jsonl or .jsonl.gz). */
  documents: string;
  limit: number;
  /** Cut each document after this many characters (at a line break); 0 = whole documents. */
  maxChars: number;
  arities: (1 | 2 | 3)[];
  k: number;
  maxN: number;
  passes: number;
  retries: number;
  fewShot: number | undefined;
  maxTokens: number | undefined;
  maxChunkChars: number | undefined;
  sequences: number | undefined;
  threads: number | undefined;
  cpu: boolean;
  seed: number;
  /** Where to write the results as JSON, if anywhere. */
  json: string | undefined;
}

function int(raw: string | undefined, name: string, fallback: number | undefined): number | undefined {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`--${name} must be a whole number (got "${raw}").`);
  return Number(raw);
}

/** Parses `argv` over `defaults`; throws with a message naming the bad flag. */
export function parseBenchOptions(argv: string[], defaults: RewriteBenchOptions): RewriteBenchOptions {
  const s = { type: 'string' } as const;
  const { values } = parseArgs({
    args: argv,
    options: {
      model: s,
      collection: s,
      documents: s,
      limit: s,
      'max-chars': s,
      arity: s,
      k: s,
      'max-n': s,
      passes: s,
      retries: s,
      'few-shot': s,
      'max-tokens': s,
      'max-chunk-chars': s,
      sequences: s,
      threads: s,
      seed: s,
      json: s,
      cpu: { type: 'boolean' },
    },
    strict: true,
  });
  const arities = values.arity === undefined ? defaults.arities : values.arity.split(',').map((a) => Number(a));
  if (arities.some((a) => a !== 1 && a !== 2 && a !== 3)) throw new Error(`--arity takes a list of 1, 2 and 3 (got "${values.arity}").`);
  return {
    model: values.model ?? defaults.model,
    collection: values.collection ?? defaults.collection,
    documents: values.documents ?? defaults.documents,
    limit: int(values.limit, 'limit', defaults.limit)!,
    maxChars: int(values['max-chars'], 'max-chars', defaults.maxChars)!,
    arities: arities as (1 | 2 | 3)[],
    k: int(values.k, 'k', defaults.k)!,
    maxN: int(values['max-n'], 'max-n', defaults.maxN)!,
    passes: int(values.passes, 'passes', defaults.passes)!,
    retries: int(values.retries, 'retries', defaults.retries)!,
    fewShot: int(values['few-shot'], 'few-shot', defaults.fewShot),
    maxTokens: int(values['max-tokens'], 'max-tokens', defaults.maxTokens),
    maxChunkChars: int(values['max-chunk-chars'], 'max-chunk-chars', defaults.maxChunkChars),
    sequences: int(values.sequences, 'sequences', defaults.sequences),
    threads: int(values.threads, 'threads', defaults.threads),
    cpu: values.cpu ?? defaults.cpu,
    seed: int(values.seed, 'seed', defaults.seed)!,
    json: values.json ?? defaults.json,
  };
}
