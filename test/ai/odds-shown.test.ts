/**
 * Issue 23, "numbers shown are exact for the plan shown": every doom2004 attack plan marked exact
 * carries the odds of that attack made from the plan's destination (the attacker moved there),
 * with the best re-roll set and the barrels the odds module now counts.
 */
import { beforeAll, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type Game } from '../../src/rules/index.ts';
import type { D4State } from '../../src/rules/doom2004/state.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { nextStep, plannerPolicy, randomPolicy } from '../../src/ai/autopilot/index.ts';
import { hints } from '../../src/ai/hints/index.ts';
import { doom2004Odds } from '../../src/ai/odds/doom2004.ts';
import { doom2004SpecOf } from '../../src/ai/odds/doom2004-state.ts';
import skirmish from '../../src/scenario/bundled/doom2004-skirmish.json';

beforeAll(async () => {
  await loadCore();
});

test('doom2004: exact attack plans show the odds of the attack from their destination', () => {
  let checked = 0;
  let moved = 0;
  for (const seed of [1, 2, 3, 4]) {
    const g = createGame(skirmish as unknown as Scenario, { seed }) as Game<D4State>;
    const policies = { marines: plannerPolicy(), invaders: randomPolicy(seed) };
    for (let i = 0; i < 400; i++) {
      const step = nextStep(g, policies, Infinity);
      if (!step) break;
      if (i % 7 === 0) {
        const s = g.state;
        for (const p of hints(s, undefined, { budgetMs: Infinity, limit: 5 })) {
          const attack = p.commands.find((c) => c.type === 'attack');
          if (!p.exact || !attack || !p.odds) continue;
          const f = s.figures.find((x) => x.id === p.figure)!;
          const to = p.to ?? { x: f.x, y: f.y };
          const fm = { ...f, x: to.x, y: to.y };
          const there = { ...s, figures: s.figures.map((x) => (x === f ? fm : x)) };
          const spec = doom2004SpecOf(there, fm, (attack.weapon as string | undefined) ?? null, attack.target as { x: number; y: number }, { aimed: attack.aimed === true });
          const o = doom2004Odds(spec);
          expect(p.odds.expected, `${p.reason}`).toBeCloseTo(o.expected, 9);
          expect(p.odds.kill, `${p.reason}`).toBeCloseTo(o.kill, 9);
          checked++;
          if (to.x !== f.x || to.y !== f.y) moved++;
        }
      }
      if (!g.apply(step.command).ok) break;
    }
  }
  expect(checked).toBeGreaterThan(20);
  expect(moved).toBeGreaterThan(5);
}, 120_000);

test('doom2004: a grenade thrown from next to its target counts the thrower in the blast, says so, and ranks below a throw from further off', () => {
  const g = createGame(skirmish as unknown as Scenario, { seed: 1 }) as Game<D4State>;
  const s = g.state;
  // The marines' turn; an imp stands in the marines' room, three spaces from marine-1.
  s.figures = s.figures.map((f) => (f.id === 'imp-1' ? { ...f, x: 4, y: 3 } : f));
  const grenades = hints(s, 'marine-1', { budgetMs: Infinity, limit: 500 }).filter((p) => p.exact && p.commands.some((c) => c.type === 'attack' && c.weapon === 'grenade'));
  const near = (p: (typeof grenades)[number]) => !!p.to && Math.max(Math.abs(p.to.x - 4), Math.abs(p.to.y - 3)) <= 1;
  const close = grenades.filter(near);
  const far = grenades.filter((p) => !near(p));
  expect(close.length).toBeGreaterThan(0);
  expect(far.length).toBeGreaterThan(0);
  for (const p of close) {
    const f = s.figures.find((x) => x.id === 'marine-1')!;
    const fm = { ...f, x: p.to!.x, y: p.to!.y };
    const spec = doom2004SpecOf({ ...s, figures: s.figures.map((x) => (x === f ? fm : x)) }, fm, 'grenade', { x: 4, y: 3 });
    const o = doom2004Odds(spec);
    const own = spec.victims.reduce((t, id, i) => (id.startsWith('marine') ? t + o.targets[i].expected : t), 0);
    expect(spec.victims).toContain('marine-1');
    expect(p.friendlyWounds).toBeCloseTo(own, 9);
    expect(p.reason).toMatch(/its own side takes ≈\d\.\d wounds/);
  }
  for (const p of far) expect(p.friendlyWounds ?? 0).toBe(0);
  expect(near(grenades[0])).toBe(false);
});
