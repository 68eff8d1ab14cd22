/**
 * Hints (src/ai/hints): ranked plans with exact odds, exposure and a reason; every plan's commands
 * are legal in the real engine, in order; the odds are those of the odds module in the position the
 * plan reaches; deterministic; anytime.
 */
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type Game, type GameState } from '../../src/rules/index.ts';
import type { Doom2016State } from '../../src/rules/doom2016/types.ts';
import { boardOf } from '../../src/rules/doom2016/state.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import type { RulesetEngine } from '../../src/rules/types.ts';
import { hints, type Plan } from '../../src/ai/hints/index.ts';
import { doom2016AttackOdds } from '../../src/ai/odds/index.ts';
import { inActivation, bigScenario } from '../../bench/ai-scenarios.ts';
import d20Skirmish from '../../src/scenario/bundled/d20-skirmish.json';
import { boardOf as boardOf20, type D20State } from '../../src/rules/d20/state.ts';

beforeAll(async () => {
  await loadCore();
});

const DATA_2016 = {
  units: 'doom2016/sample-units', dice: 'doom2016/dice', actionCards: 'doom2016/sample-action-cards', eventCards: 'doom2016/sample-event-cards',
  invasionCards: 'doom2016/sample-invasion-cards', gloryKillCards: 'doom2016/sample-glory-kill-cards', squadCards: 'doom2016/sample-squad-cards', classCards: 'doom2016/sample-class-cards',
};

function game2016(map: string[], figures: object[], edges: object[] = []): Game<Doom2016State> {
  return createGame<Doom2016State>({ ruleset: 'doom2016', map, edges, figures, sides: ['marines', 'invader'], data: DATA_2016, mission: { summon: 'never' } } as unknown as Scenario, { seed: 5 });
}

/** Put a game into `id`'s activation by replaying commands is slow; the state is plain data, so set it. */
function stateIn(g: Game<Doom2016State>, id: string, tweak?: (s: Doom2016State) => void): Doom2016State {
  const s = inActivation(g.state, id);
  tweak?.(s);
  return s;
}

/** Apply a plan's commands to a game built from `state` through the engine's own `apply`. */
async function playPlan<S extends GameState>(state: S, plan: Plan) {
  const { rulesetModule } = await import('../../src/rules/registry.ts');
  const rules = rulesetModule(state.ruleset as never)!.rules as unknown as RulesetEngine<S>;
  const s = rules.clone ? rules.clone(state) : structuredClone(state);
  const before = rules.clone ? rules.clone(s) : structuredClone(s);
  for (const c of plan.commands.slice(0, -1)) {
    const r = rules.apply(s, c);
    expect(Array.isArray(r), `${JSON.stringify(c)}: ${JSON.stringify(r)}`).toBe(true);
  }
  return { rules, s, before };
}

