/**
 * Builds a ShardedIndex in memory straight from texts: for tests, property checks and
 * small ad-hoc collections. The SQLite store builds the same structures.
 */
import { compilePlaceholderPattern } from '../../shared/tokenizer/placeholders.js';
import { Shard } from './shard.js';
import { ShardTokenizer, sortShard } from './shard-builder.js';
import { mapDirectory, ShardedIndex } from './sharded-index.js';
import { Vocabulary } from './vocabulary.js';

/** A document of an in-memory collection. */
export interface MemoryDocument {
  readonly id: string;
  readonly text: string;
}

/** How to lay the documents out: shard sizes and documents to mark removed. */
export interface MemoryIndexOptions {
  /** Documents per shard; default all in one. */
  readonly documentsPerShard?: number;
  /** External ids to treat as removed. */
  readonly removed?: ReadonlySet<string>;
  readonly placeholderPattern?: string;
}

export function buildMemoryIndex(documents: readonly MemoryDocument[], options: MemoryIndexOptions = {}): ShardedIndex {
  const vocabulary = new Vocabulary();
  const pattern = compilePlaceholderPattern(options.placeholderPattern);
  const perShard = Math.max(1, options.documentsPerShard ?? documents.length);
  const tokenized = [];
  for (let from = 0; from < documents.length; from += perShard) {
    const tokenizer = new ShardTokenizer(vocabulary, pattern);
    documents.slice(from, from + perShard).forEach((d, i) => tokenizer.add({ documentNumber: from + i + 1, text: d.text }));
    tokenized.push(tokenizer.finish());
  }
  const removed = options.removed ?? new Set<string>();
  const liveNumbers = new Set(documents.flatMap((d, i) => (removed.has(d.id) ? [] : [i + 1])));
  const shards = tokenized.map((t) => Shard.fromParts(sortShard(t, vocabulary.maxId), vocabulary.maxId, (n) => liveNumbers.has(n)));
  const identities = documents.flatMap((d, i) => (removed.has(d.id) ? [] : [{ documentNumber: i + 1, externalId: d.id }]));
  return new ShardedIndex(vocabulary, shards, mapDirectory(identities));
}
