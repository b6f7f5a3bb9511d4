/**
 * Tags a text with compromise and lines its terms up with the project tokenizer, so an
 * edit always covers exactly one token (the unit the linkage index counts) and never a
 * placeholder.
 */
import { tagSentences } from './compromise-facade.js';

/** A tagged term of the text, with offsets into the original text. */
export interface TextTerm {
  readonly start: number;
  readonly end: number;
  /** Lower-cased word (the expanded form for contraction halves). */
  readonly normal: string;
  readonly tags: ReadonlySet<string>;
  readonly sentence: number;
  readonly firstInSentence: boolean;
  /** Exactly one tokenizer token, outside placeholders and contractions: safe to edit. */
  readonly editable: boolean;
  /** Part of a run of ALL-CAPS words (a heading), where capitals do not mark names. */
  readonly inCapitalsRun: boolean;
}

/** A token as the project tokenizer delimits it. */
export interface TokenSpan {
  readonly start: number;
  readonly end: number;
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

function isAllCaps(word: string): boolean {
  return word.length > 1 && word === word.toUpperCase() && word !== word.toLowerCase();
}

/** Token indexes that belong to a run of at least two ALL-CAPS tokens. */
function capitalsRuns(text: string, tokens: readonly TokenSpan[]): Set<number> {
  const inRun = new Set<number>();
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i]!;
    const b = tokens[i + 1]!;
    if (isAllCaps(text.slice(a.start, a.end)) && isAllCaps(text.slice(b.start, b.end))) inRun.add(i).add(i + 1);
  }
  return inRun;
}

/**
 * The text compromise sees: same length as `text` (so offsets carry over), placeholders
 * swapped for a name-like word (compromise tags "[REDACTED]" as a verb otherwise) and
 * ALL-CAPS headings lower-cased (compromise tags capitals as acronyms otherwise).
 */
function taggerInput(text: string, placeholders: readonly number[], tokens: readonly TokenSpan[], runs: Set<number>): string {
  const chars = text.split('');
  for (let p = 0; p + 1 < placeholders.length; p += 2) {
    const start = placeholders[p]!;
    const end = placeholders[p + 1]!;
    for (let i = start; i < end; i++) chars[i] = i === start ? 'X' : 'x';
  }
  for (const index of runs) {
    const token = tokens[index]!;
    const lower = text.slice(token.start, token.end).toLowerCase();
    if (lower.length === token.end - token.start) chars.splice(token.start, lower.length, ...lower.split(''));
  }
  return chars.join('');
}

/**
 * The terms of `text` in order. `placeholders` is the flat [start, end, …] list and
 * `tokens` the token spans, both from the project tokenizer.
 */
export function tagTextTerms(text: string, placeholders: readonly number[], tokens: readonly TokenSpan[]): TextTerm[] {
  const runs = capitalsRuns(text, tokens);
  const tokenIndexByStart = new Map<number, number>();
  tokens.forEach((token, index) => tokenIndexByStart.set(token.start, index));
  const terms: TextTerm[] = [];
  tagSentences(taggerInput(text, placeholders, tokens, runs)).forEach((sentence, sentenceIndex) => {
    let first = true;
    for (const term of sentence) {
      const start = term.offset.start;
      const end = start + term.offset.length;
      // Stray punctuation can come back as a term of its own (" , " tagged as a noun).
      if (!term.implicit && (end <= start || !WORD_CHARACTER.test(text.slice(start, end)))) continue;
      const tokenIndex = tokenIndexByStart.get(start);
      const token = tokenIndex === undefined ? undefined : tokens[tokenIndex];
      terms.push({
        start,
        end,
        normal: (term.implicit ?? text.slice(start, end)).toLowerCase(),
        tags: new Set(term.tags),
        sentence: sentenceIndex,
        firstInSentence: first,
        editable: token !== undefined && token.end === end && !term.implicit,
        inCapitalsRun: tokenIndex !== undefined && runs.has(tokenIndex),
      });
      first = false;
    }
  });
  return terms;
}
