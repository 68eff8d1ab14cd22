/**
 * The autopilot's strength over the AI's protocol (src/ai/protocol.ts; issue 39): `strong` is the
 * planner with STRONG_SEARCHES (doom2004's play-outs by the planner), `standard` (the default) the
 * shipped autopilot; an unknown strength is refused by name.
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
});
