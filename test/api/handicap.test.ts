/**
 * `POST /api/v1/games` with a `handicap` (issue 23, item 6): the game plays the handicapped
 * scenario (its replay carries it), and a handicap that cannot be read or does not apply is
 * refused naming the part, with no game created. Through the generated client, every answer
 * checked against openapi.yaml.
 */
import createClient from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/app.ts';
import type { paths } from '../../src/api/schema.d.ts';
import { MemoryStore } from '../../src/api/store.ts';
import { loadCore } from '../../src/core/index.ts';
import { loadRuleset } from '../../src/rules/index.ts';
import { contractFetch } from './contract.ts';

/** Counts the games created, so a refusal can be shown to have stored nothing. */
class CountingStore extends MemoryStore {
  created = 0;
  override async create(...args: Parameters<MemoryStore['create']>) {
    this.created++;
    return super.create(...args);
  }
}
const store = new CountingStore();
const api = createApi({ store, rateLimit: null });
const client = createClient<paths>({ baseUrl: 'http://api.test', fetch: contractFetch((r) => api.app.fetch(r)) });

beforeAll(async () => {
  await Promise.all([loadCore(), loadRuleset('doom2016'), loadRuleset('doom2004'), loadRuleset('d20')]);
});

const objectives = (s: unknown) => (s as { objectives: { kind: string; kills?: Record<string, number> }[] }).objectives;

describe('POST /api/v1/games with a handicap', () => {
  it('kills+3 on the tutorial: the stored scenario (the replay) needs 5 kill tokens with 4 marines and says so in its title', async () => {
    const made = await client.POST('/api/v1/games', { body: { scenarioId: 'doom2016-tutorial', seed: 1, handicap: 'kills+3' } });
    expect(made.response.status, JSON.stringify(made.error)).toBe(201);
    const rep = (await client.GET('/api/v1/games/{gameId}/replay', { params: { path: { gameId: made.data!.id } } })).data!;
    const scenario = rep.scenario as unknown as { title: string };
    expect(objectives(scenario).find((o) => o.kind === 'kills')!.kills).toEqual({ 1: 7, 2: 7, 3: 6, 4: 5 });
    expect(scenario.title).toMatch(/, handicap kills\+3$/);
  });

  it('an inline scenario takes the handicap too: the d20 skirmish without the empire\'s heavy gunners', async () => {
    const sc = (await client.GET('/api/v1/scenarios/{id}', { params: { path: { id: 'd20-skirmish' } } })).data!;
    const made = await client.POST('/api/v1/games', { body: { scenario: sc, seed: 2, handicap: 'without:heavy,without:heavy-2' } });
    expect(made.response.status, JSON.stringify(made.error)).toBe(201);
    const game = (await client.GET('/api/v1/games/{gameId}', { params: { path: { gameId: made.data!.id } } })).data!;
    const ids = game.view.figures.map((f) => f.id);
    expect(ids).not.toContain('heavy');
    expect(ids).not.toContain('heavy-2');
    expect(ids).toContain('officer');
  });

  it.each([
    ['kills+3', 'd20-skirmish', 422, 'handicap "kills+3": the scenario has no doom2016 kill-token objective'],
    ['without:nobody', 'doom2016-tutorial', 422, 'handicap "without:nobody": the scenario has no figure nobody'],
    ['easier please', 'doom2016-tutorial', 400, 'handicap "easier please": not one of kills+N'],
    ['kills+100', 'doom2016-tutorial', 400, 'handicap "kills+100": not one of kills+N, frags+N (N up to 99)'],
  ])('%j on %s: %i naming /body/handicap and the part; no game is created', async (handicap, scenarioId, status, detail) => {
    const before = store.created;
    const r = await client.POST('/api/v1/games', { body: { scenarioId, seed: 1, handicap } });
    expect(r.response.status).toBe(status);
    expect(r.error!.detail).toContain(detail);
    expect(r.error!.problems).toEqual([{ path: '/body/handicap', message: r.error!.detail }]);
    expect(store.created).toBe(before);
  });

  it('a handicap over 200 characters is refused by the schema, naming /body/handicap', async () => {
    const r = await client.POST('/api/v1/games', { body: { scenarioId: 'doom2016-tutorial', handicap: `without:${'a'.repeat(200)}` } });
    expect(r.response.status).toBe(400);
    expect(JSON.stringify(r.error!.problems)).toContain('/body/handicap');
  });
});
