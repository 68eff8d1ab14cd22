/**
 * Several server instances on one PostgreSQL (issue 20, point 4): two real, built servers
 * (`node lib/cli.js serve --database-url …`) on a real throw-away PostgreSQL 15 (pg-server.ts).
 *
 * - racing `If-Match` commands spread over both instances: exactly one wins each version, the others 409;
 * - a command accepted on one instance is seen on the other at once (game, events);
 * - SSE followers on one instance see every command accepted on the other, in order (LISTEN/NOTIFY),
 *   and resume by Last-Event-ID on the other instance;
 * - kill -9 of one instance under load loses no acknowledged command, and the other's followers miss nothing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killHard, startServerProcess, type ServerProcess } from './server-process.ts';
import { startPgServer, type PgServer } from './pg-server.ts';

const cli = fileURLToPath(new URL('../../lib/cli.js', import.meta.url));
let pg: PgServer;
const servers: ServerProcess[] = [];

async function instance(): Promise<ServerProcess> {
  const s = await startServerProcess(['--database-url', pg.url, '--rate-limit', '0']);
  servers.push(s);
  return s;
}

beforeAll(async () => {
  pg = await startPgServer();
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map(killHard));
  await pg?.stop();
});

interface Entry {
  version: number;
  kind: string;
  side: string;
  command?: Record<string, unknown>;
}
interface GameOut {
  version: number;
  view: { side: string | null; winner?: string | null };
  state: unknown;
}

async function call<T = unknown>(url: string, path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const r = await fetch(url + path, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  return { status: r.status, body: (await r.json()) as T };
}

async function newGame(url: string, scenarioId = 'd20-skirmish', seed = 7): Promise<{ id: string; seats: Record<string, string> }> {
  const r = await call<{ id: string; seats: Record<string, string> }>(url, '/api/v1/games', { method: 'POST', body: JSON.stringify({ scenarioId, seed }) });
  expect(r.status).toBe(201);
  return r.body;
}

const game = (url: string, id: string) => call<GameOut>(url, `/api/v1/games/${id}`);
const actions = async (url: string, id: string) => (await call<{ actions: Record<string, unknown>[] }>(url, `/api/v1/games/${id}/actions`)).body.actions;
const events = async (url: string, id: string) => (await call<{ version: number; entries: Entry[] }>(url, `/api/v1/games/${id}/events`)).body;

function command(url: string, id: string, version: number, token: string, body: unknown) {
  return call<{ version: number } & Record<string, unknown>>(url, `/api/v1/games/${id}/commands`, {
    method: 'POST',
    headers: { 'if-match': `"${version}"`, authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

/**
 * A command sent with the seat of the side that owns it: the side to act, or, for a decision the
 * rules give the other side (a guard, an interrupt), the side the 403 names.
 */
async function owned(url: string, g: { id: string; seats: Record<string, string> }, now: GameOut, body: unknown) {
  const r = await command(url, g.id, now.version, g.seats[now.view.side!], body);
  const owner = r.status === 403 ? /is the (\S+) side's decision/.exec(String(r.body.detail))?.[1] : undefined;
  return owner && g.seats[owner] ? command(url, g.id, now.version, g.seats[owner], body) : r;
}

/** An SSE follower: every `entry` event in the order received, with its id. */
function follow(url: string, id: string, lastEventId?: number) {
  const got: { id: number; entry: Entry }[] = [];
  const abort = new AbortController();
  const opened = fetch(`${url}/api/v1/games/${id}/stream`, { headers: lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }, signal: abort.signal });
  let failure: unknown = null;
  const done = (async () => {
    const r = await opened;
    expect(r.status).toBe(200);
    const reader = r.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const idLine = /^id: ?(.*)$/m.exec(block);
        const data = /^data: ?(.*)$/m.exec(block);
        if (/^event: ?entry$/m.test(block) && idLine && data) got.push({ id: Number(idLine[1]), entry: JSON.parse(data[1]) });
      }
    }
  })().catch((e) => {
    if (!abort.signal.aborted) failure = e;
  });
  return {
    got,
    versions: () => got.map((g) => g.id),
    failure: () => failure,
    /** Resolves once the server has answered (the follower is registered). */
    ready: opened.then(() => undefined),
    close: async () => {
      abort.abort();
      await done;
    },
  };
}

