/**
 * What each command takes: one text per command, printed by `unlinkable --help`,
 * `unlinkable <command> --help` and with every usage error, so the three never disagree.
 */
import { METHOD_IDS } from '../evaluation/methods/method-types.js';

export type CommandName = 'index' | 'add' | 'remove' | 'compact' | 'list' | 'stats' | 'query' | 'check' | 'rewrite' | 'evaluate';

interface CommandHelp {
  readonly usage: string;
  readonly summary: string;
}

export const COMMAND_HELP: Record<CommandName, CommandHelp> = {
  index: {
    usage: 'unlinkable index <db> <inputs…> [--name NAME] [--placeholder-pattern REGEX] [--json] [--quiet]',
    summary: 'Create a collection index from files or folders (.jsonl, .jsonl.gz, .txt, .md).',
  },
  add: {
    usage: 'unlinkable add <db> <inputs…> [--replace] [--json] [--quiet]',
    summary: 'Add documents to a collection (--replace overwrites ones with the same id).',
  },
  remove: { usage: 'unlinkable remove <db> <id…>', summary: 'Remove documents from a collection.' },
  compact: { usage: 'unlinkable compact <db>', summary: 'Rebuild the index without the removed documents, and reclaim their space.' },
  list: { usage: 'unlinkable list <db> [--search TEXT] [--limit N]', summary: 'List the documents of a collection.' },
  stats: { usage: 'unlinkable stats <db> [--max-n 8] [--json]', summary: 'Counts of documents, tokens and distinct N-grams.' },
  query: { usage: 'unlinkable query <db> <phrase…> [--json]', summary: 'How many documents contain a phrase, and which.' },
  check: {
    usage:
      'unlinkable check <db> <file|-> [--k 2] [--arity 1|2|3] [--source ID] [--max-n 8|0] [--record ID]\n' +
      '                 [--placeholder-pattern REGEX] [--json] [--all-combinations] [--color|--no-color]\n' +
      '                 [--plan [--strategy minimal|paper]]',
    summary: 'Highlight the linkable phrases of a document; --plan prints the fewest words to change.',
  },
  rewrite: {
    usage:
      'unlinkable rewrite <db> <file|-> --model PATH [--k 2] [--arity 1|2|3] [--max-n 8|0] [--source ID] [--record ID]\n' +
      '                 [--passes 4] [--baseline] [--plan] [--unit phrase|chunk] [--temperature 1.2] [--seed N]\n' +
      '                 [--retries 2] [--few-shot 4] [--max-tokens N] [--cpu] [--threads N] [--json]\n' +
      '                 [--meaning-model all-MiniLM-L6-v2.gguf]',
    summary: 'Rewrite the linkable phrases with a local GGUF model, pass after pass; --meaning-model refuses answers that mean something else.',
  },
  evaluate: {
    usage:
      `unlinkable evaluate <db> <released.jsonl[.gz]> [--method all|${METHOD_IDS.join('|')}[,…]]\n` +
      '                 [--k 2,5] [--max-n 8|0] [--seed 0] [--split NAME] [--offset N] [--limit N] [--out DIR] [--title TEXT]\n' +
      '                 [--embedding-model GGUF] [--perplexity-model GGUF] [--llm-model GGUF]\n' +
      '                 [--unit phrase|chunk] [--llm-threads N] [--llm-sequences N] [--model-threads N]\n' +
      '                 [--no-figure] [--figure-steps 20] [--figure-start released|original] [--no-semantic-linkage]\n' +
      '                 [--no-meaning-check]\n' +
      '                 [--json] [--quiet]',
    summary:
      "The paper's tables and figures on a collection and its de-identified documents. The LLM methods refuse answers that mean something else when --embedding-model is all-MiniLM-L6-v2 (--no-meaning-check: never).",
  },
};

/** "usage: …" for one command (usage errors end with it). */
export function usageOf(command: CommandName): string {
  return `usage: ${COMMAND_HELP[command].usage}`;
}

/** `unlinkable <command> --help`. */
export function commandHelp(command: CommandName): string {
  return `${COMMAND_HELP[command].summary}\n\n${usageOf(command)}\n\n${COMMON_NOTES}`;
}

const COMMON_NOTES = `Inputs are JSONL or JSONL.gz files of {"id", "text"} records, .txt or .md files, or folders of them.
Exit codes: 0 ok (check: nothing linkable), 1 linkable phrases found, 2 usage error,
3 unusable input (missing or damaged index or file), 4 some inputs skipped, 130 cancelled.
`;

/** `unlinkable --help`. */
export function generalHelp(): string {
  const lines = Object.values(COMMAND_HELP).map((help) => `  ${help.usage.replace(/\n {17}/gu, '\n                   ')}`);
  return `Unlinkable: find and remove the phrases that link a de-identified document to its source.\n\nUsage:\n${lines.join('\n')}\n\nRun "unlinkable <command> --help" for one command.\n${COMMON_NOTES}`;
}
