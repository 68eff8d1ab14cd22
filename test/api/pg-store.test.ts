/**
 * The PostgreSQL store against a real PostgreSQL 15 (pg-server.ts): the same contract as the other
 * stores, a race between two stores (two instances) for one version with exactly one winner, a
 * whole group of appends in one transaction, and notices of each stored entry to every instance.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { VersionTakenError, type GameRecord } from '../../src/api/store.ts';
import { openStore, StoreError } from '../../src/server/open-store.ts';
import { PgStore } from '../../src/server/pg-store.ts';
import type { Scenario } from '../../src/scenario/index.ts';
import { startPgServer, type PgServer } from './pg-server.ts';

let pg: PgServer;
beforeAll(async () => {
  pg = await startPgServer();
}, 120_000);
afterAll(() => pg?.stop());

const record = (id: string): GameRecord => ({ id, scenario: { ruleset: 'd20', map: ['..'], figures: [], sides: ['a', 'b'] } as unknown as Scenario, seed: 4, seatHashes: { a: 'x', b: 'y' }, createdAt: '2026-11-23T00:00:00.000Z' });

it('gives back the game and its log in order; refuses a taken or skipped version', async () => {
  const s = await PgStore.open(pg.url);
  const r = record('game-0001');
  await s.create(r);
  expect(await s.load('nope')).toBeNull();
  await s.append(r.id, { version: 1, kind: 'command', side: 'a', command: { type: 'move', to: { x: 1, y: 0 } } });
  await s.append(r.id, { version: 2, kind: 'undo', side: 'a', command: { type: 'move', to: { x: 1, y: 0 } } });
  await expect(s.append(r.id, { version: 2, kind: 'command', side: 'b', command: { type: 'end' } })).rejects.toBeInstanceOf(VersionTakenError);
  await expect(s.append(r.id, { version: 4, kind: 'command', side: 'b', command: { type: 'end' } })).rejects.toBeInstanceOf(VersionTakenError);
  await expect(s.append('no-such-game', { version: 1, kind: 'command', side: 'b', command: { type: 'end' } })).rejects.toThrow(/foreign key/);
  const loaded = await s.load(r.id);
  expect(loaded!.record).toEqual(r);
  expect(loaded!.entries.map((e) => [e.version, e.kind])).toEqual([[1, 'command'], [2, 'undo']]);
  expect(loaded!.entries[0].command).toEqual({ type: 'move', to: { x: 1, y: 0 } });
  expect((await s.entriesSince(r.id, 1)).map((e) => e.version)).toEqual([2]);
  await s.close();
});

it('two instances racing for the same versions: exactly one append wins each', async () => {
  const [a, b] = [await PgStore.open(pg.url), await PgStore.open(pg.url)];
  const r = record('game-race');
  await a.create(r);
  for (let v = 1; v <= 20; v++) {
    const tries = [a, b, a, b].map((s, i) => s.append(r.id, { version: v, kind: 'command', side: 'a', command: { type: 'end', n: i } }));
    const outcomes = await Promise.allSettled(tries);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(VersionTakenError);
  }
  expect((await b.load(r.id))!.entries.map((e) => e.version)).toEqual([...Array(20).keys()].map((i) => i + 1));
  await Promise.all([a.close(), b.close()]);
});

it('commits appends waiting together in one transaction (group commit); a bad one fails alone', async () => {
  const s = await PgStore.open(pg.url);
  const ids = [...Array(30).keys()].map((i) => `game-group-${i}`);
  for (const id of ids) await s.create(record(id));
  const before = s.counters.transactions;
  const appends = ids.map((id, i) => s.append(id, { version: i === 7 ? 2 : 1, kind: 'command', side: 'a', command: { type: 'end' } }));
  const outcomes = await Promise.allSettled(appends);
  expect(outcomes.filter((o) => o.status === 'rejected').map((_o, i) => i)).toHaveLength(1);
  expect((outcomes[7] as PromiseRejectedResult).reason).toBeInstanceOf(VersionTakenError);
  // The first append goes alone; the 29 that arrived meanwhile share the next transaction.
  expect(s.counters.transactions - before).toBeLessThanOrEqual(2);
  await s.close();
});

it('tells every instance of each entry any instance stored (LISTEN/NOTIFY)', async () => {
  const [a, b] = [await PgStore.open(pg.url), await PgStore.open(pg.url)];
  const seen: string[] = [];
  const ready = new Promise<void>((resolve) => b.watch((id) => (id === null ? resolve() : seen.push(id))));
  await ready;
  const r = record('game-notice');
  await a.create(r);
  for (let v = 1; v <= 5; v++) await a.append(r.id, { version: v, kind: 'command', side: 'a', command: { type: 'end' } });
  await expect.poll(() => seen.filter((id) => id === r.id).length).toBe(5);
  await Promise.all([a.close(), b.close()]);
});

it('a broken LISTEN connection comes back and asks for a resync (notices may have been missed meanwhile)', async () => {
  const [a, b] = [await PgStore.open(pg.url), await PgStore.open(pg.url)];
  let resyncs = 0;
  const seen: string[] = [];
  b.watch((id) => (id === null ? resyncs++ : seen.push(id)));
  await expect.poll(() => resyncs).toBe(1);
  // The server drops the listening connection (as on a failover or an administrator's kill).
  const killed = await a['pool'].query<{ n: number }>(`SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`);
  expect(killed.rows[0].n).toBeGreaterThanOrEqual(1);
  await expect.poll(() => resyncs, { timeout: 10_000 }).toBe(2);
  const r = record('game-relisten');
  await a.create(r);
  await a.append(r.id, { version: 1, kind: 'command', side: 'a', command: { type: 'end' } });
  await expect.poll(() => seen.includes(r.id)).toBe(true);
  await Promise.all([a.close(), b.close()]);
});

it('a server that cannot be reached, or a URL that is not PostgreSQL, is a StoreError naming it (no password shown)', async () => {
  await expect(openStore({ databaseUrl: 'postgres://me:secret@127.0.0.1:1/x' })).rejects.toThrow(StoreError);
  await expect(openStore({ databaseUrl: 'postgres://me:secret@127.0.0.1:1/x' })).rejects.toThrow(/cannot use the PostgreSQL database postgres:\/\/me:\*\*\*@127\.0\.0\.1:1\/x/);
  await expect(openStore({ databaseUrl: 'mysql://127.0.0.1/x' })).rejects.toThrow(/must start with postgres:\/\//);
});
