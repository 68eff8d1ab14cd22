/**
 * The game store for several server instances: PostgreSQL (the `pg` package), chosen by
 * DATABASE_URL or `--database-url`. Every instance reads and writes the same two tables; the
 * primary key (game_id, version) decides between instances racing for a version: exactly one INSERT
 * takes it, the others learn it was taken (VersionTakenError, a 409 for their client).
 *
 * Appends are group-committed: appends that arrive while a batch is being committed go into the next
 * one, a single INSERT … SELECT FROM unnest(…) statement (one transaction, one WAL flush for every
 * game with a command waiting). Each append resolves only once its batch has committed (PostgreSQL's
 * synchronous_commit, on by default, makes that durable). A row whose version is taken, or does not
 * follow the stored log, is left out (ON CONFLICT DO NOTHING, and a check that version - 1 is stored)
 * and fails alone, not its batch.
 *
 * The same statement sends a NOTIFY per stored entry, delivered when it commits: `watch` LISTENs for
 * them, so every instance learns at once of the entries another one stored (its SSE followers follow).
 */
// `pg` ships no types of its own (and @types/pg is not a dependency): the few calls used are typed below.
// @ts-ignore -- untyped optional peer dependency, loaded only when a PostgreSQL store is opened
import pg from 'pg';
import type { RateLimitOptions } from '../api/rate-limit.ts';
import { VersionTakenError, type GameRecord, type GameStore, type StoredEntry } from '../api/store.ts';
import { PgRateLimiter, RATE_SCHEMA } from './pg-rate-limit.ts';
import { safeUrl } from './safe-url.ts';
import { StoreError } from './store-error.ts';

interface QueryResult<R> {
  rows: R[];
}
interface Queryable {
  query<R = Record<string, unknown>>(q: string | { name?: string; text: string; values?: unknown[] }, values?: unknown[]): Promise<QueryResult<R>>;
}
interface PgClient extends Queryable {
  connect(): Promise<void>;
  end(): Promise<void>;
  on(event: 'notification', fn: (m: { channel: string; payload?: string }) => void): void;
  on(event: 'error' | 'end', fn: (e?: Error) => void): void;
  removeAllListeners(): void;
}
interface PgPool extends Queryable {
  end(): Promise<void>;
  on(event: 'error', fn: (e: Error) => void): void;
}
const { Pool, Client } = pg as { Pool: new (o: object) => PgPool; Client: new (o: object) => PgClient };

/** The channel every instance LISTENs on; a payload is "<game id> <version>". */
export const CHANNEL = 'doom_board_entries';

// Tables are created when missing; a lock makes instances starting together take turns.
const SCHEMA = `
  SELECT pg_advisory_xact_lock(7262261);
  CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS entries (
    game_id TEXT NOT NULL REFERENCES games(id),
    version INTEGER NOT NULL CHECK (version > 0),
    kind TEXT NOT NULL CHECK (kind IN ('command', 'undo')),
    side TEXT NOT NULL,
    command TEXT,
    PRIMARY KEY (game_id, version)
  );
  ${RATE_SCHEMA}
`;

// JSON is kept as text, not jsonb: jsonb reorders keys, and a replay must read back as it was sent.
const INSERT_GAME = { name: 'doom-board-insert-game', text: 'INSERT INTO games (id, record) VALUES ($1, $2)' };
const SELECT_GAME = { name: 'doom-board-select-game', text: 'SELECT record FROM games WHERE id = $1' };
const SELECT_ENTRIES = {
  name: 'doom-board-select-entries',
  text: 'SELECT version, kind, side, command FROM entries WHERE game_id = $1 AND version > $2 ORDER BY version',
};
const APPEND = {
  name: 'doom-board-append',
  text: `
    WITH batch AS (
      SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[]) AS b(game_id, version, kind, side, command)
    ), stored AS (
      INSERT INTO entries (game_id, version, kind, side, command)
      SELECT b.game_id, b.version, b.kind, b.side, b.command FROM batch b
      WHERE b.version = 1 OR EXISTS (SELECT 1 FROM entries e WHERE e.game_id = b.game_id AND e.version = b.version - 1)
      ON CONFLICT (game_id, version) DO NOTHING
      RETURNING game_id, version
    )
    SELECT game_id, version, pg_notify('${CHANNEL}', game_id || ' ' || version) FROM stored`,
};

interface Waiting {
  id: string;
  entry: StoredEntry;
  resolve: () => void;
  reject: (e: Error) => void;
}

type Row = { version: number; kind: 'command' | 'undo'; side: string; command: string | null };
const entryOf = (r: Row): StoredEntry => ({ version: r.version, kind: r.kind, side: r.side, ...(r.command !== null ? { command: JSON.parse(r.command) } : {}) });

export class PgStore implements GameStore {
  private waiting: Waiting[] = [];
  private flushing: Promise<void> | null = null;
  private readonly watchers = new Set<(gameId: string | null, version: number) => void>();
  private listener: PgClient | null = null;
  private listening: Promise<void> | null = null;
  private closed = false;
  /** Batches committed and entries stored, for benchmarks and tests. */
  readonly counters = { transactions: 0, entries: 0 };

  private limiters: PgRateLimiter[] = [];
  private limiterPool: PgPool | null = null;

  private constructor(private readonly url: string, private readonly pool: PgPool) {}

