/**
 * The AI pieces for <doom-board> (components/ai): odds labels on targets, the hint provider, plan
 * arrows and the autopilot driver over a GameClient, in Node with the in-page engine.
 */
import { beforeAll, expect, test } from 'vitest';
import { InPageEngine } from '../../components/engine-client.ts';
import { aiHintProvider, hintText, ASKED_PER_SHOWN, type AiHint } from '../../components/ai/hint-provider.ts';
import { distinctPlans } from '../../src/ai/hints/distinct.ts';
import type { Plan } from '../../src/ai/hints/plan.ts';
import { hints } from '../../src/ai/hints/index.ts';
import { inPageAi, type Ai } from '../../src/ai/protocol.ts';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json';
import { formatOdds, oddsInWords, targetOdds } from '../../components/ai/odds-format.ts';
import { planArrowsLayer } from '../../components/ai/plan-arrows.ts';
import { AutopilotDriver } from '../../components/ai/autopilot-driver.ts';
import { shadowState } from '../../components/ai/shadow-game.ts';
import { greedyPolicy, sideOfCommand } from '../../src/ai/autopilot/index.ts';
import { doom2016AttackOdds } from '../../src/ai/odds/index.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type Game, type GameState } from '../../src/rules/index.ts';
import { boardOf } from '../../src/rules/doom2016/state.ts';
import type { Doom2016State } from '../../src/rules/doom2016/types.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { bigScenario, inActivation } from '../../bench/ai-scenarios.ts';
import d20 from '../../src/scenario/bundled/d20-skirmish.json';
import skirmish from '../../src/scenario/bundled/doom2004-skirmish.json';
import type { Command } from '../../src/rules/types.ts';

beforeAll(async () => {
  await loadCore();
});

test('odds labels', () => {
  expect(formatOdds({ hit: 0.62, expected: 1.44, kill: 0.3, damage: [] })).toBe('62% hit · 1.4 dmg · 30% kill');
  expect(formatOdds({ hit: 0.999, expected: 2, kill: 0.001, damage: [] }, 'doom2004')).toBe('>99% hit · 2.0 wounds · <1% kill');
});

test('target odds: the exact odds of each attack from where the figure stands', () => {
  const s = inActivation(createGame<Doom2016State>(bigScenario('doom2016', 2, 12, 3), { seed: 1 }).state, 'd1');
  const me = s.figures.find((f) => f.id === 'd1')!;
  const got = targetOdds(s);
  const b = boardOf(s);
  const visible = s.figures.filter((t) => {
    if (t.side === me.side) return false;
    const v = b.sight(b.figureIndex(me.id), b.figureIndex(t.id));
    return v.los && v.range >= 0 && v.range <= s.data.units[me.type].attack!.range;
  });
  expect(got.map((x) => x.target).sort()).toEqual(visible.map((t) => t.id).sort());
  for (const x of got) {
    const t = s.figures.find((f) => f.id === x.target)!;
    const want = doom2016AttackOdds(s, me, t, { cover: b.sight(b.figureIndex(me.id), b.figureIndex(t.id)).cover, viewer: me.side });
    expect(x.odds.expected).toBeCloseTo(want.expected, 12);
    expect(x.label).toBe(formatOdds(want, 'doom2016'));
  }
});

