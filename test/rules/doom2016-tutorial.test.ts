/**
 * The bundled doom2016 tutorial (RULES §2.4 mission end) played to a win for each side by scripted
 * commands: a deterministic policy picks every command from legalActions, the other side stays
 * passive, and the recorded commands replay to the same end.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, replay, type Command, type Doom2016State, type Game } from '../../src/rules/index.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json' with { type: 'json' };

beforeAll(async () => {
  await loadCore();
});

const SCENARIO = tutorial as unknown as Scenario;
const SEED = 2016;
const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));

/** Commands that need no decision: status without discards, no second card, nothing played, first group, first teleporter. */
function chores(legal: Command[]): Command | undefined {
  return legal.find((c) => c.type === 'status' && !(c.discard as string[]).length)
    ?? legal.find((c) => (c.type === 'defend' && !c.reveal && !(c.play as string[]).length) || (c.type === 'press' && !(c.play as string[]).length))
    ?? legal.find((c) => c.type === 'summon' || c.type === 'respawn' || c.type === 'activate-demons' || c.type === 'activate-demon');
}

/** Attack if possible, else close in on the nearest enemy (or, for marines, on the door), else end. */
function aggressive(g: Game<Doom2016State>, legal: Command[], goal: (s: Doom2016State) => { x: number; y: number } | null): Command {
  const attack = legal.find((c) => c.type === 'attack');
  if (attack) return attack;
  const door = legal.find((c) => c.type === 'open-door');
  if (door) return door;
  const s = g.state;
  const a = s.active!;
  const me = s.figures.find((f) => f.id === (a.kind === 'marine' ? a.figure : a.figure))!;
  if (a.kind === 'marine' && !a.attack) {
    const withAttack = legal.find((c) => c.type === 'play' && s.data.actionCards[c.card as string].attack);
    if (withAttack) return withAttack;
  }
  const target = goal(s);
  if (target) {
    let best: Command | undefined;
    let bestD = dist(me, target);
    for (const c of legal.filter((c) => c.type === 'move')) {
      const d = dist(c.to as { x: number; y: number }, target);
      if (d < bestD) [best, bestD] = [c, d];
    }
    if (best) return best;
  }
  if (a.kind === 'marine' && !a.mainPlayed) {
    const play = legal.find((c) => c.type === 'play');
    if (play) return play;
  }
  return legal.find((c) => c.type === 'end')!;
}

function nearest(s: Doom2016State, from: { x: number; y: number }, side: string) {
  return s.figures.filter((f) => f.side === side).sort((a, b) => dist(from, a) - dist(from, b))[0] ?? null;
}

function play(script: (g: Game<Doom2016State>, legal: Command[]) => Command): Game<Doom2016State> {
  const g = createGame<Doom2016State>(SCENARIO, { seed: SEED });
  for (let n = 0; n < 5000 && g.state.winner === null; n++) {
    const legal = g.legalActions();
    const c = chores(legal) ?? script(g, legal);
    const r = g.apply(c);
    if (!r.ok) throw new Error(`scripted command refused: ${JSON.stringify(c)}: ${r.refusal.message}`);
  }
  return g;
}

describe('the doom2016 tutorial can be won by either side', () => {
  test('marines: kill the demons, open the door, kill what the portals summon', () => {
    const g = play((game, legal) => {
      const s = game.state;
      if (s.active?.kind === 'demons') return legal.find((c) => c.type === 'end')!;
      const me = s.figures.find((f) => f.id === (s.active as { figure: string }).figure)!;
      return aggressive(game, legal, (st) => nearest(st, me, 'invader') ?? (st.doorsOpened ? null : { x: 9, y: 3 }));
    });
    const s = g.state;
    expect(s.winner).toBe('marines');
    expect(s.doorsOpened).toBeGreaterThan(0);
    expect(s.figures.filter((f) => f.side === 'invader')).toEqual([]);
    const history = g.history;
    expect(history.filter((c) => c.type === 'summon')).toHaveLength(2); // both portals summoned
    expect(replay<Doom2016State>(SCENARIO, SEED, history).state).toEqual(s);
  });
  test('invader: kill two of the four marines', () => {
    const g = play((game, legal) => {
      const s = game.state;
      if (s.active?.kind === 'marine') return legal.find((c) => c.type === 'end')!;
      const me = s.figures.find((f) => f.id === (s.active as { figure: string }).figure)!;
      return aggressive(game, legal, (st) => nearest(st, me, 'marines'));
    });
    const s = g.state;
    expect(s.winner).toBe('invader');
    expect(s.invader.kills).toBe(2);
    expect(replay<Doom2016State>(SCENARIO, SEED, g.history).state).toEqual(s);
  });
});

describe('RULES §2.2 doors: the tutorial\'s door, drawn over two spaces, is one door (Ruling)', () => {
  test('opened from either space, both halves go (no door edge is left in the doorway)', async () => {
    const { doorRun } = await import('../../src/rules/doom2016/movement.ts');
    const { boardOf } = await import('../../src/rules/doom2016/state.ts');
    const { inActivation } = await import('../../bench/ai-scenarios.ts');
    for (const [from, other] of [[{ x: 9, y: 4 }, { x: 9, y: 3 }], [{ x: 9, y: 3 }, { x: 9, y: 4 }]]) {
      const g = createGame(SCENARIO, { seed: SEED }) as Game<Doom2016State>;
      const s = g.state;
      expect(doorRun(s, from.x, from.y, from.x + 1, from.y)).toEqual([{ x1: 9, y1: 3, x2: 10, y2: 3 }, { x1: 9, y1: 4, x2: 10, y2: 4 }]);
      // Alpha stands at `from`, activating, with MP to spare; the soldier in the corridor is moved out of the way.
      const st = structuredClone(s);
      st.figures = st.figures.filter((f) => f.side === st.marineSide || f.id === 'imp-1');
      Object.assign(st.figures.find((f) => f.id === 'alpha')!, from);
      const ready = inActivation(st, 'alpha');
      ready.active = { ...ready.active!, mp: 3 } as typeof ready.active;
      const { rulesetModule } = await import('../../src/rules/registry.ts');
      const rules = rulesetModule('doom2016' as never)!.rules as unknown as { apply(s: Doom2016State, c: Command): unknown };
      const events = rules.apply(ready, { type: 'open-door', figure: 'alpha', door: { x1: from.x, y1: from.y, x2: from.x + 1, y2: from.y } });
      expect(Array.isArray(events), JSON.stringify(events)).toBe(true);
      expect((events as { type: string }[]).find((e) => e.type === 'door-opened')).toMatchObject({ edges: [{ x1: 9, y1: 3, x2: 10, y2: 3 }, { x1: 9, y1: 4, x2: 10, y2: 4 }] });
      const game = { state: ready };
      // The other half is open too: no door edge left there.
      const b = boardOf(game.state);
      expect(doorRun(game.state, other.x, other.y, other.x + 1, other.y)).toEqual([{ x1: other.x, y1: other.y, x2: other.x + 1, y2: other.y }]);
      expect(b.data.vEdges[other.y * (b.data.width + 1) + 10]).toBe(0);
    }
  });
});
