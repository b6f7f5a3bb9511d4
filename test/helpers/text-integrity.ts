/**
 * Signs that an edit was applied at the wrong offsets: a placeholder glued to a word
 * ("grou[REDACTED]") or a bracket left outside any whole placeholder ("[REDACTE[REDACTED]").
 * Counted against the original, which may have its own.
 */
const PLACEHOLDER = /\[[A-Z][A-Z0-9_]*\]|<[A-Z][A-Z0-9_]*>/gu;
const GLUED = /[\p{L}\p{N}](?:\[[A-Z][A-Z0-9_]*\]|<[A-Z][A-Z0-9_]*>)|(?:\[[A-Z][A-Z0-9_]*\]|<[A-Z][A-Z0-9_]*>)[\p{L}\p{N}]/gu;

function signs(text: string): { glued: number; strayBrackets: number } {
  const glued = text.match(GLUED)?.length ?? 0;
  const strayBrackets = text.replace(PLACEHOLDER, ' ').match(/[[\]<>]/gu)?.length ?? 0;
  return { glued, strayBrackets };
}

/** What the rewrite has more of than the original: placeholders glued to words, stray brackets. */
export function brokenEdits(original: string, rewritten: string): { glued: number; strayBrackets: number } {
  const before = signs(original);
  const after = signs(rewritten);
  return { glued: Math.max(0, after.glued - before.glued), strayBrackets: Math.max(0, after.strayBrackets - before.strayBrackets) };
}
