// The judgments the plan studies read, and the one check they share.
import type { PhraseIndex } from '../../shared/linkage/phrase-index.js';
import { detectLinkage } from '../../shared/linkage/detect.js';
import { applyPlan } from '../../shared/linkage/plan/lazy-constraints.js';
import { REDACTED } from '../../shared/review/redaction.js';
import { tokenize, type TokenizedText } from '../../shared/tokenizer/tokenize.js';
import { readDocuments } from '../scale/remix.js';

/** Longest N-gram of the studies, as in EVALUATION.md. */
export const STUDY_MAX_N = 8;

/** A de-identified judgment whose source is in the collection, with the settings every study uses. */
export interface StudiedJudgment {
  readonly id: string;
  readonly text: string;
  readonly tokens: TokenizedText;
  readonly sourceDocument: number;
  readonly settings: { k: number; arity: 3; maxN: number; sourceId: string; placeholderPattern: string };
}

/** The judgments of a JSONL(.gz) file whose source the collection holds, in file order (k = 2, arity ≤ 3). */
export async function* judgmentsWithSource(index: PhraseIndex, placeholderPattern: string, path: string): AsyncGenerator<StudiedJudgment> {
  for await (const document of readDocuments(path)) {
    const sourceDocument = document.originalId === undefined ? undefined : index.documentNumberOf(document.originalId);
    if (sourceDocument === undefined) continue;
    yield {
      id: document.id,
      text: document.text,
      tokens: tokenize(document.text, { placeholderPattern }),
      sourceDocument,
      settings: { k: 2, arity: 3, maxN: STUDY_MAX_N, sourceId: document.originalId!, placeholderPattern },
    };
  }
}

/** The judgment with the planned tokens as placeholders, and whether nothing links in it. */
export function appliedAndChecked(index: PhraseIndex, judgment: StudiedJudgment, planned: readonly number[]): { redacted: string; clean: boolean } {
  const redacted = applyPlan(judgment.text, judgment.tokens, planned, judgment.settings.placeholderPattern, REDACTED);
  const check = detectLinkage(index, redacted, judgment.settings);
  return { redacted, clean: check.minimal.length === 0 && check.combinations.length === 0 };
}
