/**
 * Group commit in the SQLite store (issue 20): appends that arrive while a commit is being made go
 * into the next transaction, and each append resolves only once the transaction holding it has
 * committed (another connection sees the row at that moment). Versions are still checked: a gap or
 * a duplicate is refused without failing the other appends of its transaction. While a batch is
 * with the store's thread, the next one waits for its answer and goes in one message.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/app.ts';
import type { GameRecord, StoredEntry } from '../../src/api/store.ts';
import { loadCore } from '../../src/core/index.ts';
import { SqliteStore } from '../../src/server/sqlite-store.ts';
import type { Scenario } from '../../src/scenario/index.ts';

const root = mkdtempSync(join(tmpdir(), 'doom-board-group-commit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const record = (id: string): GameRecord => ({ id, scenario: { ruleset: 'd20', map: ['..'], figures: [], sides: ['a', 'b'] } as unknown as Scenario, seed: 4, seatHashes: { a: 'x', b: 'y' }, createdAt: '2026-11-26T00:00:00.000Z' });
const entry = (version: number): StoredEntry => ({ version, kind: 'command', side: version % 2 ? 'a' : 'b', command: { type: 'end', n: version } });
const gameId = (i: number) => `game-${String(i).padStart(5, '0')}`;

describe('group commit', () => {
  it('concurrent appends to many games: all acknowledged, each only once committed, in fewer transactions, all there after reopening', async () => {
    const dir = join(root, 'many');
    const store = new SqliteStore(dir);
    const GAMES = 200;
    const PER_GAME = 5;
    for (let i = 0; i < GAMES; i++) await store.create(record(gameId(i)));
    // Each append is answered by the message that reports its transaction committed: the count of
    // committed transactions has moved past the one open when it was sent.
    let early = 0;
    const transactionsBefore = store.stats().transactions;
    // Each game's appends in order (as the API sends them: one at a time per game), all games at once.
    await Promise.all(Array.from({ length: GAMES }, async (_, i) => {
      for (let v = 1; v <= PER_GAME; v++) {
        const sent = store.stats().transactions;
        await store.append(gameId(i), entry(v));
        if (store.stats().transactions <= sent) early++;
      }
    }));
    const transactions = store.stats().transactions - transactionsBefore;
    expect(early, 'appends acknowledged before their transaction committed').toBe(0);
    // 1000 appends: batched, far fewer transactions than appends (at least one per round of games).
    expect(transactions).toBeGreaterThanOrEqual(PER_GAME);
    expect(transactions).toBeLessThan((GAMES * PER_GAME) / 10);
    await store.close();
    const again = new SqliteStore(dir);
    for (let i = 0; i < GAMES; i++) {
      const loaded = await again.load(gameId(i));
      expect(loaded!.entries.map((e) => e.version)).toEqual([1, 2, 3, 4, 5]);
      expect(loaded!.entries[4]).toEqual(entry(5));
    }
    await again.close();
  });

  it('appends made while a batch is with the store thread wait for its answer, then go in one message: one more transaction for all of them', async () => {
    const dir = join(root, 'held');
    const store = new SqliteStore(dir);
    for (let i = 0; i < 8; i++) await store.create(record(gameId(i)));
    // Watch the messages to the thread, and hold the thread's answer to the first batch until the
    // others are made (each in a later turn of the event loop, as requests come).
    const inside = store as unknown as { worker: { postMessage(m: { op: string }): void }; receive(m: { appended?: number[] }): void };
    let posts = 0;
    const postMessage = inside.worker.postMessage.bind(inside.worker);
    inside.worker.postMessage = (m) => {
      if (m.op === 'append') posts++;
      postMessage(m);
    };
    const held: { appended?: number[] }[] = [];
    const receive = inside.receive.bind(store);
    inside.receive = (m) => (m.appended && !held.length ? void held.push(m) : receive(m));
    const before = store.stats().transactions;
    const first = store.append(gameId(0), entry(1));
    await expect.poll(() => held.length, { timeout: 10_000 }).toBe(1);
    const rest: Promise<void>[] = [];
    for (let i = 1; i < 8; i++) {
      rest.push(store.append(gameId(i), entry(1)));
      await new Promise((r) => setImmediate(r));
    }
    expect(posts).toBe(1);
    receive(held[0]);
    await Promise.all([first, ...rest]);
    expect(posts).toBe(2);
    expect(store.stats().transactions - before).toBe(2);
    await store.close();
    const again = new SqliteStore(dir);
    for (let i = 0; i < 8; i++) expect((await again.load(gameId(i)))!.entries).toEqual([entry(1)]);
    await again.close();
  });

  it('a gap or a duplicate in a batch is refused alone; the other appends of that transaction commit', async () => {
    const dir = join(root, 'refusals');
    const store = new SqliteStore(dir);
    for (let i = 0; i < 3; i++) await store.create(record(gameId(i)));
    await store.append(gameId(0), entry(1));
    const results = await Promise.allSettled([
      store.append(gameId(0), entry(1)), // duplicate
      store.append(gameId(1), entry(2)), // gap
      store.append(gameId(1), entry(1)),
      store.append(gameId(2), entry(1)),
      store.append(gameId(2), entry(2)), // follows the one before it in the same batch
      store.append(gameId(2), entry(2)), // duplicate within the batch
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/version 1 does not follow 1/);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/version 2 does not follow 0/);
    await store.close();
    const again = new SqliteStore(dir);
    expect((await again.load(gameId(0)))!.entries.map((e) => e.version)).toEqual([1]);
    expect((await again.load(gameId(1)))!.entries.map((e) => e.version)).toEqual([1]);
    expect((await again.load(gameId(2)))!.entries.map((e) => e.version)).toEqual([1, 2]);
    // After reopening, the version check knows the stored versions (from the database).
    await expect(again.append(gameId(2), entry(2))).rejects.toThrow(/does not follow 2/);
    await again.append(gameId(2), entry(3));
    await again.close();
  });

  it('one writer per file: a second store on the same folder is refused, naming PostgreSQL; once the first closes, it opens', async () => {
    const dir = join(root, 'two-writers');
    const a = await SqliteStore.open(dir);
    await a.create(record(gameId(0)));
    const refused = await SqliteStore.open(dir).then(() => null, (e: Error) => e);
    expect(refused?.message).toMatch(/is in use by another doom-board server .*several instances serving the same games need PostgreSQL \(--database-url\)/);
    await a.append(gameId(0), entry(1));
    await a.close();
    const b = await SqliteStore.open(dir);
    expect((await b.load(gameId(0)))!.entries).toEqual([entry(1)]);
    await b.close();
  });
});

describe('group commit through the API', () => {
  it('many games played at once over HTTP handlers: every acknowledged command is there after reopening, with the same state', async () => {
    await loadCore();
    const dir = join(root, 'api');
    const store = new SqliteStore(dir);
    const api = createApi({ store, rateLimit: null });
    const call = async (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) => {
      const r = await api.app.fetch(new Request(`http://api.test${path}`, { method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, body: body ? JSON.stringify(body) : undefined }));
      return { status: r.status, body: await r.json() };
    };
    const GAMES = 24;
    const COMMANDS = 4;
    const ids: string[] = [];
    const states = await Promise.all(Array.from({ length: GAMES }, async (_, i) => {
      const created = await call('POST', '/api/v1/games', {}, { scenarioId: 'd20-skirmish', seed: i + 1 });
      expect(created.status).toBe(201);
      const { id, seats } = created.body as { id: string; seats: Record<string, string> };
      ids[i] = id;
      for (let v = 0; v < COMMANDS; v++) {
        const g = (await call('GET', `/api/v1/games/${id}`)).body as { view: { side: string } };
        const { actions } = (await call('GET', `/api/v1/games/${id}/actions`)).body as { actions: unknown[] };
        const r = await call('POST', `/api/v1/games/${id}/commands`, { authorization: `Bearer ${seats[g.view.side]}`, 'if-match': String(v) }, actions[(i + v) % actions.length]);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      return (await call('GET', `/api/v1/games/${id}`)).body as { version: number; state: unknown };
    }));
    expect(store.stats().entries).toBe(GAMES * COMMANDS);
    expect(store.stats().transactions).toBeLessThan(GAMES * COMMANDS);
    await store.close();
    const again = new SqliteStore(dir);
    const reopened = createApi({ store: again, rateLimit: null });
    for (const [i, id] of ids.entries()) {
      const r = await reopened.app.fetch(new Request(`http://api.test/api/v1/games/${id}`));
      const g = (await r.json()) as { version: number; state: unknown };
      expect(g.version).toBe(COMMANDS);
      expect(g.state).toEqual(states[i].state);
    }
    await again.close();
  });
});
