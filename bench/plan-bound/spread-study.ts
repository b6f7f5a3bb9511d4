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
import { detectLinkage } from '../../shared/linkage/detect.js';
import { planEdits } from '../../shared/linkage/plan/edit-plan.js';
import { applyPlan } from '../../shared/linkage/plan/lazy-constraints.js';
import { REDACTED } from '../../shared/review/redaction.js';
import { tokenize } from '../../shared/tokenizer/tokenize.js';
import { readDocuments } from '../scale/remix.js';
import { documentsNeeded, spreadRulePlan } from './spread-rule.js';
import { studyArgs } from './study-args.js';

const { indexPath, deidentifiedPath, flag } = studyArgs(
  'npm run bench:spread-rule -- INDEX DEIDENTIFIED.jsonl.gz [--limit 30] [--documents 4] [--among 8] [--out DIR]',
);
const limit = Number(flag('--limit', '30'));
const m = Number(flag('--documents', '4'));
const among = Number(flag('--among', '8'));
const out = resolve(flag('--out', join('docs', 'evaluation', 'plan-bound')));
const MAX_N = 8;

const collection = openCollection(indexPath);
const index = collection.phraseIndex();
const placeholderPattern = collection.placeholderPattern();
const lines: string[] = [];
let studied = 0;
let smaller = 0;
let unclean = 0;
for await (const document of readDocuments(deidentifiedPath)) {
  if (studied >= limit) break;
  const sourceDocument = document.originalId === undefined ? undefined : index.documentNumberOf(document.originalId);
  if (sourceDocument === undefined) continue;
  const settings = { k: 2, arity: 3 as const, maxN: MAX_N, sourceId: document.originalId, placeholderPattern };
  const tokens = tokenize(document.text, { placeholderPattern });
  const planned = planEdits(index, document.text, settings).tokens.length;
  const spread = spreadRulePlan(index, tokens, sourceDocument, MAX_N, m, among);
  if (spread === undefined) continue;
  studied++;
  const check = detectLinkage(index, applyPlan(document.text, tokens, spread.tokens, placeholderPattern, REDACTED), settings);
  const clean = check.minimal.length === 0 && check.combinations.length === 0;
  if (!clean) unclean++;
  if (spread.tokens.length < planned) smaller++;
  lines.push(`| ${document.id} | ${tokens.count} | ${planned} | ${spread.tokens.length} | ${clean ? 'yes' : '**no**'} |`);
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