describe('doom2016', () => {
  const M = (id: string, x: number, y: number) => ({ id, side: 'marines', type: 'marine', x, y });
  const D = (id: string, type: string, x: number, y: number) => ({ id, side: 'invader', type, x, y });

  test('the imp goes for the wounded marine it can kill, and the plan is legal with the odds it states', async () => {
    const g = game2016(['..........', '..........', '..........', '..........'], [M('alpha', 0, 0), M('bravo', 0, 3), D('imp', 'imp', 7, 2)]);
    const s = stateIn(g, 'imp', (x) => { x.figures.find((f) => f.id === 'bravo')!.damage = 9; });
    const plans = hints(s, undefined, { budgetMs: Infinity });
    expect(plans.length).toBeGreaterThan(1);
    const top = plans[0];
    expect(top.target).toBe('bravo');
    expect(top.exact).toBe(true);
    expect(top.reason).toMatch(/^Imp: (move to [A-J][1-4], )?attack Bravo: /);
    for (let i = 1; i < plans.length; i++) expect(plans[i - 1].score).toBeGreaterThanOrEqual(plans[i].score);
    // Legal in the engine, and its odds are the odds module's in the position after the move.
    const { rules, s: after } = await playPlan(s, top);
    const b = boardOf(after);
    const sight = b.sight(b.figureIndex('imp'), b.figureIndex('bravo'));
    // (seen by the invader: bravo's hand is not its to know)
    const want = doom2016AttackOdds(after, after.figures.find((f) => f.id === 'imp')!, after.figures.find((f) => f.id === 'bravo')!, { cover: sight.cover, viewer: 'invader' });
    expect(top.odds!.kill).toBeCloseTo(want.kill, 12);
    expect(top.odds!.expected).toBeCloseTo(want.expected, 12);
    expect(Array.isArray(rules.apply(after, top.commands.at(-1)!))).toBe(true);
  });

  test('exposure names who can attack the destination; a wall hides it', () => {
    // Marine at (0,1) behind a wall segment on x=2 (rows 0..3): the imp at (5,1) cannot see behind it.
    const g = game2016(['........', '........', '........', '........'], [M('alpha', 0, 1), D('imp', 'imp', 5, 1)], [{ from: [2, 0], to: [2, 4], kind: 'wall' }]);
    const s = stateIn(g, 'alpha', (x) => { x.marines.alpha.hand = ['uac-dash']; });
    const plans = hints(s, undefined, { budgetMs: Infinity, limit: 50 });
    // No attack is possible through the wall: every plan is a move, and one that stays behind the wall is safe.
    expect(plans.every((p) => p.target === null)).toBe(true);
    const safe = plans.filter((p) => p.exposure.attackers.length === 0);
    expect(safe.length).toBeGreaterThan(0);
    for (const p of safe) expect(p.to === null || p.to.x < 2).toBe(true);
    expect(plans[0].exposure.attackers.length).toBe(0);
  });

  test('deterministic for a state, whatever the budget; the estimates alone still answer, unrefined plans say so', () => {
    const s = inActivation(createGame<Doom2016State>(bigScenario('doom2016'), { seed: 1 }).state, 'd1');
    const a = hints(s, undefined, { budgetMs: Infinity });
    const b = hints(structuredClone(s), undefined, { budgetMs: 0 });
    expect(a).toEqual(b);
    const quick = hints(s, undefined, { refine: false });
    expect(quick.length).toBeGreaterThan(0);
    expect(quick.some((p) => !p.exact) || quick.every((p) => p.target === null)).toBe(true);
  });

  test('odds never peek at the hand the side asking cannot see (a dodge left on the invader\'s deck does not hide an attack)', () => {
    // The invader's deck holds one card, a dodge against a cacodemon; its hand (hidden from the
    // marines) three plain cards. Read from the real deck every attack showed 0%, the marine never
    // attacked, and the dodge never left the deck (the tutorial's last cacodemons were never shot).
    const g = game2016(['........', '........'], [M('alpha', 0, 0), D('caco', 'cacodemon', 3, 0)]);
    const s = stateIn(g, 'alpha', (x) => {
      x.marines.alpha.hand = ['har-burst'];
      const cards = Object.keys(x.data.eventCards);
      const dodge = cards.find((k) => x.data.eventCards[k].defense.dodge)!;
      const plain = cards.filter((k) => { const d = x.data.eventCards[k].defense; return !d.dodge && !d.special; }).slice(0, 3);
      x.invader.deck = [dodge];
      x.invader.hand = plain;
      x.invader.discard = cards.filter((k) => k !== dodge && !plain.includes(k));
    });
    const plans = hints(s, undefined, { budgetMs: Infinity, limit: 50 });
    const attack = plans.find((p) => p.target === 'caco')!;
    expect(attack.odds!.hit).toBeGreaterThan(0.3);
    expect(plans[0].target).toBe('caco');
    // The invader's own view of its deck is the real one: the same attack is 0% for it.
    const marine = s.figures.find((f) => f.id === 'alpha')!;
    const caco = s.figures.find((f) => f.id === 'caco')!;
    expect(doom2016AttackOdds(s, marine, caco, { dice: ['red', 'red', 'red'], cover: false, viewer: 'invader' }).hit).toBe(0);
    expect(doom2016AttackOdds(s, marine, caco, { dice: ['red', 'red', 'red'], cover: false, viewer: 'marines' }).hit).toBeCloseTo(attack.odds!.hit, 12);
  });

  test('the invader\'s hints do not give away a marine\'s hidden hand: the same cards split otherwise between hand and deck, the same hints', () => {
    const g = game2016(['..........', '..........', '..........'], [M('alpha', 0, 1), D('imp', 'imp', 8, 1)]);
    const withHand = (hand: string[]) => stateIn(g, 'imp', (x) => {
      const m = x.marines.alpha;
      const all = [...m.hand, ...m.deck];
      for (const k of hand) all.splice(all.indexOf(k), 1);
      m.hand = [...hand];
      m.deck = all;
    });
    const strong = hints(withHand(['har-burst', 'uac-steady-aim', 'shotgun-blast']), undefined, { budgetMs: Infinity, limit: 20 });
    const weak = hints(withHand(['uac-dash', 'uac-armor', 'har-reload']), undefined, { budgetMs: Infinity, limit: 20 });
    expect(strong.length).toBeGreaterThan(1);
    expect(weak).toEqual(strong);
    // The marine is still a threat to the imp: a move into its reach says so.
    expect(strong.some((p) => p.exposure.attackers.some((a) => a.id === 'alpha'))).toBe(true);
  });

  test('nobody to hint: another figure; the status phase is the invader\'s whole side\'s', () => {
    const g = game2016(['....'], [M('alpha', 0, 0), D('imp', 'imp', 3, 0)]);
    // The status phase (argent for the demon cards): the invader's decision, named by its side.
    expect(hints(g.state, 'alpha')).toEqual([]);
    // Here the imps have an argent ability and their card no argent: a card goes for one.
    const top = hints(g.state)[0];
    expect(top.figure).toBe('invader');
    expect(top.reason).toMatch(/^Discard .+ for argent onto the Imp card \(its demons' argent ability needs one\)$/);
    expect(hints(stateIn(g, 'imp'), 'alpha')).toEqual([]);
  });
  test('a figure that is not in the game is an error naming it, not an empty list that reads as "nothing to do"', () => {
    const g = game2016(['....'], [M('alpha', 0, 0), D('imp', 'imp', 3, 0)]);
    expect(() => hints(g.state, 'aplha')).toThrow('hints: no figure "aplha" in this game');
    expect(() => hints(stateIn(g, 'imp'), 'Imp')).toThrow('hints: no figure "Imp" in this game');
    // A dead marine is still in the game (it respawns): nothing to hint, no error.
    const dead = stateIn(g, 'imp', (s) => {
      s.figures = s.figures.filter((f) => f.id !== 'alpha');
      s.marines.alpha.dead = true;
    });
    expect(hints(dead, 'alpha')).toEqual([]);
  });
});

describe('doom2004 and d20', () => {
  test('doom2004: an invader plan (activate, move, attack) is legal, and its odds say what the engine resolves', async () => {
    const g = createGame(bigScenario('doom2004', 3, 12, 3), { seed: 2 });
    const s = g.state as GameState & { phase: string };
    s.phase = 'invaders';
    const plans = hints(s, undefined, { budgetMs: Infinity });
    const attack = plans.find((p) => p.target);
    expect(attack, JSON.stringify(plans.map((p) => p.reason))).toBeDefined();
    const { rules, s: after } = await playPlan(s, attack!);
    expect(Array.isArray(rules.apply(after, attack!.commands.at(-1)!))).toBe(true);
    expect(attack!.odds!.hit).toBeGreaterThan(0);
  });

  test('d20: a plan obeys the targeting rules (the engine accepts it)', async () => {
    const g = createGame(bigScenario('d20', 4, 12, 3), { seed: 2 });
    const plans = hints(g.state, undefined, { budgetMs: Infinity });
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.some((x) => x.exact && x.target)).toBe(true);
    for (const p of plans.filter((x) => x.exact)) {
      const { rules, s: after } = await playPlan(g.state, p);
      expect(Array.isArray(rules.apply(after, p.commands.at(-1)!)), p.reason).toBe(true);
    }
  });

  // A slow first call (a fresh worker compiling as it goes) must not answer with moves alone: past
  // 1.5 times the budget, plans are still verified, up to 4 times it, until one attack is.
  test('d20 skirmish: when the first exact check already overruns the budget, an attack plan is still verified', () => {
    const g = createGame(d20Skirmish as unknown as Scenario, { seed: 1 });
    expect(hints(g.state, undefined, { budgetMs: Infinity }).some((p) => p.target)).toBe(true);
    // The clock reads 0 while hints() starts (its own start, the budget it hands on, the planner's
    // start), then 2 ms: every exact check comes at 2 ms of a 1 ms budget, past 1.5 times it.
    let readings = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (++readings <= 3 ? 0 : 2));
    try {
      const plans = hints(g.state, undefined, { budgetMs: 1 });
      expect(plans.some((p) => p.target && p.exact)).toBe(true);
    } finally {
      clock.mockRestore();
    }
  });

  // The d20 plans start from the enemies' sight maps, whose cover is the enemy's view of the figure:
  // the cover rule (an enemy in cover only when it is the nearest in LOS, RULES §4) must be checked
  // again with the figure's own view from its destination.
  test('d20 skirmish: every plan plays, refined or the estimates alone (cover rule checked exactly)', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const g = createGame(d20Skirmish as unknown as Scenario, { seed });
      for (const refine of [true, false]) {
        const plans = hints(g.state, undefined, { refine });
        // The estimates alone keep only plans that need no exact check (moves), but some remain.
        expect(plans.length, `seed ${seed}`).toBeGreaterThan(0);
        expect(plans.some((p) => p.target), `seed ${seed}`).toBe(refine);
        for (const p of plans) {
          const { rules, s: after } = await playPlan(g.state, p);
          const r = rules.apply(after, p.commands.at(-1)!);
          expect(Array.isArray(r), `seed ${seed}, refined ${refine}: ${p.reason}: ${JSON.stringify(r)}`).toBe(true);
        }
      }
    }
  });
});

