/** Random d20 games: replay equals the live game, invariants hold, bad commands change nothing. */
import { beforeAll, expect, test } from 'vitest';
import { parseBoard } from '../../src/core/board-input.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, replay, type Command, type D20State } from '../../src/rules/index.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { randomBoardInput, rng } from '../core/random-boards.ts';
import { fuzz, legalOrWon, pickCommand } from './random-play.ts';

beforeAll(async () => {
  await loadCore();
});

const units = {
  trooper: { hp: 10, defense: 13, attack: 5, damage: 10, source: 'sample, not official' },
  scout: { hp: 10, defense: 15, attack: 4, damage: 10, speed: 4, abilities: ['melee'], source: 'sample, not official' },
  beast: { hp: 40, defense: 12, attack: 8, damage: 20, size: [2, 2], source: 'sample, not official' },
  walker: { hp: 60, defense: 14, attack: 9, damage: 20, size: [3, 3], source: 'sample, not official' },
};

function randomScenario(seed: number): Scenario | null {
  const b = randomBoardInput('d20', seed, { minSide: 5, maxSide: 9, smallFigures: 4 + (seed % 3), largeFigures: seed % 2 });
  const figures = (b.figures ?? []).map((f, i) => ({
    id: f.id, side: f.side === 'marines' ? 'empire' : 'alliance', x: f.x, y: f.y, w: f.w, h: f.h,
    type: f.w === 3 ? 'walker' : f.w === 2 ? 'beast' : i % 3 === 2 ? 'scout' : 'trooper',
  }));
  if (new Set(figures.map((f) => f.side)).size < 2) return null;
  return { ruleset: 'd20', map: b.map, edges: b.edges, figures, sides: ['empire', 'alliance'], data: { units: { name: 'test/units', ruleset: 'd20', kind: 'units', source: 'sample, not official', entries: units } } };
}

function checkInvariants(s: D20State, sc: Scenario, where: string) {
  // On the map, no overlaps, nothing across a wall: the board validator says so.
  expect(() => parseBoard({ ruleset: 'd20', map: sc.map, edges: sc.edges, figures: s.figures }), where).not.toThrow();
  for (const f of s.figures) {
    expect(f.hp, `${where}: ${f.id} hp`).toBeGreaterThan(0);
    expect(f.hp).toBeLessThanOrEqual(s.units[f.type].hp);
  }
  // Conservation: every figure is on the board or defeated, exactly once.
  const ids = [...s.figures.map((f) => f.id), ...s.defeated].sort();
  expect(ids, `${where}: figures conserved`).toEqual(sc.figures.map((f) => f.id).sort());
  expect(s.used).toBeLessThanOrEqual(2);
  if (s.active) expect(s.figures.find((f) => f.id === s.active!.id)?.activated, `${where}: active figure`).toBe(true);
}

test('500 random d20 games: replay equals the live state and invariants hold after every command', () => {
  let games = 0;
  let commands = 0;
  let finished = 0;
  for (let seed = 1; games < 500; seed++) {
    const sc = randomScenario(seed);
    if (!sc) continue;
    games++;
    const r = rng(seed);
    const g = createGame<D20State>(sc, { seed });
    for (let n = 0; n < 300; n++) {
      const legal = legalOrWon(g, `seed ${seed} before command ${n}`);
      if (!legal.length) break;
      const pick = pickCommand(legal, r);
      const res = g.apply(pick);
      expect(res.ok, `seed ${seed} command ${n} ${JSON.stringify(pick)}: ${!res.ok && res.refusal.message}`).toBe(true);
      commands++;
      checkInvariants(g.state, sc, `seed ${seed} after ${n}`);
    }
    if (g.state.winner) finished++;
    expect(replay<D20State>(sc, seed, g.history).state, `seed ${seed} replay`).toEqual(g.state);
  }
  expect(commands).toBeGreaterThan(10000);
  expect(finished).toBeGreaterThan(250); // most games reach their end
}, 240_000);

test('fuzzing bad commands never throws and never changes the state', () => {
  const sc = randomScenario(3)!;
  const r = rng(7);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const ids = sc.figures.map((f) => f.id);
  const junk = () => pick<unknown>([undefined, null, 42, -1, 'x', '', {}, [], { x: 1 }, { x: 1.5, y: 'a' }, { x: 99, y: 99 }, ...ids, ids]);
  const command = () => ({ type: pick(['activate', 'move', 'attack', 'end', 'fly', 7, null]), figure: junk(), target: junk(), to: junk(), helpers: junk() }) as Command;
  expect(fuzz(createGame<D20State>(sc, { seed: 3 }), r, ids, command)).toBeGreaterThan(1500);
});
