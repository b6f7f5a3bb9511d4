/**
 * Runs a step generator in time slices, yielding to the event loop between slices so a
 * worker keeps answering quick requests while a long computation runs.
 */
import { abortError, type AbortLike } from '../../shared/errors.js';

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Drives `steps` to the end, pausing every `sliceMs`; throws AbortError at the first step
 * after `signal` fires (a cancel from another thread arrives during a pause).
 */
export async function runSliced<T>(steps: Generator<void, T>, signal: AbortLike, sliceMs = 12): Promise<T> {
  let deadline = performance.now() + sliceMs;
  for (;;) {
    if (signal.aborted) throw abortError();
    const next = steps.next();
    if (next.done === true) return next.value;
    if (performance.now() >= deadline) {
      await yieldToEventLoop();
      deadline = performance.now() + sliceMs;
    }
  }
}
