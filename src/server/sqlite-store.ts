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
import { accessSync, constants, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { GameRecord, GameStore, StoredEntry } from '../api/store.ts';
import { folderWriteProblem, foreignDatabase, storeProblem, StoreError, unwritableFolder } from './store-error.ts';
import { SQLITE_WORKER_SOURCE } from './sqlite-worker-source.ts';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, record TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS entries (
    game TEXT NOT NULL REFERENCES games(id),
    version INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('command', 'undo')),
    side TEXT NOT NULL,
    command TEXT,
    PRIMARY KEY (game, version)
  ) WITHOUT ROWID;
`;

/** Existing tables must be the store's own: another program's database is not written to. */
function checkTables(db: Database.Database, file: string): void {
  const expected: Record<string, string[]> = { games: ['id', 'record'], entries: ['game', 'version', 'kind', 'side', 'command'] };
  for (const [table, columns] of Object.entries(expected)) {
    const have = (db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);
    if (!have.length) continue;
    const missing = columns.filter((c) => !have.includes(c));
    if (missing.length) throw foreignDatabase(file, `its table ${table} has no column ${missing.join(', ')}`);
  }
}

/** Check the file, set it up (WAL, tables) and read back the durability settings; StoreError when it cannot be used. */
function prepareDatabase(dataDir: string, file: string): { journalMode: string; synchronous: number } {
  let db: Database.Database | undefined;
  try {
    mkdirSync(dataDir, { recursive: true });
    db = new Database(file);
    // A damaged file must be reported before anything is written to it (the WAL switch writes).
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw Object.assign(new Error(`quick_check: ${String(check)}`), { code: 'SQLITE_CORRUPT' });
    checkTables(db, file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(SCHEMA);
    return { journalMode: db.pragma('journal_mode', { simple: true }) as string, synchronous: db.pragma('synchronous', { simple: true }) as number };
  } catch (e) {
    // A folder that cannot be written is said as such (not as "unable to open database file" or a
    // bare ENOENT from mkdir); a damaged file in a writable folder is the file's problem.
    const folder = e instanceof StoreError ? null : folderWriteProblem(dataDir);
    throw folder ? unwritableFolder(dataDir, folder) : storeProblem(file, e) ?? e;
  } finally {
    db?.close();
  }
}

interface Reply {
  seq: number;
  error?: { message: string; code?: string };
  value?: unknown;
}

export class SqliteStore implements GameStore {
  /** The SQLite file (named in every error about it). */
  readonly file: string;
  private readonly durability: { journalMode: string; synchronous: number };
  private readonly worker: Worker;
  private readonly calls = new Map<number, { op: string; resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  private seq = 0;
  /** Appends made in this turn of the event loop, posted together. */
  private outbox: { seq: number; id: string; entry: StoredEntry }[] = [];
  private readonly counters = { transactions: 0, entries: 0 };
  private stopped: Error | null = null;

  constructor(dataDir: string) {
    this.file = join(dataDir, 'games.sqlite');
    this.durability = prepareDatabase(dataDir, this.file);
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(SQLITE_WORKER_SOURCE, { eval: true, workerData: { file: this.file, driver } });
    this.worker.on('message', (m: { transactions: number; replies: Reply[] }) => this.receive(m));
    this.worker.on('error', (e) => this.stop(storeProblem(this.file, e) ?? new StoreError(`the game store ${this.file} stopped: ${e.message}`)));
    this.worker.on('exit', () => this.stop(new StoreError(`the game store ${this.file} is closed`)));
    // The thread keeps the process alive only while it owes an answer.
    this.worker.unref();
  }

  /** Settings that durability depends on (the tests read them back). */
  settings(): { journalMode: string; synchronous: number } {
    return { ...this.durability };
  }

  /** Counters the tests and benches read: transactions committed, entries appended. */
  stats(): { transactions: number; entries: number } {
    return { ...this.counters };
  }

  async create(record: GameRecord): Promise<void> {
    await this.call('create', { id: record.id, record: JSON.stringify(record) });
  }

  async load(id: string): Promise<{ record: GameRecord; entries: StoredEntry[] } | null> {
    return (await this.call('load', { id })) as { record: GameRecord; entries: StoredEntry[] } | null;
  }

  /** Joins the next group commit; resolves once the transaction holding it has committed. */
  append(id: string, entry: StoredEntry): Promise<void> {
    if (this.stopped) return Promise.reject(this.stopped);
    const seq = ++this.seq;
    if (!this.calls.size) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.calls.set(seq, { op: 'append', resolve: () => resolve(), reject });
      // One message per turn of the event loop for all its appends: a message each was a tenth of the CPU.
      if (!this.outbox.length) setImmediate(() => this.post());
      this.outbox.push({ seq, id, entry });
    });
  }

  private post(): void {
    const appends = this.outbox;
    this.outbox = [];
    if (!this.stopped) this.worker.postMessage({ op: 'append', seq: 0, appends });
  }

  /** Rejects with a StoreError when the store cannot take writes now: its thread stopped, or the folder or file became read-only. */
  async check(): Promise<void> {
    if (this.stopped) throw this.stopped;
    const folder = folderWriteProblem(dirname(this.file));
    if (folder) throw unwritableFolder(dirname(this.file), folder);
    try {
      accessSync(this.file, constants.W_OK);
    } catch (e) {
      throw storeProblem(this.file, e) ?? e;
    }
  }

  /** Commits what is waiting (those appends resolve), then closes the database and its thread. */
  async close(): Promise<void> {
    if (this.stopped) return;
    if (this.outbox.length) this.post();
    await this.call('close', {});
    await this.worker.terminate();
  }

  private call(op: string, payload: Record<string, unknown>): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const seq = ++this.seq;
    if (!this.calls.size) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.calls.set(seq, { op, resolve, reject });
      this.worker.postMessage({ op, seq, ...payload });
    });
  }

  private receive(m: { transactions: number; replies: Reply[] }): void {
    this.counters.transactions = m.transactions;
    for (const r of m.replies) {
      const call = this.calls.get(r.seq);
      if (!call) continue;
      this.calls.delete(r.seq);
      if (r.error) {
        const e = Object.assign(new Error(r.error.message), r.error.code ? { code: r.error.code } : {});
        call.reject(storeProblem(this.file, e) ?? e);
      } else {
        if (call.op === 'append') this.counters.entries++;
        call.resolve(r.value);
      }
    }
    if (!this.calls.size) this.worker.unref();
  }

  /** The thread is gone: every call still owed fails, and every later one. */
  private stop(error: Error): void {
    this.stopped ??= error;
    for (const call of this.calls.values()) call.reject(error);
    this.calls.clear();
  }
}
