/**
 * The default store of `npm start`: SQLite (better-sqlite3) in WAL mode with synchronous=FULL, so
 * an append has reached the disk when it returns: a command the API acknowledged survives kill -9
 * and power loss. One row per game, one row per log entry; (game, version) is the primary key, so
 * two writers can never both take a version.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { GameRecord, GameStore, StoredEntry } from '../api/store.ts';
import { foreignDatabase, storeProblem } from './store-error.ts';

export class SqliteStore implements GameStore {
  private readonly db: Database.Database;
  private readonly insertGame: Database.Statement;
  private readonly insertEntry: Database.Statement;
  private readonly selectGame: Database.Statement;
  private readonly selectEntries: Database.Statement;
  private readonly selectLast: Database.Statement;

  /** The SQLite file (named in every error about it). */
  readonly file: string;
  /** Appends waiting for the next transaction, and whether its flush is scheduled. */
  private waiting: { id: string; entry: StoredEntry; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private flushScheduled = false;
  /** The last committed version per game (this process's view; the primary key guards the rest). */
  private readonly lastVersion = new Map<string, number>();
  private readonly counters = { transactions: 0, entries: 0 };

  constructor(dataDir: string) {
    this.file = join(dataDir, 'games.sqlite');
    let opened: Database.Database | undefined;
    try {
      mkdirSync(dataDir, { recursive: true });
      this.db = opened = new Database(this.file);
      // A damaged file must be reported before anything is written to it (the WAL switch writes).
      const check = this.db.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw Object.assign(new Error(`quick_check: ${String(check)}`), { code: 'SQLITE_CORRUPT' });
      this.checkTables();
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = FULL');
      this.db.exec(`
        CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, record TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS entries (
          game TEXT NOT NULL REFERENCES games(id),
          version INTEGER NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('command', 'undo')),
          side TEXT NOT NULL,
          command TEXT,
          PRIMARY KEY (game, version)
        ) WITHOUT ROWID;
      `);
      this.insertGame = this.db.prepare('INSERT INTO games (id, record) VALUES (?, ?)');
      this.insertEntry = this.db.prepare('INSERT INTO entries (game, version, kind, side, command) VALUES (?, ?, ?, ?, ?)');
      this.selectGame = this.db.prepare('SELECT record FROM games WHERE id = ?');
      this.selectEntries = this.db.prepare('SELECT version, kind, side, command FROM entries WHERE game = ? ORDER BY version');
      this.selectLast = this.db.prepare('SELECT COALESCE(MAX(version), 0) AS v FROM entries WHERE game = ?');
    } catch (e) {
      opened?.close();
      throw storeProblem(this.file, e) ?? e;
    }
  }

  /** Existing tables must be the store's own: another program's database is not written to. */
  private checkTables(): void {
    const expected: Record<string, string[]> = { games: ['id', 'record'], entries: ['game', 'version', 'kind', 'side', 'command'] };
    for (const [table, columns] of Object.entries(expected)) {
      const have = (this.db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);
      if (!have.length) continue;
      const missing = columns.filter((c) => !have.includes(c));
      if (missing.length) throw foreignDatabase(this.file, `its table ${table} has no column ${missing.join(', ')}`);
    }
  }

  /** Run a store operation; a damaged file is reported as a StoreError naming it. */
  private guarded<T>(fn: () => T): T {
    try {
      return fn();
    } catch (e) {
      throw storeProblem(this.file, e) ?? e;
    }
  }

  /** Settings that durability depends on (the tests read them back). */
  settings(): { journalMode: string; synchronous: number } {
    return { journalMode: this.db.pragma('journal_mode', { simple: true }) as string, synchronous: this.db.pragma('synchronous', { simple: true }) as number };
  }

  async create(record: GameRecord): Promise<void> {
    this.guarded(() => this.insertGame.run(record.id, JSON.stringify(record)));
    this.lastVersion.set(record.id, 0);
  }

  async load(id: string): Promise<{ record: GameRecord; entries: StoredEntry[] } | null> {
    return this.guarded(() => {
      const row = this.selectGame.get(id) as { record: string } | undefined;
      if (!row) return null;
      const entries = (this.selectEntries.all(id) as { version: number; kind: 'command' | 'undo'; side: string; command: string | null }[]).map((r) => ({
        version: r.version, kind: r.kind, side: r.side, ...(r.command ? { command: JSON.parse(r.command) } : {}),
      }));
      this.lastVersion.set(id, entries.at(-1)?.version ?? 0);
      return { record: JSON.parse(row.record), entries };
    });
  }

  /**
   * Group commit: the append joins the next transaction (appends made while one is being committed
   * wait for the one after), and resolves once that transaction has committed (synchronous=FULL:
   * on disk). One fsync then serves every game that had a command waiting.
   */
  append(id: string, entry: StoredEntry): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ id, entry, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        // After the current round of I/O: every request parsed in it joins this transaction.
        setImmediate(() => this.flush());
      }
    });
  }

  /** Counters the tests and benches read: transactions committed, entries appended. */
  stats(): { transactions: number; entries: number } {
    return { ...this.counters };
  }

  /** The last stored version of a game: kept in memory, read from the database once. */
  private storedVersion(id: string): number {
    let v = this.lastVersion.get(id);
    if (v === undefined) this.lastVersion.set(id, (v = (this.selectLast.get(id) as { v: number }).v));
    return v;
  }

  private flush(): void {
    this.flushScheduled = false;
    const batch = this.waiting;
    this.waiting = [];
    if (!batch.length) return;
    const done: ((() => void) | undefined)[] = [];
    const last = new Map<string, number>();
    try {
      this.db.transaction(() => {
        for (const [i, w] of batch.entries()) {
          // The version must follow the last one (stored, or earlier in this batch): this refuses a
          // gap or a duplicate here; the primary key still refuses a version another writer took.
          const previous = last.get(w.id) ?? this.storedVersion(w.id);
          if (w.entry.version !== previous + 1) {
            done[i] = () => w.reject(new Error(`game ${w.id}: version ${w.entry.version} does not follow ${previous}`));
            continue;
          }
          try {
            this.insertEntry.run(w.id, w.entry.version, w.entry.kind, w.entry.side, w.entry.command ? JSON.stringify(w.entry.command) : null);
          } catch (e) {
            // A failed INSERT undoes only itself (ON CONFLICT ABORT): the rest of the batch goes on.
            const problem = storeProblem(this.file, e);
            if (problem) throw problem;
            this.lastVersion.delete(w.id);
            done[i] = () => w.reject(e);
            continue;
          }
          last.set(w.id, w.entry.version);
        }
      })();
    } catch (e) {
      // The commit failed: nothing of the batch is stored; versions are read again next time.
      for (const w of batch) this.lastVersion.delete(w.id);
      const error = storeProblem(this.file, e) ?? e;
      for (const w of batch) w.reject(error);
      return;
    }
    for (const [id, v] of last) this.lastVersion.set(id, v);
    this.counters.transactions++;
    this.counters.entries += batch.length - done.filter(Boolean).length;
    for (const [i, w] of batch.entries()) (done[i] ?? w.resolve)();
  }

  /** Commits what is waiting (those appends resolve), then closes the database. */
  async close(): Promise<void> {
    this.flush();
    this.db.close();
  }
}
