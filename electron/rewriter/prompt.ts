/**
 * The rewriting prompt (our own, after the paper's §3.3 and Appendix A.1): instructions,
 * few-shot examples of rewritten sentences from judgments, then the chunk with the
 * phrases to rephrase marked. The model answers a short reasoning first (it helps, per
 * the paper), then the rewritten chunk, as JSON constrained by a schema.
 *
 * The instructions and examples are the same for every chunk, so the runtime keeps them
 * cached in each sequence and only the chunk itself is decoded per request.
 */
import type { ExampleTurn, GenerationRequest, JsonSchema } from '../llm/llm-protocol.js';
import { REDACTED } from './span-match.js';
import { MARK_CLOSE, MARK_OPEN, type ChunkTask } from './validation.js';

/** 'spans': rephrase the marked phrases; 'baseline': the paper's baseline, rewrite without a list of spans. */
export type PromptMode = 'spans' | 'baseline';

/**
 * Bounds on the answer. Small real models write until a bound stops them, so the bounds
 * are the cost: reasoning stays short, and a rewrite may be half again as long as its chunk.
 */
export const REASONING_MAX_LENGTH = 200;
export const MAX_FEW_SHOT = 4;

const INTRO = 'You edit de-identified court judgments so that they can no longer be linked to the original judgment by searching for its exact wording.';
const RULES: Record<PromptMode, string[]> = {
  spans: [
    `Some phrases of the passage are marked ${MARK_OPEN}like this${MARK_CLOSE}. They are rare: rephrase every marked phrase with other words that keep its meaning (synonyms, another word order, a more general expression), so that it no longer appears word for word.`,
    `If a marked phrase cannot be rephrased, for example the name of a person, place, organisation or court, or a case number, replace it with ${REDACTED}.`,
    'Leave the rest of the passage as it is.',
  ],
  baseline: [
    'Rewrite the passage in your own words, so that its wording changes but its meaning does not.',
    `If an expression cannot be rephrased, for example the name of a person, place, organisation or court, or a case number, replace it with ${REDACTED}.`,
  ],
};
const COMMON_RULES = [
  'Keep every placeholder in square or angle brackets, such as [REDACTED], exactly as written.',
  'Keep the facts, the legal meaning and the formal tone. Do not add information.',
  `Write only the passage: no ${MARK_OPEN}${MARK_CLOSE} markers, no comments.`,
];
const ANSWER = `Answer in JSON with two fields: "reasoning", one or two short sentences on what you change and why (at most ${REASONING_MAX_LENGTH} characters), then "rewrite", the whole passage rewritten.`;

/** The system turn for a mode. */
export function systemPrompt(mode: PromptMode): string {
  const rules = [...RULES[mode], ...COMMON_RULES].map((rule, i) => `${i + 1}. ${rule}`).join('\n');
  return `${INTRO}\n\n${rules}\n\n${ANSWER}`;
}

/** Few-shot examples: passages with their phrases marked, and good answers. */
const EXAMPLES: readonly { passage: string; reasoning: string; rewrite: string }[] = [
  {
    passage: 'The applicant was detained in the ⟦F-type prison at Kandıra⟧ from [REDACTED] until his release.',
    reasoning: 'The name of the prison points to one place; a general description keeps the meaning.',
    rewrite: 'The applicant was held in a high-security prison from [REDACTED] until his release.',
  },
  {
    passage:
      'On [REDACTED] the ⟦Ankara State Security Court⟧ convicted him of ⟦membership of an illegal organisation⟧ and sentenced him to twelve years’ imprisonment.',
    reasoning: 'The court is a named entity and cannot be rephrased, so it becomes a placeholder; the offence can be reworded.',
    rewrite: 'On [REDACTED] the [REDACTED] found him guilty of belonging to an unlawful organisation and sentenced him to twelve years’ imprisonment.',
  },
  {
    passage: 'The Government submitted that the applicant ⟦had failed to exhaust⟧ the domestic remedies, as he ⟦never lodged an appeal⟧ with [REDACTED].',
    reasoning: 'Two verb phrases are rare; synonyms replace them and the placeholder stays.',
    rewrite: 'The Government argued that the applicant had not made use of the domestic remedies, since he did not appeal to [REDACTED].',
  },
  {
    passage: 'The medical report of [REDACTED] noted ⟦bruises on his left shoulder⟧ and ⟦a small cut above the right eyebrow⟧.',
    reasoning: 'The injuries are described more generally, so their exact wording disappears.',
    rewrite: 'The medical report of [REDACTED] recorded bruising on one shoulder and a minor wound near the eye.',
  },
];

