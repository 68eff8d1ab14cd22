/**
 * With group commit a change sits in memory while its transaction commits: nobody may see it then
 * (issue 20: nothing acknowledged, or shown, before it is durable). A store whose append waits for
 * a gate shows it: a read made meanwhile waits and then shows the committed change; when the
 * commit fails the change is gone and reads show the game as it was.
 */
import createClient from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/app.ts';
import type { paths } from '../../src/api/schema.d.ts';
import { MemoryStore, type StoredEntry } from '../../src/api/store.ts';
import { loadCore } from '../../src/core/index.ts';
import { contractFetch } from './contract.ts';

/** A MemoryStore whose appends wait until `open()` (or fail on `fail()`). */
class GatedStore extends MemoryStore {
  private gates: { resolve: () => void; reject: (e: Error) => void }[] = [];
  override async append(id: string, entry: StoredEntry): Promise<void> {
    await new Promise<void>((resolve, reject) => this.gates.push({ resolve, reject }));
    return super.append(id, entry);
  }
  get waiting() { return this.gates.length; }
  open() { for (const g of this.gates.splice(0)) g.resolve(); }
  fail() { for (const g of this.gates.splice(0)) g.reject(new Error('disk full')); }
}

const store = new GatedStore();
const api = createApi({ store, rateLimit: null });
const client = createClient<paths>({ baseUrl: 'http://api.test', fetch: contractFetch((r) => api.app.fetch(r)) });
const tick = (ms = 30) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  await loadCore();
});

async function newGame() {
  const { data } = await client.POST('/api/v1/games', { body: { scenarioId: 'd20-skirmish', seed: 2 } });
  const gameId = data!.id;
  const path = { params: { path: { gameId } } };
  const before = (await client.GET('/api/v1/games/{gameId}', path)).data!;
  const action = (await client.GET('/api/v1/games/{gameId}/actions', path)).data!.actions[0];
  const post = client.POST('/api/v1/games/{gameId}/commands', { params: { path: { gameId }, header: { 'If-Match': '0' } }, headers: { authorization: `Bearer ${data!.seats[before.view.side!]}` }, body: action });
  await tick();
  expect(store.waiting).toBe(1);
  return { path, before, post };
}

describe('the commit window', () => {
  it('a read during the commit waits, then shows the committed change', async () => {
    const { path, post } = await newGame();
    let read: unknown = null;
    const reading = client.GET('/api/v1/games/{gameId}', path).then((r) => (read = r.data));
    await tick();
    expect(read, 'the read must not answer while the change is not durable').toBeNull();
    store.open();
    expect((await post).data!.version).toBe(1);
    await reading;
    expect((read as { version: number }).version).toBe(1);
  });

  it('a failed commit: the command is not acknowledged and reads show the game as it was', async () => {
    const { path, before, post } = await newGame();
    const reading = client.GET('/api/v1/games/{gameId}', path);
    await tick();
    store.fail();
    const failed = await post;
    expect(failed.response.status).toBe(503);
    expect(failed.error).toMatchObject({ type: 'urn:doom-board:problem:outcome-unknown' });
    expect((await reading).data).toEqual(before);
    expect((await client.GET('/api/v1/games/{gameId}', path)).data).toEqual(before);
  });
});
