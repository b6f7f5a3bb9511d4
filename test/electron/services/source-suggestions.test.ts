/**
 * The app weighs a document's likeliest sources at the document's own k and longest
 * N-gram, as `unlinkable check` does, so that the app's doubt about a source set and the
 * CLI's agree; both agree with the brute-force reference. Real collection file, real engine.
 */
import { describe, expect, it } from 'vitest';
import { CollectionIndex } from '../../../electron/index-store/collection-index.js';
import { suggestSourceDocuments } from '../../../electron/services/detection.js';
import { detectionHandlers } from '../../../electron/services/handlers/detection-handlers.js';
import { useAppWithCollection } from '../../helpers/app-services.js';
import { referenceDetect } from '../../reference/brute-force.js';

const appWithCollection = useAppWithCollection('unlinkable-suggest-');

/** The five documents holding the most of the text's minimal linkable N-grams, by brute force. */
function bruteForceRanking(query: string, k: number, maxN: number): [string, number][] {
  const counts = new Map<string, number>();
  for (const m of referenceDetect(documents, query, { k, maxN, arity: 1 }).minimal) for (const id of m.documents) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 5);
}

// The text's first sentence is the source's alone; its second, the source's and the
// witness's; in its third, only the three words together are the source's alone.
const text = 'The quarry near Vellmar flooded twice in spring. The tenants of the mill refused every offer. Red blue green.';
const documents = [
  { id: 'source', text },
  { id: 'witness', text: 'A statement was taken. The tenants of the mill refused every offer. Nothing followed.' },
  { id: 'other', text: 'The appeal was dismissed as manifestly ill-founded. Red blue. Blue green.' },
  { id: 'colours', text: 'Red blue. Blue green. Red. Green.' },
];

describe('detection:suggest-source', () => {
  it('counts rare phrases at the k and N it is given, as the CLI does', async () => {
    const { app, path } = await appWithCollection(documents);
    const reader = CollectionIndex.open(path);
    const suggest = detectionHandlers(app)['detection:suggest-source'];

    // At k = 2 a phrase two documents hold is not rare: only the source is named.
    const atTwo = await suggest({ text, collectionPath: path, sourceId: null });
    expect(atTwo.map((s) => s.id)).toEqual(['source']);
    expect(await suggest({ text, collectionPath: path, sourceId: null, k: 2, maxN: 8 })).toEqual(atTwo);

    // Only N-grams up to maxN are searched: the three colours together are rare, no two of them are.
    const shortPhrases = await suggest({ text, collectionPath: path, sourceId: null, k: 2, maxN: 2 });
    expect(shortPhrases[0]!.sharedRarePhrases).toBe(atTwo[0]!.sharedRarePhrases - 1);

    // At k = 3 the shared sentence is rare too, and names the witness.
    const atThree = await suggest({ text, collectionPath: path, sourceId: null, k: 3, maxN: 8 });
    expect(atThree.map((s) => s.id)).toEqual(['source', 'witness']);
    expect(atThree[0]!.sharedRarePhrases).toBeGreaterThan(atTwo[0]!.sharedRarePhrases);

    // Both front doors (the handler, and the CLI's path in electron/services/detection.ts)
    // give the brute-force reference's ranking: each document's count of the minimal
    // linkable N-grams it holds, most first, ties by id. (maxN 0: unbounded N-grams.)
    for (const [k, maxN] of [
      [2, 8],
      [2, 2],
      [3, 8],
      [3, 2],
      [3, 0],
    ] as const) {
      const expected = bruteForceRanking(text, k, maxN);
      expect(expected.length, `k=${k}, N≤${maxN}`).toBeGreaterThan(0);
      const cli = suggestSourceDocuments(reader, text, { k, maxN });
      const app = await suggest({ text, collectionPath: path, sourceId: null, k, maxN });
      expect(
        app.map((s) => [s.id, s.sharedRarePhrases]),
        `app, k=${k}, N≤${maxN}`,
      ).toEqual(expected);
      expect(
        cli.map((s) => [s.id, s.sharedRarePhrases]),
        `CLI, k=${k}, N≤${maxN}`,
      ).toEqual(expected);
    }
    reader.close();
  });
});
