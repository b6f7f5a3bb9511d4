/**
 * Who resolved each flagged span of a run: the model, the model with a placeholder of its
 * own, a fallback placeholder, or nobody (its words are still in the text). The
 * model-resolved share (model / spans) says whether the model is worth running; the
 * fallback share says how much of the result is plain redaction. Counts only.
 */
import { spanFate, type Piece } from './provenance.js';
import { patternsFound, patternsOf, tokensOf } from './span-match.js';
import type { SpanAttribution, TextSpan } from './types.js';

/**
 * Attributes `spans` (offsets of `original`) in the final text, given the pieces that
 * make it up. A span counts as resolved by the model when its key sequence is absent
 * from the final text and no fallback placeholder covers it.
 */
export function attributeSpans(original: string, finalText: string, pieces: readonly Piece[], spans: readonly TextSpan[], pattern: RegExp): SpanAttribution {
  const patterns = patternsOf(tokensOf(original, pattern), spans);
  const present = new Set(patternsFound(tokensOf(finalText, pattern), patterns));
  const counts = { spans: spans.length, model: 0, modelPlaceholder: 0, fallback: 0, unresolved: 0 };
  spans.forEach((span, index) => {
    const fate = spanFate(span, present.has(index), pieces);
    if (fate === 'model') counts.model++;
    else if (fate === 'model-placeholder') counts.modelPlaceholder++;
    else if (fate === 'fallback') counts.fallback++;
    else counts.unresolved++;
  });
  const ownPlaceholders = pieces.reduce((sum, piece) => sum + (piece.origin === 'model' ? piece.ownPlaceholders : 0), 0);
  return { ...counts, ownPlaceholders };
}
