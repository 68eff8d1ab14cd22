/**
 * Seats from the rules (issue 20): a command is authorised for the side that owns the decision
 * (the controller of the figure it names: RULES §2.2 "chosen by its controller", the attacker's
 * press, the defender's defence, the marines' guard window...), never for whose turn it is.
 * Checked through the API's handlers (the app msw and the Node server both run).
 */
import { setupServer } from 'msw/node';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/app.ts';
import { apiHandlers } from '../../src/api/msw.ts';
import type { paths } from '../../src/api/schema.d.ts';
import { MemoryStore } from '../../src/api/store.ts';
import { loadCore } from '../../src/core/index.ts';
import { createGame, loadRuleset, type Command, type GameState } from '../../src/rules/index.ts';
import type { Scenario } from '../../src/scenario/index.ts';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json' with { type: 'json' };
import skirmish2004 from '../../src/scenario/bundled/doom2004-skirmish.json' with { type: 'json' };
import skirmishD20 from '../../src/scenario/bundled/d20-skirmish.json' with { type: 'json' };
import { pickCommand } from '../rules/random-play.ts';
import { contractFetch } from './contract.ts';

const api = createApi({ store: new MemoryStore(), rateLimit: null });
type Client = ReturnType<typeof createClient<paths>>;
const client: Client = createClient<paths>({ baseUrl: 'http://api.test', fetch: contractFetch((r) => api.app.fetch(r)) });
// The same handlers under msw (the browser's "server mode"), reached by a real fetch.
const mswServer = setupServer(...apiHandlers());
const mswClient: Client = createClient<paths>({ baseUrl: 'https://doom-board.example', fetch: contractFetch((r) => fetch(r)) });

