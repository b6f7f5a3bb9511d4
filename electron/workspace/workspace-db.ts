/**
 * The clerk's workspace: one SQLite file per user, apart from the collection files
 * (which are shared, read-only artifacts). It holds the documents under review with
 * every version, the suggestions, the collections used and the exports made. WAL mode
 * with synchronous=FULL: a committed change survives a crash or a kill.
 */
import type Database from 'better-sqlite3';
import { openSqlite } from '../runtime/sqlite.js';
import { join } from 'node:path';
import { makeFolder } from '../runtime/make-folder.js';
import { AppError } from '../../shared/errors.js';

const WORKSPACE_APPLICATION_ID = 0x554e4c57; // 'UNLW'
const SCHEMA_VERSION = 6;

const SCHEMA = `
CREATE TABLE collections (
  path TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  content_sha256 TEXT NOT NULL,
  document_count INTEGER NOT NULL,
  token_count INTEGER NOT NULL,
  shard_count INTEGER NOT NULL,
  last_opened_at TEXT NOT NULL
);
CREATE TABLE documents (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  origin TEXT NOT NULL,
  original_id TEXT,
  settings_json TEXT NOT NULL,
  head_version_id INTEGER,
  redo_json TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE versions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  parent_id INTEGER,
  text TEXT NOT NULL,
  source TEXT NOT NULL,
  description TEXT NOT NULL,
  change_json TEXT,
  model_json TEXT,
  open INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX versions_by_document ON versions (document_id, id);
CREATE TABLE suggestions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  start INTEGER NOT NULL,
  end INTEGER NOT NULL,
  before TEXT NOT NULL,
  after TEXT NOT NULL,
  source TEXT NOT NULL,
  status TEXT NOT NULL,
  reasoning TEXT,
  fallback INTEGER NOT NULL DEFAULT 0,
  pass INTEGER NOT NULL DEFAULT 1,
  model_json TEXT,
  created_at TEXT NOT NULL,
  resolved_at TEXT
);
CREATE INDEX suggestions_by_document ON suggestions (document_id, status);
CREATE TABLE rewrite_runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  record_json TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE exports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  document_id TEXT NOT NULL,
  version_id INTEGER NOT NULL,
  folder TEXT NOT NULL,
  files_json TEXT NOT NULL,
  justification TEXT,
  created_at TEXT NOT NULL
);
CREATE TABLE preferences (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;

/**
 * What each schema version adds to the one before, applied in order to older workspaces
 * (and after SCHEMA to new ones). Version 2: the collection's policy, the reviewer of an
 * export, the clerk's decisions on findings, and one record per accepted change. Version 3:
 * the version that accepting a suggestion made, so that undoing it makes the suggestion wait
 * again (SuggestionStore.undo). Version 4: the restore that made an accepted suggestion wait
 * again, so that undoing the restore accepts it again (SuggestionStore.restore). Version 5:
 * the version whose text a suggestion or a kept phrase was on when an edit took its words
 * away, and the suggestion's status then, so that they come back when the head returns there
 * (SuggestionStore.remap, DecisionStore.remap).
 */
const MIGRATIONS: Readonly<Record<number, string>> = {
  2: `
ALTER TABLE collections ADD COLUMN policy_json TEXT NOT NULL DEFAULT '{"k":2,"arity":3,"maxN":8}';
ALTER TABLE exports ADD COLUMN reviewer TEXT;
CREATE TABLE decisions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  decision TEXT NOT NULL,
  finding_kind TEXT NOT NULL,
  start INTEGER NOT NULL,
  end INTEGER NOT NULL,
  phrase TEXT NOT NULL,
  reason TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL
);
CREATE INDEX decisions_by_document ON decisions (document_id, active);
CREATE TABLE changes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  version_id INTEGER NOT NULL,
  decision TEXT NOT NULL,
  finding_kind TEXT NOT NULL,
  start INTEGER NOT NULL,
  removed_characters INTEGER NOT NULL,
  inserted TEXT NOT NULL,
  reason TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX changes_by_document ON changes (document_id, version_id);
`,
  3: `
ALTER TABLE suggestions ADD COLUMN accepted_version_id INTEGER;
`,
  4: `
ALTER TABLE suggestions ADD COLUMN reopened_in_version_id INTEGER;
`,
  5: `
ALTER TABLE suggestions ADD COLUMN overtaken_on_version_id INTEGER;
ALTER TABLE suggestions ADD COLUMN overtaken_status TEXT;
ALTER TABLE decisions ADD COLUMN overtaken_on_version_id INTEGER;
`,
  // The clerk's actions that change no text, for Undo and Redo (action-store.ts). The latest
  // of each side has the highest seq.
  6: `
CREATE TABLE actions (
  id INTEGER PRIMARY KEY,
  document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  version_id INTEGER NOT NULL,
  action_json TEXT NOT NULL,
  undone INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX actions_by_document ON actions (document_id, undone, seq);
`,
};

function migrate(db: Database.Database, from: number): void {
  db.transaction(() => {
    for (let version = from + 1; version <= SCHEMA_VERSION; version++) db.exec(MIGRATIONS[version] ?? '');
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
}

/** Opens (creating when new) the workspace database in `folder`. */
export function openWorkspaceDatabase(folder: string): Database.Database {
  makeFolder(folder, 'workspace folder');
  const path = join(folder, 'workspace.sqlite');
  let db: Database.Database;
  try {
    db = openSqlite(path);
    const applicationId = db.pragma('application_id', { simple: true }) as number;
    const version = db.pragma('user_version', { simple: true }) as number;
    if (applicationId === 0 && version === 0) {
      const tables = db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
      if (tables.n > 0) throw new AppError('not-an-index', `${path} is not an Unlinkable workspace. Move it away and start again.`);
      db.pragma('journal_mode = WAL');
      db.transaction(() => {
        db.exec(SCHEMA);
        db.pragma(`application_id = ${WORKSPACE_APPLICATION_ID}`);
        db.pragma('user_version = 1');
      })();
      migrate(db, 1);
    } else if (applicationId !== WORKSPACE_APPLICATION_ID) {
      throw new AppError('not-an-index', `${path} is not an Unlinkable workspace. Move it away and start again.`);
    } else if (version > SCHEMA_VERSION) {
      throw new AppError('index-version', `${path} was written by a newer version of Unlinkable. Update Unlinkable.`);
    } else if (version < SCHEMA_VERSION) {
      migrate(db, version);
    }
    db.pragma('synchronous = FULL');
    // Removed text is overwritten, not left in free pages: a document removed from the
    // workspace must not be recoverable from the file (ReviewStore.delete).
    db.pragma('secure_delete = ON');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    return db;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
      throw new AppError('index-corrupt', `The workspace ${path} is damaged. It was not changed; move it away to start a new workspace.`);
    }
    throw error;
  }
}

/** Reads a preference. */
export function getPreference(db: Database.Database, key: string): string | undefined {
  return (db.prepare('SELECT value FROM preferences WHERE key = ?').get(key) as { value: string } | undefined)?.value;
}

/** Writes a preference. */
export function setPreference(db: Database.Database, key: string, value: string): void {
  db.prepare('INSERT INTO preferences (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}
