/**
 * The JSON report that travels with an exported document. It identifies the collection
 * and the settings, states what linkage remains, and lists every accepted change by time
 * and source. It never repeats the removed text: that would carry the very phrases the
 * review took out of the document.
 */
import { createHash } from 'node:crypto';
import type { ChangeSource } from '../../shared/ipc/types.js';
import type { HistoryEntry } from '../workspace/review-store.js';

export interface ReportInput {
  readonly appVersion: string;
  readonly title: string;
  readonly text: string;
  readonly versionId: number;
  readonly collection: { readonly name: string; readonly contentSha256: string; readonly documentCount: number } | null;
  readonly settings: {
    readonly k: number;
    readonly arity: number;
    readonly maxN: number;
    readonly sourceId: string | null;
    readonly placeholderPattern: string | null;
  };
  readonly remaining: { readonly minimal: number; readonly combinationSpans: number };
  readonly verdict: string;
  readonly justification: string | null;
  readonly history: readonly HistoryEntry[];
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
    format: 'unlinkable-export-report/1',
    exportedAt: new Date().toISOString(),
    app: { name: 'Unlinkable', version: input.appVersion },
    document: {
      title: input.title,
      versionId: input.versionId,
      characters: input.text.length,
      sha256: createHash('sha256').update(input.text, 'utf8').digest('hex'),
    },
    collection: input.collection,
    settings: input.settings,
    linkage: {
      remainingLinkable: input.remaining.minimal + input.remaining.combinationSpans,
      minimalLinkableNgrams: input.remaining.minimal,
      spansFromCombinations: input.remaining.combinationSpans,
      verdict: input.verdict,
    },
    justification: input.justification,
    edits,
    model: models.length > 0 ? models[models.length - 1] : null,
    rewriting: input.rewriting,
  };
}
