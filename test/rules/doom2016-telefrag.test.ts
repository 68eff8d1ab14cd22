/**
 * RULES §2.2 telefrags on the way (issue 46): a marine's hop onto an active teleporter held by a
 * demon kills it wherever in the move the hop lands — at the end or with the move going on — for
 * small and large demons, with the kill's consequences, and the legal moves and MP say so.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { Cell } from '../../src/core/types.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type Command, type Doom2016State, type GameEvent } from '../../src/rules/index.ts';
import { Game } from '../../src/rules/game.ts';
import { doom2016Rules } from '../../src/rules/doom2016/rules.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json' with { type: 'json' };
import { inActivation } from '../../bench/ai-scenarios.ts';
import { rng } from '../core/random-boards.ts';
import { cards, game, ok, refused } from './doom2016-fixture.ts';
import { pickCommand } from './random-play.ts';

beforeAll(async () => {
  await loadCore();
});

type Fig = Scenario['figures'][number];
const TUTORIAL = tutorial as unknown as Scenario;
const fig = (g: Game<Doom2016State>, id: string) => g.state.figures.find((f) => f.id === id);
const killed = (ev: GameEvent[], id: string) => ev.find((e) => e.type === 'killed' && e.figure === id);

/**
 * The tutorial with its teleporter at (14,1) active, Charlie on the teleporter at (2,2) activating
 * with `mp` MP, and `demon` added (seed 1000031, as in the issue: the position, not its history).
 */
function tutorialWith(demon: Fig, mp = 4): Game<Doom2016State> {
  const map = TUTORIAL.map.map((row, y) => (y === 1 ? row.slice(0, 14) + 't' + row.slice(15) : row));
  const figures = TUTORIAL.figures.map((f) => (f.id === 'charlie' ? { ...f, x: 2, y: 2 } : f));
  const g = createGame<Doom2016State>({ ...TUTORIAL, map, figures: [...figures, demon] }, { seed: 1000031 });
  const s = inActivation(g.state, 'charlie');
  (s.active as { mp: number }).mp = mp;
  return new Game(doom2016Rules, s);
}

describe('RULES §2.2 telefrag on the way: the tutorial example (seed 1000031)', () => {
  test('Charlie hops from (2,2) onto (14,1) where imp-4 stands and steps on to (15,1): imp-4 is telefragged, 2 MP', () => {
    const g = tutorialWith({ id: 'imp-4', side: 'invader', type: 'imp', x: 14, y: 1 });
    expect(g.legalActions('charlie')).toContainEqual({ type: 'move', figure: 'charlie', to: { x: 15, y: 1, o: 0 } });
    const ev = ok(g, { type: 'move', figure: 'charlie', to: { x: 15, y: 1 } });
    // The hop 1 MP (no extra MP for the imp), the step 1 MP.
    expect(ev[0]).toMatchObject({ type: 'moved', cost: 2, mp: 2, path: [{ x: 2, y: 2 }, { x: 14, y: 1 }, { x: 15, y: 1 }] });
    expect(killed(ev, 'imp-4')).toEqual({ type: 'killed', figure: 'imp-4', by: 'charlie', how: 'telefrag', at: { x: 14, y: 1 } });
    expect(fig(g, 'imp-4')).toBeUndefined();
    expect(fig(g, 'charlie')).toMatchObject({ x: 15, y: 1 });
    // imp-1 is still on the board: the imp card stays face up.
    expect(g.state.demonCards.imp.faceUp).toBe(true);
  });

  test('the last demon of its type telefragged on the way turns its card face down', () => {
    const base = tutorialWith({ id: 'pinky-1', side: 'invader', type: 'pinky', x: 14, y: 0, w: 1, h: 2 });
    expect(base.state.demonCards.pinky.faceUp).toBe(true);
    const ev = ok(base, { type: 'move', figure: 'charlie', to: { x: 15, y: 1 } });
    expect(ev[0]).toMatchObject({ type: 'moved', cost: 2, path: [{ x: 2, y: 2 }, { x: 14, y: 1 }, { x: 15, y: 1 }] });
    expect(killed(ev, 'pinky-1')).toMatchObject({ by: 'charlie', how: 'telefrag' });
    expect(ev).toContainEqual({ type: 'demon-card-face-down', demon: 'pinky' });
    expect(base.state.demonCards.pinky.faceUp).toBe(false);
  });

  test('a large demon covering (14,1) and (15,1): telefragged by the hop, its other space then entered like an empty one', () => {
    const g = tutorialWith({ id: 'pinky-1', side: 'invader', type: 'pinky', x: 14, y: 1, w: 2, h: 1 });
    // (15,1) is the pinky's too: only a move that kills it on the way may end there.
    expect(g.legalActions('charlie')).toContainEqual({ type: 'move', figure: 'charlie', to: { x: 15, y: 1, o: 0 } });
    expect(g.legalActions('charlie')).toContainEqual({ type: 'move', figure: 'charlie', to: { x: 15, y: 0, o: 0 } });
    const ev = ok(g, { type: 'move', figure: 'charlie', to: { x: 15, y: 1 } });
    // Not 3 (the +1 for a hostile space is not paid for a demon that is dead).
    expect(ev[0]).toMatchObject({ type: 'moved', cost: 2, path: [{ x: 2, y: 2 }, { x: 14, y: 1 }, { x: 15, y: 1 }] });
    expect(killed(ev, 'pinky-1')).toMatchObject({ by: 'charlie', how: 'telefrag', at: { x: 14, y: 1 } });
    expect(fig(g, 'charlie')).toMatchObject({ x: 15, y: 1 });
  });

  test('spaces past the large demon are offered and priced as after its death', () => {
    // (15,1) then (15,2): hop 1 + 2 steps = 3 MP with 3 MP to spend.
    const g = tutorialWith({ id: 'pinky-1', side: 'invader', type: 'pinky', x: 14, y: 1, w: 2, h: 1 }, 3);
    expect(g.legalActions('charlie')).toContainEqual({ type: 'move', figure: 'charlie', to: { x: 15, y: 3, o: 0 } });
    const ev = ok(g, { type: 'move', figure: 'charlie', to: { x: 15, y: 3 } });
    expect(ev[0]).toMatchObject({ type: 'moved', cost: 3, mp: 0 });
    expect(killed(ev, 'pinky-1')).toMatchObject({ how: 'telefrag' });
  });

  test('telefrag at the end of the move: the hop lands on the imp, 1 MP, the imp is killed', () => {
    const g = tutorialWith({ id: 'imp-4', side: 'invader', type: 'imp', x: 14, y: 1 });
    const ev = ok(g, { type: 'move', figure: 'charlie', to: { x: 14, y: 1 } });
    expect(ev[0]).toMatchObject({ type: 'moved', cost: 1, path: [{ x: 2, y: 2 }, { x: 14, y: 1 }] });
    expect(killed(ev, 'imp-4')).toMatchObject({ by: 'charlie', how: 'telefrag' });
    expect(fig(g, 'charlie')).toMatchObject({ x: 14, y: 1 });
  });
});

