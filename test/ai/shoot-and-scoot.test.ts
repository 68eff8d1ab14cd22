/**
 * Issue 23: a doom2016 marine may move after attacking (RULES §2.3: the MP of its cards are spent as
 * it likes, and bonus cards may be played after the attack), so an attack plan's exposure is where
 * it can step to afterwards, and the plan says where (`then`). A cacodemon (speed 3, range 4)
 * threatens 7 spaces; Burst Fire reaches 6, and Dash buys 2 more MP after the shot: the marine
 * shoots from 6 and ends at 8, out of reach. (Before, plans priced the attack's own space only,
 * and the marines stood where the cacodemons killed 32 of 36 of them in traced losses.)
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import type { GameState } from '../../src/rules/index.ts';
import { Game } from '../../src/rules/game.ts';
import { rulesetModule } from '../../src/rules/registry.ts';
import { hints } from '../../src/ai/hints/index.ts';
import { plannerPolicy, nextStep } from '../../src/ai/autopilot/index.ts';
import { AUTOPILOT_SEARCH, playedCommands } from '../../src/ai/autopilot/search.ts';
import { kitingGreedyPolicy } from '../../src/ai/autopilot/kiting.ts';
import type { Doom2016State } from '../../src/rules/doom2016/types.ts';
import { inActivation } from '../../bench/ai-scenarios.ts';
import { planArrowsLayer } from '../../components/ai/plan-arrows.ts';
import type { FigureView } from '../../src/rules/types.ts';
import { hallState } from './hall.ts';

beforeAll(async () => {
  await loadCore();
});

/** Alpha at (4,1) with `hand`, a cacodemon 8 spaces east: out of its reach now, in it at any space Burst Fire can shoot from. */
function hall(hand: string[]): Doom2016State {
  const s = hallState([
    { id: 'alpha', side: 'marines', type: 'marine', x: 4, y: 1 },
    { id: 'bravo', side: 'marines', type: 'marine', x: 0, y: 0 },
    { id: 'cacodemon-1', side: 'invader', type: 'cacodemon', x: 12, y: 1 },
  ]);
  s.doorsOpened = 1;
  s.marines.alpha.hand = hand;
  return inActivation(s, 'alpha');
}

/** A game from `s` through the rules engine (a copy: `s` stays as it is). */
const gameAt = (s: Doom2016State) => new Game(rulesetModule('doom2016')!.rules as never, structuredClone(s)) as Game<GameState>;

