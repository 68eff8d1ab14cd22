/**
 * The default store of `npm start`: SQLite (better-sqlite3) in WAL mode with synchronous=FULL, so
 * an append has reached the disk when it resolves: a command the API acknowledged survives kill -9
 * and power loss. One row per game, one row per log entry; (game, version) is the primary key, so
 * two writers can never both take a version.
 *
 * The database is owned by a worker thread (sqlite-worker-source.ts) that commits appends in groups
 * off the event loop. Opening checks the file first, here, synchronously: a damaged or foreign file
 * is a StoreError naming it before anything is written.
 */
import Database from 'better-sqlite3';
import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { GameDamagedError, StoreUnavailableError, VersionTakenError, type GameRecord, type GameStore, type StoredEntry } from '../api/store.ts';
import { folderWriteProblem, foreignDatabase, inUse, storeProblem, StoreError, unwritableFolder } from './store-error.ts';
import { SQLITE_WORKER_SOURCE } from './sqlite-worker-source.ts';

/** The layout this code reads and writes; kept in the `meta` table, checked at every start (schema.ts). */
export const SCHEMA_VERSION = 2;

const TABLES = `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE games (id TEXT PRIMARY KEY, record TEXT NOT NULL, idem_key TEXT);
  CREATE TABLE entries (
    game TEXT NOT NULL REFERENCES games(id),
    version INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('command', 'undo')),
    side TEXT NOT NULL,
    command TEXT,
    idem_key TEXT,
    idem_request TEXT,
    PRIMARY KEY (game, version)
  ) WITHOUT ROWID;
`;
const INDEXES = `
  CREATE UNIQUE INDEX IF NOT EXISTS games_idem ON games(idem_key) WHERE idem_key IS NOT NULL;
  CREATE UNIQUE INDEX IF NOT EXISTS entries_idem ON entries(game, idem_key) WHERE idem_key IS NOT NULL;
`;
/** Version 1 (before Idempotency-Key) had no meta table and no idem_* columns: added in place. */
const FROM_V1 = `
  ALTER TABLE games ADD COLUMN idem_key TEXT;
  ALTER TABLE entries ADD COLUMN idem_key TEXT;
  ALTER TABLE entries ADD COLUMN idem_request TEXT;
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;
const COLUMNS: Record<string, string[]> = {
  meta: ['key', 'value'],
  games: ['id', 'record', 'idem_key'],
  entries: ['game', 'version', 'kind', 'side', 'command', 'idem_key', 'idem_request'],
};
const V1_COLUMNS: Record<string, string[]> = { games: ['id', 'record'], entries: ['game', 'version', 'kind', 'side', 'command'] };

const columnsOf = (db: Database.Database, table: string) => (db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);
const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The file's tables checked against this version's layout: a fresh file gets them, a version-1
 * store is brought up to date, anything else that is not exactly the layout is refused, naming the
 * table (a dropped or altered table must never read as an empty game).
 */
function checkSchema(db: Database.Database, file: string, writable: boolean): void {
  const present = Object.keys(COLUMNS).filter((t) => columnsOf(db, t).length);
  const others = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((r) => r.name).filter((t) => !(t in COLUMNS));
  if (!present.length) {
    if (others.length) throw foreignDatabase(file, `it holds the tables ${others.join(', ')} and none of the game store's`);
    if (!writable) throw new StoreError(`the game store ${file} is empty and read-only: it cannot be set up`);
    db.exec(`BEGIN; ${TABLES} ${INDEXES} INSERT INTO meta VALUES ('schema_version', '${SCHEMA_VERSION}'); COMMIT;`);
    return;
  }
  if (!present.includes('meta')) {
    // Before version 2: the version-1 layout, or another program's tables of the same names.
    for (const t of present) {
      const missing = V1_COLUMNS[t].filter((c) => !columnsOf(db, t).includes(c));
      if (missing.length) throw foreignDatabase(file, `its table ${t} has no column ${missing.join(', ')}`);
    }
    for (const t of ['games', 'entries']) if (!present.includes(t)) throw missingTable(file, t);
    for (const t of ['games', 'entries']) if (!same(columnsOf(db, t), V1_COLUMNS[t])) throw alteredTable(file, t, columnsOf(db, t), V1_COLUMNS[t]);
    if (!writable) throw new StoreError(`the game store ${file} was made by an earlier doom-board and must be updated, but it is read-only: make it writable for one start`);
    db.exec(`BEGIN; ${FROM_V1} ${INDEXES} INSERT INTO meta VALUES ('schema_version', '${SCHEMA_VERSION}'); COMMIT;`);
    return;
  }
  for (const t of Object.keys(COLUMNS)) if (!present.includes(t)) throw missingTable(file, t);
  const version = (db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as { value: string } | undefined)?.value;
  if (version !== String(SCHEMA_VERSION)) {
    throw new StoreError(`the game store ${file} has schema version ${version ?? '(none)'}, and this doom-board reads version ${SCHEMA_VERSION}: ` +
      (Number(version) > SCHEMA_VERSION ? 'it was written by a newer doom-board; run that version' : 'its meta table is damaged; restore the file from a backup'));
  }
  for (const t of Object.keys(COLUMNS)) if (!same(columnsOf(db, t), COLUMNS[t])) throw alteredTable(file, t, columnsOf(db, t), COLUMNS[t]);
  if (writable) db.exec(INDEXES);
}

