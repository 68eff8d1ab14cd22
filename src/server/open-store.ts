/**
 * Opening the game store a server is configured with: PostgreSQL when given a database URL (several
 * instances may share it), else SQLite in a data folder (one machine), else memory. Their drivers
 * (pg; better-sqlite3, a native module) are loaded only when asked for, so a server never needs
 * the one it does not use installed.
 */
import { MemoryStore, type GameStore } from '../api/store.ts';
import { StoreError } from './store-error.ts';

export interface StoreOptions {
  /** postgres://… (DATABASE_URL): games in PostgreSQL, shared by every instance given the same URL. */
  databaseUrl?: string | null;
  /** A folder for the SQLite file (`games.sqlite`); null or absent keeps games in memory. */
  dataDir?: string | null;
}

export { StoreError } from './store-error.ts';

export async function openStore(o: StoreOptions): Promise<GameStore> {
  if (o.databaseUrl) return openPgStore(o.databaseUrl);
  if (!o.dataDir) return new MemoryStore();
  let SqliteStore: typeof import('./sqlite-store.ts').SqliteStore;
  try {
    ({ SqliteStore } = await import('./sqlite-store.ts'));
  } catch (e) {
    throw new StoreError(
      `the SQLite store needs the better-sqlite3 package, which could not be loaded (${(e as Error).message.split('\n')[0]}). ` +
        'Install it beside doom-board (npm install better-sqlite3, and allow its install script: it builds a native module), or keep games in memory (--memory).',
    );
  }
  return SqliteStore.open(o.dataDir);
}

async function openPgStore(url: string): Promise<GameStore> {
  if (!/^postgres(ql)?:\/\//.test(url)) throw new StoreError(`the database URL must start with postgres:// or postgresql:// (got ${JSON.stringify(url.split(':')[0] + ':')})`);
  let PgStore: typeof import('./pg-store.ts').PgStore;
  try {
    ({ PgStore } = await import('./pg-store.ts'));
  } catch (e) {
    throw new StoreError(
      `the PostgreSQL store needs the pg package, which could not be loaded (${(e as Error).message.split('\n')[0]}). ` +
        'Install it beside doom-board (npm install pg), or keep games in SQLite (no DATABASE_URL / --database-url).',
    );
  }
  return PgStore.open(url);
}
