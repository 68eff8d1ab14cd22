/**
 * Issue 23, legal advice only: over sampled positions of every bundled ruleset, the top hint and
 * every plan marked exact is a sequence of commands the engine accepts; the autopilot's fallback
 * attack works for doom2004 (space targets).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type Game, type GameState } from '../../src/rules/index.ts';
import type { Command, RulesetEngine } from '../../src/rules/types.ts';
import type { D4State } from '../../src/rules/doom2004/state.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { nextStep, plannerPolicy, randomPolicy, weakestTarget } from '../../src/ai/autopilot/index.ts';
import { hints, type Plan } from '../../src/ai/hints/index.ts';
import { rulesetModule } from '../../src/rules/registry.ts';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json';
import skirmish from '../../src/scenario/bundled/doom2004-skirmish.json';
import d20 from '../../src/scenario/bundled/d20-skirmish.json';

beforeAll(async () => {
  await loadCore();
});

/** Why the engine refuses a plan (its commands in order, the last `end` aside: a summon may come first), or null. */
function refusal<S extends GameState>(state: S, plan: Plan): string | null {
  const rules = rulesetModule(state.ruleset as never)!.rules as unknown as RulesetEngine<S>;
  const s = rules.clone ? rules.clone(state) : structuredClone(state);
  const commands = plan.commands.at(-1)?.type === 'end' ? plan.commands.slice(0, -1) : plan.commands;
  for (const c of commands) {
    const r = rules.apply(s, c);
    if (!Array.isArray(r)) return `${JSON.stringify(c)}: ${JSON.stringify(r)}`;
  }
  return null;
}

/** Positions where a figure has hints: from seeded games of the autopilot against random play, every `every`-th decision. */
function positions(scenario: Scenario, seeds: number[], every: number, per: number): GameState[] {
  const out: GameState[] = [];
  for (const seed of seeds) {
    const g = createGame(scenario, { seed }) as Game<GameState>;
    const sides = scenario.sides as string[];
    const policies = { [sides[0]]: plannerPolicy(), [sides[1]]: randomPolicy(seed) };
    let taken = 0;
    for (let i = 0; i < 1500 && taken < per; i++) {
      const step = nextStep(g, policies, Infinity);
      if (!step) break;
      if (i % every === 0 && hints(g.state, undefined, { budgetMs: 0, limit: 1 }).length) {
        out.push(structuredClone(g.state));
        taken++;
      }
      if (!g.apply(step.command).ok) break;
    }
  }
  return out;
}

const CASES: [string, Scenario][] = [
  ['doom2016 tutorial', tutorial as unknown as Scenario],
  ['doom2004 skirmish', skirmish as unknown as Scenario],
  ['d20 skirmish', d20 as unknown as Scenario],
];

describe('every hint the player is shown as playable is accepted by the engine', () => {
  for (const [name, scenario] of CASES) {
    test(`${name}: the top hint and every exact plan, over sampled positions, with the default budget and with none`, () => {
      const sampled = positions(scenario, [1, 2, 3, 4], 7, 10);
      expect(sampled.length).toBeGreaterThanOrEqual(30);
      const bad: string[] = [];
      for (const s of sampled) {
        for (const budgetMs of [8, 0]) {
          const plans = hints(s, undefined, { budgetMs });
          plans.forEach((p, k) => {
            if (k > 0 && !p.exact) return;
            const why = refusal(s, p);
            if (why) bad.push(`round ${s.round}, budget ${budgetMs}, plan ${k + 1} "${p.reason}": ${why}`);
          });
        }
      }
      expect(bad.slice(0, 5), `${bad.length} refused of ${sampled.length} positions`).toEqual([]);
    }, 120_000);

    test(`${name}: no attack plan that cannot deal any damage is shown (a 0% attack is worth nothing; a defense taking none, or "play no card" on an attack a dodge cancels, is another matter)`, () => {
      const useless: string[] = [];
      for (const s of positions(scenario, [1, 2, 3, 4], 7, 10)) {
        for (const p of hints(s, undefined, { budgetMs: 8, limit: 10 })) {
          if (p.odds && p.option !== 'glory kill' && p.option !== 'defend' && p.option !== 'press' && (p.odds.hit === 0 || (p.odds.expected === 0 && p.odds.kill === 0))) useless.push(`round ${s.round}: ${p.reason}`);
        }
      }
      expect(useless.slice(0, 5), `${useless.length} useless attack plans`).toEqual([]);
    }, 120_000);
  }
});

test('the autopilot\'s fallback attack takes doom2004 space targets: the weakest enemy on any of its spaces', () => {
  const s = createGame(skirmish as unknown as Scenario, { seed: 1 }).state as D4State;
  const knight = s.figures.find((f) => f.id === 'hell-knight-1')!;
  const zombie = s.figures.find((f) => f.id === 'zombie-1')!;
  zombie.wounds = zombie.health - 1;
  const attack = (x: number, y: number): Command => ({ type: 'attack', figure: 'marine-1', target: { x, y }, weapon: 'pistol' });
  // The knight's last space (a large figure's other space) and the nearly dead zombie.
  const legal = [attack(knight.x + knight.w - 1, knight.y + knight.h - 1), attack(zombie.x, zombie.y), attack(0, 0)];
  expect(weakestTarget(s, legal)).toEqual(attack(zombie.x, zombie.y));
  expect(weakestTarget(s, [legal[0], legal[2]])).toEqual(legal[0]); // the empty space is no target
});
