// `npm run bench:plan-bound -- INDEX DEIDENTIFIED.jsonl.gz [--limit N | --only ID] [--cap SECONDS] [--out DIR]`
//
// How far from optimal is the minimal plan at arity ≤ 3? The planner reports a lower bound
// from disjoint constraints, about half its plan on court judgments: too weak to say. This
// study proves a better one, judgment by judgment (shortest first), with an exact solver:
//   1. the planner's plan (the cover plan, shared/linkage/plan), with the source given;
//   2. detect d′ and keep what links as constraints (lazy-constraints.ts, several
//      witnesses per span); solve them exactly (ilp-bound.ts); apply that solution as
//      placeholders and detect again; add what still links; repeat.
// Every optimum over a subset of the constraints bounds from below every plan that breaks
// them all: every linkable N-gram occurrence loses a word, and every linkable combination a
// member, counted by key sequence (issue 9's model). Detection pairs the longest-first tiling
// of the common phrases, so in rare texts it may stop flagging a combination whose members
// are all still there: "minimum" is a minimum under that model.
// The study stops when the bound reaches the planner's plan (a proven minimum), when the
// exact solution detects clean (a smaller plan exists: the planner missed it), or at the
// time cap (open: the last bound stands).
//
// Writes results.jsonl and table.md into --out (default docs/evaluation/plan-bound).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openCollection } from '../../electron/services/collections.js';
import { detectLinkage, SegmentCache } from '../../shared/linkage/detect.js';
import { planEdits } from '../../shared/linkage/plan/edit-plan.js';
import { addConstraints, applyPlan, noConstraints, problemOf, survivors } from '../../shared/linkage/plan/lazy-constraints.js';
import { planEditRatio } from '../../shared/linkage/plan/plan-summary.js';
import { wordsOf } from '../../shared/review/edit-ratio.js';
import { REDACTED } from '../../shared/review/redaction.js';
import { tokenize } from '../../shared/tokenizer/tokenize.js';
import type { DetectionResult } from '../../shared/linkage/types.js';
import { readDocuments } from '../scale/remix.js';
import { studyArgs } from './study-args.js';
import { ilpMinimum, loadIlpSolver } from './ilp-bound.js';
import { boundTable, type BoundRow } from './report-bound.js';

/** Witnesses per flagged span and detection: more constraints a round, fewer rounds. */
const WITNESSES = 4;

const { indexPath, deidentifiedPath, flag } = studyArgs(
  'npm run bench:plan-bound -- INDEX DEIDENTIFIED.jsonl.gz [--limit N | --only ID] [--cap SECONDS] [--out DIR]',
);
const limit = Number(flag('--limit', '40'));
const capSeconds = Number(flag('--cap', '120'));
const out = resolve(flag('--out', join('docs', 'evaluation', 'plan-bound')));

const collection = openCollection(indexPath);
const index = collection.phraseIndex();
const placeholderPattern = collection.placeholderPattern();
const solver = await loadIlpSolver();

const documents: { id: string; text: string; sourceId: string }[] = [];
for await (const document of readDocuments(deidentifiedPath)) {
  if (document.originalId !== undefined) documents.push({ id: document.id, text: document.text, sourceId: document.originalId });
}
const studied = documents
  .map((d) => ({ ...d, words: tokenize(d.text, { placeholderPattern }).count }))
  .sort((a, b) => a.words - b.words || a.id.localeCompare(b.id));

const linksNothing = (result: DetectionResult): boolean => result.minimal.length === 0 && result.combinations.length === 0;

const rows: BoundRow[] = [];
// --only ID studies that one judgment (a long cap on a judgment the shorter run left open).
const only = flag('--only', '');
const chosen = only === '' ? studied.slice(0, limit) : studied.filter((d) => d.id === only);
if (only !== '' && chosen.length === 0) throw new Error(`No judgment with a source in the collection has the id ${JSON.stringify(only)}.`);
for (const document of chosen) {
  const settings = { k: 2, arity: 3 as const, maxN: 8, sourceId: document.sourceId, placeholderPattern };
  const plan = planEdits(index, document.text, settings);
  const started = performance.now();
  const tokens = tokenize(document.text, { placeholderPattern });
  const cache = new SegmentCache();
  const detect = (text: string): DetectionResult => detectLinkage(index, text, settings, { cache, witnessesPerSpan: WITNESSES });
  const constraints = noConstraints();
  let result = detect(document.text);
  let applied: number[] = [];
  let bound = 0;
  let status: BoundRow['status'] = 'open';
  let rounds = 0;
  for (;;) {
    if (linksNothing(result)) {
      // Clean with the exact solution applied: an optimum over constraints it all meets is the minimum.
      status = plan.clean && applied.length >= plan.tokens.length ? 'minimum' : 'smaller';
      break;
    }
    rounds++;
    // What links in the text with `applied` changed, in the original's token indices.
    if (addConstraints(constraints, result, tokens, survivors(tokens.count, new Set(applied)), 'minimal') === 0) break;
    const left = capSeconds - (performance.now() - started) / 1000;
    if (left <= 0) break;
    const solution = ilpMinimum(solver, problemOf(constraints, new Set()), left);
    if (!solution.optimal) break;
    bound = solution.tokens.length;
    // Only a plan that detects clean can be proven minimal (the planner's plans here always do).
    if (plan.clean && bound >= plan.tokens.length) {
      status = 'minimum';
      break;
    }
    applied = solution.tokens;
    result = detect(applyPlan(document.text, tokens, applied, placeholderPattern, REDACTED));
  }
  const row: BoundRow = {
    id: document.id,
    words: wordsOf(document.text, placeholderPattern).length,
    planned: plan.tokens.length,
    planRatio: planEditRatio(document.text, plan),
    bound: status === 'minimum' ? plan.tokens.length : bound,
    status,
    rounds,
    constraints: constraints.intervals.size + constraints.combinations.size,
    seconds: (performance.now() - started) / 1000,
    ...(status === 'smaller' && { smallerPlan: applied }),
  };
  rows.push(row);
  process.stderr.write(`${JSON.stringify(row)}\n`);
}
collection.close();

// Not recursive: the folder's parent must exist (a recursive mkdir can spin forever on some typed paths).
if (!existsSync(out)) mkdirSync(out);
writeFileSync(join(out, 'results.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
const table = boundTable(rows, { capSeconds, judgments: documents.length, ...(only !== '' && { only }) });
writeFileSync(join(out, 'table.md'), table);
process.stdout.write(table);
