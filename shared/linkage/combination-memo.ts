/**
 * What an earlier search learned about each shortest member x, by key: which candidates
 * were ranked after it, the witnesses it found (their other members' keys), and whether
 * those were all there were. Whether a combination is a witness depends only on postings,
 * so a witness whose members are all still there still holds; and when the earlier
 * search found every witness (none, by default, or fewer than asked for), the only new
 * ones must hold a partner that is new since then, and only those are searched for.
 * Valid for one collection state and one k, arity and source (the caller keys it so).
 */
export type CombinationMemo = Map<string, MemoEntry>;

export interface MemoEntry {
  /** The candidates ranked after x then: keys whose last rank in that search was above `rank`. */
  readonly lastRank: ReadonlyMap<string, number>;
  readonly rank: number;
  /** The other members' keys of each witness found. */
  readonly witnesses: readonly (readonly string[])[];
  /** True when those were all the witnesses among the candidates ranked after x then. */
  readonly complete: boolean;
}

/**
 * A memo of one search that keeps only what it learned about candidates with no witness.
 * Through it, a search skips a repeated phrase's later occurrences that cannot link (the
 * slow part: every partner is tried), and still flags the same candidates with the same
 * witnesses as a search without a memo, since no witness is ever reused. detect.ts gives
 * one to a check whose caller gives none: what the evaluation reads of witnesses
 * (metrics/linkage-risk.ts) stays as it was.
 */
export class WitnessFreeMemo extends Map<string, MemoEntry> {
  override set(key: string, entry: MemoEntry): this {
    return entry.complete && entry.witnesses.length === 0 ? super.set(key, entry) : this;
  }
}

/** Entries a memo keeps before it starts over (one judgment has a few hundred candidates). */
export const MEMO_CAPACITY = 50_000;