/** Play `n` commands on the game, each through the instance `urls[i % urls.length]`; returns the acknowledged ones. */
async function play(urls: string[], g: { id: string; seats: Record<string, string> }, n: number): Promise<{ version: number; command: unknown }[]> {
  const acked = [];
  for (let i = 0; i < n; i++) {
    const url = urls[i % urls.length];
    const now = (await game(url, g.id)).body;
    if (now.view.winner) break;
    const a = await actions(url, g.id);
    const c = a[(i * 7) % a.length];
    const r = await owned(url, g, now, c);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    acked.push({ version: r.body.version, command: c });
  }
  return acked;
}

describe('two instances on one PostgreSQL', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    [a, b] = await Promise.all([instance(), instance()]);
  }, 120_000);

  it('racing If-Match commands spread over both instances: exactly one winner per version, the others 409', async () => {
    const g = await newGame(a.url);
    for (let round = 0; round < 12; round++) {
      const now = (await game(b.url, g.id)).body;
      expect(now.version).toBe(round);
      const legal = await actions(a.url, g.id);
      // Six clients, three on each instance, each with its own legal command, all sent at once.
      const tries = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => command(i % 2 ? b.url : a.url, g.id, round, g.seats[now.view.side!], legal[(i * 5 + round) % legal.length])));
      const statuses = tries.map((t) => t.status);
      expect(statuses.filter((s) => s === 200), JSON.stringify(tries.map((t) => t.body))).toHaveLength(1);
      expect(statuses.filter((s) => s !== 200).every((s) => s === 409), JSON.stringify(statuses)).toBe(true);
      for (const t of tries.filter((t) => t.status === 409)) expect(t.body).toMatchObject({ version: round + 1 });
    }
    // One log, the same on both, with no version twice.
    const [ea, eb] = [await events(a.url, g.id), await events(b.url, g.id)];
    expect(ea.entries.map((e) => e.version)).toEqual([...Array(12).keys()].map((i) => i + 1));
    expect(eb).toEqual(ea);
  }, 60_000);

  it('a command accepted on one instance is seen on the other at once', async () => {
    const g = await newGame(a.url, 'doom2016-tutorial', 3);
    for (let i = 0; i < 10; i++) {
      const [here, there] = i % 2 ? [b.url, a.url] : [a.url, b.url];
      const now = (await game(here, g.id)).body;
      const c = (await actions(here, g.id))[0];
      const r = await owned(here, g, now, c);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      // No wait at all: the very next request to the other instance.
      const seen = await game(there, g.id);
      expect(seen.body.version).toBe(now.version + 1);
      expect(seen.body.state).toEqual((await game(here, g.id)).body.state);
      const log = await events(there, g.id);
      expect(log.entries.at(-1)).toMatchObject({ version: now.version + 1, command: c });
    }
  }, 60_000);

  it('a command accepted on A is taken back on B with its seat; the undo is seen on A', async () => {
    const g = await newGame(a.url, 'd20-skirmish', 9);
    const before = (await game(a.url, g.id)).body;
    const c = (await actions(a.url, g.id))[0];
    expect((await owned(a.url, g, before, c)).status).toBe(200);
    const side = (await events(b.url, g.id)).entries[0].side;
    const undo = await call<{ version: number }>(b.url, `/api/v1/games/${g.id}/undo`, { method: 'POST', headers: { 'if-match': '"1"', authorization: `Bearer ${g.seats[side]}` } });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body.version).toBe(2);
    const after = (await game(a.url, g.id)).body;
    expect(after.version).toBe(2);
    expect(after.state).toEqual(before.state);
    // A second undo of the same version on A loses: 409, not a second take-back.
    const again = await call(a.url, `/api/v1/games/${g.id}/undo`, { method: 'POST', headers: { 'if-match': '"1"', authorization: `Bearer ${g.seats[side]}` } });
    expect(again.status).toBe(409);
  }, 60_000);

  it('SSE followers on B see every command accepted on A, in order, and resume by Last-Event-ID on A', async () => {
    const g = await newGame(a.url, 'doom2004-skirmish', 5);
    const onB = [follow(b.url, g.id, 0), follow(b.url, g.id, 0)];
    await Promise.all(onB.map((f) => f.ready));
    const acked = await play([a.url], g, 20);
    expect(acked.length).toBeGreaterThanOrEqual(10);
    const last = acked.at(-1)!.version;
    for (const f of onB) {
      await expect.poll(() => f.versions().length, { timeout: 10_000 }).toBe(last);
      expect(f.versions()).toEqual([...Array(last).keys()].map((i) => i + 1));
      for (const x of acked) expect(f.got[x.version - 1].entry).toMatchObject({ version: x.version, command: x.command });
    }
    // One follower drops after 8 entries and comes back on the other instance with Last-Event-ID.
    await Promise.all(onB.map((f) => f.close()));
    const resumed = follow(a.url, g.id, 8);
    await resumed.ready;
    const more = await play([b.url], g, 5);
    const end = more.at(-1)?.version ?? last;
    await expect.poll(() => resumed.versions().at(-1), { timeout: 10_000 }).toBe(end);
    expect(resumed.versions()).toEqual([...Array(end - 8).keys()].map((i) => i + 9));
    await resumed.close();
  }, 60_000);
});