const missingTable = (file: string, table: string) => new StoreError(
  `the game store ${file} has no table ${table} (it was dropped or the file is damaged); the server did not start, so nothing was written. ` +
    'Restore the file from a backup; games must never be served from a store missing part of its history.',
);
const alteredTable = (file: string, table: string, have: string[], want: string[]) => new StoreError(
  `the game store ${file} has an altered table ${table} (columns ${have.join(', ')}; expected ${want.join(', ')}); the server did not start, so nothing was written. Restore the file from a backup.`,
);

/**
 * Check the file, set it up (WAL, tables) and read back the durability settings; StoreError when
 * it cannot be used. `readOnly` when this user may read but not write it (served, but every change
 * is refused).
 */
function prepareDatabase(dataDir: string, file: string): { journalMode: string; synchronous: number; readOnly: boolean } {
  let db: Database.Database | undefined;
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) {
    throw new StoreError(`the data folder ${dataDir} is a file, not a folder: point --data-dir (DATA_DIR) at a folder (it is created when missing)`);
  }
  try {
    mkdirSync(dataDir, { recursive: true });
    const readOnly = existsSync(file) && !folderWriteProblem(dataDir) && !canWrite(file);
    db = new Database(file, { timeout: 200, readonly: readOnly });
    // A damaged file must be reported before anything is written to it (the WAL switch writes).
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw Object.assign(new Error(`quick_check: ${String(check)}`), { code: 'SQLITE_CORRUPT' });
    checkSchema(db, file, !readOnly);
    if (!readOnly) {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
    }
    return { journalMode: db.pragma('journal_mode', { simple: true }) as string, synchronous: db.pragma('synchronous', { simple: true }) as number, readOnly };
  } catch (e) {
    // A folder that cannot be written is said as such (not as "unable to open database file" or a
    // bare ENOENT from mkdir); a damaged file in a writable folder is the file's problem.
    const folder = e instanceof StoreError ? null : folderWriteProblem(dataDir);
    throw folder ? unwritableFolder(dataDir, folder) : storeProblem(file, e) ?? e;
  } finally {
    db?.close();
  }
}

