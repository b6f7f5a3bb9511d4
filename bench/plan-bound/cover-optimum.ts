// `npm run bench:cover-optimum -- INDEX DEIDENTIFIED.jsonl.gz [--limit N] [--out DIR]`
//
// How small can a single-cover plan be? For every de-identified judgment (k = 2, N ≤ 8,
// arity ≤ 3, its source given), the planner's plan beside the best single-cover plan over
// every document of the collection (single-cover.ts), applied as placeholders and detected
// again. Every clean plan keeps one cover or keeps only tiles that every two share two
// documents besides the source (single-cover.ts says why), so this is the floor of the
// first kind. Beside it, a lower bound on plans of the second kind (spread-bound.ts): where
// it reaches the best single cover, no clean plan of any kind changes fewer words.
//
// Writes cover-optimum.jsonl and cover-optimum.md into --out (default docs/evaluation/plan-bound).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openCollection } from '../../electron/services/collections.js';
import { planEdits } from '../../shared/linkage/plan/edit-plan.js';
import { planEditRatio } from '../../shared/linkage/plan/plan-summary.js';
import { editSize } from '../../shared/review/edit-ratio.js';
import { studyArgs } from './study-args.js';
import { coverOptimumTable, type CoverOptimumRow } from './report-cover-optimum.js';
import { singleCoverOptimum } from './single-cover.js';
import { spreadLowerBound } from './spread-bound.js';
import { appliedAndChecked, judgmentsWithSource, STUDY_MAX_N } from './study-judgments.js';

const { indexPath, deidentifiedPath, flag } = studyArgs('npm run bench:cover-optimum -- INDEX DEIDENTIFIED.jsonl.gz [--limit N] [--out DIR]');
const limit = Number(flag('--limit', 'Infinity'));
const out = resolve(flag('--out', join('docs', 'evaluation', 'plan-bound')));
const collection = openCollection(indexPath);
const index = collection.phraseIndex();

const rows: CoverOptimumRow[] = [];
for await (const judgment of judgmentsWithSource(index, collection.placeholderPattern(), deidentifiedPath)) {
  if (rows.length >= limit) break;
  const plan = planEdits(index, judgment.text, judgment.settings);
  const started = performance.now();
  const optimum = singleCoverOptimum(index, judgment.tokens, judgment.sourceDocument, STUDY_MAX_N);
  const seconds = (performance.now() - started) / 1000;
  if (optimum === undefined) continue;
  const boundStarted = performance.now();
  const spread = spreadLowerBound(index, judgment.tokens, judgment.sourceDocument, STUDY_MAX_N, optimum.tokens.length)!;
  const boundSeconds = (performance.now() - boundStarted) / 1000;
  const { redacted, clean } = appliedAndChecked(index, judgment, optimum.tokens);
  const size = editSize(judgment.text, redacted, judgment.settings.placeholderPattern);
  const row: CoverOptimumRow = {
    id: judgment.id,
    words: size.words,
    planned: plan.tokens.length,
    planRatio: planEditRatio(judgment.text, plan),
    optimum: optimum.tokens.length,
    optimumRatio: size.ratio ?? 0,
    optimumClean: clean,
    plannerCover: plan.cover?.join(' ') ?? null,
    optimumCover: optimum.cover < 0 ? null : index.externalIds([optimum.cover])[0]!,
    coversSearched: optimum.coversSearched,
    seconds,
    spreadBound: spread.tokens,
    boundSeconds,
  };
  rows.push(row);
  process.stderr.write(`${JSON.stringify(row)}\n`);
}
collection.close();

// Not recursive: the folder's parent must exist (a recursive mkdir can spin forever on some typed paths).
if (!existsSync(out)) mkdirSync(out);
writeFileSync(join(out, 'cover-optimum.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
const table = coverOptimumTable(rows);
writeFileSync(join(out, 'cover-optimum.md'), table);
process.stdout.write(table);
