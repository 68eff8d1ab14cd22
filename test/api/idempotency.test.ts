/**
 * Idempotency-Key (issue 38 item 2), in process over a store that can lose an acknowledgement: the
 * append is stored, then the store fails to say so (the connection dropped mid-commit). The client
 * gets 503 outcome-unknown with Retry-After; a retry with the same key gets the stored outcome —
 * once — and the same key with another request is a 422. Creation and replay import likewise,
 * with the same seat tokens.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/app.ts';
import { MemoryStore, type GameRecord, type StoredEntry } from '../../src/api/store.ts';
import { loadCore } from '../../src/core/index.ts';
import { contractFetch } from './contract.ts';

/** A MemoryStore whose next write is stored but answered with a failure (`lose`), or not stored at all (`fail`). */
class LossyStore extends MemoryStore {
  mode: 'ok' | 'lose' | 'fail' = 'ok';
  private trip(): 'ok' | 'lose' | 'fail' {
    const m = this.mode;
    this.mode = 'ok';
    return m;
  }
  override async append(id: string, entry: StoredEntry): Promise<void> {
    const m = this.trip();
    if (m === 'fail') throw new Error('connection lost before the commit');
    await super.append(id, entry);
    if (m === 'lose') throw new Error('connection lost after the commit');
  }
  override async create(record: GameRecord, entries?: StoredEntry[]): Promise<void> {
    const m = this.trip();
    if (m === 'fail') throw new Error('connection lost before the commit');
    await super.create(record, entries);
    if (m === 'lose') throw new Error('connection lost after the commit');
  }
}

const base = 'http://api.test/api/v1';
const key = () => crypto.randomUUID();

function setup() {
  const store = new LossyStore();
  const api = createApi({ store, rateLimit: null, log: () => undefined });
  const send = contractFetch((r) => api.app.fetch(r));
  const call = async (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) => {
    const r = await send(new Request(`${base}${path}`, { method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) }));
    return { status: r.status, headers: r.headers, body: await r.json() };
  };
  return { store, call };
}

beforeAll(async () => {
  await loadCore();
});

async function newGame(call: ReturnType<typeof setup>['call']) {
  const created = await call('POST', '/games', {}, { scenarioId: 'd20-skirmish', seed: 3 });
  const { id, seats } = created.body;
  const side = (await call('GET', `/games/${id}`)).body.view.side as string;
  const actions = (await call('GET', `/games/${id}/actions`)).body.actions;
  return { id, seats, side, action: actions[0], auth: { authorization: `Bearer ${seats[side]}` } };
}