test('target odds in words name the cards the odds leave out, where the side asking may face one (doom2016)', () => {
  const s = inActivation(createGame<Doom2016State>(bigScenario('doom2016', 2, 12, 3), { seed: 1 }).state, 'd1');
  // The demon's own "while attacking" card (the invader sees its hand), no Armor a marine may hold.
  s.invader.hand = ['overwhelming-1'];
  for (const m of Object.values(s.marines)) for (const pile of [m.hand, m.deck]) pile.splice(0, pile.length, ...pile.filter((k) => k !== 'uac-armor'));
  const got = targetOdds(s);
  expect(got.length).toBeGreaterThan(0);
  for (const x of got) {
    expect(x.unplayed).toBe('before the invader\'s "while attacking" cards');
    expect(oddsInWords(x, 'Marine', 'doom2016')).toMatch(/^Marine with .+: \d+% to hit, \d+\.\d\d damage expected, \d+% to kill \(before the invader's "while attacking" cards\)$/);
  }
  s.invader.hand = ['overwhelming-2'];
  for (const x of targetOdds(s)) {
    expect(x.unplayed).toBeUndefined();
    expect(oddsInWords(x, 'Marine', 'doom2016')).toMatch(/to kill$/);
  }
});

test('the Hint says what the odds leave out once, under the plans, when two or more share it (it filled a phone screen three times over)', () => {
  const note = 'before any "while defending" card the invader may play';
  const text = hintText([
    `Attack imp-1 with Burst Fire: 71% to hit, 1.7 damage expected, 29% to kill (${note}); 2 enemies can attack there (≈0.9 damage)`,
    `Move to (3,3) and attack soldier-1 with Advance: 40% to hit, 0.5 damage expected, 0% to kill (${note}); no enemy can attack there next`,
    'Stay, without attacking; no enemy can attack there next',
  ]);
  expect(text.split('\n')).toEqual([
    '1. Attack imp-1 with Burst Fire: 71% to hit, 1.7 damage expected, 29% to kill; 2 enemies can attack there (≈0.9 damage)',
    '2. Move to (3,3) and attack soldier-1 with Advance: 40% to hit, 0.5 damage expected, 0% to kill; no enemy can attack there next',
    '3. Stay, without attacking; no enemy can attack there next',
    `The odds are ${note}.`,
  ]);
  // A note only one plan has stays on its line.
  const one = [`Attack imp-1: 71% to hit (${note}); no enemy can attack there next`, 'Stay, without attacking; no enemy can attack there next'];
  expect(hintText(one)).toBe(`1. ${one[0]}\n2. ${one[1]}`);
});

test('hint provider and plan arrows over a GameClient', async () => {
  const engine = new InPageEngine();
  const scenario = engine.validate(d20);
  const client = await engine.createGame(scenario, 3);
  const provider = aiHintProvider({ state: shadowState(client, scenario, 3), budgetMs: Infinity });
  const view = await client.view();
  const hint = (await provider({ view, selected: null, legalActions: await client.legalActions() })) as AiHint;
  expect(hint.plans.length).toBeGreaterThan(0);
  expect(hint.plans.length).toBeLessThanOrEqual(3);
  expect(hint.text.split('\n')[0]).toMatch(/^1\. /);
  expect(hint.cells).toEqual(hint.plans.flatMap((p) => (p.to ? [{ x: p.to.x, y: p.to.y }] : [])));
  const layer = planArrowsLayer(hint.plans, view.figures, 'd20');
  expect(layer).not.toBeNull();
  expect(JSON.stringify(layer!.values)).toContain(hint.plans[0].figure);
  expect(planArrowsLayer([], view.figures)).toBeNull();
  // A doom2016 defense choice draws no arrow (it names the attacker as its target, but attacks nothing).
  expect(planArrowsLayer([{ ...hint.plans[0], option: 'defend', to: null }], view.figures)).toBeNull();
});

test('a decision the worker cannot plan (it carries only the doom2016 rules) is planned in the page', async () => {
  const engine = new InPageEngine();
  const scenario = engine.validate(d20);
  const client = await engine.createGame(scenario, 3);
  const view = await client.view();
  const context = { view, selected: null, legalActions: await client.legalActions() };
  const page = inPageAi();
  const asked: string[] = [];
  const none: Ai = { ...page, hints: async () => { asked.push('worker'); return []; } };
  const inPage: Ai = { ...page, hints: async (...a) => { asked.push('page'); return page.hints(...a); } };
  const hint = (await aiHintProvider({ state: shadowState(client, scenario, 3), ai: none, page: inPage })(context)) as AiHint;
  expect(asked).toEqual(['worker', 'page']);
  expect(hint.plans.length).toBeGreaterThan(0);
  // Without the page's help: no hint.
  expect(await aiHintProvider({ state: shadowState(client, scenario, 3), ai: none })(context)).toBeNull();
});

test('the hint shows different choices: the best plan, then the best of each other attack or move, then the next best', async () => {
  const engine = new InPageEngine();
  const scenario = engine.validate(tutorial);
  const client = await engine.createGame(scenario, 1);
  // Play to the first marine activation (greedy on both sides).
  for (let i = 0; i < 40; i++) {
    const view = await client.view();
    if (view.active && ['alpha', 'bravo', 'charlie', 'delta'].includes(view.active)) break;
    const legal = await client.legalActions();
    const state = await shadowState(client, scenario, 1)();
    const side = sideOfCommand(state, legal[0]);
    await client.apply(greedyPolicy().choose({ state, side, legal: legal.filter((c) => sideOfCommand(state, c) === side), budgetMs: 40 }));
  }
  const state = await shadowState(client, scenario, 1)();
  const all = hints(state, undefined, { budgetMs: 12, limit: 3 * ASKED_PER_SHOWN });
  const choice = (p: Plan) => (p.target ? `${p.option}>${p.target}` : JSON.stringify(p.commands.filter((c) => c.type !== 'move' && c.type !== 'end')));
  // The ranking itself offers the same attack from neighbouring spaces first.
  expect(new Set(all.slice(0, 3).map(choice)).size).toBeLessThan(3);
  const view = await client.view();
  const hint = (await aiHintProvider({ state: shadowState(client, scenario, 1) })({ view, selected: null, legalActions: await client.legalActions() })) as AiHint;
  expect(hint.plans).toHaveLength(3);
  expect(hint.plans[0].reason).toBe(all[0].reason);
  // The first of each choice, in rank order, as many as there are (up to 3); then the next best.
  const firsts = all.filter((p, i) => all.findIndex((q) => choice(q) === choice(p)) === i);
  expect(firsts.length).toBeGreaterThanOrEqual(2);
  const want = [...firsts.slice(0, 3), ...all.filter((p) => !firsts.slice(0, 3).includes(p))].slice(0, 3);
  expect(hint.plans.map((p) => p.reason)).toEqual(want.map((p) => p.reason));
  expect(new Set(hint.plans.map(choice)).size).toBe(Math.min(3, firsts.length));
  // Fewer choices than asked: the next best fill in.
  const two = distinctPlans(all, 2 + firsts.length);
  expect(two.slice(0, firsts.length)).toEqual(firsts);
  expect(two.slice(firsts.length)).toEqual(all.filter((p) => !firsts.includes(p)).slice(0, 2));
  expect(distinctPlans(all, 1)).toEqual([all[0]]);
  expect(distinctPlans(all, 0)).toEqual([]);
});

test('the autopilot driver plays a side through a GameClient; the shadow state follows undo', async () => {
  const engine = new InPageEngine();
  const scenario = engine.validate(d20) as Scenario;
  const client = await engine.createGame(scenario, 7);
  const driver = new AutopilotDriver(client, { side: 'empire', scenario, seed: 7, budgetMs: 4, delayMs: 0 });
  const shadow = shadowState(client, scenario, 7);
  driver.start();
  await driver.poke();
  const greedy = greedyPolicy();
  let mine = 0;
  for (let i = 0; i < 150 && (await client.view()).winner === null; i++) {
    const legal = await client.legalActions();
    const state = await shadow();
    const theirs = legal.filter((c) => sideOfCommand(state, c) === 'alliance');
    if (!theirs.length) break;
    expect((await client.apply(greedy.choose({ state, side: 'alliance', legal: theirs, budgetMs: 0 }))).ok).toBe(true);
    mine++;
    await driver.poke();
  }
  driver.stop();
  const history = await client.history();
  expect(mine).toBeGreaterThan(3);
  // The empire's commands came from the driver: the game has both sides' commands and replays.
  expect(history.length).toBeGreaterThan(mine);
  const replayed = (n: number) => {
    const g = createGame(scenario, { seed: 7 });
    for (const c of history.slice(0, n)) expect(g.apply(c).ok).toBe(true);
    return g.state;
  };
  expect(await shadow()).toEqual(replayed(history.length));
  await client.undo();
  expect(await shadow()).toEqual(replayed(history.length - 1));
});

test('the autopilot decides again when the other side acted while it thought (a doom2004 heal in the invaders\' turn)', async () => {
  const engine = new InPageEngine();
  const scenario = engine.validate(skirmish) as Scenario;
  // Find, by a fixed pseudo-random play of the engine, a position where the invaders decide while the
  // marines may heal; then play the same commands on a GameClient.
  let found: { seed: number; prefix: Command[]; heal: Command } | null = null;
  for (let seed = 1; seed <= 40 && !found; seed++) {
    const g = createGame(scenario, { seed }) as Game<GameState>;
    let r = seed;
    for (let i = 0; i < 600 && g.view().winner === null; i++) {
      const legal = g.legalActions();
      const heal = legal.find((c) => c.type === 'heal' && sideOfCommand(g.state, c) === 'marines');
      if (heal && legal.some((c) => sideOfCommand(g.state, c) === 'invaders')) {
        found = { seed, prefix: [...g.history], heal };
        break;
      }
      r = (r * 48271) % 2147483647;
      g.apply(legal[r % legal.length]);
    }
  }
  expect(found, 'a position where the marines may heal in the invaders\' turn').not.toBeNull();
  const { seed, prefix, heal } = found!;
  const client = await engine.createGame(scenario, seed);
  for (const c of prefix) expect((await client.apply(c)).ok).toBe(true);
  const asked: number[] = [];
  const ai: Ai = {
    hints: async () => [],
    decide: async (state, side, legal) => {
      asked.push((await client.history()).length);
      // The person heals while the autopilot thinks about the first position.
      if (asked.length === 1) expect((await client.apply(heal)).ok).toBe(true);
      return legal.find((c) => c.type === 'end' || c.type === 'end-turn') ?? legal[0];
    },
    reset: async () => undefined,
    terminate: () => undefined,
  };
  const driver = new AutopilotDriver(client, { side: 'invaders', scenario, seed, ai, delayMs: 0 });
  const shadow = shadowState(client, scenario, seed);
  const before = (await client.history()).length;
  driver.start();
  await driver.poke();
  driver.stop();
  const history = await client.history();
  // Its first decision was dropped; the second was made after the heal and is what was played.
  expect(asked.slice(0, 2)).toEqual([before, before + 1]);
  expect(history[before]).toEqual(heal);
  expect(sideOfCommand(await shadow(), history[before + 1])).toBe('invaders');
});
