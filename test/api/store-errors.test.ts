/**
 * A damaged or foreign SQLite file (issue 20): opening the store fails with a StoreError that names
 * the file and says what to do, never a bare SQLite message ("no such column: rowid"), and the file
 * is left exactly as it was.
 */
import Database from 'better-sqlite3';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './server-process.ts';
import type { GameRecord } from '../../src/api/store.ts';
import { openStore, StoreError } from '../../src/server/open-store.ts';
import { SqliteStore } from '../../src/server/sqlite-store.ts';
import type { Scenario } from '../../src/scenario/index.ts';

const root = mkdtempSync(join(tmpdir(), 'doom-board-store-errors-'));
afterAll(() => {
  chmodSync(root, 0o700);
  rmSync(root, { recursive: true, force: true });
});

const record = (id: string): GameRecord => ({ id, scenario: { ruleset: 'd20', map: ['..'], figures: [], sides: ['a', 'b'] } as unknown as Scenario, seed: 4, seatHashes: { a: 'x', b: 'y' }, createdAt: '2026-11-26T00:00:00.000Z' });

/** A real store file with some games in it, closed (checkpointed into the main file). */
async function goodStoreBytes(): Promise<Buffer> {
  const dir = join(root, `good-${Math.random()}`);
  const s = new SqliteStore(dir);
  for (let i = 0; i < 60; i++) {
    await s.create(record(`game-${String(i).padStart(4, '0')}`));
    await s.append(`game-${String(i).padStart(4, '0')}`, { version: 1, kind: 'command', side: 'a', command: { type: 'end', pad: 'x'.repeat(300) } });
  }
  await s.close();
  return readFileSync(join(dir, 'games.sqlite'));
}

/** A data folder holding `bytes` as its games.sqlite. */
function folderWith(name: string, bytes: Buffer): { dir: string; file: string } {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'games.sqlite');
  writeFileSync(file, bytes);
  return { dir, file };
}

async function expectClearError(dir: string, file: string, what: RegExp) {
  const before = readFileSync(file);
  const err = await openStore({ dataDir: dir }).then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(StoreError);
  const message = (err as Error).message;
  expect(message).toContain(file);
  expect(message).toMatch(what);
  expect(message).not.toMatch(/no such column|no column named/i);
  expect(readFileSync(file).equals(before), 'the file is left as it was').toBe(true);
  return message;
}

describe('a damaged SQLite store', () => {
  it('garbage instead of a database', async () => {
    const { dir, file } = folderWith('garbage', Buffer.from('not a database at all\n'.repeat(300)));
    const m = await expectClearError(dir, file, /damaged or is not a SQLite database/);
    expect(m).toMatch(/move it aside/);
    expect(m).toMatch(/backup/);
  });

  it('a damaged page of a real store (found before anything is read or written)', async () => {
    const bytes = await goodStoreBytes();
    const pageSize = bytes.readUInt16BE(16);
    expect(bytes.length).toBeGreaterThan(3 * pageSize);
    for (let i = 2 * pageSize; i < bytes.length; i++) bytes[i] = (i * 7) & 255;
    const { dir, file } = folderWith('pages', bytes);
    await expectClearError(dir, file, /damaged or is not a SQLite database/);
  });

  it('a truncated store', async () => {
    const bytes = await goodStoreBytes();
    const { dir, file } = folderWith('truncated', bytes.subarray(0, bytes.readUInt16BE(16) + 100));
    await expectClearError(dir, file, /damaged or is not a SQLite database/);
  });

  it('another program\'s SQLite database: named as not a game store, not written to', async () => {
    const dir = join(root, 'foreign');
    mkdirSync(dir, { recursive: true });
    const db = new Database(join(dir, 'games.sqlite'));
    db.exec("CREATE TABLE entries (name TEXT, value TEXT); INSERT INTO entries VALUES ('a', 'b');");
    db.close();
    const m = await expectClearError(dir, join(dir, 'games.sqlite'), /is a SQLite database but not a doom-board game store \(its table entries has no column game, version, kind, side, command\)/);
    expect(m).toMatch(/--data-dir/);
  });

  it.skipIf(process.getuid?.() === 0)('a folder this user may not write: named, with what to do', async () => {
    const dir = join(root, 'locked');
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o500);
    const err = await openStore({ dataDir: join(dir, 'data') }).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(StoreError);
    expect((err as Error).message).toContain(join(dir, 'data', 'games.sqlite'));
    expect((err as Error).message).toMatch(/--data-dir/);
  });

  it('the built server (doom-board serve) refuses to start on it, with the message and no stack trace', async () => {
    const { dir, file } = folderWith('cli-garbage', Buffer.from('not a database at all\n'.repeat(300)));
    const err = await startServerProcess(['--data-dir', dir], 20_000).then(() => null, (e: Error) => e);
    expect(err!.message).toMatch(/the server exited \(2\)/);
    expect(err!.message).toContain(`the game store ${file} is damaged or is not a SQLite database`);
    expect(err!.message).not.toMatch(/\n\s+at /);
  });

  it('a good store still opens and keeps its games', async () => {
    const bytes = await goodStoreBytes();
    const { dir } = folderWith('good-copy', bytes);
    const s = await openStore({ dataDir: dir });
    expect((await s.load('game-0007'))!.entries).toHaveLength(1);
    await s.close();
  });
});