describe('Idempotency-Key on commands', () => {
  it('an acknowledgement lost after the commit: 503 outcome-unknown; the retry with the key gets the stored outcome once', async () => {
    const { store, call } = setup();
    const g = await newGame(call);
    const k = key();
    store.mode = 'lose';
    const first = await call('POST', `/games/${g.id}/commands`, { ...g.auth, 'if-match': '0', 'idempotency-key': k }, g.action);
    expect(first.status).toBe(503);
    expect(first.body.type).toBe('urn:doom-board:problem:outcome-unknown');
    expect(first.body.detail).toMatch(/Idempotency-Key/);
    expect(first.body.detail).not.toMatch(/connection lost/); // the store's detail goes to the log
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const retry = await call('POST', `/games/${g.id}/commands`, { ...g.auth, 'if-match': '0', 'idempotency-key': k }, g.action);
    expect(retry.status).toBe(200);
    expect(retry.body.version).toBe(1);
    const again = await call('POST', `/games/${g.id}/commands`, { ...g.auth, 'if-match': '0', 'idempotency-key': k }, g.action);
    expect(again.body).toEqual(retry.body);
    const events = await call('GET', `/games/${g.id}/events`);
    expect(events.body.version).toBe(1);
    expect(events.body.entries.map((e: { command: unknown }) => e.command)).toEqual([g.action]);
  });

  it('a commit that failed before storing: the retry with the key makes the change, once', async () => {
    const { store, call } = setup();
    const g = await newGame(call);
    const k = key();
    store.mode = 'fail';
    expect((await call('POST', `/games/${g.id}/commands`, { ...g.auth, 'if-match': '0', 'idempotency-key': k }, g.action)).status).toBe(503);
    expect((await call('GET', `/games/${g.id}/events`)).body.version).toBe(0);
    const retry = await call('POST', `/games/${g.id}/commands`, { ...g.auth, 'if-match': '0', 'idempotency-key': k }, g.action);
    expect(retry.status).toBe(200);
    expect((await call('POST', `/games/${g.id}/commands`, { ...g.auth, 'if-match': '0', 'idempotency-key': k }, g.action)).body).toEqual(retry.body);
    expect((await call('GET', `/games/${g.id}/events`)).body.version).toBe(1);
  });

  it('the same key with another body, seat or route is a 422 naming the header; nothing changes', async () => {
    const { call } = setup();
    const g = await newGame(call);
    const k = key();
    const ok = await call('POST', `/games/${g.id}/commands`, { ...g.auth, 'if-match': '0', 'idempotency-key': k }, g.action);
    expect(ok.status).toBe(200);
    const actions = (await call('GET', `/games/${g.id}/actions`)).body.actions;
    const other = await call('POST', `/games/${g.id}/commands`, { ...g.auth, 'if-match': '1', 'idempotency-key': k }, actions[0]);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ type: 'urn:doom-board:problem:idempotency-key-reused', problems: [{ path: '/header/Idempotency-Key' }] });
    const undo = await call('POST', `/games/${g.id}/undo`, { ...g.auth, 'if-match': '1', 'idempotency-key': k });
    expect(undo.status).toBe(422);
    expect((await call('GET', `/games/${g.id}/events`)).body.version).toBe(1);
    // A retried undo: the original answer, one undo.
    const u = key();
    const undone = await call('POST', `/games/${g.id}/undo`, { ...g.auth, 'if-match': '1', 'idempotency-key': u });
    expect(undone.status).toBe(200);
    expect((await call('POST', `/games/${g.id}/undo`, { ...g.auth, 'if-match': '1', 'idempotency-key': u })).body).toEqual(undone.body);
    expect((await call('GET', `/games/${g.id}/events`)).body.version).toBe(2);
  });

  it('a malformed key is a 400 naming the header', async () => {
    const { call } = setup();
    const g = await newGame(call);
    const r = await call('POST', `/games/${g.id}/commands`, { ...g.auth, 'if-match': '0', 'idempotency-key': 'short' }, g.action);
    expect(r.status).toBe(400);
    expect(r.body.problems).toEqual([{ path: '/header/Idempotency-Key', message: expect.any(String) }]);
  });
});

describe('Idempotency-Key on game creation and replay import', () => {
  it('a creation whose acknowledgement was lost: the retry gets the same game and the same working seat tokens', async () => {
    const { store, call } = setup();
    const k = key();
    store.mode = 'lose';
    const first = await call('POST', '/games', { 'idempotency-key': k }, { scenarioId: 'd20-skirmish', seed: 9 });
    expect(first.status).toBe(503);
    expect(first.body.type).toBe('urn:doom-board:problem:outcome-unknown');
    const retry = await call('POST', '/games', { 'idempotency-key': k }, { scenarioId: 'd20-skirmish', seed: 9 });
    expect(retry.status).toBe(201);
    const again = await call('POST', '/games', { 'idempotency-key': k }, { scenarioId: 'd20-skirmish', seed: 9 });
    expect(again.body).toEqual(retry.body);
    // The seats work: the side to act can play.
    const side = (await call('GET', `/games/${retry.body.id}`)).body.view.side;
    const action = (await call('GET', `/games/${retry.body.id}/actions`)).body.actions[0];
    expect((await call('POST', `/games/${retry.body.id}/commands`, { authorization: `Bearer ${retry.body.seats[side]}`, 'if-match': '0' }, action)).status).toBe(200);
    // Another body with the key: 422; one game only was made.
    expect((await call('POST', '/games', { 'idempotency-key': k }, { scenarioId: 'd20-skirmish', seed: 10 })).status).toBe(422);
    expect(JSON.stringify(await store.load(retry.body.id))).not.toContain(retry.body.seats[side]);
  });

  it('an import retried with its key: the same game, its commands stored once', async () => {
    const { store, call } = setup();
    const g = await newGame(call);
    await call('POST', `/games/${g.id}/commands`, { ...g.auth, 'if-match': '0' }, g.action);
    const replay = (await call('GET', `/games/${g.id}/replay`)).body;
    const k = key();
    store.mode = 'lose';
    expect((await call('POST', '/replays', { 'idempotency-key': k }, replay)).status).toBe(503);
    const retry = await call('POST', '/replays', { 'idempotency-key': k }, replay);
    expect(retry.status).toBe(201);
    expect(retry.body.version).toBe(1);
    expect((await call('POST', '/replays', { 'idempotency-key': k }, replay)).body).toEqual(retry.body);
    expect((await call('GET', `/games/${retry.body.id}/events`)).body.version).toBe(1);
  });
});
