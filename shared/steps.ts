/**
 * Long computations are written as generators that yield between steps, so that one
 * implementation serves both a plain synchronous call and a caller that must stay
 * responsive (a worker that keeps answering quick requests between slices).
 */

/** Runs a step generator to its end (the synchronous way of using one). */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}
