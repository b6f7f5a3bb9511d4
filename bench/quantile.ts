// The reports' quantile: the value at rank ⌊q·n⌋ of the sorted values (no interpolation),
// NaN when there are none.
export function quantile(values: readonly number[], q: number): number {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