  /** Connect, create the tables when missing; a StoreError naming the server when it cannot be used. */
  static async open(url: string, o: { poolSize?: number } = {}): Promise<PgStore> {
    const pool = new Pool({ connectionString: url, max: o.poolSize ?? 8 });
    // An idle connection that breaks (server restart) must not crash the process; the next query reconnects.
    pool.on('error', (e) => console.error('doom-board: a PostgreSQL connection failed:', e.message));
    try {
      await pool.query(`BEGIN; ${SCHEMA} COMMIT;`);
    } catch (e) {
      await pool.end().catch(() => undefined);
      throw new StoreError(`cannot use the PostgreSQL database ${safeUrl(url)} (${(e as Error).message}): check DATABASE_URL / --database-url, that the server is running and that this user may create tables there.`);
    }
    return new PgStore(url, pool);
  }

  async create(record: GameRecord): Promise<void> {
    await this.pool.query({ ...INSERT_GAME, values: [record.id, JSON.stringify(record)] });
  }

  async load(id: string): Promise<{ record: GameRecord; entries: StoredEntry[] } | null> {
    const g = await this.pool.query<{ record: string }>({ ...SELECT_GAME, values: [id] });
    if (!g.rows.length) return null;
    return { record: JSON.parse(g.rows[0].record), entries: await this.entriesSince(id, 0) };
  }

  async entriesSince(id: string, version: number): Promise<StoredEntry[]> {
    const r = await this.pool.query<Row>({ ...SELECT_ENTRIES, values: [id, version] });
    return r.rows.map(entryOf);
  }

  append(id: string, entry: StoredEntry): Promise<void> {
    if (this.closed) return Promise.reject(new StoreError('the PostgreSQL store is closed'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ id, entry, resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  /** Commit what waits, batch after batch, until nothing does. */
  private async flush(): Promise<void> {
    while (this.waiting.length) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        await this.commit(batch);
      } catch {
        // A batch failed as a whole (e.g. a game that does not exist): each entry again on its own,
        // so only the ones at fault fail.
        for (const w of batch) await this.commit([w]).catch((e: Error) => w.reject(e));
      }
    }
    this.flushing = null;
  }

  private async commit(batch: Waiting[]): Promise<void> {
    const cols: unknown[][] = [[], [], [], [], []];
    for (const { id, entry } of batch) {
      cols[0].push(id);
      cols[1].push(entry.version);
      cols[2].push(entry.kind);
      cols[3].push(entry.side);
      cols[4].push(entry.command === undefined ? null : JSON.stringify(entry.command));
    }
    const r = await this.pool.query<{ game_id: string; version: number }>({ ...APPEND, values: cols });
    this.counters.transactions++;
    const stored = new Set(r.rows.map((row) => `${row.game_id} ${row.version}`));
    for (const w of batch) {
      if (stored.has(`${w.id} ${w.entry.version}`)) {
        this.counters.entries++;
        w.resolve();
      } else w.reject(new VersionTakenError(w.id, w.entry.version));
    }
  }

  /** Rate limits kept in the database, one allowance per client across every instance (pg-rate-limit.ts). */
  rateLimiter(o: RateLimitOptions): PgRateLimiter {
    // Its own connections, committing without waiting for the disk: a bucket needs no durability.
    if (!this.limiterPool) {
      this.limiterPool = new Pool({ connectionString: this.url, max: 4, options: '-c synchronous_commit=off' });
      this.limiterPool.on('error', (e) => console.error('doom-board: a PostgreSQL connection failed:', e.message));
    }
    const limiter = new PgRateLimiter(this.limiterPool, o);
    this.limiters.push(limiter);
    return limiter;
  }

  /**
   * `listener(gameId, version)` for each entry any instance stores from now on; `listener(null, 0)`
   * after the notices were interrupted (lost connection), when every followed game must be read again.
   */
  watch(listener: (gameId: string | null, version: number) => void): () => void {
    this.watchers.add(listener);
    this.listening ??= this.listen(0);
    return () => this.watchers.delete(listener);
  }

  /** A dedicated connection that LISTENs; reconnects (with a resync) when it breaks. */
  private async listen(attempt: number): Promise<void> {
    if (this.closed) return;
    const client = new Client({ connectionString: this.url });
    let retried = false;
    const retry = () => {
      if (retried) return;
      retried = true;
      client.removeAllListeners();
      client.on('error', () => undefined);
      client.end().catch(() => undefined);
      if (this.listener === client) this.listener = null;
      if (this.closed) return;
      setTimeout(() => void this.listen(attempt + 1), Math.min(5000, 100 * 2 ** attempt)).unref();
    };
    try {
      client.on('error', retry);
      client.on('notification', (m) => {
        const [gameId, version] = (m.payload ?? '').split(' ');
        if (m.channel === CHANNEL && gameId) this.tell(gameId, Number(version));
      });
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      client.on('end', retry);
      this.listener = client;
      attempt = 0;
      // Entries stored while nobody listened (first start included) are read by the service itself.
      this.tell(null, 0);
    } catch (e) {
      if (!this.closed) console.error(`doom-board: cannot LISTEN on ${safeUrl(this.url)} (${(e as Error).message}); retrying`);
      retry();
    }
  }

  private tell(gameId: string | null, version: number): void {
    for (const w of this.watchers) {
      try {
        w(gameId, version);
      } catch {
        // A broken watcher must not stop the others.
      }
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    while (this.flushing) await this.flushing;
    const l = this.listener;
    this.listener = null;
    l?.removeAllListeners();
    l?.on('error', () => undefined);
    await l?.end().catch(() => undefined);
    for (const l of this.limiters) l.stop();
    await this.limiterPool?.end();
    await this.pool.end();
  }
}
