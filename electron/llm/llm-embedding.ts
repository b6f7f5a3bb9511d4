/**
 * Child side: document embeddings from the loaded model, through node-llama-cpp's
 * embedding context (its pooling is the one the GGUF file declares: mean, CLS or last
 * token). Documents are often longer than the context, so a text is embedded window by
 * window and the windows are averaged (weighted by their token counts).
 */
import type { LlamaEmbeddingContext, LlamaModel, Token } from 'node-llama-cpp';
import { abortError } from '../../shared/errors.js';
import type { EmbeddingBatch } from './llm-protocol.js';

/** Tokens kept free in each window for the BOS/EOS tokens the embedding context adds. */
const RESERVED_TOKENS = 4;

/** An embedding context made on first use and kept until the model is unloaded. */
export class EmbeddingSession {
  private context: Promise<LlamaEmbeddingContext> | undefined;

  constructor(
    private readonly model: LlamaModel,
    private readonly contextSize: number,
    private readonly threads: number,
  ) {}

  /** Creates the embedding context (once); loads call it early so that a bad file fails at load. */
  open(): Promise<LlamaEmbeddingContext> {
    // The whole window must fit in one batch: encoder models attend across all of it.
    this.context ??= this.model.createEmbeddingContext({ contextSize: this.contextSize, batchSize: this.contextSize, threads: this.threads });
    return this.context;
  }

  /** Embeds every text; see EmbeddingBatch for long texts. */
  async embed(texts: readonly string[], signal: AbortSignal, maxWindows = Number.POSITIVE_INFINITY): Promise<EmbeddingBatch> {
    const startedAt = performance.now();
    const context = await this.open();
    const window = Math.max(1, this.contextSize - RESERVED_TOKENS);
    const vectors: number[][] = [];
    const tokens: number[] = [];
    const windows: number[] = [];
    for (const text of texts) {
      const all = this.model.tokenize(text);
      let sum: Float64Array | undefined;
      let count = 0;
      for (let from = 0; from < all.length && count < maxWindows; from += window) {
        if (signal.aborted) throw abortError();
        const piece: Token[] = all.slice(from, from + window);
        const { vector } = await context.getEmbeddingFor(piece);
        sum ??= new Float64Array(vector.length);
        const norm = euclideanNorm(vector) || 1;
        for (let i = 0; i < vector.length; i++) sum[i]! += (vector[i]! / norm) * piece.length;
        count++;
      }
      vectors.push(unitLength(sum ?? (await context.getEmbeddingFor('')).vector));
      tokens.push(all.length);
      windows.push(count);
    }
    return { vectors, tokens, windows, seconds: (performance.now() - startedAt) / 1000 };
  }

  async dispose(): Promise<void> {
    const context = this.context;
    this.context = undefined;
    if (context !== undefined) await (await context).dispose();
  }
}

function euclideanNorm(vector: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!;
  return Math.sqrt(sum);
}

function unitLength(vector: ArrayLike<number>): number[] {
  const out = Array.from(vector);
  const norm = euclideanNorm(out);
  return norm > 0 ? out.map((x) => x / norm) : out;
}
