/**
 * Answers that mean something else. Phrase by phrase, SmolLM2-135M wrote answers that
 * pass every other check but say another thing: "wondrously life, one such life" for "wife
 * died in", "that defied the norms of a European Union context" for "that British social
 * security legislation discriminated", "was approved" for "was determined that". Nothing
 * links in them, so re-detection lets them through, and the model-resolved share counted
 * them as resolved (EVALUATION.md, "Resolved is not right").
 *
 * With an embedding model (all-MiniLM-L6-v2, as the evaluation's similarity), the phrase
 * and the answer are embedded alone, and an answer whose cosine with the phrase is below
 * MIN_PHRASE_SIMILARITY is refused ('meaning-changed'). Alone, not in their passage: with
 * the passage around both, every answer scored 0.70–1.00 ("not permitted" for "paragraphs
 * 10-11 below" 0.98), since the passage is most of both texts.
 *
 * It catches answers about something else, not every change of meaning: "of him" for "of
 * his wife’s" passes. The clerk still reviews every proposal.
 */
import { cosine } from '../../shared/vectors.js';
import { REDACTED } from './span-match.js';

/** Embeds texts (one vector per text, in order), e.g. LlmClient.embed with an embedding model. */
export type EmbedTexts = (texts: string[]) => Promise<readonly ArrayLike<number>[]>;

/**
 * The lowest cosine between a phrase and its answer that is kept. Chosen on 77 SmolLM2
 * answers on four court test judgments, read by hand (docs/evaluation/meaning-check/): the
 * 13 that kept the phrase's meaning, or dropped part of it, scored 0.52 or more; of the 64
 * about something else, 53 scored below 0.5 and 11 above ("of him" for "of his wife’s",
 * 0.69).
 */
export const MIN_PHRASE_SIMILARITY = 0.5;

/** A phrase and the answer that would replace it. */
export interface PhraseAnswer {
  readonly phrase: string;
  readonly answer: string;
}

/** Finds the answers whose meaning is too far from their phrase's. */
export class MeaningCheck {
  constructor(
    private readonly embed: EmbedTexts,
    readonly threshold = MIN_PHRASE_SIMILARITY,
  ) {}

  /**
   * For each pair, true when the answer means something else. The model's own placeholder
   * (it "cannot be rephrased") and a pair with no direction (an empty embedding) are never
   * refused here: other checks judge them.
   */
  async changed(pairs: readonly PhraseAnswer[]): Promise<boolean[]> {
    const judged = pairs.flatMap((pair, n) => (pair.answer === REDACTED ? [] : [n]));
    const verdicts = pairs.map(() => false);
    if (judged.length === 0) return verdicts;
    const vectors = await this.embed(judged.flatMap((n) => [pairs[n]!.phrase, pairs[n]!.answer]));
    if (vectors.length !== judged.length * 2) throw new RangeError(`The embedding model returned ${vectors.length} vectors for ${judged.length * 2} texts.`);
    judged.forEach((n, j) => {
      const similarity = cosine(vectors[2 * j]!, vectors[2 * j + 1]!);
      verdicts[n] = similarity !== null && similarity < this.threshold;
    });
    return verdicts;
  }
}
