/**
 * Deterministic stand-ins for the language model, behind the rewriter's RewriteModel
 * interface. They read the prompt the rewriter built (the passage, its marked phrases)
 * and answer JSON as the real runtime does.
 */
import { abortError } from '../../../shared/errors.js';
import type { GenerationBatch, GenerationRequest, GenerationResult } from '../../../electron/llm/llm-protocol.js';
import type { RewriteModel } from '../../../electron/rewriter/types.js';

/** What a fake sees of one request. */
export interface FakePrompt {
  /** The passage as sent (with ⟦…⟧ markers in spans mode). */
  readonly passage: string;
  /** The listed phrases to rephrase (none in baseline mode). */
  readonly phrases: string[];
  readonly request: GenerationRequest;
}

/** A fake's answer: a rewrite (reasoning made up), a full answer, or undefined for a cut-off answer. */
export type FakeAnswer = string | { reasoning: string; rewrite: string } | undefined;

/** Reads the passage and phrase list back out of a user turn. */
export function readPrompt(request: GenerationRequest): FakePrompt {
  const user = request.user;
  const passageEnd = user.search(/\n\n(Phrases to rephrase:|Placeholders to keep exactly:)/u);
  const passage = user.slice('Passage:\n'.length, passageEnd);
  const list = /Phrases to rephrase:\n((?:- .*\n?)*)/u.exec(user)?.[1] ?? '';
  const phrases = list
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2));
  return { passage, phrases, request };
}

/** A fake model answering each request with `answer`, recording every generate call. */
export function fakeModel(answer: (prompt: FakePrompt) => FakeAnswer, options: { delayMs?: number } = {}): RewriteModel & { calls: GenerationRequest[][] } {
  const calls: GenerationRequest[][] = [];
  return {
    calls,
    async generate(requests, generateOptions = {}): Promise<GenerationBatch> {
      calls.push([...requests]);
      const { signal, onProgress } = generateOptions;
      if (options.delayMs !== undefined) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, options.delayMs);
          signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(abortError());
          });
        });
      }
      if (signal?.aborted === true) throw abortError();
      const results: GenerationResult[] = requests.map((request) => {
        const given = answer(readPrompt(request));
        const json = typeof given === 'string' ? { reasoning: 'Reworded.', rewrite: given } : given;
        const text = json === undefined ? '{"reasoning": "cut' : JSON.stringify(json);
        return {
          text,
          json,
          stopReason: json === undefined ? 'max-tokens' : 'complete',
          promptTokens: Math.ceil((request.system.length + request.user.length) / 4),
          reusedPromptTokens: Math.ceil(request.system.length / 4),
          generatedTokens: Math.ceil(text.length / 4),
          seconds: 0.01,
        };
      });
      const generatedTokens = results.reduce((sum, r) => sum + r.generatedTokens, 0);
      // Parallel sequences: the longest answer sets the number of decode calls.
      const decodeCalls = Math.max(0, ...results.map((r) => r.generatedTokens));
      onProgress?.({ generatedTokens, tokensPerSecond: 100, completedRequests: requests.length, totalRequests: requests.length });
      return { results, decodeCalls, generatedTokens, tokensPerDecode: decodeCalls > 0 ? generatedTokens / decodeCalls : 0, seconds: 0.01 };
    },
  };
}

/** Replaces each marked phrase through `synonyms` (by lower-case text); unknown phrases stay as they are. */
export function synonymRewriter(synonyms: Record<string, string>): (prompt: FakePrompt) => FakeAnswer {
  return ({ passage }) => passage.replace(/⟦([^⟧]*)⟧/gu, (_, phrase: string) => synonyms[phrase.toLowerCase()] ?? phrase);
}

/** The identity the fakes report. */
export const FAKE_IDENTITY = { name: 'fake', sha256: null, architecture: 'fake', quantization: 'none' } as const;