describe('shoot and scoot (doom2016 marines)', () => {
  test('with Dash in hand, the top plan shoots the cacodemon with Burst Fire and then plays Dash to step out of its reach', () => {
    const s = hall(['har-burst', 'uac-dash', 'uac-armor']);
    const [top] = hints(s, 'alpha', { budgetMs: Infinity });
    expect(top.target, top.reason).toBe('cacodemon-1');
    expect(top.option).toBe('har-burst');
    expect(top.then, top.reason).toBeDefined();
    // Burst Fire gives 2 MP, all spent reaching range 6 of the cacodemon: the step back needs Dash.
    expect(top.then!.commands.map((c) => c.type)).toEqual(['play', 'move']);
    expect(top.then!.commands[0].card).toBe('uac-dash');
    const to = top.then!.to;
    expect(Math.abs(to.x - 12)).toBeGreaterThan(7); // beyond the cacodemon's 3 MP + range 4
    // The exposure shown is the retreat's: nobody can attack there, and the reason says where and how.
    expect(top.exposure.attackers).toEqual([]);
    // Every click of the step back, the space as the board prints it.
    expect(top.reason).toContain(`; then play Dash, move to ${String.fromCharCode(65 + to.x)}${to.y + 1};`);
    expect(top.reason).toMatch(/no enemy can attack there next$/);
    // The commands play in the engine as planned, and the marine ends where the plan says.
    const g = gameAt(s);
    for (const c of top.commands) expect(g.apply(c).ok, JSON.stringify(c)).toBe(true);
    // The attack's questions (the defense card, the cards "while attacking"): the rules' first answers.
    while ((g.state as Doom2016State).pending) expect(g.apply(g.legalActions()[0]).ok).toBe(true);
    for (const c of top.then!.commands) expect(g.apply(c).ok, JSON.stringify(c)).toBe(true);
    const alpha = (g.state as Doom2016State).figures.find((f) => f.id === 'alpha')!;
    expect({ x: alpha.x, y: alpha.y }).toEqual({ x: to.x, y: to.y });
    // The search plays the plan out with the step back and the activation's end.
    expect(playedCommands(top).slice(-1)[0]).toEqual({ type: 'end', figure: 'alpha' });
  });

  test('without a card that gives MP the same shot has nowhere to go: its exposure is the space it shoots from', () => {
    const [shot] = hints(hall(['har-burst', 'uac-armor', 'uac-armor']), 'alpha', { budgetMs: Infinity, limit: 50 }).filter((p) => p.target === 'cacodemon-1');
    expect(shot).toBeDefined();
    expect(shot.then).toBeUndefined();
    expect(shot.exposure.attackers.map((a) => a.id)).toEqual(['cacodemon-1']);
  });

  test('the MP a card leaves after the attack are used without another card', () => {
    // The cacodemon 6 away: Burst Fire shoots from where the marine stands, and its 2 MP carry it back to 8 away.
    const s = hall(['har-burst', 'uac-armor', 'uac-armor']);
    const f = s.figures.find((x) => x.id === 'cacodemon-1')!;
    f.x = 10;
    const [top] = hints(s, 'alpha', { budgetMs: Infinity });
    expect(top.target, top.reason).toBe('cacodemon-1');
    expect(top.to).toBeNull();
    expect(top.then?.commands.map((c) => c.type)).toEqual(['move']);
    expect(Math.abs(top.then!.to.x - 10)).toBeGreaterThan(7);
    expect(top.exposure.attackers).toEqual([]);
  });

  test('the autopilot shoots and steps back: its activation ends out of the cacodemon\'s reach', () => {
    const g = gameAt(hall(['har-burst', 'uac-dash', 'uac-armor']));
    const policies = { marines: plannerPolicy(), invader: plannerPolicy() };
    const played: string[] = [];
    for (let n = 0; n < 20; n++) {
      const step = nextStep(g, policies, 40)!;
      played.push(step.command.type);
      expect(g.apply(step.command).ok).toBe(true);
      if (step.command.type === 'end') break;
    }
    expect(played).toContain('attack');
    expect(played.at(-1)).toBe('end');
    const s = g.state as Doom2016State;
    const alpha = s.figures.find((x) => x.id === 'alpha')!;
    // Burst Fire cannot kill it (3 red dice against 6 health and toughness 1).
    const caco = s.figures.find((x) => x.id === 'cacodemon-1')!;
    expect(Math.abs(alpha.x - caco.x), played.join(',')).toBeGreaterThan(7);
  });

  test('the element draws the step back as a dotted arrow from the attack\'s space, along its path', () => {
    const s = hall(['har-burst', 'uac-dash', 'uac-armor']);
    const [top] = hints(s, 'alpha', { budgetMs: Infinity });
    const figures = s.figures as unknown as FigureView[];
    const at = (q: { x: number; y: number }) => `${q.x * 32 + 16},${q.y * 32 + 16}`;
    const from = top.to ?? s.figures.find((f) => f.id === 'alpha')!;
    // Without the path (a straight arrow) and with it (space by space, as the board's path finder gives it).
    const straight = JSON.stringify(planArrowsLayer([top], figures, 'doom2016')!.values);
    expect(straight).toContain('plan-then');
    expect(straight).toContain(`${at(from)} ${at(top.then!.to)}`);
    const steps = [from, { x: (from.x + top.then!.to.x) / 2, y: 1 }, top.then!.to];
    const along = JSON.stringify(planArrowsLayer([top], figures, 'doom2016', 3, undefined, undefined, undefined, () => steps.map((q) => ({ ...q, o: 0 })))!.values);
    expect(along).toContain(steps.map(at).join(' '));
    // A plan with no step back draws none.
    expect(JSON.stringify(planArrowsLayer([{ ...top, then: undefined }], figures, 'doom2016')!.values)).not.toContain('plan-then');
  });

  test('the search\'s rollouts play the marines greedily, but stepping back after their card\'s attack (kiting.ts)', () => {
    expect(AUTOPILOT_SEARCH.own).toBe(kitingGreedyPolicy);
    const s = hall(['har-burst', 'uac-dash', 'uac-armor']);
    s.figures.find((x) => x.id === 'cacodemon-1')!.x = 9;
    const g = gameAt(s);
    const kite = kitingGreedyPolicy();
    const choose = () => kite.choose({ state: g.state, side: 'marines', legal: g.legalActions().filter((c) => c.figure === 'alpha'), budgetMs: 40 });
    // Greedy until the attack: play Burst Fire, attack the cacodemon (5 away, in range).
    const first = choose();
    expect(first).toEqual({ type: 'play', figure: 'alpha', card: 'har-burst' });
    expect(g.apply(first).ok).toBe(true);
    const shot = choose();
    expect(shot).toMatchObject({ type: 'attack', figure: 'alpha', target: 'cacodemon-1' });
    expect(g.apply(shot).ok).toBe(true);
    while ((g.state as Doom2016State).pending) expect(g.apply(g.legalActions()[0]).ok).toBe(true);
    // Then the farthest space its 2 MP reach (greedy would walk on towards the demon), and the end.
    const back = choose();
    expect(back).toMatchObject({ type: 'move', figure: 'alpha', to: { x: 2 } });
    expect(g.apply(back).ok).toBe(true);
    expect(choose()).toEqual({ type: 'end', figure: 'alpha' });
  });
});
