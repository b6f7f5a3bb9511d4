/** Copies the capitalisation of a replaced word onto its replacement. */

/** `replacement` written in the case of `original`: ALL CAPS, Capitalised, or as is. */
export function matchCase(original: string, replacement: string): string {
  if (original.length > 1 && original === original.toUpperCase() && original !== original.toLowerCase()) {
    return replacement.toUpperCase();
  }
  const first = original[0];
  if (first !== undefined && first !== first.toLowerCase()) {
    return replacement.charAt(0).toUpperCase() + replacement.slice(1);
  }
  return replacement;
}
