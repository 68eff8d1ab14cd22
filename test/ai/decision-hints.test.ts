/**
 * Hints for every decision the rules ask of a side (issue 23: "plans cover every legal command
 * kind"): before, a doom2016 press, demon card, next demon, summon, status phase, respawn or
 * displacement and a doom2004 re-roll, guard interrupt or respawn got no plan ("No hint for this
 * position" in the element, 422 from the API). Random games (a random kind of command, then one of
 * that kind, so that rare kinds come up) are walked, and at each decision the top plan's commands
 * must all be accepted by the rules. The plans' numbers are checked where they are exact.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, Game, type Command, type GameState } from '../../src/rules/index.ts';
import { rulesetModule } from '../../src/rules/registry.ts';
import type { Doom2016State } from '../../src/rules/doom2016/types.ts';
import type { D4State } from '../../src/rules/doom2004/state.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { seedRng } from '../../src/rules/rng.ts';
import { hints } from '../../src/ai/hints/index.ts';
import { nextStep, plannerPolicy } from '../../src/ai/autopilot/index.ts';
import { sidesOf } from '../../src/ai/autopilot/sides.ts';
import { diceToReroll } from '../../src/ai/odds/doom2004.ts';
import { RESPAWN_LOOKED_AT } from '../../src/ai/hints/doom2004-choices.ts';
import { doom2004SpecOf } from '../../src/ai/odds/doom2004-state.ts';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json';
import skirmish from '../../src/scenario/bundled/doom2004-skirmish.json';

beforeAll(async () => {
  await loadCore();
});

function lcg(seed: number) {
  let t = seed >>> 0;
  return () => ((t = (Math.imul(t, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** What the rules wait for, by the kinds of the legal commands (the activation's own kinds as one). */
function decisionOf(s: GameState, legal: Command[]): string {
  const kinds = new Set(legal.map((c) => c.type));
  if (s.ruleset === 'doom2004' && !(s as D4State).pending && (s as D4State).window) return 'guard-window';
  for (const k of ['press', 'defend', 'summon', 'status', 'activate-demons', 'activate-demon', 'respawn', 'place-displaced', 'reroll']) if (kinds.has(k)) return k;
  return 'activation';
}

interface Seen { state: GameState; decision: string }

/**
 * States of seeded games, every decision but the activation's moves (one in 25 of those): random
 * games (a random kind, then a random command of it: rare kinds come up) and, for the decisions
 * random play seldom reaches (a door opened and its summon, a marine killed and respawning), the
 * autopilot on both sides.
 */
function randomDecisions(scenario: Scenario, seeds: number[], commands: number, autopilot = false): Seen[] {
  const out: Seen[] = [];
  for (const seed of seeds) {
    const g = createGame(scenario, { seed }) as Game<GameState>;
    const r = lcg(seed);
    const policies = Object.fromEntries(sidesOf(g.state).map((side) => [side, plannerPolicy({ search: null })]));
    for (let n = 0; n < commands && g.state.winner === null; n++) {
      if (autopilot) {
        const legal = g.legalActions();
        const decision = decisionOf(g.state, legal);
        if (decision !== 'activation' || n % 25 === 0) out.push({ state: g.state, decision });
        const step = nextStep(g, policies, Infinity);
        if (!step || !g.apply(step.command).ok) break;
        continue;
      }
      const legal = g.legalActions();
      if (!legal.length) break;
      const decision = decisionOf(g.state, legal);
      if (decision !== 'activation' || n % 25 === 0) out.push({ state: g.state, decision });
      const kinds = [...new Set(legal.map((c) => c.type))];
      const ofKind = legal.filter((c) => c.type === kinds[Math.floor(r() * kinds.length)]);
      if (!g.apply(ofKind[Math.floor(r() * ofKind.length)]).ok) break;
    }
  }
  return out;
}

/** Whether the rules accept every command of `commands`, in order, on a copy of `state`. */
function playable(state: GameState, commands: Command[]): string | null {
  const copy = new Game(rulesetModule(state.ruleset)!.rules as never, state) as Game<GameState>;
  for (const c of commands) {
    const r = copy.apply(c);
    if (!r.ok) return `${JSON.stringify(c)}: ${r.refusal.message}`;
  }
  return null;
}

