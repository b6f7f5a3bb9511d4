/**
 * The suggestions table as the stores read it: one row's columns, and the Suggestion the
 * renderer sees. Shared by the suggestion store and by what puts suggestions back into the
 * text (suggestion-return.ts).
 */
import type Database from 'better-sqlite3';
import type { Suggestion } from '../../shared/ipc/types.js';

export interface SuggestionRow {
  id: number;
  document_id: string;
  start: number;
  end: number;
  before: string;
  after: string;
  source: 'placeholder' | 'model';
  status: Suggestion['status'];
  reasoning: string | null;
  fallback: number;
  pass: number;
  model_json: string | null;
  created_at: string;
  accepted_version_id: number | null;
  reopened_in_version_id: number | null;
  overtaken_on_version_id: number | null;
  overtaken_status: 'pending' | 'rejected' | 'stale' | null;
}

/** A span of the head text, start included, end excluded. */
export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

export function toSuggestion(r: SuggestionRow): Suggestion {
  return {
    id: r.id,
    start: r.start,
    end: r.end,
    before: r.before,
    after: r.after,
    source: r.source,
    status: r.status,
    reasoning: r.reasoning,
    fallback: r.fallback === 1,
    pass: r.pass,
    createdAt: r.created_at,
  };
}

/** The document's pending suggestions' spans, by start (they never overlap). */
export function pendingSpans(db: Database.Database, documentId: string): (TextSpan & { id: number })[] {
  return (
    db.prepare("SELECT id, start, end FROM suggestions WHERE document_id = ? AND status = 'pending'").all(documentId) as (TextSpan & { id: number })[]
  ).sort((a, b) => a.start - b.start);
}
