/**
 * The `unlinkable` command line: the engine on real files, for clerks and scripts.
 */
import { AppError, toErrorInfo } from '../../shared/errors.js';
import { UsageError } from './args.js';
import { checkCommand } from './commands/check-command.js';
import type { Command } from './commands/context.js';
import { addCommand, indexCommand } from './commands/import-commands.js';
import { compactCommand, listCommand, removeCommand, statsCommand } from './commands/manage-commands.js';
import { queryCommand } from './commands/query-command.js';
import { rewriteCommand } from './commands/rewrite-command.js';
import { evaluateCommand } from './commands/evaluate-command.js';
import { EXIT } from './exit-codes.js';
import { commandHelp, generalHelp, type CommandName } from './usage.js';

const COMMANDS: Record<CommandName, Command> = {
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
    process.stdout.write(generalHelp());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (!Object.hasOwn(COMMANDS, name)) {
    process.stderr.write(`unlinkable: unknown command "${name}".\n\n${generalHelp()}`);
    return EXIT.usage;
  }
  const command = COMMANDS[name as CommandName];
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(commandHelp(name as CommandName));
    return EXIT.ok;
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
  // A disk that refused a write (full, read-only): what to do, not "internal error".
  const info = toErrorInfo(error);
  if (info.code !== 'internal') {
    process.stderr.write(`unlinkable: ${info.message}\n`);
    return EXIT.input;
  }
  // Unexpected: say so without dumping state (which could hold document text).
  process.stderr.write(`unlinkable: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  if (process.env.UNLINKABLE_DEBUG === '1' && error instanceof Error) process.stderr.write(`${error.stack ?? ''}\n`);
  return EXIT.internal;
}
