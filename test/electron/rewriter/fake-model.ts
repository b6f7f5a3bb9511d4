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
  /** 'phrase': one marked phrase, answered alone; 'chunk': the whole passage (spans or baseline mode). */
  readonly unit: 'phrase' | 'chunk';
  /** The passage as sent (with ⟦…⟧ markers in spans mode). */
  readonly passage: string;
  /** The listed phrases to rephrase (none in baseline mode; the one phrase in phrase mode). */
  readonly phrases: string[];
  readonly request: GenerationRequest;
}

/**
 * A fake's answer: the rewrite (of the passage, or in phrase mode of the phrase), a full
 * answer object, or undefined for a cut-off answer.
 */
export type FakeAnswer = string | { reasoning: string; rewrite: string } | { replacement: string } | undefined;

/** Reads the passage and phrase list back out of a user turn. */
export function readPrompt(request: GenerationRequest): FakePrompt {
  const user = request.user;
  const phrase = /^Passage: (.*)\nPhrase: (.*?)(?:\nWords to replace: .*)?$/su.exec(user);
  if (phrase !== null) return { unit: 'phrase', passage: phrase[1]!, phrases: [phrase[2]!], request };
  const passageEnd = user.search(/\n\n(Phrases to rephrase:|Placeholders to keep exactly:)/u);
  const passage = user.slice('Passage:\n'.length, passageEnd);
  const list = /Phrases to rephrase:\n((?:- .*\n?)*)/u.exec(user)?.[1] ?? '';
  const phrases = list
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2));
  return { unit: 'chunk', passage, phrases, request };
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
        const prompt = readPrompt(request);
        const given = answer(prompt);
        const json = typeof given !== 'string' ? given : prompt.unit === 'phrase' ? { replacement: given } : { reasoning: 'Reworded.', rewrite: given };
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

/**
 * Replaces each marked phrase through `synonyms` (by lower-case text); unknown phrases
 * stay as they are. In phrase mode the answer is the one phrase's replacement.
 */
export function synonymRewriter(synonyms: Record<string, string>): (prompt: FakePrompt) => FakeAnswer {
  // In phrase mode a phrase can join several flagged ones ("old harbour"): replace the known ones inside it, in one sweep.
  const keys = Object.keys(synonyms).sort((a, b) => b.length - a.length);
  const known = new RegExp(`\\b(?:${keys.map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`, 'giu');
  const inPhrase = (phrase: string): string => synonyms[phrase.toLowerCase()] ?? phrase.replace(known, (word) => synonyms[word.toLowerCase()] ?? word);
  return ({ unit, passage, phrases }) =>
    unit === 'phrase' ? inPhrase(phrases[0]!) : passage.replace(/⟦([^⟧]*)⟧/gu, (_, phrase: string) => synonyms[phrase.toLowerCase()] ?? phrase);
}

/** The identity the fakes report. */
export const FAKE_IDENTITY = { name: 'fake', sha256: null, architecture: 'fake', quantization: 'none' } as const;
