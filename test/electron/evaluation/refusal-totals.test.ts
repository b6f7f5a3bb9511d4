/**
 * The answers an LLM method's checks refused: per-document rows add up to per-method
 * means by reason, and the report's model-work table says them, including when older rows
 * (written before they were recorded) leave some documents uncounted.
 */
import { describe, expect, it } from 'vitest';
import { markdownReport } from '../../../electron/evaluation/report/markdown-table.js';
import type { MethodRow } from '../../../electron/evaluation/report/row-types.js';
import { methodTotals } from '../../../electron/evaluation/report/totals.js';

const RANK = { rank: 1, score: 2, bestOther: 1, margin: 1 };
const NO_SPANS = { spans: 0, present: 0 };

function row(documentId: string, rejections: Record<string, number> | undefined): MethodRow {
  return {
    kind: 'method',
    key: documentId,
    method: 'llm-plan-arity-1',
    documentId,
    sourceId: documentId,
    textSha256: '0'.repeat(64),
    linkage: { '2': { arity1: NO_SPANS, arity3: NO_SPANS, newlyLinkable: { arity1: 0, arity3: 0 } } },
    edit: { distance: 1, words: 10, ratio: 0.1 },
    similarity: null,
    perplexity: null,
    cost: { seconds: 1, passes: 1, promptTokens: 100, generatedTokens: 10, ...(rejections === undefined ? {} : { rejections }) },
    bm25: { before: RANK, after: RANK },
    semantic: null,
    credit: { spans: 2, model: 1, modelPlaceholder: 0, fallback: 1, unresolved: 0, ownPlaceholders: 0 },
  };
}

const METHOD = { id: 'llm-plan-arity-1', label: 'LLM with the plan' } as const;
const MEASURED = { similarity: false, perplexity: false };

function modelWorkRow(totals: ReturnType<typeof methodTotals>): string {
  const report = markdownReport({ title: 't', ks: [2], methods: [totals], skipped: [], models: {}, curves: [] });
  const section = report.slice(report.indexOf('| Approach | Model'));
  return section.split('\n').find((line) => line.startsWith('| LLM with the plan'))!;
}

describe('refused answers in the evaluation', () => {
  it('are means per document by reason, over the rows that record them', () => {
    const totals = methodTotals(METHOD, [row('a', { 'too-long': 3, 'word-invented': 1 }), row('b', { 'too-long': 1 }), row('c', {})], [2], MEASURED);
    expect(totals.refusals).toEqual({ documents: 3, perDocument: 5 / 3, byReason: { 'too-long': 4 / 3, 'word-invented': 1 / 3 } });
    expect(modelWorkRow(totals)).toMatch(/\| 1\.7 \(too-long 1\.3, word-invented 0\.3\) \|$/u);
  });

  it('say over how many documents when older rows lack them, and are absent when none records them', () => {
    const partly = methodTotals(METHOD, [row('a', { 'span-kept': 2 }), row('b', undefined)], [2], MEASURED);
    expect(partly.refusals).toEqual({ documents: 1, perDocument: 2, byReason: { 'span-kept': 2 } });
    expect(modelWorkRow(partly)).toMatch(/\| 2\.0 \(span-kept 2\.0, over 1 of 2 documents\) \|$/u);
    const none = methodTotals(METHOD, [row('a', undefined)], [2], MEASURED);
    expect(none.refusals).toBeNull();
    expect(modelWorkRow(none)).toMatch(/\| – \|$/u);
  });
});
