/**
 * How a plan job reports progress: its phase names the detection running ("detection 2"),
 * and done / total are the candidates its combination search has gone through. The engine
 * writes the phase and the review reads it back, so both use these two functions.
 */

const PREFIX = 'detection ';

/** The phase of a plan job while its `detection`-th detection runs (1 for the first). */
export function planPhase(detection: number): string {
  return `${PREFIX}${detection}`;
}

/** The detection a plan job's phase names, or undefined for any other phase ("starting"). */
export function detectionOfPlanPhase(phase: string): number | undefined {
  if (!phase.startsWith(PREFIX)) return undefined;
  const detection = Number(phase.slice(PREFIX.length));
  return Number.isInteger(detection) && detection >= 1 ? detection : undefined;
}