describe.each([
  ['doom2016 tutorial', tutorial as unknown as Scenario, ['press', 'defend', 'summon', 'status', 'activate-demons', 'activate-demon', 'respawn']],
  ['doom2004 skirmish', skirmish as unknown as Scenario, ['reroll', 'guard-window', 'respawn']],
] as const)('%s: every decision gets a hint the rules accept', (_name, scenario, kinds) => {
  test(`random games: each decision's top plan is played in full (seen: ${kinds.join(', ')})`, () => {
    const seen = [...randomDecisions(scenario, [1, 2, 3, 4, 5, 6, 7, 8], 400), ...randomDecisions(scenario, [1, 2, 3], 1500, true)];
    const counts: Record<string, number> = {};
    for (const { state, decision } of seen) {
      const plans = hints(state, undefined, { limit: 3, search: false });
      const at = `${decision} in round ${state.round}`;
      expect(plans.length, at).toBeGreaterThan(0);
      expect(playable(state, plans[0].commands), `${at}: ${plans[0].reason}`).toBe(null);
      expect(plans[0].reason.length, at).toBeGreaterThan(10);
      for (let i = 1; i < plans.length; i++) expect(plans[i - 1].score, at).toBeGreaterThanOrEqual(plans[i].score);
      if (decision === 'guard-window') {
        // One plan per guard attack the rules list (but on a marine's space), and passing.
        const key = (c: Command) => JSON.stringify(c);
        const s = state as D4State;
        const onMarine = (c: Command) => {
          const t = c.target as { x: number; y: number } | undefined;
          return !!t && s.figures.some((f) => f.marine && t.x >= f.x && t.x < f.x + f.w && t.y >= f.y && t.y < f.y + f.h);
        };
        const legal = new Game(rulesetModule(state.ruleset)!.rules as never, state).legalActions().filter((c) => (c.type === 'guard-attack' && !onMarine(c)) || c.type === 'pass');
        expect(hints(state, undefined, { limit: 500 }).map((p) => key(p.commands[0])).sort(), at).toEqual(legal.map(key).sort());
      }
      if (decision === 'respawn' && state.ruleset === 'doom2004') {
        // RESPAWN_LOOKED_AT spaces looked at (of up to 80), from the nearest to an enemy to the farthest.
        const respawns = new Game(rulesetModule(state.ruleset)!.rules as never, state).legalActions().filter((c) => c.type === 'respawn');
        const fragged = respawns[0].figure as string;
        const spaces = respawns.filter((c) => c.figure === fragged);
        const all = hints(state, fragged, { limit: 100 });
        expect(all.length, at).toBe(Math.min(RESPAWN_LOOKED_AT, spaces.length));
        expect(new Set(all.map((p) => JSON.stringify(p.commands[0]))).size, at).toBe(all.length);
      }
      counts[decision] = (counts[decision] ?? 0) + 1;
    }
    for (const k of kinds) expect(counts[k] ?? 0, `${k} seen (${JSON.stringify(counts)})`).toBeGreaterThan(0);
  }, 120_000);
});

describe('the numbers of the decisions\' plans', () => {
  test('doom2016 press: each card\'s expected damage is the engine\'s (fresh dice for the extra die), no card its exact damage', () => {
    const presses = randomDecisions(tutorial as unknown as Scenario, [1, 2, 3, 4, 5, 6], 400).filter((x) => x.decision === 'press').slice(0, 6);
    expect(presses.length).toBeGreaterThan(2);
    const rules = rulesetModule('doom2016')!.rules;
    let compared = 0;
    for (const { state } of presses) {
      const plans = hints(state, undefined, { limit: 10 });
      // "Play no card" is always a plan; a card is only when it can change the damage (not into a dodge).
      const none = plans.find((p) => !(p.commands[0].play as string[]).length)!;
      expect(none.reason).toMatch(/^Play no card: /);
      for (const p of plans) if (p !== none) expect(p.odds!.damage, p.reason).not.toEqual(none.odds!.damage);
      for (const plan of plans) {
        const trials = 400;
        let sum = 0;
        let sq = 0;
        for (let i = 0; i < trials; i++) {
          const copy = structuredClone(state) as Doom2016State;
          copy.rng = seedRng(1000 + i);
          const events = rules.apply(copy as never, structuredClone(plan.commands[0])) as { type: string; damage?: number }[];
          const d = events.find((e) => e.type === 'attack-resolved')!.damage!;
          sum += d;
          sq += d * d;
        }
        const mean = sum / trials;
        const se = Math.sqrt(Math.max(1e-9, sq / trials - mean * mean) / trials);
        expect(Math.abs(mean - plan.odds!.expected), plan.reason).toBeLessThanOrEqual(4 * se + 1e-9);
        if (!(plan.commands[0].play as string[]).length) expect(mean, plan.reason).toBe(plan.odds!.expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(presses.length);
  });

  test('doom2004 re-roll: the top plan re-rolls the dice the odds and the autopilot choose', () => {
    const rerolls = randomDecisions(skirmish as unknown as Scenario, [1, 2, 3, 4, 5, 6, 7, 8], 400).filter((x) => x.decision === 'reroll');
    expect(rerolls.length).toBeGreaterThan(0);
    for (const { state } of rerolls) {
      const s = state as D4State;
      const p = s.pending!;
      const f = s.figures.find((g) => g.id === p.attack.attacker)!;
      const spec = doom2004SpecOf(s, f, p.attack.weapon, p.attack.target, { range: p.attack.range, aimed: p.stage === 'aim' });
      const plans = hints(s);
      expect(plans[0].commands[0]).toEqual({ type: 'reroll', figure: p.by, dice: diceToReroll({ ...spec, reroll: p.stage }, p.faces) });
      expect(plans[0].reason).toMatch(/^Re-roll /);
    }
  });

  test('doom2016 status: argent goes onto a face-up card whose demons need it; with none needed, the hand is kept', () => {
    const statuses = randomDecisions(tutorial as unknown as Scenario, [1, 2], 200).filter((x) => x.decision === 'status');
    expect(statuses.length).toBeGreaterThan(0);
    const s = statuses[0].state as Doom2016State;
    expect(hints(s)[0].reason).toBe('Keep the hand (no argent)');
    // The same state in a mission with argent abilities, a face-up card of demons with one, and no argent on it.
    const found = Object.keys(s.data.units).find((k) => (s.data.units[k].abilities ?? []).some((a) => a.argent) && s.figures.some((f) => f.type === k));
    // The tutorial's imps have one (charged fireball), and the invader holds cards in the status phase.
    expect(found).toBe('imp');
    const type = found!;
    expect(s.invader.hand.length).toBeGreaterThan(0);
    const needy = structuredClone(s);
    needy.mission = { ...needy.mission, argentAbilities: true };
    needy.demonCards[type] = { ...needy.demonCards[type], faceUp: true, argent: 0 };
    const top = hints(needy)[0];
    expect(top.commands[0]).toMatchObject({ type: 'status', onto: type });
    expect(top.reason).toMatch(/argent ability needs one/);
  });
});
