/**
 * The prompt of phrase-by-phrase rewriting: the passage (a chunk) with one flagged phrase
 * marked, and the answer is only that phrase rewritten, as JSON `{"replacement": …}`.
 *
 * Why not the whole chunk, as the paper does? Because real small models, asked to rewrite
 * a passage, wrote a different passage: on court judgments SmolLM2-135M dropped the
 * placeholders in 4 of 5 answers and replaced the facts with invented ones (see
 * EVALUATION.md, "What real outputs changed"). Asked for one phrase, it answered with a
 * usable paraphrase 19 times in 20, and nothing outside the phrase can change. Larger
 * models (Qwen3-4B on a GPU) can still use the paper's chunk prompt (unit 'chunk').
 */
import type { ExampleTurn, GenerationRequest, JsonSchema } from '../llm/llm-protocol.js';
import { REDACTED } from './span-match.js';
import { MARK_CLOSE, MARK_OPEN } from './validation.js';
import type { TextSpan } from './types.js';

const SYSTEM = [
  'You edit de-identified documents, such as court judgments, so that they can no longer be linked to the original by searching for their exact wording.',
  `You are given a passage with one phrase marked ${MARK_OPEN}like this${MARK_CLOSE}. Write that phrase again with other words that keep its meaning and fit the passage: synonyms, another word order, or a more general expression. Never repeat it word for word.`,
  `If it cannot be rephrased (the name of a person, place, organisation or court, a date, or a case number), answer ${REDACTED}.`,
  'Keep numbers and dates as they are, or leave them out; never write new ones.',
  'When the words to replace are listed, replace those words and keep the other words of the phrase as they are.',
  'Answer in JSON: {"replacement": "the rewritten phrase"}.',
].join('\n');

/** Examples of phrases from judgments and their rewrites (ours, written for this prompt). */
const EXAMPLES: readonly { passage: string; phrase: string; replacement: string }[] = [
  {
    passage: 'The applicant was detained in the F-type prison at Kandıra from [REDACTED] until his release.',
    phrase: 'F-type prison at Kandıra',
    replacement: 'high-security prison',
  },
  {
    passage: 'The Government submitted that the applicant had failed to exhaust the domestic remedies, as he never lodged an appeal.',
    phrase: 'had failed to exhaust',
    replacement: 'had not made use of',
  },
  {
    passage: 'On [REDACTED] the Ankara State Security Court convicted him and sentenced him to twelve years’ imprisonment.',
    phrase: 'Ankara State Security Court',
    replacement: REDACTED,
  },
  {
    passage: 'The medical report noted bruises on his left shoulder and a small cut above the right eyebrow.',
    phrase: 'a small cut above the right eyebrow',
    replacement: 'a minor wound near one eye',
  },
];

export const MAX_PHRASE_FEW_SHOT = EXAMPLES.length;

/**
 * The example of a planned word (unit 'plan'), shown last to plan requests. The phrase
 * around a planned word is only there so that the model can rephrase it: on the 31 court
 * test judgments SmolLM2 rewrote the whole phrase when asked for it, and the plan then
 * changed as many words as rewriting every flagged span (EVALUATION.md).
 */
const PLAN_EXAMPLE = {
  passage: 'He lodged an appeal with the regional court, which dismissed it as unfounded.',
  phrase: 'dismissed it as unfounded',
  replace: ['unfounded'],
  replacement: 'dismissed it as baseless',
};

function mark(passage: string, region: TextSpan): string {
  return passage.slice(0, region.start) + MARK_OPEN + passage.slice(region.start, region.end) + MARK_CLOSE + passage.slice(region.end);
}

function userTurn(passage: string, phrase: string, replace?: readonly string[]): string {
  const words = replace === undefined || replace.length === 0 ? '' : `\nWords to replace: ${replace.join(', ')}`;
  return `Passage: ${passage}\nPhrase: ${phrase}${words}`;
}

/** The example turns a request shows: the first `count` examples, and the planned-word one last for unit 'plan'. */
export function phraseExamples(count: number, forPlan: boolean): ExampleTurn[] {
  const turn = (example: { passage: string; phrase: string; replacement: string; replace?: readonly string[] }): ExampleTurn => {
    const at = example.passage.indexOf(example.phrase);
    return {
      user: userTurn(mark(example.passage, { start: at, end: at + example.phrase.length }), example.phrase, example.replace),
      assistant: JSON.stringify({ replacement: example.replacement }),
    };
  };
  const turns = EXAMPLES.slice(0, Math.max(0, Math.min(EXAMPLES.length, count))).map(turn);
  return forPlan && turns.length > 0 ? [...turns, turn(PLAN_EXAMPLE)] : turns;
}

/** The longest replacement the schema allows for a phrase of `length` characters. */
export function replacementMaxLength(length: number): number {
  return Math.ceil((length * 3 + 40) / 32) * 32;
}

function schema(length: number): JsonSchema {
  return { type: 'object', properties: { replacement: { type: 'string', maxLength: replacementMaxLength(length) } } };
}

/** Options of one phrase request. */
export interface PhraseRequestOptions {
  readonly temperature: number;
  readonly seed: number;
  readonly fewShot: number;
  /** Most tokens per answer; default: enough for the longest replacement the schema allows. */
  readonly maxTokens?: number | undefined;
  /** Unit 'plan': the planned words inside the phrase, the ones to replace (the rest is context to keep). */
  readonly replace?: readonly string[] | undefined;
}

/**
 * The words of the planned stretches (`replace`, planned words: never a placeholder) that the
 * answer may not write. An answer needs to drop only one word of a stretch, but a small
 * model, let write any of them, wrote the stretch again.
 */
function avoidedWordsOf(replace: readonly string[] | undefined): string[] | undefined {
  if (replace === undefined) return undefined;
  const words = [...new Set(replace.flatMap((stretch) => stretch.match(/[\p{L}\p{N}'’-]+/gu) ?? []))];
  return words.length === 0 ? undefined : words;
}

/** The request to rewrite `region` of `passage`. */
export function buildPhraseRequest(passage: string, region: TextSpan, options: PhraseRequestOptions): GenerationRequest {
  const phrase = passage.slice(region.start, region.end);
  const avoided = avoidedWordsOf(options.replace);
  return {
    system: SYSTEM,
    examples: phraseExamples(options.fewShot, options.replace !== undefined),
    user: userTurn(mark(passage, region), phrase, options.replace),
    schema: schema(phrase.length),
    temperature: options.temperature,
    seed: options.seed,
    // About three characters a token, and the JSON around the answer.
    maxTokens: options.maxTokens ?? Math.ceil(replacementMaxLength(phrase.length) / 3) + 16,
    ...(avoided === undefined ? {} : { avoidWords: avoided }),
  };
}
