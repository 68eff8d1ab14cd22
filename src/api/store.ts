/**
 * Where games live. The API keeps each game's log (accepted commands and undos) in a GameStore;
 * a game's state is a replay of its log. `append` must be durable when it resolves: the API
 * answers a command only after that. Implementations: MemoryStore (tests, the in-browser mock)
 * and SqliteStore (src/server, the default for `npm start`); a PostgreSQL store fits the same
 * shape for several server instances.
 */
import type { Scenario } from '../scenario/index.ts';
import type { Command } from '../rules/index.ts';

export interface GameRecord {
  id: string;
  scenario: Scenario;
  seed: number;
  /** SHA-256 (hex) of each side's seat token, by side. */
  seatHashes: Record<string, string>;
  createdAt: string;
}

/** One accepted change: version n is the n-th entry. */
export interface StoredEntry {
  version: number;
  kind: 'command' | 'undo';
  side: string;
  command?: Command;
}

export interface GameStore {
  create(record: GameRecord): Promise<void>;
  /** The game and its whole log, or null. */
  load(id: string): Promise<{ record: GameRecord; entries: StoredEntry[] } | null>;
  /** Durably append an entry; rejects when `entry.version` is taken (another writer won). */
  append(id: string, entry: StoredEntry): Promise<void>;
  close(): Promise<void>;
  /** Rejects, saying why, when the store cannot take writes now (the server's /readyz). */
  check?(): Promise<void>;
}

export class MemoryStore implements GameStore {
  private readonly games = new Map<string, { record: GameRecord; entries: StoredEntry[] }>();

  async create(record: GameRecord): Promise<void> {
    if (this.games.has(record.id)) throw new Error(`game ${record.id} exists`);
    this.games.set(record.id, { record: structuredClone(record), entries: [] });
  }

  async load(id: string) {
    const g = this.games.get(id);
    return g ? structuredClone(g) : null;
  }

  async append(id: string, entry: StoredEntry): Promise<void> {
    const g = this.games.get(id);
    if (!g) throw new Error(`no game ${id}`);
    if (entry.version !== g.entries.length + 1) throw new Error(`version ${entry.version} is taken`);
    g.entries.push(structuredClone(entry));
  }

  async close(): Promise<void> {}
}
