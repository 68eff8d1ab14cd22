/**
 * A damaged store is refused, a damaged game named (issue 38 items 3 and 5), with the built server:
 *
 * - a dropped or altered table: the server refuses to start, naming the table (SQLite and
 *   PostgreSQL); before, a game at version 27 answered 200 at version 0;
 * - a game whose entry does not parse, or misses an entry: `game-damaged` (500, not retryable), one
 *   JSON log line naming it however often it is asked for; `doom-board check` lists exactly the
 *   damaged games and exits 1;
 * - a second server on the same SQLite folder refuses to start, saying several instances need PostgreSQL.
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-ignore -- pg ships no types (an optional peer dependency; src/server/pg-store.ts types the calls it makes)
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, killHard, startServerProcess, type ServerProcess } from './server-process.ts';
import { startPgServer, type PgServer } from './pg-server.ts';

const cli = fileURLToPath(new URL('../../lib/cli.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'doom-board-schema-'));
const servers: ServerProcess[] = [];
let db: PgServer;

beforeAll(async () => {
  db = await startPgServer();
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map(killHard));
  await db?.stop();
  rmSync(root, { recursive: true, force: true });
});

async function start(args: string[]): Promise<ServerProcess> {
  const s = await startServerProcess([...args, '--log', 'none', '--workers', '0']);
  servers.push(s);
  return s;
}

async function call(url: string, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const r = await fetch(`${url}/api/v1${path}`, { method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as Record<string, any> };
}

/** Three games played a few commands each; the server stopped. */
async function storeWithGames(args: string[]): Promise<string[]> {
  const s = await start(args);
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const { id, seats } = (await call(s.url, 'POST', '/games', {}, { scenarioId: 'd20-skirmish', seed: i + 1 })).body;
    for (let v = 0; v < 4; v++) {
      const g = (await call(s.url, 'GET', `/games/${id}`)).body;
      const action = (await call(s.url, 'GET', `/games/${id}/actions`)).body.actions[v % 2];
      expect((await call(s.url, 'POST', `/games/${id}/commands`, { authorization: `Bearer ${seats[g.view.side]}`, 'if-match': String(v) }, action)).status).toBe(200);
    }
    ids.push(id);
  }
  s.child.kill('SIGTERM');
  expect(await exited(s)).toBe(0);
  return ids;
}

const refusal = (args: string[]) => startServerProcess(args, 30_000).then((s) => (servers.push(s), null), (e: Error) => e.message);

const check = (args: string[]) => spawnSync(process.execPath, [cli, 'check', ...args], { encoding: 'utf8' });

describe('SQLite', () => {
  it('a dropped table, an altered table: the server refuses to start, naming it', async () => {
    for (const [name, damage, says] of [
      ['dropped', 'DROP TABLE entries', /has no table entries/],
      ['altered', 'ALTER TABLE entries DROP COLUMN idem_request', /has an altered table entries \(columns game, version, kind, side, command, idem_key; expected .*idem_request\)/],
    ] as const) {
      const dir = join(root, name);
      await storeWithGames(['--data-dir', dir]);
      const file = new Database(join(dir, 'games.sqlite'));
      file.exec(damage);
      file.close();
      const message = await refusal(['--data-dir', dir]);
      expect(message, name).toMatch(/the server exited \(2\)/);
      expect(message).toMatch(says);
      expect(message).toContain(join(dir, 'games.sqlite'));
      // Every line it wrote is JSON (no stack trace).
      for (const line of message!.split('\n').slice(1).filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow();
    }
  }, 120_000);

  it('a damaged game answers game-damaged, logged once; doom-board check lists exactly the damaged games', async () => {
    const dir = join(root, 'damaged');
    const [bad, missing, good] = await storeWithGames(['--data-dir', dir]);
    const file = new Database(join(dir, 'games.sqlite'));
    file.prepare("UPDATE entries SET command = '{\"type\":\"acti' WHERE game = ? AND version = 2").run(bad);
    file.prepare('DELETE FROM entries WHERE game = ? AND version = 3').run(missing);
    file.close();
    const s = await startServerProcess(['--data-dir', dir, '--workers', '0']);
    servers.push(s);
    for (let i = 0; i < 3; i++) {
      for (const id of [bad, missing]) {
        const r = await call(s.url, 'GET', `/games/${id}`);
        expect(r.status).toBe(500);
        expect(r.body.type).toBe('urn:doom-board:problem:game-damaged');
        expect(r.body.detail).toMatch(/retrying will not help/);
      }
    }
    expect((await call(s.url, 'GET', `/games/${good}`)).body.version).toBe(4);
    const lines = s.output().split('\n').filter((l) => l.includes('"level"')).map((l) => JSON.parse(l));
    for (const id of [bad, missing]) expect(lines.filter((l) => l.game === id && /damaged/.test(l.message)), id).toHaveLength(1);
    s.child.kill('SIGTERM');
    await exited(s);
    const r = check(['--data-dir', dir]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`damaged ${bad}: entry 2 does not parse as JSON`);
    expect(r.stdout).toContain(`damaged ${missing}: entry 3 is missing`);
    expect(r.stdout).not.toContain(good);
    expect(r.stdout).toMatch(/3 games in .*; 2 damaged/);
    expect(check(['--data-dir', join(root, 'dropped-nothing')]).stdout).toMatch(/0 games in .*none damaged/);
  }, 120_000);

  it('a second server on the same folder refuses to start, saying several instances need PostgreSQL; the first keeps serving', async () => {
    const dir = join(root, 'one-writer');
    const first = await start(['--data-dir', dir]);
    const message = await refusal(['--data-dir', dir]);
    expect(message).toMatch(/the server exited \(2\)/);
    expect(message).toMatch(/is in use by another doom-board server/);
    expect(message).toMatch(/several instances serving the same games need PostgreSQL \(--database-url\)/);
    expect((await call(first.url, 'POST', '/games', {}, { scenarioId: 'd20-skirmish' })).status).toBe(201);
  }, 60_000);
});

describe('PostgreSQL', () => {
  it('a dropped table refuses to start naming it; a damaged game is game-damaged and listed by doom-board check', async () => {
    const [bad, , good] = await storeWithGames(['--database-url', db.url]);
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    await admin.query("UPDATE entries SET command = 'not json' WHERE game_id = $1 AND version = 1", [bad]);
    const s = await start(['--database-url', db.url]);
    const r = await call(s.url, 'GET', `/games/${bad}`);
    expect(r.status).toBe(500);
    expect(r.body.type).toBe('urn:doom-board:problem:game-damaged');
    expect((await call(s.url, 'GET', `/games/${good}`)).status).toBe(200);
    // With PostgreSQL, check runs beside the servers.
    const checked = check(['--database-url', db.url]);
    expect(checked.status).toBe(1);
    expect(checked.stdout).toContain(`damaged ${bad}: entry 1 does not parse as JSON`);
    expect(checked.stdout).toMatch(/3 games in PostgreSQL .*; 1 damaged/);
    await killHard(s);
    await admin.query('ALTER TABLE entries RENAME TO entries_old');
    const message = await refusal(['--database-url', db.url]);
    expect(message).toMatch(/the server exited \(2\)/);
    expect(message).toMatch(/has no table entries/);
    await admin.query('ALTER TABLE entries_old RENAME TO entries');
    await admin.query('ALTER TABLE games ADD COLUMN extra TEXT');
    expect(await refusal(['--database-url', db.url])).toMatch(/has an altered table games/);
    await admin.query('ALTER TABLE games DROP COLUMN extra');
    await admin.end();
  }, 120_000);
});