describe('kill -9 of one of two instances under load', () => {
  it('loses no acknowledged command, and the other instance\'s followers miss nothing', async () => {
    const [c, d] = await Promise.all([instance(), instance()]);
    const games = await Promise.all(['d20-skirmish', 'doom2016-tutorial', 'doom2004-skirmish', 'd20-skirmish'].map((s, i) => newGame(d.url, s, 20 + i)));
    const followers = games.map((g) => follow(d.url, g.id, 0));
    await Promise.all(followers.map((f) => f.ready));
    const acked: { version: number; command: unknown }[][] = games.map(() => []);
    const inFlight: (unknown | null)[] = games.map(() => null);
    const stop = { killed: false, done: false };

    // Each client alternates between the instances; once C is dead it carries on with D alone.
    const players = games.map(async (g, k) => {
      for (let i = 0; i < 400 && !stop.done; i++) {
        const url = !stop.killed && i % 2 ? c.url : d.url;
        try {
          const now = (await game(url, g.id)).body;
          if (now.view.winner) return;
          const legal = await actions(url, g.id);
          const cmd = legal[(i * 7 + k) % legal.length];
          inFlight[k] = cmd;
          const r = await owned(url, g, now, cmd);
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          acked[k].push({ version: r.body.version, command: cmd });
          inFlight[k] = null;
        } catch (e) {
          if (url === c.url && stop.killed) continue; // the request died with C: try again on D
          throw e;
        }
      }
    });
    const total = () => acked.reduce((n, x) => n + x.length, 0);
    for (let i = 0; i < 1500 && total() < 60; i++) await new Promise((r) => setTimeout(r, 20));
    stop.killed = true;
    await killHard(c);
    const atKill = total();
    // Load goes on through D after the kill.
    for (let i = 0; i < 1500 && total() < atKill + 30; i++) await new Promise((r) => setTimeout(r, 20));
    stop.done = true;
    await Promise.all(players);
    expect(atKill).toBeGreaterThanOrEqual(60);

    for (const [k, g] of games.entries()) {
      const log = await events(d.url, g.id);
      // Every acknowledged command is stored at its version.
      for (const x of acked[k]) expect(log.entries[x.version - 1]).toMatchObject({ version: x.version, kind: 'command', command: x.command });
      // D's followers saw every entry of the log, in order, the same entries.
      const f = followers[k];
      await expect.poll(() => f.versions().length, { timeout: 10_000 }).toBe(log.version);
      expect(f.versions()).toEqual(log.entries.map((e) => e.version));
      expect(f.got.map((x) => x.entry)).toEqual(log.entries);
      expect(f.failure()).toBeNull();
    }
    await Promise.all(followers.map((f) => f.close()));
  }, 120_000);
});

