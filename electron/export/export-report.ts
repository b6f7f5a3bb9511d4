/**
 * The JSON report that travels with an exported document, and what the printable review
 * log is made from. It names the reviewer, identifies the text as opened and as
 * exported (SHA-256), the collection, the settings and how they differ from the
 * collection's policy, what linkage remains (by phrase search and by BM25), every
 * accepted change as its own record, and every flagged phrase kept with its reason. It
 * never repeats removed text: that would carry the very phrases the review took out.
 */
import type { ChangeRecord, ChangeSource, CollectionPolicy, Decision, FuzzyRank } from '../../shared/ipc/types.js';
import type { GateVerdict } from '../../shared/review/release-gate.js';
import type { HistoryEntry } from '../workspace/review-store.js';
import { sha256Text } from '../runtime/text-hash.js';

export interface ReportInput {
  readonly appVersion: string;
  readonly reviewer: string;
  readonly title: string;
  /** The text as exported and as it was opened. */
  readonly text: string;
  readonly openedText: string;
  readonly versionId: number;
  /** The version's number in the document's history and how many it has (ReviewDocument). */
  readonly versionNumber: number;
  readonly versionCount: number;
  readonly collection: { readonly name: string; readonly contentSha256: string; readonly documentCount: number } | null;
  readonly policy: CollectionPolicy;
  readonly settings: {
    readonly k: number;
    readonly arity: number;
    readonly maxN: number;
    readonly sourceId: string | null;
    readonly placeholderPattern: string | null;
    readonly strategy?: string;
    readonly placeholder?: string;
  };
  readonly policyDifferences: readonly string[];
  readonly remaining: { readonly minimal: number; readonly combinationSpans: number };
  readonly verdict: string;
  readonly gate: GateVerdict;
  readonly justification: string | null;
  readonly fuzzySearch: FuzzyRank | null;
  readonly history: readonly HistoryEntry[];
  readonly changes: readonly ChangeRecord[];
  readonly kept: readonly Decision[];
  readonly rewriting: readonly unknown[];
}

/** One accepted change, as the report lists it. */
export interface ReportedEdit {
  readonly at: string;
  readonly source: ChangeSource;
  readonly description: string;
  /** Offsets in the text before the change; lengths, not contents. */
  readonly start: number | null;
  readonly removedCharacters: number | null;
  readonly insertedCharacters: number | null;
  readonly model: unknown;
}

/** One record of the review log: an accepted change or the clerk's own edit. */
export interface ReportedChange {
  readonly at: string;
  readonly versionId: number;
  readonly decision: ChangeRecord['decision'];
  readonly kind: ChangeRecord['kind'];
  readonly start: number;
  readonly removedCharacters: number;
  /** What went in; the clerk's own words are kept only when short (they are in the exported text anyway). */
  readonly inserted: string;
  readonly reason: string | null;
}

/** Every change: the recorded decisions, and the clerk's own edits (manual versions) from the history. */
export function changeLog(history: readonly HistoryEntry[], recorded: readonly ChangeRecord[]): ReportedChange[] {
  const recordedVersions = new Set(recorded.map((c) => c.versionId));
  const manual: ReportedChange[] = history
    .filter((h) => h.change !== null && !recordedVersions.has(h.versionId) && h.source !== 'import')
    .map((h) => ({
      at: h.createdAt,
      versionId: h.versionId,
      decision: 'manual',
      kind: 'text',
      start: h.change!.start,
      removedCharacters: h.change!.before.length,
      inserted: h.change!.after.length <= 200 ? h.change!.after : `${h.change!.after.slice(0, 200)}…`,
      reason: h.source === 'manual' ? null : h.description,
    }));
  const decided: ReportedChange[] = recorded.map((c) => ({
    at: c.at,
    versionId: c.versionId,
    decision: c.decision,
    kind: c.kind,
    start: c.start,
    removedCharacters: c.removedCharacters,
    inserted: c.inserted,
    reason: c.reason,
  }));
  return [...decided, ...manual].sort((a, b) => a.versionId - b.versionId || a.start - b.start);
}

/** Builds the report object. */
export function buildReport(input: ReportInput): Record<string, unknown> {
  const edits: ReportedEdit[] = input.history
    .filter((h) => h.source !== 'import')
    .map((h) => ({
      at: h.createdAt,
      source: h.source,
      description: h.description,
      start: h.change?.start ?? null,
      removedCharacters: h.change === null ? null : h.change.before.length,
      insertedCharacters: h.change === null ? null : h.change.after.length,
      model: h.model,
    }));
  const models = edits.map((e) => e.model).filter((m) => m !== null);
  return {
    format: 'unlinkable-export-report/2',
    exportedAt: new Date().toISOString(),
    app: { name: 'Unlinkable', version: input.appVersion },
    reviewer: input.reviewer,
    document: {
      title: input.title,
      versionId: input.versionId,
      versionNumber: input.versionNumber,
      versionCount: input.versionCount,
      characters: input.text.length,
      sha256: sha256Text(input.text),
      opened: { characters: input.openedText.length, sha256: sha256Text(input.openedText) },
    },
    collection: input.collection,
    policy: input.policy,
    settings: input.settings,
    policyDifferences: input.policyDifferences,
    linkage: {
      remainingLinkable: input.remaining.minimal + input.remaining.combinationSpans,
      minimalLinkableNgrams: input.remaining.minimal,
      spansFromCombinations: input.remaining.combinationSpans,
      verdict: input.verdict,
      justificationRequired: input.gate.required,
      why: input.gate.reasons,
    },
    fuzzySearch: input.fuzzySearch,
    justification: input.justification,
    changes: changeLog(input.history, input.changes),
    kept: input.kept.map((k) => ({ at: k.createdAt, kind: k.kind, start: k.start, end: k.end, phrase: k.phrase, reason: k.reason })),
    edits,
    model: models.length > 0 ? models[models.length - 1] : null,
    rewriting: input.rewriting,
  };
}
