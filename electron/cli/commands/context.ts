/** What every command receives besides its arguments. */
export interface CommandContext {
  /** Fires on Ctrl-C; long commands stop and roll back. */
  readonly signal: AbortSignal;
}

/** A command: parses its own arguments and returns an exit code. */
export type Command = (argv: string[], context: CommandContext) => Promise<number>;
