/**
 * `unlinkable index <db> <inputs…>` and `unlinkable add <db> <inputs…>`.
 */
import { addInputs, createFromInputs, type InputsReport } from '../../services/collections.js';
import { parse, stringFlag, UsageError } from '../args.js';
import { EXIT } from '../exit-codes.js';
import { ProgressLine } from '../progress.js';
import type { CommandContext } from './context.js';
import { usageOf } from '../usage.js';

function printReport(report: InputsReport, json: boolean): number {
  if (json) {
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } else {
    for (const { file, documents } of report.files) process.stdout.write(`${file}: ${documents.toLocaleString('en')} document${documents === 1 ? '' : 's'}\n`);
    process.stdout.write(
      `Added ${report.added} documents (${report.tokens.toLocaleString('en')} tokens)${report.replaced > 0 ? `, replacing ${report.replaced}` : ''} in ${report.seconds.toFixed(1)} s.\n`,
    );
    if (report.problems.length > 0) {
      process.stderr.write(`${report.problems.length} input(s) skipped:\n`);
      for (const p of report.problems.slice(0, 50)) process.stderr.write(`  - ${p.message}\n`);
      if (report.problems.length > 50) process.stderr.write(`  … and ${report.problems.length - 50} more (use --json for all).\n`);
    }
  }
  return report.problems.length > 0 ? EXIT.partial : EXIT.ok;
}

/** Runs an import with a progress line on stderr and prints its report. */
async function withProgress(
  quiet: boolean,
  json: boolean,
  run: (onProgress: (phase: string, done: number, total: number) => void) => Promise<InputsReport>,
): Promise<number> {
  const progress = new ProgressLine(quiet || json);
  try {
    const report = await run((phase, done, total) => progress.update(phase, done, total));
    progress.done();
    return printReport(report, json);
  } finally {
    progress.done();
  }
}

export async function indexCommand(argv: string[], context: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, {
    name: { type: 'string' },
    'placeholder-pattern': { type: 'string' },
    json: { type: 'boolean' },
    quiet: { type: 'boolean', short: 'q' },
  });
  const [db, ...inputs] = positionals;
  if (db === undefined || inputs.length === 0) throw new UsageError(usageOf('index'));
  return withProgress(values.quiet === true, values.json === true, (onProgress) =>
    createFromInputs(db, inputs, {
      name: stringFlag(values, 'name'),
      placeholderPattern: stringFlag(values, 'placeholder-pattern'),
      signal: context.signal,
      onProgress,
    }),
  );
}

export async function addCommand(argv: string[], context: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { replace: { type: 'boolean' }, json: { type: 'boolean' }, quiet: { type: 'boolean', short: 'q' } });
  const [db, ...inputs] = positionals;
  if (db === undefined || inputs.length === 0) throw new UsageError(usageOf('add'));
  return withProgress(values.quiet === true, values.json === true, (onProgress) =>
    addInputs(db, inputs, { replace: values.replace === true, signal: context.signal, onProgress }),
  );
}