describe('d20 hints: exposure from the exact line of sight (RULES §4, issue 23)', () => {
  // A ranged enemy attacks "now" (in full) exactly where the engine gives it a line of sight to the
  // figure standing at the plan's destination; elsewhere only after moving (half weight). Before,
  // the d20 maps took every reachable space for seen, so cover and walls never lowered exposure.
  test('a ranged enemy counts as attacking from where it stands exactly where it has LOS to the destination of a move', () => {
    const seenAndHidden = [0, 0];
    const games = [
      createGame<D20State>(d20Skirmish as unknown as Scenario, { seed: 1 }),
      ...[4, 5, 6].map((seed) => createGame<D20State>(bigScenario('d20', seed, 12, 3), { seed })),
    ];
    for (const g of games) {
      for (const f of g.state.figures) {
        const s = { ...g.state, side: g.state.sides.indexOf(f.side) } as D20State;
        // Plain moves only: an attack's exposure is that of the place it steps back to afterwards.
        const plans = hints(s, f.id, { budgetMs: Infinity, limit: 60 }).filter((p) => !p.target);
        for (const p of plans) {
          const board = boardOf20(s);
          const me = board.figureIndex(f.id);
          if (p.to) board.moveFigure(me, p.to.x, p.to.y);
          for (const e of s.figures.filter((x) => x.side !== f.side && !(s.units[x.type].abilities ?? []).includes('melee'))) {
            const los = board.sight(board.figureIndex(e.id), me).los;
            const a = p.exposure.attackers.find((x) => x.id === e.id);
            expect(a?.now ?? false, `${f.id} ${p.reason}: ${e.id}`).toBe(los);
            seenAndHidden[los ? 0 : 1]++;
          }
        }
      }
    }
    // Both kinds of destination were met (walls and crates hide some).
    expect(seenAndHidden[0]).toBeGreaterThan(0);
    expect(seenAndHidden[1]).toBeGreaterThan(0);
  });
});

