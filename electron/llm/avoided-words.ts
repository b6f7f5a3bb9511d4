/**
 * Child side: words a request's answer must not write (GenerationRequest.avoidWords),
 * enforced while decoding. Asked to replace "unfounded" in "dismissed it as unfounded",
 * SmolLM2-135M wrote the word again in most answers (refused as 'span-kept' 70 times on
 * the first 7 court test judgments, against 31 refusals for every other reason), and every
 * retry cost a generate call. A token that is never sampled cannot be written.
 *
 * What is banned is the first token of each word, as written, in lower case and
 * capitalised, each alone and after a space (the tokenizers have separate tokens for
 * " January" and "January"). Banning every token of the word would ban common pieces
 * ("ing", "s") from the whole answer; the first token is enough to keep the word out unless
 * the model spells it from other pieces, which the rewriter's check still catches. A first
 * token shorter than MIN_BANNED_LETTERS letters ("a", "in") is left alone: it starts too
 * many other words.
 */
import { TokenBias, type LlamaModel, type Token } from 'node-llama-cpp';

/** First tokens with fewer letters than this are not banned (see the module comment). */
export const MIN_BANNED_LETTERS = 3;

/** The spellings of `word` whose first token is banned. */
function spellings(word: string): string[] {
  const lower = word.toLowerCase();
  const capitalised = lower.charAt(0).toUpperCase() + lower.slice(1);
  return [...new Set([word, lower, capitalised])].flatMap((form) => [form, ` ${form}`]);
}

/**
 * The tokens that begin `words` in the model's vocabulary, less those with fewer than
 * MIN_BANNED_LETTERS letters. `tokenize` and `detokenize` are the model's (a parameter so
 * that the choice can be tested without a model).
 */
export function avoidedTokens(
  words: readonly string[],
  tokenize: (text: string) => readonly Token[],
  detokenize: (tokens: readonly Token[]) => string,
): Token[] {
  const banned = new Set<Token>();
  for (const word of words) {
    if (word.trim().length === 0) continue;
    for (const form of spellings(word.trim())) {
      const first = tokenize(form)[0];
      if (first === undefined) continue;
      const letters = detokenize([first]).match(/\p{L}/gu)?.length ?? 0;
      if (letters >= MIN_BANNED_LETTERS) banned.add(first);
    }
  }
  return [...banned];
}

/**
 * The token bias of one request: the runtime's own bans (`baseBanned`), and the first tokens
 * of the words the request avoids. Without words to avoid, the runtime's shared bias.
 */
export function requestTokenBias(model: LlamaModel, shared: TokenBias, baseBanned: readonly Token[], avoidWords: readonly string[] | undefined): TokenBias {
  if (avoidWords === undefined || avoidWords.length === 0) return shared;
  const avoided = avoidedTokens(
    avoidWords,
    (text) => model.tokenize(text),
    (tokens) => model.detokenize(tokens),
  );
  if (avoided.length === 0) return shared;
  const bias = new TokenBias(model.tokenizer);
  for (const token of [...baseBanned, ...avoided]) bias.set(token, 'never');
  return bias;
}
