/**
 * `unlinkable remove`, `compact`, `list` and `stats`.
 */
import { collectionStatistics } from '../../services/statistics.js';
import { compact, isWritable, openCollection, removeIds } from '../../services/collections.js';
import { intFlag, parse, stringFlag, UsageError } from '../args.js';
import { EXIT } from '../exit-codes.js';
import type { CommandContext } from './context.js';
import { usageOf } from '../usage.js';

export async function removeCommand(argv: string[], context: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { json: { type: 'boolean' } });
  const [db, ...ids] = positionals;
  if (db === undefined || ids.length === 0) throw new UsageError(usageOf('remove'));
  const result = await removeIds(db, ids, { signal: context.signal });
  if (values.json === true) process.stdout.write(`${JSON.stringify(result)}\n`);
  else {
    process.stdout.write(`Removed ${result.removed.length} document(s).\n`);
    if (result.missing.length > 0) process.stderr.write(`Not in the collection: ${result.missing.join(', ')}\n`);
  }
  return result.missing.length > 0 ? EXIT.partial : EXIT.ok;
}

export async function compactCommand(argv: string[], context: CommandContext): Promise<number> {
  const { positionals } = parse(argv, {});
  const [db] = positionals;
  if (db === undefined) throw new UsageError(usageOf('compact'));
  const result = await compact(db, { signal: context.signal });
  process.stdout.write(`Compacted ${result.shardsBefore} shard(s) into ${result.shardsAfter}.\n`);
  return EXIT.ok;
}

export async function listCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { search: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } });
  const [db] = positionals;
  if (db === undefined) throw new UsageError(usageOf('list'));
  const collection = openCollection(db);
  try {
    const page = collection.listDocuments({ search: stringFlag(values, 'search'), limit: intFlag(values, 'limit', 100, 1, 1_000_000) });
    if (values.json === true) process.stdout.write(`${JSON.stringify(page)}\n`);
    else {
      for (const d of page.documents) process.stdout.write(`${d.id}\t${d.tokens} tokens\t${d.source ?? ''}\n`);
      if (page.total > page.documents.length) process.stderr.write(`(${page.documents.length} of ${page.total} shown; use --limit)\n`);
    }
    return EXIT.ok;
  } finally {
    collection.close();
  }
}

function formatCount(n: number): string {
  return n.toLocaleString('en');
}

export async function statsCommand(argv: string[], context: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { 'max-n': { type: 'string' }, json: { type: 'boolean' } });
  const [db] = positionals;
  if (db === undefined) throw new UsageError(usageOf('stats'));
  const maxN = intFlag(values, 'max-n', 8, 1, 16);
  // Writable files keep the statistics cached; read-only ones are computed each time.
  const collection = openCollection(db, { write: isWritable(db) });
  try {
    const info = collection.readInfo();
    const statistics = collectionStatistics(collection, maxN, context.signal);
    if (values.json === true) {
      process.stdout.write(`${JSON.stringify({ collection: info, statistics })}\n`);
      return EXIT.ok;
    }
    process.stdout.write(
      `Collection ${info.name || db}: ${formatCount(info.documentCount)} documents, ${formatCount(info.tokenCount)} tokens, ${info.shardCount} shard(s)\n`,
    );
    process.stdout.write(`Content SHA-256: ${info.contentSha256}\n`);
    process.stdout.write(
      `Distinct N-grams (N ≤ ${maxN}): ${formatCount(statistics.distinct)}; posting-list length ${statistics.meanPostings.toFixed(2)} ± ${statistics.sdPostings.toFixed(2)} documents\n\n`,
    );
    process.stdout.write('   N    distinct N-grams    df = 1\n');
    for (const row of statistics.byN) {
      process.stdout.write(`${String(row.n).padStart(4)}  ${formatCount(row.distinct).padStart(18)}  ${(row.singletonShare * 100).toFixed(1).padStart(7)} %\n`);
    }
    return EXIT.ok;
  } finally {
    collection.close();
  }
}
