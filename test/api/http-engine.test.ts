/**
 * The component's HTTP engine (components/engine-client-http.ts) against the API under msw:
 * it starts a server game, plays it through the GameClient interface, refuses for a spectator,
 * and a second engine joining with one seat token sees the same game.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpEngine, parseApiTarget, reachable } from '../../components/engine-client-http.ts';
import { InPageEngine } from '../../components/engine-client.ts';
import { apiHandlers } from '../../src/api/msw.ts';
import { loadCore } from '../../src/core/index.ts';
import skirmish from '../../src/scenario/bundled/d20-skirmish.json' with { type: 'json' };
import { contractFetch } from './contract.ts';
import { shadowState } from '../../components/ai/shadow-game.ts';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json' with { type: 'json' };

const server = setupServer(...apiHandlers());
const checked = contractFetch((r) => fetch(r));

beforeAll(async () => {
  await loadCore();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

describe('HttpEngine', () => {
  it('parses the api attribute: server, game, seat tokens from the fragment', () => {
    expect(parseApiTarget('https://h.example/api/v1')).toEqual({ baseUrl: 'https://h.example', gameId: null, seats: [] });
    expect(parseApiTarget('/x/api/v1/games/abcdEFGH12#seat=t1&seat=t2', 'http://localhost:5173/page')).toEqual({ baseUrl: 'http://localhost:5173/x', gameId: 'abcdEFGH12', seats: ['t1', 't2'] });
    expect(() => parseApiTarget('https://h.example/elsewhere')).toThrow(/api\/v1/);
  });

  it('a server it cannot reach (down, or refusing this origin by CORS) is named with what to check, not "Failed to fetch"', async () => {
    const down = reachable('https://far.example', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(down('https://far.example/api/v1/games')).rejects.toThrow(/could not reach the doom-board server at https:\/\/far\.example \(Failed to fetch\): is it running, and does it allow .* --cors <origin>/);
    const engine = new HttpEngine('https://far.example/api/v1', new InPageEngine(), async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(engine.createGame(engine.validate(skirmish), 1)).rejects.toThrow(/could not reach the doom-board server/);
    // Other failures pass through as they are.
    await expect(reachable('x', async () => { throw new RangeError('boom'); })('x')).rejects.toThrow(RangeError);
  });

  it('plays a server game through the GameClient interface; a second board joins with a seat token', async () => {
    const engine = new HttpEngine('https://doom-board.example/api/v1', new InPageEngine(), checked);
    const scenario = engine.validate(skirmish);
    const game = await engine.createGame(scenario, 4);
    const v0 = await game.view();
    expect(v0.figures.length).toBe(scenario.figures.length);
    const action = (await game.legalActions())[0];
    const r = await game.apply(action);
    expect(r.ok).toBe(true);
    expect(await game.history()).toEqual([action]);
    const refused = await game.apply({ type: 'no-such-command' });
    expect(refused.ok).toBe(false);
    expect(await game.undo()).toBe(true);
    expect(await game.history()).toEqual([]);
    expect(await game.undo()).toBe(false);

    // A spectator (no seat) reads the same game and may not move.
    const watcher = await new HttpEngine(`https://doom-board.example/api/v1/games/${game.id}`, new InPageEngine(), checked).createGame(scenario);
    expect(await watcher.view()).toEqual(await game.view());
    const spect = await watcher.apply(action);
    expect(spect).toEqual({ ok: false, refusal: expect.objectContaining({ rule: 'seat' }) });
  });

  it("the AI's copy of a server game follows the server's scenario and seed, not the page's", async () => {
    const engine = new HttpEngine('https://doom-board.example/api/v1', new InPageEngine(), checked);
    const scenario = engine.validate(tutorial);
    const game = await engine.createGame(scenario, 4);
    for (let i = 0; i < 6; i++) expect((await game.apply((await game.legalActions())[0])).ok).toBe(true);
    // The page thinks the game is another one (its own scenario attribute, seed 1): the copy must
    // still be the server's game, decks shuffled by seed 4.
    const other = engine.validate(skirmish);
    const state = shadowState(game, other, 1);
    const copy = (await state()) as { ruleset: string; figures: unknown[] };
    const { createGame, replay, loadRuleset } = await import('../../src/rules/engine.ts');
    await loadRuleset('doom2016');
    const server = await game.replay();
    expect(server.seed).toBe(4);
    expect(copy).toEqual(replay(scenario, 4, server.commands).state);
    expect(copy).not.toEqual(createGame(scenario, { seed: 1 }).state);
  });
});
