/**
 * The per-document results of a run, appended to JSONL files in the output folder as
 * they are computed. A rerun reads them back and skips every (key, document) already
 * there, so an interrupted run resumes where it stopped. A line cut short by a kill is
 * ignored and recomputed.
 */
import { join, resolve } from 'node:path';
import { makeFolder } from '../../runtime/make-folder.js';
import type { CurveRow, MethodRow } from './row-types.js';
import { sha256Text } from '../../runtime/text-hash.js';
import { appendJsonl, readJsonlLog } from '../../runtime/jsonl-log.js';

/** A short stable key for settings: SHA-256 of their JSON with sorted object keys. */
export function settingsKey(settings: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([k, v]) => [k, canonical(v)]),
      );
    }
    return value;
  };
  return sha256Text(JSON.stringify(canonical(settings))).slice(0, 16);
}

function readRows<T extends { key: string; documentId: string; textSha256: string }>(path: string, kind: string): Map<string, T> {
  const rows = new Map<string, T>();
  for (const row of readJsonlLog(path) as (T & { kind?: string })[]) if (row.kind === kind) rows.set(rowId(row), row);
  return rows;
}

function rowId(row: { key: string; documentId: string; textSha256: string }): string {
  return `${row.key}\u0000${row.documentId}\u0000${row.textSha256}`;
}

/** Method rows and curve rows of an output folder. */
export class ResultsStore {
  readonly methodPath: string;
  readonly curvePath: string;
  private readonly methods: Map<string, MethodRow>;
  private readonly curves: Map<string, CurveRow>;

  constructor(readonly folder: string) {
    makeFolder(resolve(folder), 'output folder');
    this.methodPath = join(folder, 'results.jsonl');
    this.curvePath = join(folder, 'redaction-curves.jsonl');
    this.methods = readRows<MethodRow>(this.methodPath, 'method');
    this.curves = readRows<CurveRow>(this.curvePath, 'curve');
  }

  method(key: string, documentId: string, textSha256: string): MethodRow | undefined {
    return this.methods.get(rowId({ key, documentId, textSha256 }));
  }

  curve(key: string, documentId: string, textSha256: string): CurveRow | undefined {
    return this.curves.get(rowId({ key, documentId, textSha256 }));
  }

  addMethod(row: MethodRow): void {
    appendJsonl(this.methodPath, [row]);
    this.methods.set(rowId(row), row);
  }

  addCurve(row: CurveRow): void {
    appendJsonl(this.curvePath, [row]);
    this.curves.set(rowId(row), row);
  }
}
