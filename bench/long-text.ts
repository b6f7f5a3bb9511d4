// Child process of the benchmark: what a clerk waits for with one very long text. The
// first de-identified judgments joined into one text (60 by default, about 37,000 words),
// reviewed as the review app reviews a text it has no source for: the check at the app's
// settings (k = 2, arity ≤ 3, N ≤ 8), then the edit plan in steps as the engine's worker
// runs it (APP_PLAN_ROUNDS rounds, the longest time between two steps kept: the worker
// answers nothing else meanwhile), then the plan's edit ratio, which the app shows. The
// check and the plan start from what the engine keeps of the document (DocumentMemory), as
// in the app. Then a text that repeats itself (the first six judgments eight times over),
// checked as a new document.
//
// usage: long-text.ts INDEX DEIDENTIFIED.jsonl.gz [JUDGMENTS]
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { DocumentMemory } from '../electron/engine/document-memory.js';
import { APP_PLAN_ROUNDS } from '../electron/engine/engine-state.js';
import { openCollection } from '../electron/services/collections.js';
import { detectLinkage } from '../shared/linkage/detect.js';
import { planSteps, type EditPlan } from '../shared/linkage/plan/edit-plan.js';
import { planEditRatio } from '../shared/linkage/plan/plan-summary.js';
import { DEFAULT_SETTINGS } from '../shared/linkage/settings.js';
import type { LongTextResults } from './report-long-text.js';

const [indexPath, deidentifiedPath, count = '60'] = process.argv.slice(2) as [string, string, string | undefined];
const judgments = gunzipSync(readFileSync(deidentifiedPath))
  .toString('utf8')
  .split('\n')
  .filter(Boolean)
  .slice(0, Number(count))
  .map((l) => (JSON.parse(l) as { text: string }).text);
const text = judgments.join('\n\n');
/** The repeating text: the first judgments, this many, one after another this many times. */
const REPEATED_JUDGMENTS = 6;
const REPEATED_COPIES = 8;
const collection = openCollection(indexPath);
const index = collection.phraseIndex();
const settings = { ...DEFAULT_SETTINGS, placeholderPattern: collection.placeholderPattern() };
// Warm: the index's first reads are not what a clerk with the app open waits for.
detectLinkage(index, judgments[0]!, settings);

const memory = new DocumentMemory();
let started = performance.now();
const check = detectLinkage(index, text, settings, { cache: memory.segments, combinationMemo: memory.combinationMemo(settings), memoForgetsOthers: true });
const checkSeconds = (performance.now() - started) / 1000;

started = performance.now();
const steps = planSteps(index, text, settings, { maxRounds: APP_PLAN_ROUNDS, cache: memory.segments });
let plan: EditPlan | undefined;
let longestPauseMs = 0;
for (let last = performance.now(); plan === undefined;) {
  const next = steps.next();
  const now = performance.now();
  longestPauseMs = Math.max(longestPauseMs, now - last);
  last = now;
  if (next.done === true) plan = next.value;
}
const planSeconds = (performance.now() - started) / 1000;

started = performance.now();
const editRatio = planEditRatio(text, plan);
const ratioSeconds = (performance.now() - started) / 1000;

// A text that repeats itself, checked as a new document: every common phrase occurs eight
// times, and the combination search once tried every pair of its occurrences (5.6 s for
// this text against the court index, 0.7 s after; combination-triples.ts).
const repeatedText = Array.from({ length: REPEATED_COPIES }, () => judgments.slice(0, REPEATED_JUDGMENTS).join('\n\n')).join('\n\n');
const repeatedMemory = new DocumentMemory();
started = performance.now();
const repeatedCheck = detectLinkage(index, repeatedText, settings, {
  cache: repeatedMemory.segments,
  combinationMemo: repeatedMemory.combinationMemo(settings),
  memoForgetsOthers: true,
});
const repeated = {
  judgments: REPEATED_JUDGMENTS,
  copies: REPEATED_COPIES,
  words: repeatedCheck.summary.tokens,
  checkSeconds: (performance.now() - started) / 1000,
  spans: repeatedCheck.minimal.length,
  combinations: repeatedCheck.combinations.length,
};
collection.close();

const results: LongTextResults = {
  judgments: judgments.length,
  words: plan.words,
  checkSeconds,
  spans: check.minimal.length,
  combinations: check.combinations.length,
  planSeconds,
  longestPauseMs,
  planned: plan.tokens.length,
  clean: plan.clean,
  editRatio,
  ratioSeconds,
  repeated,
};
process.stdout.write(JSON.stringify(results));
