/**
 * SSE resume ahead of the game (issue 20): a Last-Event-ID (or `since`) above the game's version is
 * a clear 409 naming both numbers, not a stream that silently waits. At the version it streams.
 */
import createClient from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/app.ts';
import type { paths } from '../../src/api/schema.d.ts';
import { MemoryStore } from '../../src/api/store.ts';
import { loadCore } from '../../src/core/index.ts';
import { contractFetch } from './contract.ts';

const api = createApi({ store: new MemoryStore(), rateLimit: null });
const client = createClient<paths>({ baseUrl: 'http://api.test', fetch: contractFetch((r) => api.app.fetch(r)) });

beforeAll(async () => {
  await loadCore();
});

async function gameAtVersion2() {
  const { data } = await client.POST('/api/v1/games', { body: { scenarioId: 'd20-skirmish', seed: 3 } });
  const gameId = data!.id;
  for (let v = 0; v < 2; v++) {
    const g = (await client.GET('/api/v1/games/{gameId}', { params: { path: { gameId } } })).data!;
    const a = (await client.GET('/api/v1/games/{gameId}/actions', { params: { path: { gameId } } })).data!.actions[0];
    const r = await client.POST('/api/v1/games/{gameId}/commands', { params: { path: { gameId }, header: { 'If-Match': String(v) } }, headers: { authorization: `Bearer ${data!.seats[g.view.side!]}` }, body: a });
    expect(r.response.status).toBe(200);
  }
  return gameId;
}

describe('resuming a stream', () => {
  it('Last-Event-ID ahead of the game: 409 naming both numbers, with the version and ETag', async () => {
    const gameId = await gameAtVersion2();
    const r = await client.GET('/api/v1/games/{gameId}/stream', { params: { path: { gameId }, header: { 'Last-Event-ID': '5' } as never }, parseAs: 'stream' });
    expect(r.response.status).toBe(409);
    expect(r.response.headers.get('etag')).toBe('"2"');
    const problem = r.error as { version?: number; detail?: string };
    expect(problem.version).toBe(2);
    expect(problem.detail).toMatch(/Last-Event-ID 5 is ahead of the game, which is at version 2/);
  });

  it('since ahead of the game: the same 409, naming since', async () => {
    const gameId = await gameAtVersion2();
    const r = await client.GET('/api/v1/games/{gameId}/stream', { params: { path: { gameId }, query: { since: 3 } }, parseAs: 'stream' });
    expect(r.response.status).toBe(409);
    expect((r.error as { detail?: string }).detail).toMatch(/since 3 is ahead of the game, which is at version 2/);
  });

  it('at the game\'s version: a stream that follows the next entry', async () => {
    const gameId = await gameAtVersion2();
    const abort = new AbortController();
    const r = await client.GET('/api/v1/games/{gameId}/stream', { params: { path: { gameId }, header: { 'Last-Event-ID': '2' } as never }, parseAs: 'stream', signal: abort.signal });
    expect(r.response.status).toBe(200);
    const reader = r.response.body!.pipeThrough(new TextDecoderStream()).getReader();
    expect((await reader.read()).value).toMatch(/^: following/);
    abort.abort();
  });
});
