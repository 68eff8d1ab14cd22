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
import { GameDamagedError, StoreUnavailableError, VersionTakenError, type GameRecord, type GameStore, type StoredEntry } from '../api/store.ts';
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
interface PgPoolClient extends Queryable {
  /** With an error: the connection is broken, and the pool destroys it instead of keeping it. */
  release(broken?: Error): void;
  on(event: 'error', fn: (e: Error) => void): void;
  removeListener(event: 'error', fn: (e: Error) => void): void;
}
interface PgPool extends Queryable {
  connect(): Promise<PgPoolClient>;
  end(): Promise<void>;
  on(event: 'error', fn: (e: Error) => void): void;
}
const { Pool, Client } = pg as { Pool: new (o: object) => PgPool; Client: new (o: object) => PgClient };

/** The channel every instance LISTENs on; a payload is "<game id> <version>". */
export const CHANNEL = 'doom_board_entries';

/** The layout this code reads and writes; kept in the `meta` table, checked at every start. */
export const SCHEMA_VERSION = 2;

// Instances starting together take turns (a transaction-scoped advisory lock).
const LOCK = 'SELECT pg_advisory_xact_lock(7262261);';
const TABLES = `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE games (
    id TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    idem_key TEXT
  );
  CREATE TABLE entries (
    game_id TEXT NOT NULL REFERENCES games(id),
    version INTEGER NOT NULL CHECK (version > 0),
    kind TEXT NOT NULL CHECK (kind IN ('command', 'undo')),
    side TEXT NOT NULL,
    command TEXT,
    idem_key TEXT,
    idem_request TEXT,
    PRIMARY KEY (game_id, version)
  );
`;
const INDEXES = `
  CREATE UNIQUE INDEX IF NOT EXISTS games_idem ON games(idem_key) WHERE idem_key IS NOT NULL;
  CREATE UNIQUE INDEX IF NOT EXISTS entries_idem ON entries(game_id, idem_key) WHERE idem_key IS NOT NULL;
`;
/** Version 1 (before Idempotency-Key): no meta table, no idem_* columns; added in place. */
const FROM_V1 = `
  ALTER TABLE games ADD COLUMN idem_key TEXT;
  ALTER TABLE entries ADD COLUMN idem_key TEXT;
  ALTER TABLE entries ADD COLUMN idem_request TEXT;
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;
const COLUMNS: Record<string, string[]> = {
  meta: ['key', 'value'],
  games: ['id', 'record', 'created_at', 'idem_key'],
  entries: ['game_id', 'version', 'kind', 'side', 'command', 'idem_key', 'idem_request'],
};
const V1_COLUMNS: Record<string, string[]> = { games: ['id', 'record', 'created_at'], entries: ['game_id', 'version', 'kind', 'side', 'command'] };
const SELECT_COLUMNS = `SELECT table_name AS t, column_name AS c FROM information_schema.columns
  WHERE table_schema = current_schema() AND table_name IN ('meta', 'games', 'entries') ORDER BY table_name, ordinal_position`;

// JSON is kept as text, not jsonb: jsonb reorders keys, and a replay must read back as it was sent.
const INSERT_GAME = { name: 'doom-board-insert-game', text: 'INSERT INTO games (id, record, idem_key) VALUES ($1, $2, $3)' };
const SELECT_GAME = { name: 'doom-board-select-game', text: 'SELECT record FROM games WHERE id = $1' };
const SELECT_ENTRIES = {
  name: 'doom-board-select-entries',
  text: 'SELECT version, kind, side, command, idem_key, idem_request FROM entries WHERE game_id = $1 AND version > $2 ORDER BY version',
};
const SELECT_KEYED = { name: 'doom-board-select-keyed', text: 'SELECT record FROM games WHERE idem_key = $1' };
const SELECT_IDS = { name: 'doom-board-select-ids', text: 'SELECT id FROM games ORDER BY id' };
const APPEND = {
  name: 'doom-board-append',
  text: `
    WITH batch AS (
      SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS b(game_id, version, kind, side, command, idem_key, idem_request)
    ), stored AS (
      INSERT INTO entries (game_id, version, kind, side, command, idem_key, idem_request)
      SELECT b.game_id, b.version, b.kind, b.side, b.command, b.idem_key, b.idem_request FROM batch b
      WHERE b.version = 1 OR EXISTS (SELECT 1 FROM entries e WHERE e.game_id = b.game_id AND e.version = b.version - 1)
      ON CONFLICT DO NOTHING
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

type Row = { version: number; kind: 'command' | 'undo'; side: string; command: string | null; idem_key: string | null; idem_request: string | null };

/** A stored row's JSON, or the game named as damaged. */
function parsed(text: string, game: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new GameDamagedError(game, `${what} does not parse as JSON (${(e as Error).message})`);
  }
}

