/**
 * Scale-out behind a real load balancer (issue 38 item 8): the deployment recipe
 * (deploy/nginx/doom-board.conf, `hash … consistent` on the game id) in a real nginx, in front of
 * two built instances on one throw-away PostgreSQL 15, and the same recipe round-robin:
 *
 * - racing changes of one version, through either: exactly one wins each version, the others 409;
 * - an event stream followed through the balancer sees every change, whichever instance made it;
 * - an instance killed (-9) under play: its games are served by the other, nothing acknowledged lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCore } from '../../src/core/index.ts';
import { killHard, startServerProcess, type ServerProcess } from './server-process.ts';
import { startNginx, type Nginx } from './nginx-server.ts';
import { startPgServer, type PgServer } from './pg-server.ts';

let db: PgServer;
let a: ServerProcess;
let b: ServerProcess;
let hashed: Nginx;
let roundRobin: Nginx;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  await loadCore();
  db = await startPgServer();
  [a, b] = await Promise.all([1, 2].map(() => startServerProcess(['--database-url', db.url, '--rate-limit', '0', '--log', 'none', '--workers', '0'])));
  servers.push(a, b);
  const hosts = [a, b].map((s) => new URL(s.url).host);
  [hashed, roundRobin] = await Promise.all([startNginx(hosts), startNginx(hosts, { roundRobin: true })]);
}, 180_000);

afterAll(async () => {
  await Promise.all([hashed?.stop(), roundRobin?.stop()]);
  await Promise.all(servers.map(killHard));
  await db?.stop();
});

interface Game {
  id: string;
  seats: Record<string, string>;
}

async function call(url: string, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const r = await fetch(`${url}/api/v1${path}`, { method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as Record<string, any> };
}

async function newGame(url: string, seed: number): Promise<Game> {
  const r = await call(url, 'POST', '/games', {}, { scenarioId: 'd20-skirmish', seed });
  expect(r.status).toBe(201);
  return r.body as Game;
}

/** The game now and a legal command for the seat `awaiting` names. */
async function next(url: string, g: Game, pick = 0) {
  const now = (await call(url, 'GET', `/games/${g.id}`)).body;
  const actions = (await call(url, 'GET', `/games/${g.id}/actions`)).body.actions;
  return { version: now.version as number, token: g.seats[now.view.awaiting.side], command: actions[pick % actions.length] };
}

const post = (url: string, g: Game, n: { version: number; token: string; command: unknown }) =>
  call(url, 'POST', `/games/${g.id}/commands`, { authorization: `Bearer ${n.token}`, 'if-match': String(n.version) }, n.command);

/** An event stream's entries' versions as they arrive. */
function follow(url: string, id: string) {
  const versions: number[] = [];
  const abort = new AbortController();
  const opened = fetch(`${url}/api/v1/games/${id}/stream`, { signal: abort.signal });
  const reading = (async () => {
    const r = await opened;
    const reader = r.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      for (const m of value.matchAll(/^id: ?(\d+)$/gm)) versions.push(Number(m[1]));
    }
  })().catch(() => undefined);
  return { versions, opened, stop: () => (abort.abort(), reading) };
}

describe('through nginx (consistent hashing, and round-robin)', () => {
  for (const mode of ['hashed', 'round-robin'] as const) {
    it(`${mode}: racing changes of one version: exactly one wins each version, the others 409`, async () => {
      const lb = mode === 'hashed' ? hashed : roundRobin;
      const g = await newGame(lb.url, 11);
      for (let round = 0; round < 8; round++) {
        const n = await next(lb.url, g, round);
        const answers = await Promise.all(Array.from({ length: 6 }, () => post(lb.url, g, n)));
        const statuses = answers.map((r) => r.status).sort();
        expect(statuses, JSON.stringify(answers.map((r) => r.body))).toEqual([200, 409, 409, 409, 409, 409]);
        expect(answers.find((r) => r.status === 200)!.body.version).toBe(round + 1);
      }
      const events = (await call(lb.url, 'GET', `/games/${g.id}/events`)).body;
      expect(events.entries.map((e: { version: number }) => e.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    }, 120_000);
  }

  it('a stream followed through the balancer sees every change, made on either instance', async () => {
    const g = await newGame(hashed.url, 12);
    const follower = follow(hashed.url, g.id);
    const direct = [follow(a.url, g.id), follow(b.url, g.id)];
    await Promise.all([follower.opened, ...direct.map((d) => d.opened)]);
    for (let i = 0; i < 10; i++) {
      const url = i % 2 ? a.url : b.url;
      expect((await post(url, g, await next(url, g, i))).status).toBe(200);
    }
    for (let i = 0; i < 100 && [follower, ...direct].some((f) => f.versions.length < 10); i++) await new Promise((r) => setTimeout(r, 50));
    for (const f of [follower, ...direct]) {
      expect(f.versions).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      await f.stop();
    }
  }, 120_000);

  it('an instance killed under play: its games are served by the other; nothing acknowledged is lost', async () => {
    const games = await Promise.all(Array.from({ length: 8 }, (_, i) => newGame(hashed.url, 20 + i)));
    const acked = new Map<string, unknown[]>(games.map((g) => [g.id, []]));
    const play = async (g: Game, i: number) => {
      // A request that fails while nginx learns the instance is gone (502: both tries failed, or
      // the instance died with the request) is sent again with its Idempotency-Key: if the first
      // try was made after all, the retry gets its answer, never a second change.
      let n;
      for (let attempt = 0; !n; attempt++) {
        n = await next(hashed.url, g, i).catch(() => undefined);
        if (!n) await new Promise((r) => setTimeout(r, 100));
        if (attempt > 50) throw new Error(`game ${g.id}: not readable after the instance died`);
      }
      const key = crypto.randomUUID();
      for (let attempt = 0; attempt < 50; attempt++) {
        const r = await call(hashed.url, 'POST', `/games/${g.id}/commands`, { authorization: `Bearer ${n.token}`, 'if-match': String(n.version), 'idempotency-key': key }, n.command).catch(() => null);
        if (r?.status === 200) {
          acked.get(g.id)!.push(n.command);
          return;
        }
        if (r) expect([502, 503], JSON.stringify(r.body)).toContain(r.status);
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`game ${g.id}: no answer after the instance died`);
    };
    for (let i = 0; i < 3; i++) await Promise.all(games.map((g) => play(g, i)));
    await killHard(a);
    for (let i = 3; i < 8; i++) await Promise.all(games.map((g) => play(g, i)));
    for (const g of games) {
      const events = (await call(hashed.url, 'GET', `/games/${g.id}/events`)).body;
      expect(events.entries.map((e: { command: unknown }) => e.command)).toEqual(acked.get(g.id));
      expect(acked.get(g.id)).toHaveLength(8);
    }
  }, 180_000);
});
