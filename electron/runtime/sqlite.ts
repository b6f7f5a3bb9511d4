/**
 * Opens SQLite files through better-sqlite3. Electron needs the module built for its own
 * ABI: in development `npm start` builds one into .cache and names it in
 * UNLINKABLE_SQLITE_BINDING, so the Node build used by tests and the CLI stays intact;
 * packaged apps are rebuilt for Electron by electron-builder and need nothing.
 */
import Database from 'better-sqlite3';

export function openSqlite(path: string, options: Database.Options = {}): Database.Database {
  const nativeBinding = process.env.UNLINKABLE_SQLITE_BINDING;
  return new Database(path, nativeBinding ? { ...options, nativeBinding } : options);
}
