/**
 * The `unlinkable` command line: the engine on real files, for clerks and scripts.
 */
import { AppError } from '../../shared/errors.js';
import { UsageError } from './args.js';
import { checkCommand } from './commands/check-command.js';
import type { Command } from './commands/context.js';
import { addCommand, indexCommand } from './commands/import-commands.js';
import { compactCommand, listCommand, removeCommand, statsCommand } from './commands/manage-commands.js';
import { queryCommand } from './commands/query-command.js';
import { rewriteCommand } from './commands/rewrite-command.js';
import { evaluateCommand } from './commands/evaluate-command.js';
import { EXIT } from './exit-codes.js';

const HELP = `Unlinkable: find and remove the phrases that link a de-identified document to its source.

Usage:
  unlinkable index <db> <inputs…> [--name NAME] [--placeholder-pattern REGEX]
  unlinkable add <db> <inputs…> [--replace]
  unlinkable remove <db> <id…>
  unlinkable compact <db>
  unlinkable list <db> [--search TEXT] [--limit N]
  unlinkable stats <db> [--max-n 8] [--json]
  unlinkable query <db> <phrase…> [--json]
  unlinkable check <db> <file|-> [--k 2] [--arity 1|2|3] [--source ID] [--max-n 8|0]
                   [--record ID] [--json] [--all-combinations]
  unlinkable rewrite <db> <file|-> --model PATH [--k 2] [--arity 1|2|3] [--max-n 8|0] [--source ID]
                   [--record ID] [--passes 4] [--baseline] [--temperature 1.2] [--seed N] [--cpu] [--json]
  unlinkable evaluate <db> <released.jsonl[.gz]> [--method all|released,handcrafted,redaction,llm-baseline,
                   llm-spans-arity-1,llm-spans-arity-3] [--k 2,5] [--limit N] [--out DIR]
                   [--embedding-model GGUF] [--perplexity-model GGUF] [--llm-model GGUF]

Inputs are JSONL or JSONL.gz files of {"id", "text"} records, .txt or .md files, or folders of them.
Exit codes: 0 ok (check: nothing linkable), 1 linkable phrases found, 2 usage error,
3 unusable input (missing or damaged index or file), 4 some inputs skipped, 130 cancelled.
`;

const COMMANDS: Record<string, Command> = {
  index: indexCommand,
  add: addCommand,
  remove: removeCommand,
  compact: compactCommand,
  list: (argv) => listCommand(argv),
  stats: statsCommand,
  check: checkCommand,
  query: (argv) => queryCommand(argv),
  rewrite: rewriteCommand,
  evaluate: evaluateCommand,
};

/** Runs the CLI with `argv` (without node and script) and returns the exit code. */
export async function runCli(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(HELP);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS[name];
  if (command === undefined) {
    process.stderr.write(`unlinkable: unknown command "${name}".\n\n${HELP}`);
    return EXIT.usage;
  }
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  try {
    return await command(rest, { signal: controller.signal });
  } catch (error) {
    return reportError(error);
  } finally {
    process.off('SIGINT', onSigint);
  }
}

function reportError(error: unknown): number {
  if (error instanceof UsageError) {
    process.stderr.write(`unlinkable: ${error.message}\n`);
    return EXIT.usage;
  }
  if (error instanceof Error && error.name === 'AbortError') {
    process.stderr.write('\nunlinkable: cancelled; no half-finished change was saved.\n');
    return EXIT.cancelled;
  }
  if (error instanceof Error && (error.name === 'SettingsError' || error.name === 'PlaceholderPatternError')) {
    process.stderr.write(`unlinkable: ${error.message}\n`);
    return EXIT.usage;
  }
  if (error instanceof AppError) {
    process.stderr.write(`unlinkable: ${error.message}\n`);
    return error.code === 'invalid-settings' ? EXIT.usage : EXIT.input;
  }
  // Unexpected: say so without dumping state (which could hold document text).
  process.stderr.write(`unlinkable: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  if (process.env.UNLINKABLE_DEBUG === '1' && error instanceof Error) process.stderr.write(`${error.stack ?? ''}\n`);
  return EXIT.internal;
}
