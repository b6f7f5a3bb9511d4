/**
 * Records the workspace keeps for the export report: the rewriter's run records (counts,
 * never text) and the exports made. The handlers use these methods, never SQL.
 */
import type Database from 'better-sqlite3';
import { AppError } from '../../shared/errors.js';

export class RunStore {
  constructor(private readonly db: Database.Database) {}

  /** Keeps the record of one rewriting run of a document. */
  addRewriteRun(documentId: string, record: unknown): void {
    this.db
      .prepare('INSERT INTO rewrite_runs (document_id, record_json, created_at) VALUES (?, ?, ?)')
      .run(documentId, JSON.stringify(record), new Date().toISOString());
  }

  /** The rewriting runs of a document, oldest first. */
  rewriteRuns(documentId: string): unknown[] {
    const rows = this.db.prepare('SELECT record_json FROM rewrite_runs WHERE document_id = ? ORDER BY id').all(documentId) as { record_json: string }[];
    return rows.map((row) => {
      try {
        return JSON.parse(row.record_json) as unknown;
      } catch {
        throw new AppError('index-corrupt', 'A rewriting record stored in the workspace is damaged; the export report cannot list it. Report this.');
      }
    });
  }

  /** Notes an export. */
  addExport(input: { documentId: string; versionId: number; folder: string; files: readonly string[]; justification: string | null; reviewer: string }): void {
    this.db
      .prepare('INSERT INTO exports (document_id, version_id, folder, files_json, justification, reviewer, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(input.documentId, input.versionId, input.folder, JSON.stringify(input.files), input.justification, input.reviewer, new Date().toISOString());
  }
}
