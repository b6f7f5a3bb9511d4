// A short judgment opened through the real handlers, with placeholder suggestions waiting on
// three of its words: what the tests of undo, restore and rejection start from.
import type { AppWithCollection } from './app-services.js';
import { openedJudgment } from './opened-judgment.js';

export const SUGGESTED_TEXT = 'The applicant lives in Oslo and works in Bergen for Statoil.';

/** The judgment opened, suggestions on "Oslo", "Bergen" and "Statoil", and the waiting ones as [words, start]. */
export async function judgmentWithSuggestions(appWithCollection: (documents: { id: string; text: string }[]) => Promise<AppWithCollection>) {
  const text = SUGGESTED_TEXT;
  const { app, handlers, document, workspace } = await openedJudgment(appWithCollection, text);
  const at = (word: string) => ({ start: text.indexOf(word), end: text.indexOf(word) + word.length, before: word, after: '[PLACE]' });
  app.suggestions.replacePending(document.id, 'placeholder', 1, [at('Oslo'), at('Bergen'), at('Statoil')]);
  const waiting = async () =>
    (await handlers['suggestions:list']({ documentId: document.id })).filter((s) => s.status === 'pending').map((s) => [s.before, s.start] as const);
  return { handlers, app, document, waiting, workspace };
}