function stripMarks(text: string): string {
  return text.split(MARK_OPEN).join('').split(MARK_CLOSE).join('');
}

function markedPhrases(passage: string): string[] {
  return [...passage.matchAll(/⟦([^⟧]*)⟧/gu)].map((m) => m[1]!);
}

function placeholderLine(placeholders: readonly string[]): string {
  if (placeholders.length === 0) return 'Placeholders to keep exactly: none';
  const counts = new Map<string, number>();
  for (const p of placeholders) counts.set(p, (counts.get(p) ?? 0) + 1);
  return `Placeholders to keep exactly: ${[...counts].map(([p, n]) => `${p} ×${n}`).join(', ')}`;
}

/** The user turn: in spans mode the passage carries its markers and the phrases are listed; in baseline mode neither. */
function userTurn(mode: PromptMode, passage: string, phrases: readonly string[], placeholders: readonly string[]): string {
  if (mode === 'baseline') return `Passage:\n${passage}\n\n${placeholderLine(placeholders)}`;
  const list = phrases.map((p) => `- ${p}`).join('\n');
  return `Passage:\n${passage}\n\nPhrases to rephrase:\n${list}\n\n${placeholderLine(placeholders)}`;
}

/** The first `count` few-shot examples, as chat turns for `mode`. */
export function fewShotExamples(mode: PromptMode, count: number = MAX_FEW_SHOT): ExampleTurn[] {
  return EXAMPLES.slice(0, Math.max(0, Math.min(MAX_FEW_SHOT, count))).map((example) => ({
    user: userTurn(
      mode,
      mode === 'spans' ? example.passage : stripMarks(example.passage),
      markedPhrases(example.passage),
      [...example.passage.matchAll(/\[[A-Z]+\]/gu)].map((m) => m[0]),
    ),
    assistant: JSON.stringify({ reasoning: example.reasoning, rewrite: example.rewrite }),
  }));
}

/** The chunk with the union of its spans marked, and the marked phrases in order. */
export function markSpans(task: ChunkTask): { marked: string; phrases: string[] } {
  const sorted = task.spans.slice().sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  const phrases: string[] = [];
  let open: { start: number; end: number } | undefined;
  const close = (): void => {
    if (open === undefined) return;
    const phrase = task.text.slice(open.start, open.end);
    out += task.text.slice(at, open.start) + MARK_OPEN + phrase + MARK_CLOSE;
    phrases.push(phrase);
    at = open.end;
    open = undefined;
  };
  for (const span of sorted) {
    if (open !== undefined && span.start <= open.end) open.end = Math.max(open.end, span.end);
    else {
      close();
      open = { start: span.start, end: span.end };
    }
  }
  close();
  return { marked: out + task.text.slice(at), phrases };
}

/** The longest rewrite the schema allows for a chunk: half again the chunk plus room, rounded up so that few grammars are built. */
export function rewriteMaxLength(chunkLength: number): number {
  return Math.ceil((chunkLength * 1.5 + 100) / 128) * 128;
}

/** The answer schema for a chunk of `chunkLength` characters. */
export function answerSchema(chunkLength: number): JsonSchema {
  return {
    type: 'object',
    properties: {
      reasoning: { type: 'string', maxLength: REASONING_MAX_LENGTH },
      rewrite: { type: 'string', maxLength: rewriteMaxLength(chunkLength) },
    },
  };
}

/** Tokens enough for the longest answer the schema allows (about three characters a token, plus JSON). */
export function defaultMaxTokens(chunkLength: number): number {
  return Math.ceil((REASONING_MAX_LENGTH + rewriteMaxLength(chunkLength)) / 3) + 32;
}

/** Options of one request. */
export interface RequestOptions {
  readonly temperature: number;
  readonly seed: number;
  readonly fewShot: number;
  readonly maxTokens?: number | undefined;
}

/** The generation request for one chunk. */
export function buildRequest(mode: PromptMode, task: ChunkTask, options: RequestOptions): GenerationRequest {
  const { marked, phrases } = mode === 'spans' ? markSpans(task) : { marked: task.text, phrases: [] };
  return {
    system: systemPrompt(mode),
    examples: fewShotExamples(mode, options.fewShot),
    user: userTurn(mode, marked, phrases, task.placeholders),
    schema: answerSchema(task.text.length),
    temperature: options.temperature,
    seed: options.seed,
    maxTokens: options.maxTokens ?? defaultMaxTokens(task.text.length),
  };
}
