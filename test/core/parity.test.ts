/**
 * Randomized parity: the Wasm core and the plain TypeScript reference answer every query the same
 * on thousands of random boards (walls, doors, terrain, voids, small and large figures).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { RULESETS, type Ruleset } from '../../src/core/types.ts';
import { ReferenceBoard } from '../../src/reference/index.ts';
import { randomBoard, rng, type RandomBoardOptions } from './random-boards.ts';

beforeAll(async () => {
  await loadCore();
});

const BOARDS: Record<Ruleset, number> = { doom2016: 900, doom2004: 700, d20: 500 };

function compareBoard(ruleset: Ruleset, seed: number, options: RandomBoardOptions = {}, largeAttacker = false) {
  const data = randomBoard(ruleset, seed, ruleset === 'd20' ? { maxSide: 9, ...options } : options);
  const wasm = Board.fromData(data);
  const ref = new ReferenceBoard(data);
  const r = rng(seed ^ 0x5eed);
  const where = `${ruleset} seed ${seed}`;
  const n = data.figures.length;
  if (n === 0) return;
  const large = data.figures.findIndex((x) => x.w * x.h > 1);
  if (largeAttacker && large < 0) return;
  const f = largeAttacker ? large : Math.floor(r() * n);
  // Sight to every figure.
  const a = wasm.sightToFigures(f);
  const b = ref.sightToFigures(f);
  expect([...a.los], `${where} LOS to figures from ${f}`).toEqual([...b.los]);
  expect([...a.cover], `${where} cover of figures from ${f}`).toEqual([...b.cover]);
  expect([...a.range], `${where} range to figures from ${f}`).toEqual([...b.range]);
  // Each pair on its own (its range count stops at the target): the same answers.
  for (let t = 0; t < n; t++) {
    const p = wasm.sight(f, t);
    expect([p.los ? 1 : 0, p.cover ? 1 : 0, p.range], `${where} sight from ${f} to ${t}`).toEqual([b.los[t], b.cover[t], b.range[t]]);
  }
  // Sight to every cell (d20's exact reference is slow: every 4th board).
  if (ruleset !== 'd20' || seed % 4 === 0) {
    const m = wasm.sightMap(f);
    const rm = ref.sightMap(f);
    expect([...m.los], `${where} LOS map from ${f}`).toEqual([...rm.los]);
    expect([...m.cover], `${where} cover map from ${f}`).toEqual([...rm.cover]);
    expect([...m.range], `${where} range map from ${f}`).toEqual([...rm.range]);
  }
  // Reach with a random MP.
  const mp = Math.floor(r() * 9);
  const g = Math.floor(r() * n);
  const wr = wasm.reach(g, mp);
  const rr = ref.reach(g, mp);
  expect(wr.orientations, `${where} orientations of ${g}`).toBe(rr.orientations);
  expect([...wr.cost], `${where} reach cost of ${g} with ${mp} MP`).toEqual([...rr.cost]);
  expect([...wr.end], `${where} reach ends of ${g} with ${mp} MP`).toEqual([...rr.end]);
  // Nearest enemies (meaningful in d20, defined for all).
  expect(wasm.nearestEnemies(f), `${where} nearest enemies of ${f}`).toEqual(ref.nearestEnemies(f));
}

describe('Wasm core agrees with the TypeScript reference', () => {
  for (const ruleset of RULESETS) {
    test(`${ruleset}: ${BOARDS[ruleset]} random boards`, () => {
      for (let seed = 1; seed <= BOARDS[ruleset]; seed++) compareBoard(ruleset, seed * 7919 + RULESETS.indexOf(ruleset));
    });
  }
  // doom2016 cover from the outline of difficult terrain (RULES §2.1): areas of it, many figures.
  test('doom2016: 400 random boards with areas of difficult terrain', () => {
    for (let seed = 1; seed <= 400; seed++) compareBoard('doom2016', seed * 104729 + 11, { difficultAreas: 3, smallFigures: 7 });
  });
  // d20 cover from every corner of every square of a large attacker's space (RULES §4).
  test('d20: 200 random boards seen from a large figure', () => {
    for (let seed = 1; seed <= 200; seed++) compareBoard('d20', seed * 15485863 + 5, { largeFigures: 2, smallFigures: 6 }, true);
  });
});
