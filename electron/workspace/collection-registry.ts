/**
 * The collections a clerk has opened or created, remembered in the workspace.
 */
import type Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import { DEFAULT_POLICY, type CollectionPolicy, type CollectionSummary } from '../../shared/ipc/types.js';
import { MAX_BOUNDED_N, MAX_K } from '../../shared/linkage/settings.js';
import type { CollectionInfo } from '../index-store/collection-index.js';

interface Row {
  path: string;
  name: string;
  content_sha256: string;
  document_count: number;
  token_count: number;
  shard_count: number;
  last_opened_at: string;
  policy_json: string;
}

/** A collection's release policy, as stored and as set. */
export const policySchema = z
  .object({
    k: z.number().int().min(2).max(MAX_K),
    arity: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    maxN: z.number().int().min(0).max(MAX_BOUNDED_N),
  })
  .strict();

export class CollectionRegistry {
  constructor(private readonly db: Database.Database) {}

  remember(info: CollectionInfo): CollectionSummary {
    const at = new Date().toISOString();
    this.db
      .prepare(
        `INSERT INTO collections (path, name, content_sha256, document_count, token_count, shard_count, last_opened_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(path) DO UPDATE SET name = excluded.name, content_sha256 = excluded.content_sha256, document_count = excluded.document_count,
           token_count = excluded.token_count, shard_count = excluded.shard_count, last_opened_at = excluded.last_opened_at`,
      )
      .run(info.path, info.name, info.contentSha256, info.documentCount, info.tokenCount, info.shardCount, at);
    return this.get(info.path)!;
  }

  get(path: string): CollectionSummary | undefined {
    const row = this.db.prepare('SELECT * FROM collections WHERE path = ?').get(path) as Row | undefined;
    return row === undefined ? undefined : this.toSummary(row);
  }

  list(): CollectionSummary[] {
    return (this.db.prepare('SELECT * FROM collections ORDER BY last_opened_at DESC').all() as Row[]).map((r) => this.toSummary(r));
  }

  /** Sets a collection's release policy. */
  setPolicy(path: string, policy: CollectionPolicy): CollectionSummary {
    const parsed = policySchema.parse(policy);
    const info = this.db.prepare('UPDATE collections SET policy_json = ? WHERE path = ?').run(JSON.stringify(parsed), path);
    if (info.changes === 0) throw new AppError('not-found', 'That collection is not in the workspace; open it first.');
    return this.get(path)!;
  }

  forget(path: string): void {
    this.db.prepare('DELETE FROM collections WHERE path = ?').run(path);
  }

  private toSummary(row: Row): CollectionSummary {
    const available = existsSync(row.path);
    return {
      path: row.path,
      name: row.name,
      documentCount: row.document_count,
      tokenCount: row.token_count,
      contentSha256: row.content_sha256,
      shardCount: row.shard_count,
      lastOpenedAt: row.last_opened_at,
      available,
      problem: available ? undefined : 'The file is no longer there. Find it with "Open collection", or forget it.',
      policy: parsePolicy(row.policy_json),
    };
  }
}

/** The stored policy, or a clear error for a damaged row (never a made-up value). */
function parsePolicy(json: string | undefined): CollectionPolicy {
  if (json === undefined) return DEFAULT_POLICY;
  try {
    return policySchema.parse(JSON.parse(json));
  } catch {
    throw new AppError('index-corrupt', "A collection's policy stored in the workspace is damaged. Set it again on the Collections screen.");
  }
}