describe('RULES §2.2 telefrag on the way: walking to the teleporter first', () => {
  const run = (s: Doom2016State) => { s.initiative.deck = ['marine:m1', ...s.initiative.deck.filter((c) => c !== 'marine:m1')]; s.invader.deck = ['e-none']; };
  const start = (rows: string[], tele: [number, number][]) => {
    const g = game(rows, {}, (s) => {
      cards(['run'])(s);
      run(s);
      for (const [x, y] of tele) s.board.cells[y * s.board.width + x] |= Cell.teleporter;
    });
    ok(g, { type: 'status', discard: [] });
    ok(g, { type: 'play', figure: 'm1', card: 'run' });
    return g;
  };
  test('the path shows the walk, the hop and the steps after; the kill comes in path order', () => {
    // m1 at (2,1) walks to the teleporter (0,0) (2 MP), hops onto the imp at (6,0) (1 MP), steps to (7,0) (1 MP).
    const g = start(['t.....x.', '..1.....'], [[0, 0], [6, 0]]);
    const ev = ok(g, { type: 'move', figure: 'm1', to: { x: 7, y: 0 } });
    expect(ev[0]).toMatchObject({ type: 'moved', cost: 4, mp: 0 });
    const path = ev[0].path as { x: number; y: number }[];
    expect(path[0]).toEqual({ x: 2, y: 1 });
    expect(path.slice(-3)).toEqual([{ x: 0, y: 0 }, { x: 6, y: 0 }, { x: 7, y: 0 }]);
    expect(ev.map((e) => e.type)).toEqual(['moved', 'killed', 'demon-card-face-down']);
    expect(fig(g, 'imp-1')).toBeUndefined();
  });
  test('a normal step onto the demon\'s teleporter is no telefrag (the hop is the cheaper way, so a cheapest path hops)', () => {
    // Walking in from (5,0) would cost 2 (a hostile space); the hop from (0,0) costs 1 and kills.
    const g = start(['t....1x.'], [[0, 0], [6, 0]]);
    const ev = ok(g, { type: 'move', figure: 'm1', to: { x: 7, y: 0 } });
    // Cheapest: step into the imp's space (2) and on (1) = 3 MP, passing the imp alive.
    expect(ev[0]).toMatchObject({ type: 'moved', cost: 3, path: [{ x: 5, y: 0 }, { x: 6, y: 0 }, { x: 7, y: 0 }] });
    expect(killed(ev, 'imp-1')).toBeUndefined();
    expect(fig(g, 'imp-1')).toMatchObject({ x: 6, y: 0 });
  });
  test('the space of a large demon that is not a teleporter is never landed on by a hop: with MP for the hop only, refused', () => {
    // Teleporters at (0,0) and (8,1); the pinky (1×2) stands on (8,0)–(8,1); m1 has 3 MP (walk 2, hop 1).
    const g = game(['t.......P.', '..1.......'], {}, (s) => {
      cards(['heavy', 'step'])(s);
      run(s);
      s.board.cells[1 * s.board.width + 8] |= Cell.teleporter;
    });
    ok(g, { type: 'status', discard: [] });
    ok(g, { type: 'play', figure: 'm1', card: 'heavy' });
    ok(g, { type: 'play', figure: 'm1', card: 'step' });
    expect(refused(g, { type: 'move', figure: 'm1', to: { x: 8, y: 0 } })).toMatchObject({ rule: 'RULES §2.2 movement' });
    expect(g.legalActions('m1')).not.toContainEqual({ type: 'move', figure: 'm1', to: { x: 8, y: 0, o: 0 } });
  });
});

