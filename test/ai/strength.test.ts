/**
 * The AI's strength (src/ai/strength.ts; issue 39), over the AI's protocol (src/ai/protocol.ts):
 * the autopilot at `strong` is the planner with STRONG_SEARCHES (doom2004's play-outs by the planner),
 * at `standard` (the default) the shipped autopilot; doom2004's hints put first the plan of the best
 * few by the odds that plays out best by the autopilot's search at that strength (standard:
 * DOOM2004_HINT_SEARCH, the 3 best played out once; strong: STRONG_HINT_SEARCH, the 4 best up to
 * twice); an unknown strength is refused by name.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type GameState } from '../../src/rules/index.ts';
import type { Game } from '../../src/rules/game.ts';
import type { Command } from '../../src/rules/types.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { nextStep, plannerPolicy, STRONG_SEARCHES, type Policy } from '../../src/ai/autopilot/index.ts';
import { decidingSide, sideOfCommand } from '../../src/ai/autopilot/sides.ts';
import { createResponder, inPageAi, type AiStrength } from '../../src/ai/protocol.ts';
import { hints, situationOf, type Plan } from '../../src/ai/hints/index.ts';
import { dominated } from '../../src/ai/hints/dominance.ts';
import { DOOM2004_HINT_SEARCH, STRONG_HINT_SEARCH } from '../../src/ai/hints/searched.ts';
import { playedCommands, rolloutMeans } from '../../src/ai/autopilot/search.ts';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json';
import skirmish from '../../src/scenario/bundled/doom2004-skirmish.json';

beforeAll(async () => {
  await loadCore();
});

const STEPS = 40;

/** The marines' first commands of the seeded skirmish (the invaders: the planner alone), each chosen by `choose`. */
async function marines(choose: (state: GameState, legal: Command[]) => Command | Promise<Command>): Promise<string[]> {
  const g = createGame(skirmish as unknown as Scenario, { seed: 4 }) as Game<GameState>;
  const invaders = plannerPolicy({ search: null });
  const out: string[] = [];
  for (let n = 0; n < STEPS && g.state.winner === null; n++) {
    const legal = g.legalActions();
    const side = decidingSide(g.state, legal, g.view().side);
    const mine = legal.filter((c) => sideOfCommand(g.state, c) === side);
    const c = side === 'marines' ? await choose(structuredClone(g.state), mine) : invaders.choose({ state: g.state, side: side!, legal: mine, budgetMs: 40 });
    if (side === 'marines') out.push(JSON.stringify(c));
    expect(g.apply(c).ok, JSON.stringify(c)).toBe(true);
  }
  return out;
}

/** The same with a policy of this process. */
const byPolicy = (p: Policy) => marines((state, legal) => p.choose({ state, side: 'marines', legal, budgetMs: 40 }));

describe('the autopilot\'s strength (AiStrength)', () => {
  test('strong plays doom2004 as plannerPolicy({ search: STRONG_SEARCHES() }) does; standard and no strength as the shipped autopilot; the two differ', async () => {
    const ai = inPageAi();
    const strong = await marines((state, legal) => ai.decide(state, 'marines', legal, 40, 'strong'));
    expect(strong).toEqual(await byPolicy(plannerPolicy({ search: STRONG_SEARCHES() })));
    const shipped = await byPolicy(plannerPolicy());
    const fresh = inPageAi();
    expect(await marines((state, legal) => fresh.decide(state, 'marines', legal, 40, 'standard'))).toEqual(shipped);
    const plain = inPageAi();
    expect(await marines((state, legal) => plain.decide(state, 'marines', legal, 40))).toEqual(shipped);
    expect(strong).not.toEqual(shipped);
  }, 180_000);

  test('an unknown strength is refused, naming it and the two there are', () => {
    const respond = createResponder();
    const g = createGame(skirmish as unknown as Scenario, { seed: 4 });
    const r = respond({ id: 1, op: 'decide', state: g.state, side: 'marines', legal: g.legalActions(), budgetMs: 40, strength: 'hard' as AiStrength });
    expect(r).toEqual({ id: 1, ok: false, error: 'strength must be "standard" or "strong", got "hard"' });
  });

  // doom2004 hints at each strength: the first is the best played-out plan (by that strength's
  // search) of the best few by the odds that no other dominates (fewer when the figure has fewer
  // plans: "the top N" says how many); the rest keep the odds' order.
  for (const [strength, search, said_] of [
    ['standard', DOOM2004_HINT_SEARCH, /; the best of the top [23] when each is played out once by the autopilot on both sides$/],
    ['strong', STRONG_HINT_SEARCH, /; the best of the top [234] when each is played out up to twice by the autopilot on both sides$/],
  ] as const) {
    test(`${strength} hints (doom2004): the first is the best played-out plan of the ${search.candidates} best by the odds that no other dominates; the rest keep the odds' order; some positions differ from the odds' first`, async () => {
      const key = (p: Plan) => JSON.stringify(p.commands);
      const g = createGame(skirmish as unknown as Scenario, { seed: 4 }) as Game<GameState>;
      const policies = { marines: plannerPolicy(), invaders: plannerPolicy() };
      let checked = 0;
      let changed = 0;
      let said = 0;
      for (let n = 0; n < 400 && checked < 12 && g.state.winner === null; n++) {
        if (n % 5 === 0 && situationOf(g.state)) {
          const plain = hints(g.state, undefined, { search: false });
          const searched = hints(g.state, undefined, { strength });
          const top = plain.slice(0, search.candidates);
          const live = top.filter((p) => !dominated(p, top));
          if (live.length >= 2) {
            checked++;
            const side = g.state.figures.find((f) => f.id === top[0].figure)!.side;
            const means = rolloutMeans(g.state, side, live.map(playedCommands), search)!;
            const best = means.reduce<number>((b, m, k) => (m !== null && (b < 0 || m > means[b]!) ? k : b), -1);
            expect(key(searched[0])).toBe(key(live[best]));
            expect(searched.slice(1).map(key)).toEqual(plain.filter((p) => key(p) !== key(searched[0])).map(key));
            if (key(searched[0]) !== key(plain[0])) changed++;
            if (means.every((m, k) => k === best || m === null || m < means[best]!)) {
              expect(searched[0].reason).toMatch(said_);
              said++;
            }
          } else expect(searched.map(key)).toEqual(plain.map(key));
        }
        const step = nextStep(g, policies, 40);
        if (!step || !g.apply(step.command).ok) break;
      }
      expect(checked).toBe(12);
      expect(changed).toBeGreaterThan(0);
      expect(said).toBeGreaterThan(0);
    }, 120_000);
  }

  test('doom2016 hints are the same at either strength; an unknown strength is refused by name', () => {
    const g = createGame(tutorial as unknown as Scenario, { seed: 1 }) as Game<GameState>;
    const policies = { marines: plannerPolicy(), invader: plannerPolicy() };
    let compared = 0;
    for (let n = 0; n < 200 && compared < 5 && g.state.winner === null; n++) {
      // Searched hints (a figure's plans, more than one): the same at either strength.
      if (situationOf(g.state) && hints(g.state).length > 1) {
        expect(hints(g.state, undefined, { strength: 'strong' })).toEqual(hints(g.state));
        compared++;
      }
      const step = nextStep(g, policies, 40);
      if (!step || !g.apply(step.command).ok) break;
    }
    expect(compared).toBe(5);
    expect(() => hints(g.state, undefined, { strength: 'hard' as AiStrength })).toThrow('strength must be "standard" or "strong", got "hard"');
  });
});
