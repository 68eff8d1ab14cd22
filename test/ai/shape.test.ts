/**
 * Issue 39 (speed): rankPlans copies every situation into one shape (src/ai/hints/shape.ts) so that
 * V8 keeps one optimised rankPlans for every ruleset and side. The copy must keep every field a
 * ruleset adapter sets, each the same value — a field left out would silently change plans — and
 * give every situation of every ruleset the same keys in the same order.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type GameState } from '../../src/rules/index.ts';
import type { Game } from '../../src/rules/game.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { situationOf } from '../../src/ai/hints/index.ts';
import type { Situation } from '../../src/ai/hints/types.ts';
import { shaped } from '../../src/ai/hints/shape.ts';
import { greedyPolicy, nextStep } from '../../src/ai/autopilot/index.ts';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json';
import skirmish from '../../src/scenario/bundled/doom2004-skirmish.json';
import d20 from '../../src/scenario/bundled/d20-skirmish.json';

beforeAll(async () => {
  await loadCore();
});

/** The situations of a greedy game, both sides, up to `max`. */
function situations(scenario: unknown, max: number): Situation[] {
  const g = createGame(scenario as Scenario, { seed: 3 }) as Game<GameState>;
  const policies = Object.fromEntries(((scenario as Scenario).sides as string[]).map((s) => [s, greedyPolicy()]));
  const out: Situation[] = [];
  for (let n = 0; n < 600 && out.length < max && g.state.winner === null; n++) {
    const s = situationOf(g.state);
    if (s) out.push(s);
    const step = nextStep(g, policies, 40);
    if (!step || !g.apply(step.command).ok) break;
  }
  return out;
}

describe('situations in one shape', () => {
  let all: Situation[][] = [];
  beforeAll(() => {
    all = [tutorial, skirmish, d20].map((scenario) => situations(scenario, 40));
  });

  test('every ruleset gives situations of both sides', () => {
    for (const list of all) {
      expect(list.length).toBeGreaterThan(10);
      expect(new Set(list.map((s) => s.me.side)).size).toBe(2);
    }
  });

  test('the copy keeps every field an adapter sets, with the same value', () => {
    for (const s of all.flat()) {
      const one = shaped(s) as unknown as Record<string, unknown>;
      for (const [key, value] of Object.entries(s)) expect(one[key], key).toBe(value);
      for (const key of Object.keys(one)) if (!(key in s)) expect(one[key], key).toBeUndefined();
    }
  });

  test('every situation of every ruleset has the same keys in the same order', () => {
    const orders = new Set(all.flat().map((s) => Object.keys(shaped(s)).join(',')));
    expect(orders.size).toBe(1);
    // ...where the adapters' own objects differ (the reason for the copy).
    expect(new Set(all.flat().map((s) => Object.keys(s).join(','))).size).toBeGreaterThan(1);
  });
});
