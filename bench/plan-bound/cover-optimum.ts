// `npm run bench:cover-optimum -- INDEX DEIDENTIFIED.jsonl.gz [--limit N] [--out DIR]`
//
// How small can a single-cover plan be? For every de-identified judgment (k = 2, N ≤ 8,
// arity ≤ 3, its source given), the planner's plan beside the best single-cover plan over
// every document of the collection (single-cover.ts), applied as placeholders and detected
// again. Every clean plan keeps one cover or keeps only tiles that every two share two
// documents besides the source (single-cover.ts says why), so this is the floor of the
// first kind.
//
// Writes cover-optimum.jsonl and cover-optimum.md into --out (default docs/evaluation/plan-bound).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openCollection } from '../../electron/services/collections.js';
import { detectLinkage } from '../../shared/linkage/detect.js';
import { planEdits } from '../../shared/linkage/plan/edit-plan.js';
import { applyPlan } from '../../shared/linkage/plan/lazy-constraints.js';
import { planEditRatio } from '../../shared/linkage/plan/plan-summary.js';
import { editSize } from '../../shared/review/edit-ratio.js';
import { REDACTED } from '../../shared/review/redaction.js';
import { tokenize } from '../../shared/tokenizer/tokenize.js';
import { readDocuments } from '../scale/remix.js';
import { studyArgs } from './study-args.js';
import { coverOptimumTable, type CoverOptimumRow } from './report-cover-optimum.js';
import { singleCoverOptimum } from './single-cover.js';

const { indexPath, deidentifiedPath, flag } = studyArgs('npm run bench:cover-optimum -- INDEX DEIDENTIFIED.jsonl.gz [--limit N] [--out DIR]');
const limit = Number(flag('--limit', 'Infinity'));
const out = resolve(flag('--out', join('docs', 'evaluation', 'plan-bound')));
const MAX_N = 8;

const collection = openCollection(indexPath);
const index = collection.phraseIndex();
const placeholderPattern = collection.placeholderPattern();

const rows: CoverOptimumRow[] = [];
for await (const document of readDocuments(deidentifiedPath)) {
  if (rows.length >= limit) break;
  const sourceDocument = document.originalId === undefined ? undefined : index.documentNumberOf(document.originalId);
  if (sourceDocument === undefined) continue;
  const settings = { k: 2, arity: 3 as const, maxN: MAX_N, sourceId: document.originalId, placeholderPattern };
  const plan = planEdits(index, document.text, settings);
  const started = performance.now();
  const tokens = tokenize(document.text, { placeholderPattern });
  const optimum = singleCoverOptimum(index, tokens, sourceDocument, MAX_N);
  const seconds = (performance.now() - started) / 1000;
  if (optimum === undefined) continue;
  const redacted = applyPlan(document.text, tokens, optimum.tokens, placeholderPattern, REDACTED);
  const check = detectLinkage(index, redacted, settings);
  const size = editSize(document.text, redacted, placeholderPattern);
  const row: CoverOptimumRow = {
    id: document.id,
    words: size.words,
    planned: plan.tokens.length,
    planRatio: planEditRatio(document.text, plan),
    optimum: optimum.tokens.length,
    optimumRatio: size.ratio ?? 0,
    optimumClean: check.minimal.length === 0 && check.combinations.length === 0,
    plannerCover: plan.cover?.join(' ') ?? null,
    optimumCover: optimum.cover < 0 ? null : index.externalIds([optimum.cover])[0]!,
    coversSearched: optimum.coversSearched,
    seconds,
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
