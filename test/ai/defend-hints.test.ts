/**
 * Hints for the defender's choice in a doom2016 attack (src/ai/hints/doom2016-defend.ts; issue 23:
 * every legal command kind — a solo marine's Hint said "No hint for this position" when defending).
 * Each plan's numbers are checked against the engine: the defend command it names, played on copies
 * of the game (the reveal's card drawn as the rules draw it), gives that damage.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, replay, type Command, type Game, type GameState } from '../../src/rules/index.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import type { Doom2016State, PendingAttack } from '../../src/rules/doom2016/types.ts';
import { greedyPolicy, nextStep, plannerPolicy } from '../../src/ai/autopilot/index.ts';
import { hints } from '../../src/ai/hints/index.ts';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json';

beforeAll(async () => {
  await loadCore();
});

const scenario = tutorial as unknown as Scenario;

/** The commands of a tutorial game (autopilot invader, greedy marines) up to each marine's defense, for `seeds`. */
function marineDefenses(seeds: number[]): { seed: number; history: Command[] }[] {
  const out: { seed: number; history: Command[] }[] = [];
  for (const seed of seeds) {
    const g = createGame(scenario, { seed }) as Game<GameState>;
    const policies = { marines: greedyPolicy(), invader: plannerPolicy() };
    const history: Command[] = [];
    for (let n = 0; n < 800 && g.state.winner === null; n++) {
      const s = g.state as Doom2016State;
      if (s.pending?.kind === 'attack' && s.pending.step === 'defend' && s.figures.find((f) => f.id === (s.pending as PendingAttack).defender)?.side === s.marineSide) out.push({ seed, history: [...history] });
      const step = nextStep(g, policies, Infinity)!;
      if (!g.apply(step.command).ok) break;
      history.push(step.command);
    }
  }
  return out;
}

describe('doom2016 defense hints', () => {
  let positions: ReturnType<typeof marineDefenses> = [];
  // Three autopilot games: seconds on a loaded machine, past the default 10 s hook timeout.
  beforeAll(() => {
    positions = marineDefenses([1, 2, 3]);
  }, 300_000);

  test('every marine defense in three games gets plans: one per legal choice, the commands legal, best first', () => {
    expect(positions.length).toBeGreaterThan(10);
    for (const { seed, history } of positions) {
      const g = replay(scenario, seed, history) as Game<GameState>;
      const plans = hints(g.state, undefined, { limit: 20 });
      const legal = g.legalActions().filter((c) => c.type === 'defend');
      expect(plans.length, `seed ${seed} at ${history.length}`).toBe(legal.length);
      for (const p of plans) expect(legal.map((c) => JSON.stringify(c)), p.reason).toContain(JSON.stringify(p.commands[0]));
      for (let i = 1; i < plans.length; i++) expect(plans[i - 1].score).toBeGreaterThanOrEqual(plans[i].score);
      expect(plans[0].reason).toMatch(/: \d+(\.\d)? damage( expected)?/);
    }
  });

  test('each plan\'s expected damage is what the engine deals with that choice (the "while attacking" step declined)', () => {
    let compared = 0;
    for (const { seed, history } of positions) {
      const g = replay(scenario, seed, history) as Game<GameState>;
      const s = g.state as Doom2016State;
      const id = (s.pending as PendingAttack).defender;
      for (const p of hints(s, undefined, { limit: 20 })) {
        // A second card is a draw: average the engine's answer over its draws by replaying with every
        // deck order the pool allows is costly; compare exactly the choices without a second card.
        if (p.commands[0].reveal) continue;
        const copy = replay(scenario, seed, history) as Game<GameState>;
        const before = (copy.state as Doom2016State).figures.find((f) => f.id === id)!.damage;
        expect(copy.apply(p.commands[0]).ok).toBe(true);
        const press = copy.legalActions().find((c) => c.type === 'press' && !(c.play as string[]).length);
        if (press) expect(copy.apply(press).ok).toBe(true);
        const after = (copy.state as Doom2016State).figures.find((f) => f.id === id);
        // Fixed by the dice and the card: the reason says the number, not an expectation.
        expect(p.reason).toMatch(new RegExp(`: ${p.odds!.expected} damage[,( ]`));
        if (after) expect(p.odds!.expected, p.reason).toBe(after.damage - before);
        // Killed: the marine is off the board until it respawns; the plan said so for sure.
        else expect([p.odds!.kill, p.odds!.expected >= (copy.state as Doom2016State).marines[id].health - before], p.reason).toEqual([1, true]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
  });
});
