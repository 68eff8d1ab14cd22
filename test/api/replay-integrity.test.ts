/**
 * Replays you can trust (issue 20): an exported replay carries an integrity check, and importing a
 * file that does not reproduce the exported game (last command dropped, a map cell edited, another
 * seed, no check, a check recomputed over an edit) is refused with a 422 naming what differs, with
 * nothing stored. The real file imports as the same game.
 */
import createClient from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/app.ts';
import { canonicalJson } from '../../src/api/replay-integrity.ts';
import type { paths } from '../../src/api/schema.d.ts';
import { MemoryStore, type GameRecord } from '../../src/api/store.ts';
import { loadCore } from '../../src/core/index.ts';
import { contractFetch } from './contract.ts';

/** A MemoryStore that counts the games created in it. */
class CountingStore extends MemoryStore {
  created = 0;
  override async create(record: GameRecord): Promise<void> {
    this.created++;
    return super.create(record);
  }
}
const store = new CountingStore();
const api = createApi({ store, rateLimit: null });
const client = createClient<paths>({ baseUrl: 'http://api.test', fetch: contractFetch((r) => api.app.fetch(r)) });

const sha256 = async (text: string) => [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))].map((b) => b.toString(16).padStart(2, '0')).join('');

beforeAll(async () => {
  await loadCore();
});

/** A game (the doom2016 tutorial by default) with `n` commands played (each by the side the view names). */
async function playedGame(n: number, scenarioId = 'doom2016-tutorial') {
  const created = await client.POST('/api/v1/games', { body: { scenarioId, seed: 4 } });
  const { id, seats } = created.data!;
  const path = { params: { path: { gameId: id } } };
  for (let v = 0; v < n; v++) {
    const g = (await client.GET('/api/v1/games/{gameId}', path)).data!;
    const actions = (await client.GET('/api/v1/games/{gameId}/actions', path)).data!.actions;
    const pick = actions.find((a) => a.type === 'end') ?? actions[0];
    const r = await client.POST('/api/v1/games/{gameId}/commands', { params: { path: { gameId: id }, header: { 'If-Match': String(v) } }, headers: { authorization: `Bearer ${seats[g.view.side!]}` }, body: pick });
    expect(r.response.status, JSON.stringify(r.error)).toBe(200);
  }
  const replay = (await client.GET('/api/v1/games/{gameId}/replay', path)).data!;
  const state = (await client.GET('/api/v1/games/{gameId}', path)).data!.state;
  return { id, replay, state };
}

type Replay = Awaited<ReturnType<typeof playedGame>>['replay'];
const importing = (replay: unknown) => client.POST('/api/v1/replays', { body: replay as Replay });

async function refused(replay: unknown, path: string, detail: RegExp) {
  const before = store.created;
  const r = await importing(replay);
  expect(r.response.status, JSON.stringify(r.data ?? r.error)).toBe(422);
  expect(r.error!.rule).toBe('replay');
  expect(r.error!.problems!.map((p) => p.path)).toContain(path);
  expect(r.error!.detail).toMatch(detail);
  expect(store.created, 'nothing stored').toBe(before);
  return r.error!;
}

describe('replay integrity', () => {
  it('an export carries the check; importing it gives the same game at the same version', async () => {
    const { replay, state } = await playedGame(6);
    expect(replay.integrity).toMatchObject({ algorithm: 'SHA-256', commands: 6 });
    // The check is what the document says: SHA-256 over canonical JSON (a client can compute it).
    expect(replay.integrity!.commandsHash).toBe(await sha256(canonicalJson(replay.commands)));
    expect(replay.integrity!.digest).toBe(await sha256(canonicalJson({ scenario: replay.scenario, seed: replay.seed, commands: replay.commands })));
    expect(replay.integrity!.finalState).toBe(await sha256(canonicalJson(state)));
    const r = await importing(JSON.parse(JSON.stringify(replay)));
    expect(r.response.status, JSON.stringify(r.error)).toBe(201);
    expect(r.data!.version).toBe(6);
    const path = { params: { path: { gameId: r.data!.id } } };
    expect((await client.GET('/api/v1/games/{gameId}', path)).data!.state).toEqual(state);
    expect((await client.GET('/api/v1/games/{gameId}/replay', path)).data!.integrity).toEqual(replay.integrity);
    // The imported game plays on with its new seats.
    const events = (await client.GET('/api/v1/games/{gameId}/events', path)).data!;
    expect(events.entries).toHaveLength(6);
  });

  it('the last command dropped: 422 naming /body/commands', async () => {
    const { replay } = await playedGame(5);
    await refused({ ...replay, commands: replay.commands.slice(0, -1) }, '/body/commands', /4 commands; the integrity check counts 5 \(some were dropped\)/);
  });

  it('a map cell edited: 422 naming /body/scenario', async () => {
    const { replay } = await playedGame(3);
    const map = [...replay.scenario.map];
    map[0] = (map[0][0] === '.' ? '#' : '.') + map[0].slice(1);
    await refused({ ...replay, scenario: { ...replay.scenario, map } }, '/body/scenario', /scenario is not the one exported/);
  });

  it('an edited command, another seed, no check at all: each named', async () => {
    const { replay } = await playedGame(3);
    const commands = structuredClone(replay.commands);
    commands[1] = { ...commands[1], type: 'end' === commands[1].type ? 'status' : 'end' } as never;
    await refused({ ...replay, commands }, '/body/commands', /commands are not the ones exported/);
    await refused({ ...replay, seed: replay.seed + 1 }, '/body/seed', /seed 5 is not the one exported/);
    const { integrity: _, ...bare } = replay;
    await refused(bare, '/body/integrity', /no integrity check/);
  });

  it('a check recomputed over an edit (another seed: other dice) still fails on the final state', async () => {
    // d20: the same commands stay legal under another seed (no cards), only the dice differ.
    const { replay } = await playedGame(4, 'd20-skirmish');
    const seed = replay.seed + 1;
    const forged = { ...replay, seed, integrity: { ...replay.integrity!, digest: await sha256(canonicalJson({ scenario: replay.scenario, seed, commands: replay.commands })) } };
    await refused(forged, '/body/integrity/finalState', /does not reproduce the exported game: the final state differs/);
  });
});

describe('the document\'s importReplay example', () => {
  it('imports (its check matches what these rules replay; re-export it when the d20 state changes)', async () => {
    const { openApiDocument } = await import('../../src/api/document.ts');
    const doc = openApiDocument as unknown as { paths: Record<string, { post: { requestBody: { content: Record<string, { example: unknown }> } } }> };
    const example = doc.paths['/api/v1/replays'].post.requestBody.content['application/json'].example;
    const r = await importing(example);
    expect(r.response.status, JSON.stringify(r.error)).toBe(201);
    expect(r.data!.version).toBe(1);
  });
});
