/**
 * Flag parsing on node:util's parseArgs, with errors that name the flag.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A usage mistake: exit code 2 and a hint. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export type Options = NonNullable<ParseArgsConfig['options']>;

/** Parses `argv` against `options`, turning parseArgs' errors into UsageErrors. */
export function parse(argv: string[], options: Options): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  // Usually a shell variable that is not set: without this, "" read as a path said "No collection index at ."
  const empty = parsed.positionals.indexOf('');
  if (empty >= 0) throw new UsageError(`Argument ${empty + 1} is empty (""): name a file there (is a shell variable unset?).`);
  return { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals };
}

/** An integer flag within [min, max], or the fallback when absent. */
export function intFlag(values: Record<string, string | boolean | undefined>, name: string, fallback: number, min: number, max: number): number {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (typeof raw !== 'string' || !/^-?\d+$/.test(raw) || value < min || value > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max} (got "${String(raw)}").`);
  }
  return value;
}

/** A string flag, or undefined. */
export function stringFlag(values: Record<string, string | boolean | undefined>, name: string): string | undefined {
  const raw = values[name];
  return typeof raw === 'string' ? raw : undefined;
}
