/**
 * doom2004 marines shoot, then step back with the movement left (RULES §3: movement is one pool
 * before and after attacking). A refined plan's step back (`then`) is searched from the plan's
 * destination, where the figure stands after the attack, with the MP left after reaching it: over
 * sampled positions, every exact plan that attacks and then steps back plays in the engine as shown,
 * the step back included. (It was searched from where the figure stood before moving: places the
 * MP left cannot reach from the destination were advised, and priced as the plan's exposure.)
 */
import { beforeAll, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type Game, type GameState } from '../../src/rules/index.ts';
import type { RulesetEngine } from '../../src/rules/types.ts';
import type { D4State } from '../../src/rules/doom2004/state.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { greedyPolicy, nextStep, plannerPolicy } from '../../src/ai/autopilot/index.ts';
import { hints } from '../../src/ai/hints/index.ts';
import { rulesetModule } from '../../src/rules/registry.ts';
import skirmish from '../../src/scenario/bundled/doom2004-skirmish.json';

beforeAll(async () => {
  await loadCore();
});

test('doom2004: every exact attack plan\'s step back is accepted by the engine after the plan\'s own commands, from the plan\'s destination', () => {
  const rules = rulesetModule('doom2004')!.rules as unknown as RulesetEngine<D4State>;
  let checked = 0, moved = 0;
  const bad: string[] = [];
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const g = createGame(skirmish as unknown as Scenario, { seed }) as Game<GameState>;
    const policies = { marines: plannerPolicy({ search: null }), invaders: greedyPolicy() };
    for (let i = 0; i < 1500 && g.state.winner === null; i++) {
      const step = nextStep(g, policies, 40);
      if (!step) break;
      if (step.side === 'marines' && i % 3 === 0) {
        const s = g.state as D4State;
        for (const p of hints(s, undefined, { search: false, limit: 10 })) {
          if (!p.exact || !p.target || !p.then) continue;
          const c = structuredClone(s);
          const commands = [...p.commands.filter((x) => x.type !== 'end'), ...p.then.commands];
          let why: string | null = null;
          for (const [k, x] of commands.entries()) {
            // The attack may kill the marine (a barrel, its own blast) or win the game: no step back to judge.
            if (k >= commands.length - p.then.commands.length && (c.winner !== null || !c.figures.some((f) => f.id === p.figure))) break;
            const r = rules.apply(c, x);
            if (!Array.isArray(r)) {
              why = `${JSON.stringify(x)}: ${JSON.stringify(r)}`;
              break;
            }
          }
          checked++;
          if (p.to) moved++;
          if (why) bad.push(`seed ${seed}, round ${s.round}, "${p.reason}": ${why}`);
        }
      }
      if (!g.apply(step.command).ok) break;
    }
  }
  expect(bad.slice(0, 5), `${bad.length} refused of ${checked}`).toEqual([]);
  expect(checked).toBeGreaterThan(40);
  // Plans that move before attacking: where the step back starts elsewhere than the figure stands.
  expect(moved).toBeGreaterThan(20);
}, 300_000);
