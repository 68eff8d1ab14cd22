/**
 * Every operation of openapi.yaml through the generated client (openapi-fetch over the document's
 * types), against the same Hono app the server runs; every answer is checked against the document.
 */
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/app.ts';
import type { paths } from '../../src/api/schema.d.ts';
import { MemoryStore } from '../../src/api/store.ts';
import { loadCore } from '../../src/core/index.ts';
import { replay } from '../../src/rules/index.ts';
import type { Scenario } from '../../src/scenario/index.ts';
import cover from '../../src/scenario/bundled/rulebook-doom2016-cover.json' with { type: 'json' };
import { allOperationIds, contractFetch, seen } from './contract.ts';

const api = createApi({ store: new MemoryStore(), rateLimit: null });
const client = createClient<paths>({ baseUrl: 'http://api.test', fetch: contractFetch((r) => api.app.fetch(r)) });
const scenario = cover as unknown as Scenario;
const [first, second] = scenario.figures;

beforeAll(async () => {
  await loadCore();
});

describe('catalog', () => {
  it('lists the three rulesets as playable', async () => {
    const { data } = await client.GET('/api/v1/rulesets');
    expect(data!.rulesets.map((r) => r.id).sort()).toEqual(['d20', 'doom2004', 'doom2016']);
  });

  it('lists and fetches bundled data sets; an unknown one is a 404 problem', async () => {
    const { data } = await client.GET('/api/v1/data');
    expect(data!.dataSets.map((d) => d.name)).toContain('doom2016/dice');
    const dice = await client.GET('/api/v1/data/{ruleset}/{name}', { params: { path: { ruleset: 'doom2016', name: 'dice' } } });
    expect(dice.data!.kind).toBe('dice');
    const missing = await client.GET('/api/v1/data/{ruleset}/{name}', { params: { path: { ruleset: 'doom2016', name: 'nope' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error!.type).toMatch(/no-such-data-set/);
  });

  it('lists and fetches bundled scenarios', async () => {
    const { data } = await client.GET('/api/v1/scenarios');
    expect(data!.scenarios.map((s) => s.id)).toContain('rulebook-doom2016-cover');
    const s = await client.GET('/api/v1/scenarios/{id}', { params: { path: { id: 'rulebook-doom2016-cover' } } });
    expect(s.data!.map).toEqual(scenario.map);
    const missing = await client.GET('/api/v1/scenarios/{id}', { params: { path: { id: 'no-such' } } });
    expect(missing.response.status).toBe(404);
  });

  it('serves its own document', async () => {
    const { data } = await client.GET('/openapi.json');
    expect((data as { openapi: string }).openapi).toBe('3.1.0');
  });
});

describe('scenario validation', () => {
  it('accepts a valid scenario and lists every problem of a bad one with its path', async () => {
    const ok = await client.POST('/api/v1/scenarios/validate', { body: scenario as never });
    expect(ok.data).toMatchObject({ valid: true, problems: [] });
    const bad = { ...scenario, figures: [{ ...first, x: 999 }, { ...second, side: 7 }] };
    const r = await client.POST('/api/v1/scenarios/validate', { body: bad as never });
    expect(r.data!.valid).toBe(false);
    const paths = r.data!.problems.map((p) => p.path);
    // JSON pointers into the request, as every problem of the API names its place.
    expect(paths).toContain('/body/figures/1/side');
    expect(paths.some((p) => p.startsWith('/body/figures/0/'))).toBe(true);
  });
});

describe('board queries', () => {
  it('sight: the same answer as the grid core, with the lines and a reason citing the rule', async () => {
    const { data } = await client.POST('/api/v1/board/sight', { body: { scenario: scenario as never, from: first.id, to: second.id } });
    const { Board } = await import('../../src/core/index.ts');
    const board = Board.create({ ruleset: scenario.ruleset, map: scenario.map, edges: scenario.edges, figures: scenario.figures.map((f) => ({ ...f, teleports: f.side === 'marines' })) });
    const direct = board.sight(first.id, second.id);
    expect({ los: data!.los, cover: data!.cover, range: data!.range }).toEqual(direct);
    expect(data!.summary).toMatch(/RULES §/);
    expect(data!.losLines.length).toBeGreaterThan(0);
  });

  it('a game asked with both scenarioId and scenario: a 400 that says to send one of the two', async () => {
    const r = await client.POST('/api/v1/games', { body: { scenarioId: 'd20-skirmish', scenario: scenario as never } as never });
    expect(r.response.status).toBe(400);
    expect((r.error as { detail: string }).detail).toBe('send either scenarioId (a bundled scenario) or scenario (your own), not both');
  });

  it('sight: a figure the scenario lacks is a 422 naming the request\'s own field (from / to)', async () => {
    const r = await client.POST('/api/v1/board/sight', { body: { scenario: scenario as never, from: 'nobody', to: second.id } });
    expect(r.response.status).toBe(422);
    expect((r.error as { problems: { path: string }[] }).problems.map((p) => p.path)).toEqual(['/body/from']);
    const both = await client.POST('/api/v1/board/sight', { body: { scenario: scenario as never, from: 'x', to: 'y' } });
    expect((both.error as { problems: { path: string }[] }).problems.map((p) => p.path)).toEqual(['/body/from', '/body/to']);
  });

  it('reach: a destination off the board is a 422 naming it, not an unreachable space', async () => {
    const r = await client.POST('/api/v1/board/reach', { body: { scenario: scenario as never, figure: first.id, mp: 3, to: [{ x: 0, y: 0 }, { x: 200, y: 200 }] } });
    expect(r.response.status).toBe(422);
    expect((r.error as { problems: { path: string; message: string }[] }).problems).toEqual([{ path: '/body/to/1', message: expect.stringMatching(/off the board/) }]);
  });

  it('sight map: one entry per cell', async () => {
    const { data } = await client.POST('/api/v1/board/sight-map', { body: { scenario: scenario as never, figure: first.id } });
    expect(data!.los).toHaveLength(data!.width * data!.height);
    expect(data!.range).toHaveLength(data!.width * data!.height);
  });

  it('reach: costs per placement and a path that starts where the figure stands and costs what the map says', async () => {
    const { data } = await client.POST('/api/v1/board/reach', { body: { scenario: scenario as never, figure: first.id, mp: 3, to: [{ x: first.x + 1, y: first.y }, { x: 0, y: 0 }] } });
    const w = data!.width;
    const p = data!.paths[0]!;
    expect(p.steps[0]).toEqual({ x: first.x, y: first.y, o: 0 });
    expect(p.cost).toBe(data!.cost[first.y * w + first.x + 1]);
    expect(data!.cost[first.y * w + first.x]).toBe(0);
  });

  it('nearest enemies: a visible enemy at the smallest range', async () => {
    const { data } = await client.POST('/api/v1/board/nearest-enemies', { body: { scenario: scenario as never, figure: first.id } });
    const s = await client.POST('/api/v1/board/sight', { body: { scenario: scenario as never, from: first.id, to: data!.enemies[0] ?? second.id } });
    if (data!.enemies.length) expect(data!.range).toBe(s.data!.range);
    else expect(data!.range).toBeNull();
  });

  it('an unknown figure is a 422 naming the field', async () => {
    const r = await client.POST('/api/v1/board/sight', { body: { scenario: scenario as never, from: 'ghost', to: second.id } });
    expect(r.response.status).toBe(422);
    expect(r.error!.problems![0].message).toMatch(/ghost/);
  });
});

describe('games', () => {
  it('create, view, legal actions, commands, events, undo, replay: the replay gives the same state', async () => {
    const created = await client.POST('/api/v1/games', { body: { scenarioId: 'd20-skirmish', seed: 7 } });
    expect(created.response.status).toBe(201);
    const { id, seats, sides } = created.data!;
    expect(Object.keys(seats).sort()).toEqual([...sides].sort());
    const path = { params: { path: { gameId: id } } };
    let version = 0;
    for (let i = 0; i < 12; i++) {
      const g = await client.GET('/api/v1/games/{gameId}', path);
      expect(g.response.headers.get('etag')).toBe(`"${version}"`);
      if (g.data!.view.winner) break;
      const side = g.data!.view.side!;
      const acts = await client.GET('/api/v1/games/{gameId}/actions', path);
      expect(acts.data!.actions.length).toBeGreaterThan(0);
      const r = await client.POST('/api/v1/games/{gameId}/commands', {
        params: { path: { gameId: id }, header: { 'If-Match': `"${version}"` } },
        headers: { authorization: `Bearer ${seats[side]}` },
        body: acts.data!.actions[0],
      });
      expect(r.response.status, JSON.stringify(r.error)).toBe(200);
      expect(r.data!.version).toBe(++version);
    }
    const events = await client.GET('/api/v1/games/{gameId}/events', { params: { path: { gameId: id }, query: { since: 1 } } });
    expect(events.data!.entries.map((e) => e.version)).toEqual(Array.from({ length: version - 1 }, (_, i) => i + 2));
    const last = events.data!.entries.at(-1)!;
    const undo = await client.POST('/api/v1/games/{gameId}/undo', {
      params: { path: { gameId: id }, header: { 'If-Match': String(version) } },
      headers: { authorization: `Bearer ${seats[last.side]}` },
    });
    expect(undo.data).toEqual({ version: version + 1, undone: last.command });
    const rep = await client.GET('/api/v1/games/{gameId}/replay', path);
    expect(rep.data!.commands).toHaveLength(version - 1);
    const again = replay(rep.data!.scenario as unknown as Scenario, rep.data!.seed, rep.data!.commands);
    const now = await client.GET('/api/v1/games/{gameId}', path);
    expect(now.data!.state).toEqual(JSON.parse(JSON.stringify(again.state)));
    // The replay imports back as a new game in the same state (importReplay; replay-integrity.test.ts for refusals).
    const imported = await client.POST('/api/v1/replays', { body: rep.data! });
    expect(imported.response.status).toBe(201);
    expect((await client.GET('/api/v1/games/{gameId}', { params: { path: { gameId: imported.data!.id } } })).data!.state).toEqual(now.data!.state);
  });

  it('a refused command is a 422 naming the rule, a stale version a 409, a missing If-Match a 428; state unchanged', async () => {
    const { data, error } = await client.POST('/api/v1/games', { body: { scenarioId: 'doom2016-tutorial', seed: 1 } });
    expect(error).toBeUndefined();
    const id = data!.id;
    const side = (await client.GET('/api/v1/games/{gameId}', { params: { path: { gameId: id } } })).data!.view.side!;
    const auth = { authorization: `Bearer ${data!.seats[side]}` };
    const before = await client.GET('/api/v1/games/{gameId}', { params: { path: { gameId: id } } });
    const refused = await client.POST('/api/v1/games/{gameId}/commands', { params: { path: { gameId: id }, header: { 'If-Match': '0' } }, headers: auth, body: { type: 'fly-to-the-moon' } as never });
    expect(refused.response.status).toBe(422);
    expect(refused.error!.rule).toBeTruthy();
    const stale = await client.POST('/api/v1/games/{gameId}/commands', { params: { path: { gameId: id }, header: { 'If-Match': '"5"' } }, headers: auth, body: { type: 'end', figure: 'marine-1' } });
    expect(stale.response.status).toBe(409);
    expect(stale.error!.version).toBe(0);
    const noVersion = await client.POST('/api/v1/games/{gameId}/commands', { params: { path: { gameId: id } } as never, headers: auth, body: { type: 'end', figure: 'marine-1' } });
    expect(noVersion.response.status).toBe(428);
    const nothing = await client.POST('/api/v1/games/{gameId}/undo', { params: { path: { gameId: id }, header: { 'If-Match': '0' } }, headers: auth });
    expect(nothing.response.status).toBe(422);
    const after = await client.GET('/api/v1/games/{gameId}', { params: { path: { gameId: id } } });
    expect(after.data).toEqual(before.data);
  });

  it('seats: no token is 401, another side\'s or a foreign token is 403', async () => {
    const { data } = await client.POST('/api/v1/games', { body: { scenarioId: 'd20-skirmish' } });
    const id = data!.id;
    const g = await client.GET('/api/v1/games/{gameId}', { params: { path: { gameId: id } } });
    const side = g.data!.view.side!;
    const other = data!.sides.find((s) => s !== side)!;
    const action = (await client.GET('/api/v1/games/{gameId}/actions', { params: { path: { gameId: id } } })).data!.actions[0];
    const send = (headers: Record<string, string>) => client.POST('/api/v1/games/{gameId}/commands', { params: { path: { gameId: id }, header: { 'If-Match': '0' } }, headers, body: action });
    expect((await send({})).response.status).toBe(401);
    expect((await send({ authorization: `Bearer ${data!.seats[other]}` })).response.status).toBe(403);
    expect((await send({ authorization: 'Bearer not-a-seat-of-this-game' })).response.status).toBe(403);
    expect((await client.GET('/api/v1/games/{gameId}', { params: { path: { gameId: id } } })).data).toEqual(g.data);
    expect((await send({ authorization: `Bearer ${data!.seats[side]}` })).response.status).toBe(200);
  });

  it('stream: replays the log after Last-Event-ID, then follows new entries live', async () => {
    const { data } = await client.POST('/api/v1/games', { body: { scenarioId: 'd20-skirmish', seed: 3 } });
    const id = data!.id;
    const play = async (version: number) => {
      const g = await client.GET('/api/v1/games/{gameId}', { params: { path: { gameId: id } } });
      const a = (await client.GET('/api/v1/games/{gameId}/actions', { params: { path: { gameId: id } } })).data!.actions[0];
      const r = await client.POST('/api/v1/games/{gameId}/commands', { params: { path: { gameId: id }, header: { 'If-Match': String(version) } }, headers: { authorization: `Bearer ${data!.seats[g.data!.view.side!]}` }, body: a });
      expect(r.response.status).toBe(200);
    };
    await play(0);
    await play(1);
    const abort = new AbortController();
    const res = await client.GET('/api/v1/games/{gameId}/stream', { params: { path: { gameId: id }, header: { 'Last-Event-ID': '1' } }, parseAs: 'stream', signal: abort.signal });
    expect(res.response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const until = async (n: number) => {
      for (let i = 0; i < 50 && (text.match(/^event: entry$/gm) ?? []).length < n; i++) text += (await reader.read()).value ?? '';
    };
    await until(1);
    await play(2);
    await until(2);
    abort.abort();
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual([2, 3]);
    const entries = [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]));
    expect(entries.map((e) => e.kind)).toEqual(['command', 'command']);
  });

  it('an unknown game is a 404 problem for every game operation', async () => {
    const gameId = 'AAAAAAAAAAAAAAAA';
    expect((await client.GET('/api/v1/games/{gameId}', { params: { path: { gameId } } })).response.status).toBe(404);
    expect((await client.GET('/api/v1/games/{gameId}/actions', { params: { path: { gameId } } })).response.status).toBe(404);
    expect((await client.GET('/api/v1/games/{gameId}/events', { params: { path: { gameId } } })).response.status).toBe(404);
    expect((await client.GET('/api/v1/games/{gameId}/replay', { params: { path: { gameId } } })).response.status).toBe(404);
    expect((await client.GET('/api/v1/games/{gameId}/stream', { params: { path: { gameId } }, parseAs: 'text' })).response.status).toBe(404);
    expect((await client.POST('/api/v1/games/{gameId}/undo', { params: { path: { gameId }, header: { 'If-Match': '0' } } })).response.status).toBe(404);
    expect((await client.POST('/api/v1/games/{gameId}/commands', { params: { path: { gameId }, header: { 'If-Match': '0' } }, body: { type: 'end', figure: 'marine-1' } })).response.status).toBe(404);
  });
});

describe('AI (test/api/ai.test.ts has the full checks)', () => {
  it('attack odds on a posted scenario and hints for the acting figure, through the generated client', async () => {
    const odds = await client.POST('/api/v1/board/odds', { body: { scenario: scenario as never, attacker: 'imp', target: 'alpha' } });
    if (odds.response.status === 200) expect(odds.data!.odds.damage.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    else expect(odds.error!.rule).toBeTruthy();
    const { data } = await client.POST('/api/v1/games', { body: { scenarioId: 'd20-skirmish', seed: 2 } });
    const side = (await client.GET('/api/v1/games/{gameId}', { params: { path: { gameId: data!.id } } })).data!.view.side!;
    const h = await client.GET('/api/v1/games/{gameId}/hints', { params: { path: { gameId: data!.id }, query: { limit: 2 } }, headers: { authorization: `Bearer ${data!.seats[side]}` } });
    expect(h.data!.plans.length).toBeGreaterThan(0);
    expect(h.data!.plans.length).toBeLessThanOrEqual(2);
  });
});

describe('probes (/healthz, /readyz)', () => {
  it('alive and ready with a working store; not ready, naming each reason, when the store cannot write or the pool is not up', async () => {
    expect((await client.GET('/healthz')).data).toEqual({ status: 'alive' });
    expect((await client.GET('/readyz')).data).toEqual({ status: 'ready' });

    class ReadOnlyStore extends MemoryStore {
      async check(): Promise<void> {
        throw new Error('the data folder of /srv/games.sqlite cannot be created or written (EROFS)');
      }
    }
    const sick = createApi({
      store: new ReadOnlyStore(), rateLimit: { perSecond: 1, burst: 1 },
      heavyWork: { run: () => Promise.reject(new Error('unused')), notReady: () => '1 of 1 heavy-work threads are still loading the grid core', close: async () => {} },
    });
    const sickClient = createClient<paths>({ baseUrl: 'http://api.test', fetch: contractFetch((r) => sick.app.fetch(r)) });
    // Probes are not rate limited (1 request/s here): a load balancer polling must not be refused.
    for (let i = 0; i < 3; i++) expect((await sickClient.GET('/healthz')).response.status).toBe(200);
    const r = await sickClient.GET('/readyz');
    expect(r.response.status).toBe(503);
    expect(r.error!.problems!.map((p) => p.message)).toEqual([
      '1 of 1 heavy-work threads are still loading the grid core',
      'the data folder of /srv/games.sqlite cannot be created or written (EROFS)',
    ]);
  });
});

afterAll(() => {
  // Every operation of the document was exercised above (and every answer was checked).
  expect(allOperationIds().filter((id) => !seen.has(id))).toEqual([]);
});