describe('property: over random tutorial games, every hop onto a demon-held teleporter in an accepted move kills that demon', () => {
  /** Hops of a moved event's path onto an active teleporter held by a demon, read from the state before the move. */
  function hopsOntoDemons(s: Doom2016State, path: { x: number; y: number }[]): string[] {
    const active = (p: { x: number; y: number }) => (s.board.cells[p.y * s.board.width + p.x] & (Cell.on | Cell.teleporter)) === (Cell.on | Cell.teleporter);
    const out: string[] = [];
    for (let k = 1; k < path.length; k++) {
      if (!active(path[k - 1]) || !active(path[k])) continue;
      const d = s.figures.find((f) => f.side === s.invaderSide && path[k].x >= f.x && path[k].x < f.x + f.w && path[k].y >= f.y && path[k].y < f.y + f.h);
      if (d && !out.includes(d.id)) out.push(d.id);
    }
    return out;
  }
  test('20 seeded games, moves favoured, teleporter at (14,1) active from the start', () => {
    // The tutorial's second teleporter starts active and demons stand near both, so that hops onto demons happen.
    const map = TUTORIAL.map.map((row, y) => (y === 1 ? row.slice(0, 14) + 't' + row.slice(15) : row));
    const extra: Fig[] = [
      { id: 'imp-4', side: 'invader', type: 'imp', x: 14, y: 1 },
      { id: 'pinky-9', side: 'invader', type: 'pinky', x: 1, y: 2, w: 2, h: 1 },
    ];
    let hops = 0;
    let checked = 0;
    for (let seed = 1000001; seed < 1000041; seed += 2) {
      const g = createGame<Doom2016State>({ ...TUTORIAL, map, figures: [...TUTORIAL.figures, ...extra] }, { seed });
      const r = rng(seed);
      for (let n = 0; n < 400 && g.state.winner === null; n++) {
        const legal = g.legalActions();
        if (!legal.length) break;
        const before = g.state;
        // Marines' moves onto teleporters are picked more often than the rest.
        const onTele = legal.filter((c) => c.type === 'move' && before.marines[c.figure as string] && hopsPossible(before, c));
        const c: Command = onTele.length && r() < 0.5 ? onTele[Math.floor(r() * onTele.length)] : pickCommand(legal, r, ['move', 'play'], 0.6);
        const res = g.apply(c);
        expect(res.ok, JSON.stringify(c)).toBe(true);
        if (!res.ok) break;
        const moved = res.events.find((e) => e.type === 'moved');
        if (!moved || !before.marines[moved.figure as string]) continue;
        checked++;
        const glory = res.events.filter((e) => e.type === 'glory-kill').map((e) => e.demon);
        for (const id of hopsOntoDemons(before, moved.path as { x: number; y: number }[])) {
          hops++;
          const k = killed(res.events, id);
          expect(k, `seed ${seed}: ${JSON.stringify(c)} hops onto ${id}`).toMatchObject({ by: moved.figure });
          expect(k!.how).toBe(glory.includes(id) ? 'glory kill' : 'telefrag');
          expect(g.state.figures.some((f) => f.id === id)).toBe(false);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    // The property is checked on real hops, not vacuously.
    expect(hops).toBeGreaterThan(5);
  });
});

/** A marine's move to a space whose path could take a hop: cheap filter for the random policy. */
function hopsPossible(s: Doom2016State, c: Command): boolean {
  const to = c.to as { x: number; y: number };
  return (s.board.cells[to.y * s.board.width + to.x] & Cell.teleporter) !== 0 || Math.abs(to.x - 14) + Math.abs(to.y - 1) <= 2 || Math.abs(to.x - 2) + Math.abs(to.y - 2) <= 2;
}