describe('choosing PostgreSQL on the command line', () => {
  it('DATABASE_URL works like --database-url; a database that cannot be used, or a URL beside --data-dir, exits naming the problem', async () => {
    const viaEnv = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, [cli, 'serve', '--port', '0'], { env: { ...process.env, DATABASE_URL: pg.url.replace('postgres@', 'postgres:hunter2@') }, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      // The server's own lines (JSON, like every line it writes) are on stderr.
      const read = (d: Buffer) => {
        out += d;
        if (out.includes('listening on')) child.kill('SIGTERM');
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', () => resolve(out));
    });
    expect(viaEnv).toMatch(/games in PostgreSQL postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/postgres/);
    expect(viaEnv).not.toContain('hunter2');
    const bad = spawnSync(process.execPath, [cli, 'serve', '--database-url', 'postgres://nobody:secret@127.0.0.1:1/none'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/cannot use the PostgreSQL database postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/none \(.*ECONNREFUSED.*\): check DATABASE_URL/);
    const both = spawnSync(process.execPath, [cli, 'serve', '--database-url', pg.url, '--data-dir', '/tmp/x'], { encoding: 'utf8' });
    expect(both.status).toBe(2);
    expect(both.stderr).toMatch(/--database-url excludes --memory and --data-dir/);
  }, 60_000);
});

describe('rate limits across instances', () => {
  it('two instances do not double a client\'s allowance: one bucket per client, kept in PostgreSQL', async () => {
    // 1 request/s, bursts of 2: alone each instance would let 2 at once through, 4 together.
    const [e, f] = await Promise.all([1, 2].map(() => startServerProcess(['--database-url', pg.url, '--rate-limit', '1']).then((s) => (servers.push(s), s))));
    const started = Date.now();
    const answers = await Promise.all([...Array(20).keys()].map((i) => fetch(`${i % 2 ? e.url : f.url}/api/v1/rulesets`)));
    const seconds = (Date.now() - started) / 1000;
    const ok = answers.filter((r) => r.status === 200).length;
    const limited = answers.filter((r) => r.status === 429);
    // The burst, plus what refilled while the requests ran.
    expect(ok, `${ok} let through in ${seconds} s`).toBeLessThanOrEqual(2 + Math.floor(seconds * 1));
    expect(ok).toBeGreaterThanOrEqual(2);
    expect(limited.length).toBe(20 - ok);
    expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Both instances refuse: the bucket is the client's, not the instance's.
    expect(new Set(answers.map((r, i) => (r.status === 429 ? i % 2 : -1)))).toEqual(new Set([-1, 0, 1]));
    await Promise.all(answers.map((r) => r.body?.cancel()));
  }, 60_000);
});

describe('PostgreSQL restarts under the instances', () => {
  it('both instances carry on once it is back; followers on the other instance miss nothing of what was committed meanwhile', async () => {
    const [g1, h1] = await Promise.all([instance(), instance()]);
    const g = await newGame(g1.url, 'd20-skirmish', 31);
    const follower = follow(h1.url, g.id, 0);
    await follower.ready;
    const first = await play([g1.url], g, 5);
    // Down long enough that the instances' reconnection attempts back off (up to 1.6 s apart).
    await pg.restart(2000);
    // Until each instance has its connections back a request may fail (500, "may be retried"): retry.
    const acked = [...first];
    for (let tries = 0; acked.length < 10 && tries < 100; tries++) {
      try {
        acked.push(...(await play([g1.url], g, 1)));
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    expect(acked.map((x) => x.version)).toEqual([...Array(10).keys()].map((i) => i + 1));
    // No command after these: the follower gets the last ones only if H re-read the game when its
    // LISTEN connection came back (notices sent while it was away are lost).
    await expect.poll(() => follower.versions().length, { timeout: 15_000 }).toBe(10);
    expect(follower.versions()).toEqual([...Array(10).keys()].map((i) => i + 1));
    expect((await events(h1.url, g.id)).entries.map((e) => e.command)).toEqual(acked.map((x) => x.command));
    await follower.close();
  }, 90_000);
});
