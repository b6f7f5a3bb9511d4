/**
 * The app weighs a document's likeliest sources at the document's own k and longest
 * N-gram, as `unlinkable check` does, so that the app's doubt about a source set and the
 * CLI's agree. Real collection file, real engine.
 */
import { describe, expect, it } from 'vitest';
import { CollectionIndex } from '../../../electron/index-store/collection-index.js';
import { suggestSourceDocuments } from '../../../electron/services/detection.js';
import { detectionHandlers } from '../../../electron/services/handlers/detection-handlers.js';
import { useAppWithCollection } from '../../helpers/app-services.js';

const appWithCollection = useAppWithCollection('unlinkable-suggest-');

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

    // The same figures as the CLI's path (electron/services/detection.ts), for both settings.
    // (maxN 0: unbounded N-grams.)
    for (const [k, maxN] of [
      [2, 8],
      [2, 2],
      [3, 8],
      [3, 2],
      [3, 0],
    ] as const) {
      const cli = suggestSourceDocuments(reader, text, { k, maxN });
      const app = await suggest({ text, collectionPath: path, sourceId: null, k, maxN });
      expect(app.map((s) => [s.id, s.sharedRarePhrases])).toEqual(cli.map((s) => [s.id, s.sharedRarePhrases]));
    }
    reader.close();
  });
});