describe('hints: the default caution is the one the autopilot plays at (issue 23)', () => {
  // A player's d20 hints were weighed at 0.5 while the d20 autopilot plays at 2.5: bolder advice
  // than the autopilot would follow. Now both take the ruleset's default.
  test('d20: hints without a caution are the hints at 2.5, and 2.5 changes the advice somewhere', () => {
    let differs = 0;
    for (const seed of [1, 4, 5, 6]) {
      const g = createGame<D20State>(seed === 1 ? (d20Skirmish as unknown as Scenario) : bigScenario('d20', seed, 12, 3), { seed });
      for (const f of g.state.figures) {
        const s = { ...g.state, side: g.state.sides.indexOf(f.side) } as D20State;
        const plain = hints(s, f.id, { budgetMs: Infinity, limit: 5 });
        expect(plain).toEqual(hints(s, f.id, { budgetMs: Infinity, limit: 5, caution: 2.5 }));
        const bold = hints(s, f.id, { budgetMs: Infinity, limit: 5, caution: 0.5 });
        if (plain[0]?.reason !== bold[0]?.reason) differs++;
      }
    }
    expect(differs).toBeGreaterThan(0);
  });

  test('doom2016: hints without a caution are the hints at 0.25', () => {
    const g = game2016(['........', '........'], [
      { id: 'm', side: 'marines', type: 'marine', x: 0, y: 0 },
      { id: 'imp', side: 'invader', type: 'imp', x: 5, y: 1 },
    ]);
    const s = stateIn(g, 'm');
    const plain = hints(s, 'm', { budgetMs: Infinity });
    expect(plain.length).toBeGreaterThan(0);
    expect(plain).toEqual(hints(s, 'm', { budgetMs: Infinity, caution: 0.25 }));
  });
});