const entryOf = (game: string) => (r: Row): StoredEntry => ({
  version: r.version, kind: r.kind, side: r.side,
  ...(r.command !== null ? { command: parsed(r.command, game, `entry ${r.version}`) as StoredEntry['command'] } : {}),
  ...(r.idem_key !== null ? { key: { key: r.idem_key, request: r.idem_request ?? '' } } : {}),
});

/**
 * Whether `e` says the connection failed (the server went away, the backend was terminated, a
 * timeout) rather than that the statement was refused: then a commit's outcome is unknown.
 */
function connectionLost(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return /^(08|53|57|58)/.test(code);
}

/** A failure reaching PostgreSQL, as the 503 it is for clients. */
const unreachable = (e: unknown, outcomeUnknown = false) =>
  e instanceof StoreUnavailableError || e instanceof GameDamagedError || e instanceof VersionTakenError ? e
    : connectionLost(e) ? new StoreUnavailableError(`PostgreSQL cannot be reached (${(e as Error).message})`, outcomeUnknown, 2) : e;


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

  private constructor(private readonly url: string, private readonly pool: PgPool, private readonly log: (message: string, fields: Record<string, unknown>) => void) {}

  /**
   * Connect and check the tables (created in an empty database, brought up from version 1, else
   * exactly this version's layout); a StoreError naming the server, or the table, when it cannot be used.
   */
  static async open(url: string, o: { poolSize?: number; log?: (message: string, fields: Record<string, unknown>) => void } = {}): Promise<PgStore> {
    const log = o.log ?? ((message, fields) => console.error(JSON.stringify({ time: new Date().toISOString(), level: 'warn', message, ...fields })));
    // Queries wait at most this long for a connection: an outage is a 503 soon, not a hung request.
    const pool = new Pool({ connectionString: url, max: o.poolSize ?? 8, connectionTimeoutMillis: 5000, application_name: 'doom-board' });
    // An idle connection that breaks (server restart) must not crash the process; the next query reconnects.
    pool.on('error', (e) => log('a PostgreSQL connection failed', { error: e.message }));
    try {
      await setUp(pool, url);
    } catch (e) {
      await pool.end().catch(() => undefined);
      if (e instanceof StoreError) throw e;
      throw new StoreError(`cannot use the PostgreSQL database ${safeUrl(url)} (${(e as Error).message}): check DATABASE_URL / --database-url, that the server is running and that this user may create tables there.`);
    }
    return new PgStore(url, pool, log);
  }

  /** A new game with its first entries, in one transaction (and their notices, sent when it commits). */
  async create(record: GameRecord, entries: StoredEntry[] = []): Promise<void> {
    try {
      await inTransaction(this.pool, async (client) => {
        await client.query({ ...INSERT_GAME, values: [record.id, JSON.stringify(record), record.idempotency?.key ?? null] });
        if (entries.length) {
          const r = await client.query({ ...APPEND, values: columns(entries.map((entry) => ({ id: record.id, entry }))) });
          if (r.rows.length !== entries.length) throw new VersionTakenError(record.id, entries.length);
        }
      });
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new VersionTakenError(record.id, 0);
      throw unreachable(e, true);
    }
  }

  async load(id: string): Promise<{ record: GameRecord; entries: StoredEntry[] } | null> {
    try {
      const g = await this.pool.query<{ record: string }>({ ...SELECT_GAME, values: [id] });
      if (!g.rows.length) return null;
      return { record: parsed(g.rows[0].record, id, 'its record') as GameRecord, entries: await this.entriesSince(id, 0) };
    } catch (e) {
      throw unreachable(e);
    }
  }

  async createdWith(key: string): Promise<GameRecord | null> {
    try {
      const g = await this.pool.query<{ record: string }>({ ...SELECT_KEYED, values: [key] });
      return g.rows.length ? (JSON.parse(g.rows[0].record) as GameRecord) : null;
    } catch (e) {
      throw unreachable(e);
    }
  }

  /** Every game's id (`doom-board check`). */
  async gameIds(): Promise<string[]> {
    return (await this.pool.query<{ id: string }>(SELECT_IDS)).rows.map((r) => r.id);
  }

  async entriesSince(id: string, version: number): Promise<StoredEntry[]> {
    try {
      const r = await this.pool.query<Row>({ ...SELECT_ENTRIES, values: [id, version] });
      return r.rows.map(entryOf(id));
    } catch (e) {
      throw unreachable(e);
    }
  }

  /** Rejects, saying why, when PostgreSQL does not answer a trivial query on the store's table within 2 s. */
  async check(): Promise<void> {
    if (this.closed) throw new StoreError('the PostgreSQL store is closed');
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        this.pool.query({ name: 'doom-board-probe', text: 'SELECT 1 FROM meta LIMIT 1' }),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no answer within 2 s')), 2000))),
      ]);
    } catch (e) {
      throw new StoreError(`PostgreSQL ${safeUrl(this.url)} cannot serve: ${(e as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
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
      } catch (e) {
        // The connection failed: the batch may or may not have committed. Each entry's outcome is
        // unknown (a retry with its Idempotency-Key, or the next read, tells).
        if (connectionLost(e)) {
          for (const w of batch) w.reject(unreachable(e, true) as Error);
          continue;
        }
        // A batch refused as a whole (e.g. a game that does not exist): each entry again on its
        // own, so only the ones at fault fail.
        for (const w of batch) await this.commit([w]).catch((e: Error) => w.reject(unreachable(e, true) as Error));
      }
    }
    this.flushing = null;
  }

  private async commit(batch: Waiting[]): Promise<void> {
    const r = await this.pool.query<{ game_id: string; version: number }>({ ...APPEND, values: columns(batch) });
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
      this.limiterPool.on('error', (e) => this.log('a PostgreSQL connection failed', { error: e.message }));
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
      if (!this.closed) this.log('cannot LISTEN for other instances\' changes; retrying', { database: safeUrl(this.url), error: (e as Error).message });
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

/** The APPEND statement's column arrays for `batch`. */
function columns(batch: { id: string; entry: StoredEntry }[]): unknown[][] {
  const cols: unknown[][] = [[], [], [], [], [], [], []];
  for (const { id, entry } of batch) {
    cols[0].push(id);
    cols[1].push(entry.version);
    cols[2].push(entry.kind);
    cols[3].push(entry.side);
    cols[4].push(entry.command === undefined ? null : JSON.stringify(entry.command));
    cols[5].push(entry.key?.key ?? null);
    cols[6].push(entry.key?.request ?? null);
  }
  return cols;
}

/**
 * The tables checked against this version's layout, as for SQLite (sqlite-store.ts): created in an
 * empty database, brought up from version 1, else exactly this layout or a StoreError naming the table.
 */
async function setUp(pool: PgPool, url: string): Promise<void> {
  const where = `the PostgreSQL database ${safeUrl(url)}`;
  const refuse = (what: string) => new StoreError(`${where} ${what}; the server did not start, so nothing was written. Restore the tables from a backup; games must never be served from a store missing part of its history.`);
  await inTransaction(pool, async (client) => {
    await client.query(LOCK);
    const have: Record<string, string[]> = {};
    for (const r of (await client.query<{ t: string; c: string }>(SELECT_COLUMNS)).rows) (have[r.t] ??= []).push(r.c);
    const same = (t: string, want: string[]) => (have[t] ?? []).join() === want.join();
    const present = Object.keys(COLUMNS).filter((t) => have[t]);
    if (!present.length) {
      await client.query(`${TABLES} ${INDEXES} INSERT INTO meta VALUES ('schema_version', '${SCHEMA_VERSION}');`);
    } else if (!have.meta && have.games && have.entries && same('games', V1_COLUMNS.games) && same('entries', V1_COLUMNS.entries)) {
      await client.query(`${FROM_V1} ${INDEXES} INSERT INTO meta VALUES ('schema_version', '${SCHEMA_VERSION}');`);
    } else {
      for (const t of Object.keys(COLUMNS)) if (!have[t]) throw refuse(`has no table ${t} (it was dropped, or the database holds something else)`);
      const version = (await client.query<{ value: string }>("SELECT value FROM meta WHERE key = 'schema_version'")).rows[0]?.value;
      if (version !== String(SCHEMA_VERSION)) {
        throw new StoreError(`${where} has schema version ${version ?? '(none)'}, and this doom-board reads version ${SCHEMA_VERSION}` +
          (Number(version) > SCHEMA_VERSION ? ': it was set up by a newer doom-board; run that version' : ': its meta table is damaged'));
      }
      for (const t of Object.keys(COLUMNS)) if (!same(t, COLUMNS[t])) throw refuse(`has an altered table ${t} (columns ${have[t].join(', ')}; expected ${COLUMNS[t].join(', ')})`);
      await client.query(INDEXES);
    }
    await client.query(RATE_SCHEMA);
  });
}

/**
 * `work` in one transaction on a connection of the pool (committed when it resolves, rolled back when
 * it throws). When a checked-out connection breaks — PostgreSQL restarted, its backend terminated —
 * pg fails the statement running on it, if any, and also emits 'error' on the connection, which the
 * pool hears only while the connection is idle in it: unheard, that event ended the process
 * (test/api/pg-faults.test.ts). Heard here, the caller gets the statement's error (503
 * outcome-unknown for a new game), and the broken connection is destroyed on release rather than
 * given back to the pool.
 */
async function inTransaction(pool: PgPool, work: (client: PgPoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (e: Error) => {
    broken ??= e;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    await work(client);
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    // A broken connection keeps the listener: a late 'error' from it must not end the process either.
    if (!broken) client.removeListener('error', onError);
    client.release(broken);
  }
}
