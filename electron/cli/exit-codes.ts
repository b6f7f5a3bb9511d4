/**
 * Exit codes of the CLI (documented in the README):
 * 0 success; for `check`, nothing linkable.
 * 1 `check` found linkable phrases.
 * 2 usage error: unknown command or flag, bad value (e.g. k < 2).
 * 3 an input cannot be used: missing or damaged index, missing or unreadable document;
 *   or the disk refused a write (full, read-only).
 * 4 finished, but some inputs were skipped (their problems are listed).
 * 70 internal error.
 * 130 cancelled (Ctrl-C); nothing was changed.
 */
export const EXIT = {
  ok: 0,
  linkable: 1,
  usage: 2,
  input: 3,
  partial: 4,
  internal: 70,
  cancelled: 130,
} as const;
