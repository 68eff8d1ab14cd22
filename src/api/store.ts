/**
 * Where games live. The API keeps each game's log (accepted commands and undos) in a GameStore;
 * a game's state is a replay of its log. `append` must be durable when it resolves: the API
 * answers a command only after that. Implementations: MemoryStore (tests, the in-browser mock),
 * SqliteStore (src/server, the default for `npm start`) and PgStore (src/server, PostgreSQL,
 * shared by several server instances).
 */
import type { Scenario } from '../scenario/index.ts';
import type { Command } from '../rules/index.ts';
import type { ClientLimiter, RateLimitOptions } from './rate-limit.ts';

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
  /**
   * Stores shared by several server instances (PostgreSQL) have these two: each instance keeps its
   * games in memory, so it must read what the others appended. The entries after `version`, in order.
   */
  entriesSince?(id: string, version: number): Promise<StoredEntry[]>;
  /**
   * Calls `listener(gameId, version)` for every entry any instance appends, and `listener(null, 0)`
   * when notices may have been missed (read every followed game again). Returns the unsubscribe.
   */
  watch?(listener: (gameId: string | null, version: number) => void): () => void;
  /** Shared stores keep the per-client rate limits too, one allowance across all instances. */
  rateLimiter?(o: RateLimitOptions): ClientLimiter;
  /** Rejects, saying why, when the store cannot take writes now (the server's /readyz). */
  check?(): Promise<void>;
}

/** An append lost its race: the version was taken (or the log moved) in the store, maybe by another instance. */
export class VersionTakenError extends Error {
  override name = 'VersionTakenError';
  constructor(readonly gameId: string, readonly version: number) {
    super(`game ${gameId}: version ${version} is taken or does not follow the stored log`);
  }
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
    if (entry.version !== g.entries.length + 1) throw new VersionTakenError(id, entry.version);
    g.entries.push(structuredClone(entry));
  }

  async close(): Promise<void> {}
}
