/**
 * The Wilson score interval for a proportion (Wilson, 1927), as Figure 3 of the paper
 * shades it: for s successes in n trials, p̂ = s/n and z the normal quantile,
 *   centre = (p̂ + z²/2n) / (1 + z²/n),
 *   half-width = z √(p̂(1 − p̂)/n + z²/4n²) / (1 + z²/n).
 */

/** A proportion and its confidence interval. */
export interface Proportion {
  readonly successes: number;
  readonly trials: number;
  /** s / n (null when n = 0). */
  readonly share: number | null;
  readonly low: number | null;
  readonly high: number | null;
}

/** z for a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

/** The Wilson interval of `successes` out of `trials` (95 % unless another z is given). */
export function wilsonInterval(successes: number, trials: number, z = Z_95): Proportion {
  if (!Number.isInteger(successes) || !Number.isInteger(trials) || successes < 0 || successes > trials) {
    throw new RangeError('successes must be a whole number from 0 to trials.');
  }
  if (trials === 0) return { successes, trials, share: null, low: null, high: null };
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { successes, trials, share: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
