/**
 * Child side: turns requests into prompt tokens and grammars. Runs inside the runtime
 * process only (it imports node-llama-cpp).
 */
import type { ChatHistoryItem, ChatWrapper, Llama, LlamaGrammar, LlamaModel, Token } from 'node-llama-cpp';
import { AppError } from '../../shared/errors.js';
import type { GenerationRequest, JsonSchema } from './llm-protocol.js';

/** A grammar that constrains output to a JSON schema, and parses (and validates) the result. */
export type SchemaGrammar = LlamaGrammar & { parse(json: string): unknown };

/** The grammar node-llama-cpp builds for a schema, cached because building one is not free. */
export class GrammarCache {
  private readonly grammars = new Map<string, Promise<SchemaGrammar>>();
  private readonly create: (schema: JsonSchema) => Promise<SchemaGrammar>;

  constructor(llama: Llama) {
    // Schemas arrive as data over IPC, so their static type is unknown to node-llama-cpp's generics.
    this.create = llama.createGrammarForJsonSchema.bind(llama) as unknown as (schema: JsonSchema) => Promise<SchemaGrammar>;
  }

  /** The grammar for `schema`; AppError('invalid-input') when node-llama-cpp cannot express it. */
  async get(schema: JsonSchema): Promise<SchemaGrammar> {
    const key = JSON.stringify(schema);
    let grammar = this.grammars.get(key);
    if (grammar === undefined) {
      grammar = this.create(schema);
      this.grammars.set(key, grammar);
      grammar.catch(() => this.grammars.delete(key));
    }
    try {
      return await grammar;
    } catch (error) {
      throw new AppError('invalid-input', 'The answer format (a JSON schema) uses features the model runtime cannot enforce. Simplify the schema.', {
        cause: error,
      });
    }
  }
}

/**
 * The prompt for a request, rendered by the chat wrapper: system turn, few-shot turns, the
 * user turn and an opened (empty) assistant turn. Text is tokenized as plain text, so a
 * document that contains "<|im_end|>" cannot close a turn.
 */
export function promptTokens(model: LlamaModel, chatWrapper: ChatWrapper, request: GenerationRequest): Token[] {
  const history: ChatHistoryItem[] = [{ type: 'system', text: request.system }];
  for (const example of request.examples ?? []) {
    history.push({ type: 'user', text: example.user }, { type: 'model', response: [example.assistant] });
  }
  history.push({ type: 'user', text: request.user }, { type: 'model', response: [] });
  const { contextText } = chatWrapper.generateContextState({ chatHistory: history });
  return contextText.tokenize(model.tokenizer);
}

/** Length of the longest common prefix of two token lists. */
export function commonPrefixLength(a: readonly Token[], b: readonly Token[]): number {
  const limit = Math.min(a.length, b.length);
  let i = 0;
  while (i < limit && a[i] === b[i]) i++;
  return i;
}
