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

export class SqliteStore implements GameStore {
  private readonly db: Database.Database;
  private readonly insertGame: Database.Statement;
  private readonly insertEntry: Database.Statement;
  private readonly selectGame: Database.Statement;
  private readonly selectEntries: Database.Statement;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = new Database(join(dataDir, 'games.sqlite'));
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
  }

  /** Settings that durability depends on (the tests read them back). */
  settings(): { journalMode: string; synchronous: number } {
    return { journalMode: this.db.pragma('journal_mode', { simple: true }) as string, synchronous: this.db.pragma('synchronous', { simple: true }) as number };
  }

  async create(record: GameRecord): Promise<void> {
    this.insertGame.run(record.id, JSON.stringify(record));
  }

  async load(id: string): Promise<{ record: GameRecord; entries: StoredEntry[] } | null> {
    const row = this.selectGame.get(id) as { record: string } | undefined;
    if (!row) return null;
    const entries = (this.selectEntries.all(id) as { version: number; kind: 'command' | 'undo'; side: string; command: string | null }[]).map((r) => ({
      version: r.version, kind: r.kind, side: r.side, ...(r.command ? { command: JSON.parse(r.command) } : {}),
    }));
    return { record: JSON.parse(row.record), entries };
  }

  async append(id: string, entry: StoredEntry): Promise<void> {
    // The version must follow the last one: the primary key refuses a duplicate, this a gap.
    const last = (this.db.prepare('SELECT COALESCE(MAX(version), 0) AS v FROM entries WHERE game = ?').get(id) as { v: number }).v;
    if (entry.version !== last + 1) throw new Error(`game ${id}: version ${entry.version} does not follow ${last}`);
    this.insertEntry.run(id, entry.version, entry.kind, entry.side, entry.command ? JSON.stringify(entry.command) : null);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
