/** Runs `unlinkable evaluate` in a process of its own, so a test can kill it mid-run. */
import { evaluateCommand } from '../../../electron/cli/commands/evaluate-command.js';

process.exitCode = await evaluateCommand(process.argv.slice(2), { signal: new AbortController().signal });
