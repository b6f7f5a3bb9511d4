// `npm run bench:spread-rule -- INDEX DEIDENTIFIED.jsonl.gz [--limit 30] [--documents 4] [--among 8] [--out DIR]`
//
// Can a plan of the other kind (single-cover.ts) beat the planner? For the first judgments
// (k = 2, N ≤ 8, arity ≤ 3, source given), the fewest words under a sufficient rule for it
// (spread-rule.ts: every kept tile in enough of --documents documents, chosen among the
// --among likeliest covers) beside the planner's plan, applied and detected again.
//
// Writes spread-rule-NEEDED-of-M.md into --out (default docs/evaluation/plan-bound).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openCollection } from '../../electron/services/collections.js';
import { planEdits } from '../../shared/linkage/plan/edit-plan.js';
import { documentsNeeded, spreadRulePlan } from './spread-rule.js';
import { studyArgs } from './study-args.js';
import { appliedAndChecked, judgmentsWithSource, STUDY_MAX_N } from './study-judgments.js';

const { indexPath, deidentifiedPath, flag } = studyArgs(
  'npm run bench:spread-rule -- INDEX DEIDENTIFIED.jsonl.gz [--limit 30] [--documents 4] [--among 8] [--out DIR]',
);
const limit = Number(flag('--limit', '30'));
const m = Number(flag('--documents', '4'));
const among = Number(flag('--among', '8'));
const out = resolve(flag('--out', join('docs', 'evaluation', 'plan-bound')));
const collection = openCollection(indexPath);
const index = collection.phraseIndex();
const lines: string[] = [];
let studied = 0;
let smaller = 0;
let unclean = 0;
for await (const judgment of judgmentsWithSource(index, collection.placeholderPattern(), deidentifiedPath)) {
  if (studied >= limit) break;
  const planned = planEdits(index, judgment.text, judgment.settings).tokens.length;
  const spread = spreadRulePlan(index, judgment.tokens, judgment.sourceDocument, STUDY_MAX_N, m, among);
  if (spread === undefined) continue;
  studied++;
  const { clean } = appliedAndChecked(index, judgment, spread.tokens);
  if (!clean) unclean++;
  if (spread.tokens.length < planned) smaller++;
  lines.push(`| ${judgment.id} | ${judgment.tokens.count} | ${planned} | ${spread.tokens.length} | ${clean ? 'yes' : '**no**'} |`);
  process.stderr.write(`${lines.at(-1)}\n`);
}
collection.close();

const table = [
  `Every kept tile in ${documentsNeeded(m)} of ${m} documents, chosen among the ${among} likeliest covers (bench/plan-bound/spread-rule.ts), beside the planner's plan at arity ≤ 3 (k = 2, N ≤ 8, source given): the first ${studied} judgments. Smaller than the planner's on ${smaller}; plans that did not detect clean: ${unclean}.`,
  '',
  '| judgment | words (tokens) | planner | spread rule | clean |',
  '| --- | --- | --- | --- | --- |',
  ...lines,
  '',
].join('\n');
// Not recursive: the folder's parent must exist (a recursive mkdir can spin forever on some typed paths).
if (!existsSync(out)) mkdirSync(out);
writeFileSync(join(out, `spread-rule-${documentsNeeded(m)}-of-${m}.md`), table);
process.stdout.write(table);
