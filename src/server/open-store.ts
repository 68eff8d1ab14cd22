/**
 * Opening the game store a server is configured with. SQLite (better-sqlite3, a native module) is
 * loaded only when asked for, so an engine or memory-only server never needs it installed.
 */
import { MemoryStore, type GameStore } from '../api/store.ts';
import { StoreError } from './store-error.ts';

export interface StoreOptions {
  /** A folder for the SQLite file (`games.sqlite`); null or absent keeps games in memory. */
  dataDir?: string | null;
}

export { StoreError } from './store-error.ts';

export async function openStore(o: StoreOptions): Promise<GameStore> {
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
  return new SqliteStore(o.dataDir);
}
