/**
 * The AI over HTTP: hints for a live game's figure (`getHints`) and the exact odds of an attack on
 * a posted scenario (`boardAttackOdds`), through the generated client, every answer checked
 * against openapi.yaml. The answers must be what src/ai computes locally on the same state.
 */
import createClient from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_PLANS_ASKED, PLANS_ASKED, oddsOut } from '../../src/api/ai.ts';
import { createApi } from '../../src/api/app.ts';
import type { paths } from '../../src/api/schema.d.ts';
import { MemoryStore } from '../../src/api/store.ts';
import { loadCore } from '../../src/core/index.ts';
import { createGame, loadRuleset, replay, type Command, type Game, type GameState } from '../../src/rules/index.ts';
import { greedyPolicy, nextStep, plannerPolicy } from '../../src/ai/autopilot/index.ts';
import type { Doom2016State } from '../../src/rules/doom2016/types.ts';
import { boardOf as doom2016Board } from '../../src/rules/doom2016/state.ts';
import { usableWeapons } from '../../src/rules/doom2004/attack.ts';
import type { D4State } from '../../src/rules/doom2004/state.ts';
import { boardOf as d20Board, type D20State } from '../../src/rules/d20/state.ts';
import { d20Odds, distinctPlans, doom2004Odds, doom2004SpecOf, doom2016AttackOdds, hints } from '../../src/ai/index.ts';
import type { Scenario } from '../../src/scenario/index.ts';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json' with { type: 'json' };
import skirmish2004 from '../../src/scenario/bundled/doom2004-skirmish.json' with { type: 'json' };
import skirmishD20 from '../../src/scenario/bundled/d20-skirmish.json' with { type: 'json' };
import { contractFetch } from './contract.ts';
import { integrityOf } from '../../src/api/replay-integrity.ts';
import issue302 from '../ai/positions/doom2016-tutorial-seed1-302.json' with { type: 'json' };
import gathered from '../ai/positions/doom2016-tutorial-seed1-302-then-gathered.json' with { type: 'json' };

const api = createApi({ store: new MemoryStore(), rateLimit: null });
const client = createClient<paths>({ baseUrl: 'http://api.test', fetch: contractFetch((r) => api.app.fetch(r)) });
const tut = tutorial as unknown as Scenario;

/** Whether every command of `commands` is accepted in turn on a copy of the game at `commands`' start. */
function playable(scenario: Scenario, seed: number, history: Command[], commands: Command[]): boolean {
  const g = replay(scenario, seed, history);
  return commands.every((c) => g.apply(c).ok);
}
/** The odds as the API shows them (probabilities clamped into [0, 1], the extras it documents). */
const oddsOf = (o: Parameters<typeof oddsOut>[0] | null) => (o ? oddsOut(o) : null);

beforeAll(async () => {
  await Promise.all([loadCore(), loadRuleset('doom2016'), loadRuleset('doom2004'), loadRuleset('d20')]);
});

/** A tutorial game (seed 1) in which the invader has activated its imp: version 2. */
async function impActivated() {
  const created = await client.POST('/api/v1/games', { body: { scenarioId: 'doom2016-tutorial', seed: 1 } });
  const { id, seats } = created.data!;
  const auth = (side: string) => ({ authorization: `Bearer ${seats[side]}` });
  const play = async (version: number, side: string, command: Command) => {
    const r = await client.POST('/api/v1/games/{gameId}/commands', { params: { path: { gameId: id }, header: { 'If-Match': String(version) } }, headers: auth(side), body: command as never });
    expect(r.response.status, JSON.stringify(r.error)).toBe(200);
  };
  await play(0, 'invader', { type: 'status', discard: [] });
  await play(1, 'invader', { type: 'activate-demons', demon: 'imp' });
  const ask = (side: string | null, query: Record<string, string | number> = {}) =>
    client.GET('/api/v1/games/{gameId}/hints', { params: { path: { gameId: id }, query: query as never }, headers: side ? auth(side) : {} });
  return { id, seats, auth, play, ask };
}

