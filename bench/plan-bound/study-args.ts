// The command line both plan studies take: INDEX DEIDENTIFIED.jsonl.gz, then --name VALUE flags.

export interface StudyArgs {
  readonly indexPath: string;
  readonly deidentifiedPath: string;
  /** The value after `name`, or `fallback` when it is not given. */
  flag(name: string, fallback: string): string;
}

/** The study's arguments; prints `usage` and exits with 2 when the two paths are not both given. */
export function studyArgs(usage: string): StudyArgs {
  const argv = process.argv.slice(2);
  const [indexPath, deidentifiedPath] = argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));
  if (indexPath === undefined || deidentifiedPath === undefined) {
    process.stderr.write(`usage: ${usage}\n`);
    process.exit(2);
  }
  return {
    indexPath,
    deidentifiedPath,
    flag(name, fallback) {
      const at = argv.indexOf(name);
      return at < 0 ? fallback : (argv[at + 1] ?? fallback);
    },
  };
}
