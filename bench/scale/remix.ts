// The scale benchmark's collections: real sentences of the shared corpora, shuffled into
// new documents, seeded, so that any size can be generated on this machine and the same
// seed gives the same file.
//
// The 144 court judgments' sources go in verbatim, once, and none of their sentences
// enters the pool: their linkages still exist at every size. At 1B tokens the pool
// (about 38M words) is reused about 25 times, so its own N-grams are far more common
// than in a real archive: fine for cost, which is what this benchmark measures, but the
// spans found shrink for that reason too.
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGzip, constants } from 'node:zlib';
import { readInputs } from '../../electron/import/read-inputs.js';
import { mulberry32 } from '../../shared/seeded-random.js';

/** Words of a generated document: about a court judgment's. */
const WORDS_PER_DOCUMENT = 750;

/** Sentences end at . ! ? followed by space, or at a line break. */
const SENTENCE_BREAK = /(?<=[.!?])\s+|\n+/u;

/** The documents of a JSONL(.gz) file, read by the importer the app uses; a bad record stops the benchmark. */
export async function* readDocuments(path: string): AsyncGenerator<{ readonly id: string; readonly text: string; readonly originalId?: string | undefined }> {
  for await (const record of readInputs([path])) {
    if (record.kind !== 'document') throw new Error(record.message);
    yield record;
  }
}

export function sentencesOf(text: string): string[] {
  return text
    .split(SENTENCE_BREAK)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function wordCount(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = text.charCodeAt(i) <= 32;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}

export interface RemixInput {
  /** The collection whose `protectedIds` go in verbatim (the court collection). */
  readonly collection: string;
  /** Ids of the documents kept verbatim, once; their sentences stay out of the pool. */
  readonly protectedIds: ReadonlySet<string>;
  /** Every file whose sentences make the pool (the collection included). */
  readonly poolFiles: readonly string[];
}

export interface RemixResult {
  readonly documents: number;
  readonly words: number;
  readonly poolSentences: number;
  readonly poolWords: number;
}

/** Writes about `targetWords` words as JSONL.gz to `output`. */
export async function remixCollection(input: RemixInput, output: string, targetWords: number, seed: number): Promise<RemixResult> {
  const verbatim: { id: string; text: string }[] = [];
  const excluded = new Set<string>();
  for await (const document of readDocuments(input.collection)) {
    if (!input.protectedIds.has(document.id)) continue;
    verbatim.push({ id: document.id, text: document.text });
    for (const sentence of sentencesOf(document.text)) excluded.add(sentence);
  }
  const pool: string[] = [];
  let poolWords = 0;
  for (const file of input.poolFiles) {
    for await (const document of readDocuments(file)) {
      if (input.protectedIds.has(document.id)) continue;
      for (const sentence of sentencesOf(document.text)) {
        if (excluded.has(sentence)) continue;
        pool.push(sentence);
        poolWords += wordCount(sentence);
      }
    }
  }
  if (pool.length === 0) throw new Error('The remix pool is empty: no sentences outside the protected documents.');
  const random = mulberry32(seed);
  let words = 0;
  let documents = 0;
  function* lines(): Generator<string> {
    for (const document of verbatim) {
      words += wordCount(document.text);
      documents++;
      yield `${JSON.stringify(document)}\n`;
    }
    while (words < targetWords) {
      const parts: string[] = [];
      let documentWords = 0;
      while (documentWords < WORDS_PER_DOCUMENT) {
        const sentence = pool[Math.floor(random() * pool.length)]!;
        parts.push(sentence);
        documentWords += wordCount(sentence);
      }
      words += documentWords;
      yield `${JSON.stringify({ id: `remix-${seed}-${documents}`, text: parts.join(' ') })}\n`;
      documents++;
    }
  }
  // Level 1: the file is read once by the build; speed matters more than size.
  await pipeline(Readable.from(lines()), createGzip({ level: constants.Z_BEST_SPEED }), createWriteStream(output));
  return { documents, words, poolSentences: pool.length, poolWords };
}