describe('hints over HTTP (getHints)', () => {
  it('the tutorial\'s imp: ranked plans naming a real target, with the same plans and odds as src/ai computes locally', async () => {
    const g = await impActivated();
    const r = await g.ask('invader', { budgetMs: 250, limit: 5 });
    expect(r.response.status, JSON.stringify(r.error)).toBe(200);
    expect(r.response.headers.get('etag')).toBe('"2"');
    const h = r.data!;
    expect(h).toMatchObject({ version: 2, figure: 'imp-1', side: 'invader', budgetMs: 250 });
    expect(h.plans.length).toBeGreaterThan(0);
    const marines = tut.figures.filter((f) => f.side === 'marines').map((f) => f.id);
    const best = h.plans[0];
    expect(marines).toContain(best.target);
    // The reason names the target as the element does ("Delta"), every command in order (issue 39).
    expect(best.reason).toContain(`attack ${best.target![0].toUpperCase()}${best.target!.slice(1).replace(/-/g, ' ')}`);
    expect(best.reason).toMatch(/^Imp 1: /);
    expect(best.odds!.hit).toBeGreaterThan(0);

    // The same state locally: the same plans (every plan refined: no budget left out), the ones the
    // rules would refuse left out as the server does.
    const rep = (await client.GET('/api/v1/games/{gameId}/replay', { params: { path: { gameId: g.id } } })).data!;
    const game = replay(rep.scenario as unknown as Scenario, rep.seed, rep.commands as Command[]);
    const state = game.state as Doom2016State;
    const local = hints(state, 'imp-1', { budgetMs: Infinity, limit: 5 * PLANS_ASKED })
      .filter((p) => playable(rep.scenario as unknown as Scenario, rep.seed, rep.commands as Command[], p.commands)).slice(0, 5);
    expect(h.plans.every((p) => p.exact)).toBe(true);
    expect(h.plans.map((p) => [p.target, p.to, p.option, p.odds, p.commands, p.reason])).toEqual(
      local.map((p) => [p.target, p.to, p.option, oddsOf(p.odds), p.commands, p.reason]),
    );

    // And the odds are the odds module's for that attack, with the cover the grid core sees from the plan's destination.
    const imp = state.figures.find((f) => f.id === 'imp-1')!;
    const target = state.figures.find((f) => f.id === best.target)!;
    const board = doom2016Board(state);
    if (best.to) board.moveFigure(board.figureIndex('imp-1'), best.to.x, best.to.y, best.to.o === 1);
    const cover = board.sight(board.figureIndex('imp-1'), board.figureIndex(target.id)).cover;
    const direct = doom2016AttackOdds(state, imp, target, { cover, viewer: 'invader' });
    expect(best.odds!.expected).toBeCloseTo(direct.expected, 12);
    expect(best.odds!.kill).toBeCloseTo(direct.kill, 12);
    expect(best.odds!.damage).toEqual(direct.damage);

    // The plan's commands play as they are, from the answer's version.
    let version = h.version;
    for (const c of best.commands) await g.play(version++, 'invader', c as Command);
  });

  it('who may ask: no token 401, the other side\'s figure 403, a seat whose side does not act 422 (rule "turn")', async () => {
    const g = await impActivated();
    const none = await g.ask(null);
    expect(none.response.status).toBe(401);
    expect(none.response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const foreign = await client.GET('/api/v1/games/{gameId}/hints', { params: { path: { gameId: g.id } }, headers: { authorization: 'Bearer not-a-seat-of-this-game' } });
    expect(foreign.response.status).toBe(403);
    // Another scheme carries no seat token: the challenge again, naming the scheme sent (it was a 403).
    const basic = await client.GET('/api/v1/games/{gameId}/hints', { params: { path: { gameId: g.id } }, headers: { authorization: `Basic ${btoa(`invader:${g.seats.invader}`)}` } });
    expect(basic.response.status).toBe(401);
    expect(basic.response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(basic.error!.detail).toMatch(/scheme is Bearer .*not "Basic"/);
    const enemyFigure = await g.ask('marines', { figure: 'imp-1' });
    expect(enemyFigure.response.status).toBe(403);
    expect(enemyFigure.error!.detail).toMatch(/imp-1 is a figure of invader/);
    const notTurn = await g.ask('marines');
    expect(notTurn.response.status).toBe(422);
    expect(notTurn.error!.rule).toBe('turn');
    expect(notTurn.error!.detail).toMatch(/the invader side's turn, not the marines side's/);
    const ownNotTurn = await g.ask('marines', { figure: 'alpha' });
    expect(ownNotTurn.response.status).toBe(422);
    expect(ownNotTurn.error!.rule).toBe('turn');
  });

  it('unknown figure and a figure that cannot act now are 422 problems naming them', async () => {
    const g = await impActivated();
    const ghost = await g.ask('invader', { figure: 'ghost' });
    expect(ghost.response.status).toBe(422);
    expect(ghost.error!.problems).toEqual([{ path: '/query/figure', message: 'no figure ghost on the board' }]);
    const idle = await g.ask('invader', { figure: 'possessed-soldier-1' });
    expect(idle.response.status).toBe(422);
    expect(idle.error!.rule).toBe('hints');
    expect(idle.error!.detail).toMatch(/possessed-soldier-1 cannot act now: imp-1 is acting/);
  });

  it('limit, budget and caution out of range are 400 naming the parameter; the server caps the budget', async () => {
    const g = await impActivated();
    for (const [name, value] of [['budgetMs', 0], ['budgetMs', 251], ['budgetMs', '1.5'], ['limit', 0], ['limit', 21], ['limit', 'all'], ['caution', -1], ['caution', 11]] as const) {
      const r = await g.ask('invader', { [name]: value });
      expect(r.response.status, `${name}=${value}`).toBe(400);
      expect(r.error!.problems![0].path).toBe(`/query/${name}`);
    }
    const ok = await g.ask('invader', { limit: 1, caution: 0.25, budgetMs: 1 });
    expect(ok.data!.plans).toHaveLength(1);
    // A server with a smaller cap refuses a budget above it, saying what the cap is.
    const capped = createApi({ store: new MemoryStore(), rateLimit: null, limits: { maxHintBudgetMs: 5 } });
    const c2 = createClient<paths>({ baseUrl: 'http://api.test', fetch: contractFetch((r) => capped.app.fetch(r)) });
    const made = (await c2.POST('/api/v1/games', { body: { scenarioId: 'doom2016-tutorial', seed: 1 } })).data!;
    const r = await c2.GET('/api/v1/games/{gameId}/hints', { params: { path: { gameId: made.id }, query: { budgetMs: 10 } }, headers: { authorization: `Bearer ${made.seats.invader}` } });
    expect(r.response.status).toBe(400);
    expect(r.error!.detail).toMatch(/from 1 to 5/);
  });

  it('distinct=true: the best plan, then the best of each other choice (src/ai distinctPlans over the playable plans); distinct=yes is a 400 naming it', async () => {
    const g = await impActivated();
    const plain = (await g.ask('invader', { budgetMs: 250, limit: 3 })).data!;
    const r = await g.ask('invader', { budgetMs: 250, limit: 3, distinct: 'true' });
    expect(r.response.status, JSON.stringify(r.error)).toBe(200);
    const h = r.data!;
    const rep = (await client.GET('/api/v1/games/{gameId}/replay', { params: { path: { gameId: g.id } } })).data!;
    const sc = rep.scenario as unknown as Scenario;
    const state = replay(sc, rep.seed, rep.commands as Command[]).state as GameState;
    const local = hints(state, 'imp-1', { budgetMs: Infinity, limit: MAX_PLANS_ASKED }).filter((p) => playable(sc, rep.seed, rep.commands as Command[], p.commands));
    const want = distinctPlans(local, 3);
    expect(h.plans.map((p) => p.commands)).toEqual(want.map((p) => p.commands));
    expect(h.plans[0].commands).toEqual(plain.plans[0].commands);
    // Where the plain ranking repeats a choice in its top three, the distinct answer has more choices.
    const choices = (plans: { option: string | null; target: string | null; commands: unknown[] }[]) => new Set(plans.map((p) => (p.target ? `${p.option}>${p.target}` : JSON.stringify(p.commands)))).size;
    expect(choices(h.plans)).toBeGreaterThanOrEqual(choices(plain.plans));
    expect(choices(h.plans)).toBeGreaterThan(1);
    expect((await g.ask('invader', { budgetMs: 250, limit: 3, distinct: 'false' })).data!.plans).toEqual(plain.plans);
    const bad = await g.ask('invader', { distinct: 'yes' });
    expect(bad.response.status).toBe(400);
    expect(bad.error!.problems![0].path).toBe('/query/distinct');
  });

  /** The tutorial's seed 1 imported at `commands` (a replay): its id and seats. */
  const importedTutorial = async (commands: Command[]) => {
    const integrity = await integrityOf(tutorial, 1, commands, JSON.parse(JSON.stringify(replay(tut, 1, commands).state)));
    const made = await client.POST('/api/v1/replays', { body: { scenario: tutorial as never, seed: 1, commands: commands as never, integrity: integrity as never } });
    expect(made.response.status, JSON.stringify(made.error)).toBe(201);
    return made.data!;
  };
  /** The top hint of the marines (`limit` 3), checked to play as sent; the game's state after it. */
  const topPlayed = async (id: string, seats: Record<string, string>, version: number) => {
    const r = await client.GET('/api/v1/games/{gameId}/hints', { params: { path: { gameId: id }, query: { budgetMs: 250, limit: 3 } }, headers: { authorization: `Bearer ${seats.marines}` } });
    expect(r.response.status, JSON.stringify(r.error)).toBe(200);
    expect(r.data!.unplayable).toBe(0);
    const top = r.data!.plans[0];
    for (const c of top.commands) {
      const ok = await client.POST('/api/v1/games/{gameId}/commands', { params: { path: { gameId: id }, header: { 'If-Match': String(version) } }, headers: { authorization: `Bearer ${seats.marines}` }, body: c as never });
      expect(ok.response.status, `${JSON.stringify(c)}: ${JSON.stringify(ok.error)}`).toBe(200);
      version++;
    }
    return { top, state: (await client.GET('/api/v1/games/{gameId}', { params: { path: { gameId: id } } })).data!.state as unknown as Doom2016State };
  };

  it('the tutorial after both starting demons died (seed 1, command 302): the top hint walks to the door and says whom it waits for, and plays as sent', async () => {
    const { id, seats } = await importedTutorial(issue302 as Command[]);
    const { top, state } = await topPlayed(id, seats, issue302.length);
    expect(top.reason).toBe('Charlie: move to J4, end the activation (no attack); the door waits for Alpha, Bravo and Delta (its portals summon when it opens); no enemy can attack there next');
    // The same marines as data (ids, as in `figure`), for a page that marks them.
    expect(top.waitsFor).toEqual(['alpha', 'bravo', 'delta']);
    expect(state.doorsOpened).toBe(0);
  });

  it('the same game with the squad gathered at the door (command 319): the top hint opens the door and every plan plays as sent', async () => {
    // Before, the door plan ended with `end`, which the rules refuse while the portals summon: the
    // server dropped it as unplayable and "Stay" was the only hint, round after round.
    const commands = [...(issue302 as Command[]), ...(gathered as Command[])];
    const { id, seats } = await importedTutorial(commands);
    const { top, state } = await topPlayed(id, seats, commands.length);
    expect(top.reason).toMatch(/open the door/);
    expect(top.commands.at(-1)!.type).toBe('open-door');
    expect(top.waitsFor).toBeUndefined();
    expect(state.doorsOpened).toBe(1);
  });

  it('an attack plan names its step back out of reach (`then`, checked against the document): Burst Fire on a cacodemon, then Dash away', async () => {
    // A 20×3 hall: Alpha (deck: Burst Fire, Dash, Armor — its whole hand) 8 spaces from a cacodemon,
    // which threatens 7 (speed 3, range 4). Every figure before Alpha ends its activation at once.
    const scenario = {
      ...(tutorial as object), map: ['....................', '....................', '....................'], edges: [], tokens: [],
      figures: [
        { id: 'alpha', side: 'marines', type: 'marine', x: 4, y: 1, state: { deck: ['har-burst', 'uac-dash', 'uac-armor'] } },
        { id: 'cacodemon-1', side: 'invader', type: 'cacodemon', x: 12, y: 1 },
      ],
    } as unknown as Scenario;
    const g = createGame(scenario, { seed: 3 }) as Game<GameState>;
    const history: Command[] = [];
    const alphaActs = () => { const a = (g.state as Doom2016State).active; return a?.kind === 'marine' && a.figure === 'alpha'; };
    while (!alphaActs()) {
      const legal = g.legalActions();
      const c = legal.find((x) => x.type === 'end') ?? legal.find((x) => x.type === 'status' && !(x.discard as unknown[]).length) ?? legal[0];
      expect(g.apply(c).ok).toBe(true);
      history.push(c);
    }
    const integrity = await integrityOf(scenario, 3, history, JSON.parse(JSON.stringify(g.state)));
    const made = await client.POST('/api/v1/replays', { body: { scenario: scenario as never, seed: 3, commands: history as never, integrity: integrity as never } });
    expect(made.response.status, JSON.stringify(made.error)).toBe(201);
    const r = await client.GET('/api/v1/games/{gameId}/hints', { params: { path: { gameId: made.data!.id }, query: { limit: 3 } }, headers: { authorization: `Bearer ${made.data!.seats.marines}` } });
    expect(r.response.status, JSON.stringify(r.error)).toBe(200);
    const top = r.data!.plans[0];
    expect(top.target, top.reason).toBe('cacodemon-1');
    expect(top.then).toBeDefined();
    expect(top.then!.commands.map((c) => c.type)).toEqual(['play', 'move']);
    expect(top.then!.label).toBe('playing Dash');
    expect(Math.abs(top.then!.to.x - 12)).toBeGreaterThan(7);
    expect(top.exposure.attackers).toEqual([]);
    // The same as the AI computes locally on that state.
    const local = hints(g.state, 'alpha', { limit: 1 })[0];
    expect(top.then).toEqual({ ...local.then, to: { ...local.then!.to } });
  });

  it('a marine defending (not an activation): the defender\'s seat gets one plan per defense choice, the best first, playable as sent', async () => {
    // A tutorial game (autopilot invader, greedy marines) up to the first attack on a marine.
    const g = createGame(tut, { seed: 1 }) as Game<GameState>;
    const policies = { marines: greedyPolicy(), invader: plannerPolicy() };
    const history: Command[] = [];
    const defending = () => {
      const s = g.state as Doom2016State;
      return s.pending?.kind === 'attack' && s.pending.step === 'defend' && s.marines[s.pending.defender] !== undefined;
    };
    while (!defending()) {
      const step = nextStep(g, policies, Infinity)!;
      expect(g.apply(step.command).ok).toBe(true);
      history.push(step.command);
    }
    const integrity = await integrityOf(tutorial, 1, history, JSON.parse(JSON.stringify(g.state)));
    const made = (await client.POST('/api/v1/replays', { body: { scenario: tutorial as never, seed: 1, commands: history as never, integrity: integrity as never } })).data!;
    const r = await client.GET('/api/v1/games/{gameId}/hints', { params: { path: { gameId: made.id }, query: { limit: 5 } }, headers: { authorization: `Bearer ${made.seats.marines}` } });
    expect(r.response.status, JSON.stringify(r.error)).toBe(200);
    const defender = (g.state as Doom2016State).pending!.kind === 'attack' ? ((g.state as Doom2016State).pending as { defender: string }).defender : '';
    expect(r.data!.figure).toBe(defender);
    expect(r.data!.plans.length).toBe(Math.min(5, g.legalActions().filter((c) => c.type === 'defend').length));
    for (const p of r.data!.plans) expect(p.commands.map((c) => c.type)).toEqual(['defend']);
    expect(r.data!.plans[0].reason).toMatch(/: \d+(\.\d)? damage( expected)?/);
    const ok = await client.POST('/api/v1/games/{gameId}/commands', { params: { path: { gameId: made.id }, header: { 'If-Match': String(history.length) } }, headers: { authorization: `Bearer ${made.seats.marines}` }, body: r.data!.plans[0].commands[0] as never });
    expect(ok.response.status, JSON.stringify(ok.error)).toBe(200);
  });

  it('the invader\'s decisions as a side (the status phase) and its demon card: plans naming the side, then the card, playable as sent', async () => {
    const created = await client.POST('/api/v1/games', { body: { scenarioId: 'doom2016-tutorial', seed: 1 } });
    const { id, seats } = created.data!;
    const ask = () => client.GET('/api/v1/games/{gameId}/hints', { params: { path: { gameId: id } }, headers: { authorization: `Bearer ${seats.invader}` } });
    const send = (version: number, command: unknown) =>
      client.POST('/api/v1/games/{gameId}/commands', { params: { path: { gameId: id }, header: { 'If-Match': String(version) } }, headers: { authorization: `Bearer ${seats.invader}` }, body: command as never });
    // The status phase (it was a 422: "not a figure's activation").
    const status = await ask();
    expect(status.response.status, JSON.stringify(status.error)).toBe(200);
    expect(status.data!.figure).toBe('invader');
    expect(status.data!.plans.every((p) => p.figure === 'invader' && p.option === 'status' && p.commands[0].type === 'status')).toBe(true);
    expect(status.data!.plans.map((p) => p.reason)).toContainEqual('Keep the hand (no argent)');
    expect((await send(0, status.data!.plans[0].commands[0])).response.status).toBe(200);
    // Then the demon card, when the invader's initiative comes first (seed 1: it does).
    const card = await ask();
    expect(card.response.status, JSON.stringify(card.error)).toBe(200);
    const top = card.data!.plans[0];
    expect(top.commands[0].type).toBe('activate-demons');
    // One plan per ready card (both of the tutorial's), not only the top plan's demon's.
    expect(new Set(card.data!.plans.map((p) => JSON.stringify(p.commands[0])))).toEqual(new Set([JSON.stringify({ type: 'activate-demons', demon: 'imp' }), JSON.stringify({ type: 'activate-demons', demon: 'possessed-soldier' })]));
    expect(top.reason).toMatch(/^Activate the .+ card.*; then [A-Z][a-z]+ \d: /);
    for (const [i, c] of top.commands.entries()) expect((await send(1 + i, c)).response.status, JSON.stringify(c)).toBe(200);
  });

  it('an unknown game is a 404', async () => {
    const r = await client.GET('/api/v1/games/{gameId}/hints', { params: { path: { gameId: 'AAAAAAAAAAAA' } }, headers: { authorization: 'Bearer x' } });
    expect(r.response.status).toBe(404);
  });

  it('d20 and doom2004: the side to act gets plans for its next figure, playable as they are', async () => {
    for (const scenarioId of ['d20-skirmish', 'doom2004-skirmish']) {
      const made = (await client.POST('/api/v1/games', { body: { scenarioId, seed: 4 } })).data!;
      const game = (await client.GET('/api/v1/games/{gameId}', { params: { path: { gameId: made.id } } })).data!;
      const side = game.view.side!;
      const r = await client.GET('/api/v1/games/{gameId}/hints', { params: { path: { gameId: made.id }, query: { budgetMs: 250, limit: 5 } }, headers: { authorization: `Bearer ${made.seats[side]}` } });
      expect(r.response.status, `${scenarioId}: ${JSON.stringify(r.error)}`).toBe(200);
      // Without a caution: the ruleset's, the one its autopilot plays at (d20 2.5, doom2004 0.5).
      const caution = scenarioId === 'd20-skirmish' ? 2.5 : 0.5;
      const explicit = await client.GET('/api/v1/games/{gameId}/hints', { params: { path: { gameId: made.id }, query: { budgetMs: 250, limit: 5, caution } }, headers: { authorization: `Bearer ${made.seats[side]}` } });
      expect(explicit.data!.plans).toEqual(r.data!.plans);
      const figures = game.view.figures.filter((f) => f.side === side).map((f) => f.id);
      expect(figures).toContain(r.data!.figure);
      const sc = (await client.GET('/api/v1/scenarios/{id}', { params: { path: { id: scenarioId } } })).data as unknown as Scenario;
      // Every plan sent plays as it is, and they are src/ai's playable plans in src/ai's order (asked
      // for twice the limit, or for MAX_PLANS_ASKED when too few of those play).
      for (const p of r.data!.plans) expect(playable(sc, 4, [], p.commands as Command[]), `${scenarioId}: ${p.reason}`).toBe(true);
      const localPlans = (limit: number) => hints(game.state as GameState, r.data!.figure, { budgetMs: Infinity, limit });
      const first = localPlans(5 * PLANS_ASKED);
      const ok = first.filter((p) => playable(sc, 4, [], p.commands));
      const expected = ok.length < 5 && first.length === 5 * PLANS_ASKED ? localPlans(MAX_PLANS_ASKED) : first;
      const expectedOk = expected.filter((p) => playable(sc, 4, [], p.commands));
      expect(r.data!.plans.map((p) => p.commands)).toEqual(expectedOk.slice(0, 5).map((p) => p.commands));
      expect(r.data!.unplayable).toBe(expected.length - expectedOk.length);
      expect(r.data!.plans.length).toBeGreaterThan(0);
      let version = 0;
      for (const c of r.data!.plans[0].commands) {
        const ok = await client.POST('/api/v1/games/{gameId}/commands', { params: { path: { gameId: made.id }, header: { 'If-Match': String(version++) } }, headers: { authorization: `Bearer ${made.seats[side]}` }, body: c });
        expect(ok.response.status, `${scenarioId} ${JSON.stringify(c)}: ${JSON.stringify(ok.error)}`).toBe(200);
      }
    }
  });
});

describe('attack odds on a posted scenario (boardAttackOdds)', () => {
  const odds = (body: Record<string, unknown>) => client.POST('/api/v1/board/odds', { body: body as never });
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

  it('doom2016: a demon\'s attack equals the odds module\'s on the game the scenario starts, with the sight query\'s cover', async () => {
    const r = await odds({ scenario: tut, attacker: 'imp-1', target: 'alpha', seed: 1 });
    expect(r.response.status, JSON.stringify(r.error)).toBe(200);
    const state = createGame<Doom2016State>(tut, { seed: 1 }).state;
    const board = doom2016Board(state);
    const sight = board.sight(board.figureIndex('imp-1'), board.figureIndex('alpha'));
    expect(r.data!.sight).toEqual(sight);
    const direct = doom2016AttackOdds(state, state.figures.find((f) => f.id === 'imp-1')!, state.figures.find((f) => f.id === 'alpha')!, { cover: sight.cover, viewer: 'invader' });
    expect(r.data!.odds).toEqual(oddsOf(direct));
    expect(sum(r.data!.odds.damage)).toBeCloseTo(1, 12);
    expect(r.data!.summary).toMatch(/^imp-1 attacks alpha with imp( \(target in cover\))? at range \d+: \d+% to hit, [\d.]+ damage expected, \d+% to kill$/);
    // Forcing cover on gives the defender a second card: never more damage expected.
    const covered = await odds({ scenario: tut, attacker: 'imp-1', target: 'alpha', seed: 1, cover: true });
    expect(covered.data!.cover).toBe(true);
    expect(covered.data!.odds.expected).toBeLessThanOrEqual(r.data!.odds.expected + 1e-12);
    expect(covered.data!.odds).toEqual(oddsOf(doom2016AttackOdds(state, state.figures.find((f) => f.id === 'imp-1')!, state.figures.find((f) => f.id === 'alpha')!, { cover: true, viewer: 'invader' })));
  });

  it('doom2016: a marine attacks with a named action card; without one, or with a card without an attack, a 422', async () => {
    const state = createGame<Doom2016State>(tut, { seed: 1 }).state;
    const card = Object.entries(state.data.actionCards).find(([, c]) => c.attack && c.attack.range >= 8)![0];
    const r = await odds({ scenario: tut, attacker: 'alpha', target: 'imp-1', card, seed: 1 });
    expect(r.response.status, JSON.stringify(r.error)).toBe(200);
    expect(r.data!.option).toBe(card);
    const c = state.data.actionCards[card];
    const direct = doom2016AttackOdds(state, state.figures.find((f) => f.id === 'alpha')!, state.figures.find((f) => f.id === 'imp-1')!, { dice: [...c.attack!.dice], cover: r.data!.cover, stun: c.stun === true, viewer: 'marines' });
    expect(r.data!.odds.damage).toEqual(direct.damage);
    const noCard = await odds({ scenario: tut, attacker: 'alpha', target: 'imp-1' });
    expect(noCard.response.status).toBe(422);
    expect(noCard.error!.problems![0].path).toBe('/body/card');
    const noAttack = Object.entries(state.data.actionCards).find(([, x]) => !x.attack)?.[0] ?? 'no-such-card';
    expect((await odds({ scenario: tut, attacker: 'alpha', target: 'imp-1', card: noAttack })).response.status).toBe(422);
    expect((await odds({ scenario: tut, attacker: 'alpha', target: 'imp-1', card, weapon: 'pistol' })).error!.problems![0].path).toBe('/body/weapon');
  });

  it('no line of sight, out of range, same side, unknown figures: 422 naming the rule or the field', async () => {
    const walled = { ...tut, edges: [...(tut.edges ?? []), { from: [5, 0], to: [5, 10], kind: 'wall' }] } as Scenario;
    const blind = await odds({ scenario: walled, attacker: 'imp-1', target: 'alpha' });
    expect(blind.response.status).toBe(422);
    expect(blind.error!.rule).toBe('RULES §1.1');
    const far = { ...tut, figures: tut.figures.map((f) => (f.id === 'alpha' ? { ...f, x: 15, y: 0 } : f)) } as Scenario;
    const board = doom2016Board(createGame<Doom2016State>(far, { seed: 1 }).state);
    const s = board.sight(board.figureIndex('imp-1'), board.figureIndex('alpha'));
    const tooFar = await odds({ scenario: far, attacker: 'imp-1', target: 'alpha' });
    if (s.los) {
      expect(tooFar.response.status).toBe(422);
      expect(tooFar.error!.rule).toBe('RULES §2.4');
      expect(tooFar.error!.detail).toMatch(/range/);
    }
    expect((await odds({ scenario: tut, attacker: 'alpha', target: 'bravo', card: 'x' })).response.status).toBe(422);
    const ghost = await odds({ scenario: tut, attacker: 'ghost', target: 'alpha' });
    expect(ghost.response.status).toBe(422);
    expect(ghost.error!.problems).toEqual([{ path: '/body/attacker', message: 'no figure ghost' }]);
  });

  it('doom2004: a marine\'s weapon against an invader equals doom2004SpecOf + doom2004Odds (range roll included)', async () => {
    // The skirmish's marines see no invader at the start: bring two invaders into view.
    const base = skirmish2004 as unknown as Scenario;
    const sc = { ...base, figures: base.figures.map((f) => (f.id === 'zombie-1' ? { ...f, x: 5, y: 1 } : f.id === 'imp-1' ? { ...f, x: 3, y: 3 } : f)) } as Scenario;
    const state = createGame<D4State>(sc, { seed: 1 }).state;
    const m = state.figures.find((f) => f.id === 'marine-3')!;
    let checked = 0;
    for (const t of state.figures.filter((f) => f.side === 'invaders')) {
      for (const weapon of usableWeapons(state, m)) {
        const r = await odds({ scenario: sc, attacker: m.id, target: t.id, seed: 1, weapon });
        const spec = doom2004SpecOf(state, m, weapon, { x: t.x, y: t.y });
        if (spec.range < 0 || (spec.melee && spec.range !== 1)) {
          expect(r.response.status).toBe(422);
          continue;
        }
        expect(r.response.status, JSON.stringify(r.error)).toBe(200);
        const direct = doom2004Odds(spec);
        expect(r.data!.odds).toEqual(oddsOf(direct));
        expect(Math.abs(r.data!.odds.hit - direct.hit)).toBeLessThan(1e-12);
        expect(r.data!.sight.range).toBe(spec.range);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1);
    const bad = await odds({ scenario: sc, attacker: m.id, target: 'imp-1', weapon: 'bfg-9000-not-carried' });
    expect(bad.response.status).toBe(422);
    expect(bad.error!.problems![0].path).toBe('/body/weapon');
  });

  it('d20: equals d20Odds with the sight query\'s cover (natural 1 and 20 included)', async () => {
    const sc = skirmishD20 as unknown as Scenario;
    const state = createGame<D20State>(sc, { seed: 1 }).state;
    const board = d20Board(state);
    let checked = 0;
    for (const a of state.figures.filter((f) => f.side === 'empire')) {
      for (const t of state.figures.filter((f) => f.side === 'alliance')) {
        const s = board.sight(board.figureIndex(a.id), board.figureIndex(t.id));
        const r = await odds({ scenario: sc, attacker: a.id, target: t.id });
        if (!s.los || ((state.units[a.type].abilities ?? []).includes('melee') && s.range > 1)) {
          expect(r.response.status).toBe(422);
          continue;
        }
        const direct = d20Odds({ attack: state.units[a.type].attack, damage: state.units[a.type].damage, defense: state.units[t.type].defense, cover: s.cover, hp: t.hp });
        expect(r.data!.odds).toEqual({ hit: direct.hit, expected: direct.expected, kill: direct.kill, damage: direct.damage, critical: 0.05 });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('the document\'s examples', () => {
  it('every request example of boardAttackOdds is answered with odds', async () => {
    const { openApiDocument } = await import('../../src/api/document.ts');
    const op = (openApiDocument as { paths: Record<string, { post: { requestBody: { content: { 'application/json': { examples: Record<string, { value: unknown }> } } } } }> }).paths['/api/v1/board/odds'].post;
    const examples = Object.entries(op.requestBody.content['application/json'].examples);
    expect(examples.length).toBeGreaterThan(0);
    for (const [name, { value }] of examples) {
      const r = await client.POST('/api/v1/board/odds', { body: value as never });
      expect(r.response.status, `${name}: ${JSON.stringify(r.error)}`).toBe(200);
      expect(r.data!.odds.hit, name).toBeGreaterThan(0);
    }
  });
});
