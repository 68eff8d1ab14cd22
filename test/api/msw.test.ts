/**
 * The same handlers under msw (as the browser's "server mode" and other tests use them): a real
 * `fetch` to any origin reaches the app; the generated client plays a game through it, including
 * the live stream, and every answer matches the document.
 */
import { setupServer } from 'msw/node';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHandlers } from '../../src/api/msw.ts';
import type { paths } from '../../src/api/schema.d.ts';
import { loadCore } from '../../src/core/index.ts';
import { contractFetch } from './contract.ts';

const server = setupServer(...apiHandlers());
const client = createClient<paths>({ baseUrl: 'https://doom-board.example', fetch: contractFetch((r) => fetch(r)) });

beforeAll(async () => {
  await loadCore();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

describe('the API under msw', () => {
  it('serves the catalog and the document', async () => {
    expect((await client.GET('/api/v1/scenarios')).data!.scenarios.length).toBeGreaterThan(3);
    expect((await client.GET('/openapi.json')).response.status).toBe(200);
  });

  it('plays a game and streams it', async () => {
    const { data } = await client.POST('/api/v1/games', { body: { scenarioId: 'd20-skirmish', seed: 9 } });
    const gameId = data!.id;
    const abort = new AbortController();
    const stream = await client.GET('/api/v1/games/{gameId}/stream', { params: { path: { gameId } }, parseAs: 'stream', signal: abort.signal });
    const reader = stream.response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (let v = 0; v < 3; v++) {
      const g = (await client.GET('/api/v1/games/{gameId}', { params: { path: { gameId } } })).data!;
      const a = (await client.GET('/api/v1/games/{gameId}/actions', { params: { path: { gameId } } })).data!.actions[0];
      const r = await client.POST('/api/v1/games/{gameId}/commands', { params: { path: { gameId }, header: { 'If-Match': `"${v}"` } }, headers: { authorization: `Bearer ${data!.seats[g.view.side!]}` }, body: a });
      expect(r.data!.version).toBe(v + 1);
    }
    let text = '';
    for (let i = 0; i < 50 && (text.match(/^event: entry$/gm) ?? []).length < 3; i++) text += (await reader.read()).value ?? '';
    abort.abort();
    expect([...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]))).toEqual([1, 2, 3]);
  });

  it('serves the AI: hints for the side to act and attack odds on a posted scenario', async () => {
    const { data } = await client.POST('/api/v1/games', { body: { scenarioId: 'doom2016-tutorial', seed: 1 } });
    const gameId = data!.id;
    const auth = { authorization: `Bearer ${data!.seats.invader}` };
    for (const [v, body] of [[0, { type: 'status', discard: [] }], [1, { type: 'activate-demons', demon: 'imp' }]] as const) {
      const r = await client.POST('/api/v1/games/{gameId}/commands', { params: { path: { gameId }, header: { 'If-Match': String(v) } }, headers: auth, body: body as never });
      expect(r.response.status).toBe(200);
    }
    const h = await client.GET('/api/v1/games/{gameId}/hints', { params: { path: { gameId }, query: { limit: 3 } }, headers: auth });
    expect(h.data!.figure).toBe('imp-1');
    expect(h.data!.plans[0].target).toMatch(/^(alpha|bravo|charlie|delta)$/);
    const scenario = (await client.GET('/api/v1/scenarios/{id}', { params: { path: { id: 'doom2016-tutorial' } } })).data!;
    const odds = await client.POST('/api/v1/board/odds', { body: { scenario, attacker: 'imp-1', target: h.data!.plans[0].target!, seed: 1 } });
    expect(odds.data!.odds.hit).toBeGreaterThan(0);
  });

  it('bad input is a problem here too', async () => {
    const r = await fetch('https://doom-board.example/api/v1/board/sight', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"scenario":' });
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/problem\+json/);
  });
});