describe('d20 hints: adjacent means adjacent for movement (RULES §4, issue 22)', () => {
  test('an enemy touching only across a wall does not force the attack: the other enemy may be attacked from where the figure stands', () => {
    // The trooper at (0,0); rebel-a at (1,0) behind the wall x=1 (touching, not adjacent); rebel-b at (3,1) in sight, not in cover.
    const g = createGame({
      ruleset: 'd20', map: ['.....', '.....'], edges: [{ from: [1, 0], to: [1, 1], kind: 'wall' }],
      figures: [
        { id: 'trooper', side: 'empire', type: 'trooper', x: 0, y: 0 },
        { id: 'rebel-a', side: 'alliance', type: 'trooper', x: 1, y: 0 },
        { id: 'rebel-b', side: 'alliance', type: 'trooper', x: 3, y: 1 },
      ],
      sides: ['empire', 'alliance'], data: { units: 'd20/sample-units' },
    } as unknown as Scenario, { seed: 3 });
    expect(g.apply({ type: 'activate', figure: 'trooper' }).ok).toBe(true);
    // The engine agrees: rebel-b may be attacked at once.
    expect(g.legalActions()).toContainEqual({ type: 'attack', figure: 'trooper', target: 'rebel-b' });
    const plans = hints(g.state, undefined, { budgetMs: Infinity, limit: 20 });
    const standing = plans.filter((p) => p.target === 'rebel-b' && !p.commands.some((c) => c.type === 'move'));
    expect(standing.length, JSON.stringify(plans.map((p) => p.commands))).toBeGreaterThan(0);
  });
});