beforeAll(async () => {
  await Promise.all([loadCore(), loadRuleset('doom2016'), loadRuleset('doom2004'), loadRuleset('d20')]);
  mswServer.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => mswServer.close());

const mainClient = () => client;

function rng(seed: number) {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

async function newGame(scenario: Scenario, seed: number, client: Client = mainClient()) {
  const created = await client.POST('/api/v1/games', { body: { scenario: scenario as never, seed } });
  expect(created.response.status, JSON.stringify(created.error)).toBe(201);
  const { id, seats, sides } = created.data!;
  const post = (side: string, version: number, command: Command) =>
    client.POST('/api/v1/games/{gameId}/commands', { params: { path: { gameId: id }, header: { 'If-Match': String(version) } }, headers: { authorization: `Bearer ${seats[side]}` }, body: command as never });
  const undo = (side: string, version: number) =>
    client.POST('/api/v1/games/{gameId}/undo', { params: { path: { gameId: id }, header: { 'If-Match': String(version) } }, headers: { authorization: `Bearer ${seats[side]}` } });
  const snapshot = async () => (await client.GET('/api/v1/games/{gameId}', { params: { path: { gameId: id } } })).data!;
  return { id, seats, sides, post, undo, snapshot };
}

/**
 * The test's own statement of who decides (independent of the server's code): the controller of
 * the figure a command names (on the board, or a killed/fragged marine waiting to respawn, or a
 * figure being displaced); commands that name no figure are the invader's (doom2016 status,
 * demon activations, summons; doom2004 end-turn), except doom2004's `pass`, which closes the
 * marines' guard window.
 */
function controllerOf(state: GameState, c: Command): string {
  const s = state as GameState & { figures: { id: string; side: string }[]; marineSide?: string; invaderSide?: string };
  if (c.figure !== undefined) {
    const f = s.figures.find((g) => g.id === c.figure);
    if (f) return f.side;
    const p = (s as { pending?: { kind?: string; figure?: { id: string; side: string } } }).pending;
    if (p?.kind === 'displace' && p.figure?.id === c.figure) return p.figure.side;
    if (s.ruleset === 'doom2004' && (s as unknown as { fragged: { figure: { id: string } }[] }).fragged.some((x) => x.figure.id === c.figure)) return s.marineSide!;
    if (s.ruleset === 'doom2016' && (s as unknown as { marines: Record<string, unknown> }).marines[c.figure as string]) return s.marineSide!;
    throw new Error(`no figure ${String(c.figure)}`);
  }
  if (s.ruleset === 'doom2004' && c.type === 'pass') return s.marineSide!;
  if (s.invaderSide) return s.invaderSide;
  throw new Error(`no owner for ${JSON.stringify(c)}`);
}

/** The doom2016 tutorial (seed 1) up to the possessed soldier's attack on Delta: the defender's decision is next. */
const SOLDIER_ATTACKS_DELTA: [string, Command][] = [
  ['invader', { type: 'status', discard: ['search-4'], onto: 'imp' }],
  ['invader', { type: 'activate-demons', demon: 'imp' }],
  ['invader', { type: 'end', figure: 'imp-1' }],
  ['invader', { type: 'activate-demons', demon: 'possessed-soldier' }],
  ['invader', { type: 'attack', figure: 'possessed-soldier-1', target: 'delta' }],
];

describe('seats from the rules', () => {
  for (const [transport, via] of [['app', client], ['msw', mswClient]] as const) {
    it(`doom2016 press (the issue's example, ${transport}): the invader chooses during the marines' turn; the marines' seat gets 403`, async () => {
      const g = await newGame(tutorial as unknown as Scenario, 1, via);
      const setup: [string, Command][] = [...SOLDIER_ATTACKS_DELTA, ['marines', { type: 'defend', figure: 'delta', reveal: true, play: [] }]];
      for (const [i, [side, c]] of setup.entries()) {
        const r = await g.post(side, i, c);
        expect(r.response.status, `${JSON.stringify(c)}: ${JSON.stringify(r.error)}`).toBe(200);
      }
      const before = await g.snapshot();
      // The board says it is the defender's (marines') moment; the choice is the attacker's.
      expect(before.view.side).toBe('marines');
      // Hints answer only the seat whose decision it is: not the marines' now.
      const hints = await via.GET('/api/v1/games/{gameId}/hints', { params: { path: { gameId: g.id } }, headers: { authorization: `Bearer ${g.seats.marines}` } });
      expect(hints.response.status).toBe(422);
      expect(hints.error!.rule).toBe('turn');
      expect(hints.error!.detail).toMatch(/the invader side's turn, not the marines side's/);
      // The invader's seat gets a plan per "while attacking" choice (issue 23: it was a 422), the damage each deals.
      const theirs = await via.GET('/api/v1/games/{gameId}/hints', { params: { path: { gameId: g.id } }, headers: { authorization: `Bearer ${g.seats.invader}` } });
      expect(theirs.response.status, JSON.stringify(theirs.error)).toBe(200);
      expect(theirs.data!.figure).toBe('possessed-soldier-1');
      const plans = theirs.data!.plans;
      expect(plans.length).toBeGreaterThan(1);
      expect(plans.every((p) => p.commands[0].type === 'press')).toBe(true);
      expect(plans.map((p) => p.reason)).toContainEqual(expect.stringMatching(/^Play no card: \d+ damage/));
      expect(plans[0].reason).toMatch(/^Play .+ \(\+.+\): .*damage/);
      expect(await g.snapshot()).toEqual(before);
      const press: Command = { type: 'press', figure: 'possessed-soldier-1', play: ['overwhelming-1'] };
      const byMarines = await g.post('marines', 6, press);
      expect(byMarines.response.status).toBe(403);
      expect(byMarines.error!.detail).toMatch(/invader/);
      expect(await g.snapshot()).toEqual(before);
      const byInvader = await g.post('invader', 6, press);
      expect(byInvader.response.status, JSON.stringify(byInvader.error)).toBe(200);
      expect(byInvader.data!.events.some((e) => e.type === 'cards-played')).toBe(true);
    });
  }

  it('doom2016 defend: only the defender\'s seat, even when the attack happens in the invader\'s activation', async () => {
    const g = await newGame(tutorial as unknown as Scenario, 1);
    const setup = SOLDIER_ATTACKS_DELTA;
    for (const [i, [side, c]] of setup.entries()) expect((await g.post(side, i, c)).response.status).toBe(200);
    const defend: Command = { type: 'defend', figure: 'delta', reveal: true, play: [] };
    expect((await g.post('invader', 5, defend)).response.status).toBe(403);
    expect((await g.post('marines', 5, defend)).response.status).toBe(200);
  });

  it('doom2016 summon: a marine opens a door in its own activation; the portal\'s summon is the invader\'s', async () => {
    const g = await newGame(tutorial as unknown as Scenario, 43);
    const setup: [string, Command][] = [
      ['invader', { type: 'status', discard: ['bloodlust-3', 'overwhelming-4'], onto: ['possessed-soldier', 'invasion'] }],
      ['marines', { type: 'sprint', figure: 'charlie', discard: 'shotgun-blast' }],
      ['marines', { type: 'move', figure: 'charlie', to: { x: 9, y: 4, o: 0 } }],
      ['marines', { type: 'open-door', figure: 'charlie', door: { x1: 9, y1: 4, x2: 10, y2: 4 } }],
    ];
    for (const [i, [side, c]] of setup.entries()) {
      const r = await g.post(side, i, c);
      expect(r.response.status, `${JSON.stringify(c)}: ${JSON.stringify(r.error)}`).toBe(200);
    }
    const summon: Command = { type: 'summon', portal: 'portal-blue', group: 0 };
    const byMarines = await g.post('marines', 4, summon);
    expect(byMarines.response.status).toBe(403);
    expect(byMarines.error!.detail).toMatch(/"summon" is the invader side's decision; this token is the marines seat's/);
    expect((await g.post('invader', 4, summon)).response.status).toBe(200);
  });

  it('a figure that is not in the game: 422 naming it for every seat (not a 403 giving it to the side to act); nothing changes', async () => {
    const g = await newGame(skirmishD20 as unknown as Scenario, 1);
    const before = await g.snapshot();
    for (const side of ['empire', 'alliance']) {
      const r = await g.post(side, 0, { type: 'activate', figure: 'nobody' });
      expect(r.response.status, side).toBe(422);
      expect(r.error).toMatchObject({ type: 'urn:doom-board:problem:refused' });
      expect(r.error!.detail, side).toContain('nobody');
    }
    expect(await g.snapshot()).toEqual(before);
  });

  // Property: for random reachable states of every ruleset, each legal command (a sample of them per
  // state) is refused with 403 and no change for every other seat, and accepted with its owner's.
  const rulesets: [string, Scenario, number[], number][] = [
    ['doom2016', tutorial as unknown as Scenario, [1, 2, 3, 4], 100],
    ['doom2004', skirmish2004 as unknown as Scenario, [1, 2, 3, 4], 100],
    ['d20', skirmishD20 as unknown as Scenario, [1, 2], 40],
  ];
  for (const [ruleset, scenario, seeds, steps] of rulesets) {
    it(`${ruleset}: every legal command is accepted only with its owner's seat token, 403 for the other (seeded random games)`, async () => {
      let checked = 0;
      let offTurn = 0;
      const kinds = new Set<string>();
      for (const seed of seeds) {
        const r = rng(seed * 7919 + ruleset.length);
        const g = await newGame(scenario, seed);
        const local = createGame(scenario, { seed });
        let version = 0;
        for (let step = 0; step < steps; step++) {
          const legal = local.legalActions();
          if (!legal.length) break;
          const state = local.state as GameState;
          const turn = local.view().side;
          const sample = new Set<Command>([pickCommand(legal, r), pickCommand(legal, r), legal[Math.floor(r() * legal.length)]]);
          for (const c of sample) {
            const owner = controllerOf(state, c);
            const where = `${ruleset} seed ${seed} step ${step} ${JSON.stringify(c)} (owner ${owner}, turn ${turn})`;
            const before = await g.snapshot();
            for (const other of g.sides.filter((s) => s !== owner)) {
              const refused = await g.post(other, version, c);
              expect(refused.response.status, `${where}, seat ${other}: ${JSON.stringify(refused.error)}`).toBe(403);
              expect(refused.error!.type).toMatch(/not-your-seat$/);
            }
            expect(await g.snapshot(), where).toEqual(before);
            const accepted = await g.post(owner, version, c);
            expect(accepted.response.status, `${where}: ${JSON.stringify(accepted.error)}`).toBe(200);
            expect((await g.undo(owner, version + 1)).response.status, where).toBe(200);
            version += 2;
            checked++;
            kinds.add(c.type);
            if (owner !== turn) offTurn++;
          }
          const next = pickCommand(legal, r, ['attack', 'end', 'activate-demons', 'activate-demon', 'activate', 'action', 'end-turn'], 0.5);
          expect(local.apply(next).ok).toBe(true);
          const played = await g.post(controllerOf(state, next), version, next);
          expect(played.response.status, JSON.stringify(played.error)).toBe(200);
          version++;
        }
      }
      console.log(`${ruleset}: ${checked} legal commands checked, ${offTurn} owned by the side whose turn it is not; kinds: ${[...kinds].sort().join(' ')}`);
      expect(checked).toBeGreaterThan(50);
      // The property would be empty for the cases that matter without decisions off the turn.
      if (ruleset !== 'd20') expect(offTurn).toBeGreaterThan(0);
    }, 120_000);
  }
});
