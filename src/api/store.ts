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
  /**
   * A game created with an Idempotency-Key: the key's SHA-256 (also kept where the store looks it
   * up), the request's fingerprint, the version it was created at (an imported replay's) and the
   * salt its seat tokens were derived with (from the key, which is not stored: see idempotency.ts).
   */
  idempotency?: { key: string; request: string; version: number; salt: string };
}

/** One accepted change: version n is the n-th entry. */
export interface StoredEntry {
  version: number;
  kind: 'command' | 'undo';
  side: string;
  command?: Command;
  /** The change was asked for with an Idempotency-Key: its SHA-256 and the request's fingerprint. */
  key?: { key: string; request: string };
}

export interface GameStore {
  /** Store a new game with its first entries (an imported replay's), in one transaction. */
  create(record: GameRecord, entries?: StoredEntry[]): Promise<void>;
  /** The game and its whole log, or null. */
  load(id: string): Promise<{ record: GameRecord; entries: StoredEntry[] } | null>;
  /** The game created with this Idempotency-Key (its SHA-256), or null. */
  createdWith(key: string): Promise<GameRecord | null>;
  /**
   * Durably append an entry; rejects with VersionTakenError when `entry.version` (or its key) is
   * taken (another writer won). Any other rejection leaves the outcome unknown: the entry may have
   * been stored (see GameService).
   */
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
  /** Rejects, saying why, when the store cannot take writes now (the server's /readyz probes it). */
  check?(): Promise<void>;
  /**
   * Calls `listener` once if the store stops trusting its own file (an fsync failed: what the
   * disk holds is unknown): the process must stop, so that recovery runs on the next start.
   */
  onFatal?(listener: (e: Error) => void): void;
}

/**
 * The store cannot serve now (it is unreachable, read-only, or failed while committing). With
 * `outcomeUnknown` the failure came during a commit: the change may or may not have been stored.
 */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
  /**
   * `message` is for the operator (the log, /readyz: it may name files and hosts); `said` is what a
   * client is told.
   */
  constructor(message: string, readonly outcomeUnknown = false, readonly retryAfter = 2, readonly said = 'the game store cannot be reached') {
    super(message);
  }
}

/**
 * A game whose stored record or entries do not replay (bit rot, a truncated or edited row, a
 * deleted entry): never retryable; an operator restores it (`doom-board check` lists them all).
 */
export class GameDamagedError extends Error {
  override name = 'GameDamagedError';
  constructor(readonly gameId: string, readonly reason: string) {
    super(`game ${gameId} is damaged in the store: ${reason}`);
  }
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
  private readonly keys = new Map<string, string>();

  async create(record: GameRecord, entries: StoredEntry[] = []): Promise<void> {
    if (this.games.has(record.id)) throw new Error(`game ${record.id} exists`);
    if (record.idempotency && this.keys.has(record.idempotency.key)) throw new VersionTakenError(record.id, 0);
    entries.forEach((e, i) => {
      if (e.version !== i + 1) throw new VersionTakenError(record.id, e.version);
    });
    this.games.set(record.id, { record: structuredClone(record), entries: structuredClone(entries) });
    if (record.idempotency) this.keys.set(record.idempotency.key, record.id);
  }

  async load(id: string) {
    const g = this.games.get(id);
    return g ? structuredClone(g) : null;
  }

  async createdWith(key: string): Promise<GameRecord | null> {
    const id = this.keys.get(key);
    return id === undefined ? null : structuredClone(this.games.get(id)!.record);
  }

  async append(id: string, entry: StoredEntry): Promise<void> {
    const g = this.games.get(id);
    if (!g) throw new Error(`no game ${id}`);
    if (entry.version !== g.entries.length + 1) throw new VersionTakenError(id, entry.version);
    if (entry.key && g.entries.some((e) => e.key?.key === entry.key!.key)) throw new VersionTakenError(id, entry.version);
    g.entries.push(structuredClone(entry));
  }

  async close(): Promise<void> {}
}
