/**
 * Security and failure behaviour: CORS only for configured origins; a store failure is a 500
 * problem without a stack trace and the game stays as it was (the command is rolled back).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/api/app.ts';
import { MemoryStore, type StoredEntry } from '../../src/api/store.ts';
import { loadCore } from '../../src/core/index.ts';
import { schemaValidator } from '../../src/api/document.ts';
import { contractFetch } from './contract.ts';

beforeAll(async () => {
  await loadCore();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://api.test${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('CORS', () => {
  it('answers a preflight only for a configured origin', async () => {
    const open = createApi({ store: new MemoryStore(), rateLimit: null, corsOrigins: ['https://wiki.example'] }).app;
    const closed = createApi({ store: new MemoryStore(), rateLimit: null }).app;
    const preflight = (origin: string) => new Request('http://api.test/api/v1/board/sight', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    const ok = await open.fetch(preflight('https://wiki.example'));
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://wiki.example');
    // Only the methods the API has (Hono's default listed PUT, DELETE, PATCH…).
    expect(ok.headers.get('access-control-allow-methods')).toBe('GET,HEAD,POST,OPTIONS');
    expect((await open.fetch(preflight('https://evil.example'))).headers.get('access-control-allow-origin')).toBeNull();
    const get = await closed.fetch(new Request('http://api.test/api/v1/rulesets', { headers: { origin: 'https://wiki.example' } }));
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('methods', () => {
  it('a path the API has, asked with a method it does not take, is a 405 naming the methods in Allow; an unknown path a 404', async () => {
    const { app } = createApi({ store: new MemoryStore(), rateLimit: null });
    const put = await app.fetch(new Request('http://api.test/api/v1/games/abc', { method: 'PUT' }));
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD');
    expect((await put.json()).detail).toBe('PUT is not a method of /api/v1/games/abc: GET, HEAD');
    const del = await app.fetch(new Request('http://api.test/api/v1/games', { method: 'DELETE' }));
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('POST');
    expect((await app.fetch(new Request('http://api.test/api/v1/nothing-here', { method: 'PUT' }))).status).toBe(404);
  });
});

describe('bodies', () => {
  it('valid JSON nested deeper than the parser\'s stack is "nested too deeply", not a stack error', async () => {
    const { app } = createApi({ store: new MemoryStore(), rateLimit: null });
    const deep = `${'{"constructorx":'.repeat(15000)}1${'}'.repeat(15000)}`;
    const r = await app.fetch(new Request('http://api.test/api/v1/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: deep }));
    expect(r.status).toBe(400);
    const p = await r.json();
    expect(p.detail).toBe('the body is nested too deeply (no request needs more than a few levels)');
    expect(JSON.stringify(p)).not.toMatch(/call stack/i);
  });
});

describe('heavy work shared between clients', () => {
  it('with the rate limit on, one client holds at most 2 places of the heavy-work pool; another client is still taken', async () => {
    const waiting: (() => void)[] = [];
    const heavyWork = {
      run: () => new Promise((resolve) => waiting.push(() => resolve({ figure: 'x' }))),
      notReady: () => null,
      close: async () => {},
    } as never;
    const { app } = createApi({ store: new MemoryStore(), rateLimit: { perSecond: 100, burst: 100 }, heavyWork, clientKey: (c) => c.req.header('x-client') ?? '?' });
    const scenario = { ruleset: 'd20', map: ['....'], figures: [{ id: 'a', side: 'empire', type: 'trooper', x: 0, y: 0 }, { id: 'b', side: 'alliance', type: 'trooper', x: 3, y: 0 }], sides: ['empire', 'alliance'] };
    const ask = (client: string) => app.fetch(post('/api/v1/board/sight-map', { scenario, figure: 'a' }, { 'x-client': client }));
    // No clock decides it: each step waits until the pool has the jobs it should (vi.waitFor polls).
    const reached = (n: number) => vi.waitFor(() => expect(waiting).toHaveLength(n), { timeout: 10_000 });
    const a = [ask('A'), ask('A')];
    await reached(2);
    const third = await ask('A');
    expect(third.status, await third.clone().text()).toBe(429);
    expect(third.headers.get('retry-after')).toBe('1');
    expect((await third.json()).detail).toMatch(/this client already has 2 hints, odds or board queries in progress/);
    const b = ask('B');
    await reached(3); // A's two and B's one reached the pool
    waiting.forEach((go) => go());
    expect((await Promise.all([...a, b])).map((r) => r.status)).toEqual([200, 200, 200]);
    // A place is given back with its answer.
    const again = ask('A');
    await reached(4);
    waiting.at(-1)!();
    expect((await again).status).toBe(200);
  });
});

describe('failures', () => {
  it('a store that fails to append: 503 outcome-unknown with Retry-After, no stack trace or store detail, the command rolled back', async () => {
    class FailingStore extends MemoryStore {
      fail = false;
      override async append(id: string, entry: StoredEntry): Promise<void> {
        if (this.fail) throw new Error('disk full at /secret/path/games.sqlite');
        return super.append(id, entry);
      }
    }
    const store = new FailingStore();
    const api = createApi({ store, rateLimit: null });
    // Every answer, the 500 included, is checked against openapi.yaml.
    const app = { fetch: contractFetch((r) => api.app.fetch(r)) };
    const created = await (await app.fetch(post('/api/v1/games', { scenarioId: 'd20-skirmish' }))).json();
    const g = await (await app.fetch(new Request(`http://api.test/api/v1/games/${created.id}`))).text();
    const action = (await (await app.fetch(new Request(`http://api.test/api/v1/games/${created.id}/actions`))).json()).actions[0];
    const side = JSON.parse(g).view.side;
    store.fail = true;
    const errors: unknown[] = [];
    const consoleError = console.error;
    console.error = (...a: unknown[]) => errors.push(a);
    try {
      const r = await app.fetch(post(`/api/v1/games/${created.id}/commands`, action, { authorization: `Bearer ${created.seats[side]}`, 'if-match': '0' }));
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('2');
      expect(r.headers.get('content-type')).toMatch(/problem\+json/);
      const text = await r.text();
      expect(schemaValidator('Problem')(JSON.parse(text))).toBe(true);
      expect(text).not.toMatch(/secret|disk full|\bat\s+\S+\s+\(/);
    } finally {
      console.error = consoleError;
    }
    expect(errors.length).toBe(1); // the details go to the log
    expect(await (await app.fetch(new Request(`http://api.test/api/v1/games/${created.id}`))).text()).toBe(g);
    store.fail = false;
    const ok = await app.fetch(post(`/api/v1/games/${created.id}/commands`, action, { authorization: `Bearer ${created.seats[side]}`, 'if-match': '0' }));
    expect(ok.status).toBe(200);
  });

  it('seat tokens are not stored: only their SHA-256', async () => {
    const store = new MemoryStore();
    const { app } = createApi({ store, rateLimit: null });
    const created = await (await app.fetch(post('/api/v1/games', { scenarioId: 'd20-skirmish' }))).json();
    const saved = JSON.stringify(await store.load(created.id));
    for (const token of Object.values(created.seats) as string[]) expect(saved).not.toContain(token);
  });
});
