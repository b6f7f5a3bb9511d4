/**
 * `unlinkable check --plan`: the minimal edit plan (or the paper's rule) of a text, as a
 * highlighted text with a summary and one line per planned run, or as JSON with the
 * fixpoint's totals.
 */
import type { AbortLike } from '../../../shared/errors.js';
import { planEdits, type PlanStrategy } from '../../../shared/linkage/plan/edit-plan.js';
import { planEditRatio, planSummary } from '../../../shared/linkage/plan/plan-summary.js';
import type { DetectionSettings } from '../../../shared/linkage/settings.js';
import type { DetectionResult } from '../../../shared/linkage/types.js';
import type { CollectionIndex } from '../../index-store/collection-index.js';
import { UsageError } from '../args.js';
import { EXIT } from '../exit-codes.js';

const PLANNED = '\x1b[45;97m';
const RESET = '\x1b[0m';

/** The --strategy flag. */
export function planStrategy(raw: string | undefined): PlanStrategy {
  if (raw === undefined || raw === 'minimal') return 'minimal';
  if (raw === 'paper') return 'paper';
  throw new UsageError(`--strategy must be "minimal" or "paper" (got "${raw}").`);
}

export interface PlanOutputInput {
  readonly collection: CollectionIndex;
  readonly text: string;
  readonly documentId: string | undefined;
  readonly settings: Partial<DetectionSettings>;
  readonly detection: DetectionResult;
  readonly strategy: PlanStrategy;
  readonly json: boolean;
  readonly color: boolean;
  readonly signal: AbortLike;
}

/** Prints the plan; exit 0 when it leaves nothing linkable, 1 when only kept words could. */
export function printPlan(input: PlanOutputInput): number {
  const { text } = input;
  const plan = planEdits(
    input.collection.phraseIndex(),
    text,
    { ...input.settings, placeholderPattern: input.detection.settings.placeholderPattern },
    {
      strategy: input.strategy,
      detection: input.detection,
      signal: input.signal,
    },
  );
  const editRatio = planEditRatio(text, plan);
  if (input.json) {
    const { redacted: _text, runs, ...totals } = plan;
    const info = input.collection.readInfo();
    process.stdout.write(
      `${JSON.stringify({
        collection: { name: info.name, contentSha256: info.contentSha256, documents: info.documentCount },
        document: { id: input.documentId },
        plan: { ...totals, editRatio, runs },
      })}\n`,
    );
    return plan.clean ? EXIT.ok : EXIT.linkable;
  }
  let out = '';
  let at = 0;
  for (const run of plan.runs) {
    out += text.slice(at, run.start) + (input.color ? `${PLANNED}${text.slice(run.start, run.end)}${RESET}` : `[[${text.slice(run.start, run.end)}]]`);
    at = run.end;
  }
  process.stdout.write(`${out}${text.slice(at)}\n\n`);
  for (const run of plan.runs) {
    const what = [
      run.spans > 0 ? `${run.spans} phrase${run.spans === 1 ? '' : 's'}` : '',
      run.combinations > 0 ? `${run.combinations} combination${run.combinations === 1 ? '' : 's'}` : '',
    ]
      .filter((part) => part.length > 0)
      .join(' and ');
    process.stdout.write(`  change [${run.start}, ${run.end}) "${text.slice(run.start, run.end)}": breaks ${what || 'what the fixpoint found'}\n`);
  }
  const bound = plan.exact ? 'the fewest possible' : `at least ${plan.lowerBound} are needed`;
  process.stdout.write(
    `${plan.strategy === 'paper' ? "The paper's rule" : 'Minimal plan'}: ${plan.tokens.length} of ${plan.words} words (${bound}) · ${plan.rounds} detection rounds · ${plan.milliseconds.toFixed(0)} ms\n`,
  );
  process.stdout.write(`${planSummary(text, plan)}\n`);
  return plan.clean ? EXIT.ok : EXIT.linkable;
}