const canWrite = (file: string) => {
  try {
    accessSync(file, constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

interface Reply {
  seq: number;
  error?: { message: string; code?: string; game?: string };
  value?: unknown;
}

/** What the thread answers: `appended`, the seqs of appends committed (no value, no error). */
type Answer = { transactions: number; replies: Reply[]; appended?: number[]; fatal?: { message: string } };

/** Fields of one append in the outbox: its seq, then its row (the thread reads them so: APPEND_FIELDS there). */
const APPEND_FIELDS = 8;

type Message = Answer | { ready: true; readonly: boolean } | { locked: { message: string; code?: string } };

export class SqliteStore implements GameStore {
  /** The SQLite file (named in every error about it). */
  readonly file: string;
  private readonly durability: { journalMode: string; synchronous: number; readOnly: boolean };
  private readonly worker: Worker;
  private readonly calls = new Map<number, { op: string; resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  private seq = 0;
  /**
   * Appends made in this turn of the event loop, posted together: per append its seq and its row
   * (game, version, kind, side, command as JSON, key, request), one flat list of strings and numbers
   * (copying objects between threads cost more than the JSON; the thread would make it anyway).
   */
  private outbox: (string | number | null)[] = [];
  /**
   * A batch of appends is with the thread, not yet answered. The next waits in the outbox until it
   * is: the thread could not start it sooner (it is committing), and one message for all that came
   * meanwhile costs less than one per turn of the event loop (each wakes the thread).
   */
  private posted = false;
  private readonly counters = { transactions: 0, entries: 0 };
  private stopped: Error | null = null;
  private readonly fatalListeners: ((e: Error) => void)[] = [];
  /** Resolves once the thread holds the file's lock; rejects when another process does. */
  readonly opened: Promise<void>;

  /** Opens the store and waits for its lock: a StoreError when another server holds the folder. */
  static async open(dataDir: string): Promise<SqliteStore> {
    const store = new SqliteStore(dataDir);
    await store.opened;
    return store;
  }

  constructor(dataDir: string) {
    this.file = join(dataDir, 'games.sqlite');
    this.durability = prepareDatabase(dataDir, this.file);
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(SQLITE_WORKER_SOURCE, { eval: true, workerData: { file: this.file, driver, readonly: this.durability.readOnly } });
    let opened!: () => void;
    let refused!: (e: Error) => void;
    this.opened = new Promise((resolve, reject) => ((opened = resolve), (refused = reject)));
    this.opened.catch(() => undefined);
    // Until it says it holds the lock, the thread keeps the process alive (a start awaits it).
    this.opened.then(() => this.calls.size || this.worker.unref(), () => undefined);
    this.worker.on('message', (m: Message) => {
      if ('ready' in m) return opened();
      if ('locked' in m) {
        const e = /BUSY|LOCKED/.test(m.locked.code ?? '') ? inUse(this.file) : storeProblem(this.file, Object.assign(new Error(m.locked.message), { code: m.locked.code })) ?? new StoreError(`the game store ${this.file} cannot be opened: ${m.locked.message}`);
        this.stop(e);
        return refused(e);
      }
      this.receive(m);
    });
    this.worker.on('error', (e) => this.stop(storeProblem(this.file, e) ?? new StoreError(`the game store ${this.file} stopped: ${e.message}`)));
    this.worker.on('exit', () => this.stop(new StoreError(`the game store ${this.file} is closed`)));
    // After that, the thread keeps the process alive only while it owes an answer.
  }

  /** Settings that durability depends on (the tests read them back). */
  settings(): { journalMode: string; synchronous: number } {
    return { journalMode: this.durability.journalMode, synchronous: this.durability.synchronous };
  }

  /** Counters the tests and benches read: transactions committed, entries appended. */
  stats(): { transactions: number; entries: number } {
    return { ...this.counters };
  }

  async create(record: GameRecord, entries: StoredEntry[] = []): Promise<void> {
    this.writable();
    await this.call('create', { id: record.id, record: JSON.stringify(record), key: record.idempotency?.key ?? null, entries });
  }

  async load(id: string): Promise<{ record: GameRecord; entries: StoredEntry[] } | null> {
    return (await this.call('load', { id })) as { record: GameRecord; entries: StoredEntry[] } | null;
  }

  async createdWith(key: string): Promise<GameRecord | null> {
    return (await this.call('keyed', { key })) as GameRecord | null;
  }

  /** Every game's id (`doom-board check`). */
  async gameIds(): Promise<string[]> {
    return (await this.call('ids', {})) as string[];
  }

  /** Joins the next group commit; resolves once the transaction holding it has committed. */
  append(id: string, entry: StoredEntry): Promise<void> {
    if (this.stopped) return Promise.reject(this.unavailable(this.stopped));
    try {
      this.writable();
    } catch (e) {
      return Promise.reject(e);
    }
    let command: string | null;
    try {
      command = entry.command ? JSON.stringify(entry.command) : null;
    } catch (e) {
      return Promise.reject(e);
    }
    const seq = ++this.seq;
    if (!this.calls.size) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.calls.set(seq, { op: 'append', resolve: () => resolve(), reject });
      // One message per turn of the event loop for all its appends: a message each was a tenth of the CPU.
      if (!this.outbox.length && !this.posted) setImmediate(() => this.post());
      this.outbox.push(seq, id, entry.version, entry.kind, entry.side, command, entry.key?.key ?? null, entry.key?.request ?? null);
    });
  }

  private writable(): void {
    if (this.durability.readOnly) throw new StoreUnavailableError(readOnlyMessage(this.file), false, 60, READ_ONLY_SAID);
  }

  private post(): void {
    if (!this.outbox.length) return;
    const appends = this.outbox;
    this.outbox = [];
    if (this.stopped) {
      // Stopped meanwhile (the thread is gone, or no longer trusts its file): these fail now.
      for (let i = 0; i < appends.length; i += APPEND_FIELDS) {
        const seq = appends[i] as number;
        this.calls.get(seq)?.reject(this.unavailable(this.stopped));
        this.calls.delete(seq);
      }
      return;
    }
    this.posted = true;
    this.worker.postMessage({ op: 'append', seq: 0, appends });
  }

  /**
   * Rejects with a StoreError when the store cannot take writes now: its thread stopped (or stopped
   * trusting the file), the file is read-only, or the folder or file became read-only. A query
   * through the thread proves it answers.
   */
  async check(): Promise<void> {
    if (this.stopped) throw this.stopped;
    if (this.durability.readOnly) throw new StoreUnavailableError(readOnlyMessage(this.file), false, 60, READ_ONLY_SAID);
    const folder = folderWriteProblem(dirname(this.file));
    if (folder) throw unwritableFolder(dirname(this.file), folder);
    try {
      accessSync(this.file, constants.W_OK);
    } catch (e) {
      throw storeProblem(this.file, e) ?? e;
    }
    await this.call('probe', {});
  }

  onFatal(listener: (e: Error) => void): void {
    this.fatalListeners.push(listener);
  }

  /** Commits what is waiting (those appends resolve), then closes the database and its thread. */
  async close(): Promise<void> {
    if (this.stopped) {
      await this.worker.terminate();
      return;
    }
    if (this.outbox.length) this.post();
    await this.call('close', {}).catch(() => undefined);
    await this.worker.terminate();
  }

  private call(op: string, payload: Record<string, unknown>): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.unavailable(this.stopped));
    const seq = ++this.seq;
    if (!this.calls.size) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.calls.set(seq, { op, resolve, reject });
      this.worker.postMessage({ op, seq, ...payload });
    });
  }

  /** A failure of the store as the API reads it: unavailable (503), taken (409), damaged game (500). */
  private unavailable(e: Error): Error {
    return e instanceof StoreUnavailableError ? e : new StoreUnavailableError(e.message, false, 5);
  }

  private errorOf(r: NonNullable<Reply['error']>, op: string, seq: number): Error {
    void seq;
    if (r.code === 'DOOM_TAKEN') return Object.assign(new VersionTakenError('?', 0), { message: r.message });
    if (r.code === 'DOOM_DAMAGED') return new GameDamagedError(r.game ?? '?', r.message);
    const e = Object.assign(new Error(r.message), r.code ? { code: r.code } : {});
    const said = storeProblem(this.file, e);
    if (said || r.code === 'DOOM_FATAL' || /^SQLITE_(IOERR|FULL|BUSY|LOCKED|READONLY|CANTOPEN)/.test(r.code ?? '')) {
      return new StoreUnavailableError(said?.message ?? `the game store ${this.file} failed (${r.message})`, op === 'append' || op === 'create', 5);
    }
    return e;
  }

  private receive(m: Answer): void {
    this.counters.transactions = m.transactions;
    if (m.fatal) this.fatal(m.fatal.message);
    for (const seq of m.appended ?? []) {
      const call = this.calls.get(seq);
      if (!call) continue;
      this.calls.delete(seq);
      this.counters.entries++;
      call.resolve(undefined);
    }
    if (m.appended) {
      // The thread is done with the batch: what came meanwhile goes now, in one message.
      this.posted = false;
      this.post();
    }
    for (const r of m.replies) {
      const call = this.calls.get(r.seq);
      if (!call) continue;
      this.calls.delete(r.seq);
      if (r.error) call.reject(this.errorOf(r.error, call.op, r.seq));
      else {
        if (call.op === 'append') this.counters.entries++;
        call.resolve(r.value);
      }
    }
    if (!this.calls.size) this.worker.unref();
  }

  /** An fsync failed: no more writes (the thread refuses them), and whoever runs the store is told. */
  private fatal(message: string): void {
    if (this.stopped) return;
    const e = new StoreUnavailableError(`the game store ${this.file}: ${message}; the server must restart (recovery runs then) — nothing more is written until it does`, true, 5);
    this.stopped = e;
    for (const l of this.fatalListeners) l(e);
  }

  /** The thread is gone: every call still owed fails, and every later one. */
  private stop(error: Error): void {
    this.stopped ??= error;
    for (const call of this.calls.values()) call.reject(this.unavailable(error));
    this.calls.clear();
  }
}

const READ_ONLY_SAID = 'the game store is read-only for the server: games can be read but not changed until an operator makes it writable and restarts the server';

const readOnlyMessage = (file: string) =>
  `the game store ${file} is read-only for this user (uid ${process.getuid?.() ?? '?'}): games can be read but not changed. ` +
  'Make the file writable for this user (chown/chmod) and restart the server.';
