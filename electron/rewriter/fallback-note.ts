/**
 * What a fallback's suggestion card says: that the model kept failing, and why its last
 * answers were refused. "Did not pass the checks" alone left the clerk to guess whether to
 * try again with another seed, edit by hand, or keep the placeholder; "made up a word" or
 * "kept the phrase" tells. The reasons name no words of the document, though the note is
 * stored with the suggestion in the workspace and shown on its card beside them.
 */
import type { RewriteProblem } from './validation.js';

/** Each refusal as the note says it, after "its last answer(s)". */
const REASONS: Readonly<Record<RewriteProblem, string>> = {
  'no-answer': 'were cut off before they ended',
  empty: 'were empty',
  'span-kept': 'kept the rare phrase',
  'placeholder-lost': 'dropped a placeholder',
  'placeholder-invented': 'wrote a placeholder of another kind',
  'too-short': 'were too short',
  'too-long': 'were too long',
  'number-invented': 'wrote a number the text does not have',
  'context-changed': 'changed the words around the phrases',
  'example-copied': "copied words of the prompt's examples",
  'word-invented': 'made up words that no document and no dictionary has',
  repeated: 'ran on, repeating their own words',
  'meaning-changed': 'meant something else than the words they replaced',
};

/**
 * The note of a fallback: `what` could not be rephrased ("these words", "some words"), and
 * the problems of the answers last refused, each once, in the order given.
 */
export function fallbackNote(what: string, lastProblems: readonly RewriteProblem[]): string {
  const reasons = [...new Set(lastProblems)].map((problem) => REASONS[problem]);
  const why = reasons.length === 0 ? '' : ` (its last answers ${joinReasons(reasons)})`;
  return `The model could not rephrase ${what} in a way that passed the checks${why}; they were replaced with a placeholder.`;
}

/**
 * The note where every answer passed on its own, but with all of them in place a rare phrase
 * was there again (an answer wrote another flagged phrase, or two made one across their
 * edge), so the last check replaced it: the card is a fallback, and says why.
 */
export const REBUILT_PHRASE_NOTE = 'Together, the rephrased words made a rare phrase again, which was replaced with a placeholder.';

/** "a", "a and b", "a, b and c". */
function joinReasons(reasons: readonly string[]): string {
  return reasons.length === 1 ? reasons[0]! : `${reasons.slice(0, -1).join(', ')} and ${reasons.at(-1)!}`;
}
