/**
 * Child side: the perplexity of a text under the loaded model.
 *
 * The text is tokenized without special tokens and cut into consecutive windows that fit
 * the context. Each window is evaluated from an empty sequence, preceded by the model's
 * BOS token when the model expects one. Every token after the first of the window input
 * is scored by the probability the model gave it from the tokens before it, so with a BOS
 * token every text token is scored, and without one the first token of each window is
 * not. Perplexity = exp(Σ −ln p / scored tokens).
 *
 * Probabilities are node-llama-cpp's: with temperature 0 the sampler chain is greedy and
 * leaves the whole vocabulary, so they are the softmax of the raw logits. That costs one
 * pass over the vocabulary per token, which is why the maps are dropped as they arrive.
 */
import type { ControlledEvaluateInputItem, LlamaContextSequence, LlamaModel, Token } from 'node-llama-cpp';
import { abortError } from '../../shared/errors.js';
import type { PerplexityResult } from './llm-protocol.js';

/** The smallest probability counted: a float32 softmax can underflow to 0 for absurd tokens. */
const PROBABILITY_FLOOR = 1e-45;

/** Scores `text` on `sequence` (which is cleared before and after). */
export async function textPerplexity(
  model: LlamaModel,
  sequence: LlamaContextSequence,
  contextSize: number,
  text: string,
  signal: AbortSignal,
): Promise<PerplexityResult> {
  const startedAt = performance.now();
  const tokens = model.tokenize(text);
  const bos = model.tokens.shouldPrependBosToken ? model.tokens.bos : null;
  const window = Math.max(2, contextSize - (bos === null ? 0 : 1));
  let negativeLogLikelihood = 0;
  let scoredTokens = 0;
  let windows = 0;
  try {
    for (let from = 0; from < tokens.length; from += window) {
      if (signal.aborted) throw abortError();
      const input: Token[] = [...(bos === null ? [] : [bos]), ...tokens.slice(from, from + window)];
      if (input.length < 2) continue;
      await sequence.clearHistory();
      const items: ControlledEvaluateInputItem[] = input.map((token, i) =>
        i + 1 < input.length ? [token, { generateNext: { probabilities: true, options: { temperature: 0 } } }] : token,
      );
      await sequence.controlledEvaluate(items, {
        onTokenResult: (i, result) => {
          const next = input[i + 1];
          if (next === undefined) return;
          const p = result.next.probabilities?.get(next) ?? 0;
          negativeLogLikelihood -= Math.log(Math.max(p, PROBABILITY_FLOOR));
          scoredTokens++;
          // A map holds the whole vocabulary; keeping one per token would exhaust memory.
          delete result.next.probabilities;
        },
      });
      windows++;
    }
  } finally {
    await sequence.clearHistory();
  }
  const perplexity = scoredTokens > 0 ? Math.exp(negativeLogLikelihood / scoredTokens) : null;
  return { perplexity, scoredTokens, negativeLogLikelihood, windows, seconds: (performance.now() - startedAt) / 1000 };
}
