/**
 * The range count by rows of bits (assembly/range-rows.ts, boards at most 64 wide) and by a queue
 * (wider boards) against the TypeScript reference's breadth-first counts, doom2016 and doom2004 (whose
 * obstacles and barrels end a count), on boards either side of the 64-cell word: a row's last cell,
 * shifts across the word's ends, walls, doors, voids and difficult terrain, every figure counted from.
 */
import { beforeAll, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { RefGrid } from '../../src/reference/grid.ts';
import { rangeDistances2004, rangeDistances2016 } from '../../src/reference/sight.ts';
import { randomBoard } from './random-boards.ts';

beforeAll(async () => {
  await loadCore();
});

const REFERENCE = { doom2016: rangeDistances2016, doom2004: rangeDistances2004 } as const;

function compareRanges(seed: number, minSide: number, maxSide: number, ruleset: 'doom2016' | 'doom2004' = 'doom2016'): { cells: number; counted: number; width: number } {
  const data = randomBoard(ruleset, seed, { minSide, maxSide, wallRate: 0.25, smallFigures: 6, largeFigures: 1, voidAreas: 4, difficultAreas: 3 });
  const board = Board.fromData(data);
  const grid = new RefGrid(data);
  let cells = 0;
  let counted = 0;
  for (const f of data.figures) {
    const got = board.rangeMap(f.id);
    const want = REFERENCE[ruleset](grid, { x: f.x, y: f.y, w: f.w, h: f.h });
    expect([...got], `${ruleset} seed ${seed} (${data.width}×${data.height}): range map from ${f.id}`).toEqual([...want]);
    // The whole sight map's range is the same count.
    if (f === data.figures[0]) expect([...board.sightMap(f.id).range], `${ruleset} seed ${seed}: sight map range from ${f.id}`).toEqual([...want]);
    cells += want.length;
    counted += want.filter((d) => d > 0).length;
  }
  return { cells, counted, width: data.width };
}

test('doom2016 range maps equal the reference count on 60 random boards 56 to 72 wide (a row a word up to 64, a queue beyond)', () => {
  let cells = 0;
  let counted = 0;
  const widths = new Set<number>();
  for (let seed = 1; seed <= 60; seed++) {
    const r = compareRanges(seed * 7919 + 64, 56, 72);
    cells += r.cells;
    counted += r.counted;
    widths.add(r.width);
  }
  // Both counts met: boards at most 64 wide and wider ones, the 64-wide one among them.
  expect([...widths].some((w) => w < 64)).toBe(true);
  expect(widths.has(64)).toBe(true);
  expect([...widths].some((w) => w > 64)).toBe(true);
  expect(cells).toBeGreaterThan(1_000_000);
  expect(counted).toBeGreaterThan(cells / 2);
});

test('doom2004 range maps equal the reference count on 40 random boards 56 to 72 wide (obstacles end a count)', () => {
  const widths = new Set<number>();
  for (let seed = 1; seed <= 40; seed++) widths.add(compareRanges(seed * 6007 + 2004, 56, 72, 'doom2004').width);
  expect([...widths].some((w) => w < 64) && widths.has(64) && [...widths].some((w) => w > 64)).toBe(true);
});

test('doom2016 range maps equal the reference count on 300 small random boards (1 to 12 a side)', () => {
  for (let seed = 1; seed <= 300; seed++) compareRanges(seed * 104729 + 1, 1, 12);
});

test('a 64-wide board: the range from a figure at the left edge crosses to the right edge and back, round a wall', () => {
  const map = Array.from({ length: 40 }, () => '.'.repeat(64));
  const board = Board.create({
    ruleset: 'doom2016',
    map,
    edges: [{ from: [32, 0], to: [32, 39], kind: 'wall' }], // the way across only through the bottom row
    figures: [{ id: 'left', side: 'marines', x: 0, y: 0 }, { id: 'right', side: 'demons', x: 63, y: 0 }],
  });
  const grid = new RefGrid(board.data);
  for (const f of board.data.figures) {
    const got = board.rangeMap(f.id);
    expect([...got], `range map from ${f.id}`).toEqual([...rangeDistances2016(grid, { x: f.x, y: f.y, w: f.w, h: f.h })]);
    // The other top corner: 39 steps down to the bottom row and 39 back up at least (63 without the wall).
    const other = f.x === 0 ? 63 : 0;
    expect(got[other], `${f.id} to the far top corner`).toBeGreaterThanOrEqual(78);
    expect(got[other], `${f.id} to the far top corner`).toBeLessThan(90);
  }
});

test('the rows are the board\'s as it is now: after a door closes and opens, after another board took the core, after a doom2004 board', () => {
  // The open-step masks are kept between queries while the board's steps are (range-rows.ts
  // boardRows): every change of the steps, and every other board in the core, must build them again.
  const data = randomBoard('doom2016', 4242, { minSide: 20, maxSide: 30, wallRate: 0.1, smallFigures: 4 });
  const board = Board.fromData(data);
  const other = Board.fromData(randomBoard('doom2004', 77, { minSide: 20, maxSide: 30, wallRate: 0.3, smallFigures: 4 }));
  const fresh = () => {
    const f = Board.fromData(board.data);
    return [...f.rangeMap(0)];
  };
  const f = data.figures[0];
  expect([...board.rangeMap(0)]).toEqual([...rangeDistances2016(new RefGrid(data), f)]);
  // A door closed right beside the figure (on the first open edge whose door changes its count): the
  // count goes round it, as a fresh board counts.
  const before = [...board.rangeMap(0)];
  const beside = [[1, 0], [-1, 0], [0, 1], [0, -1]].map(([dx, dy]) => [f.x + dx, f.y + dy]).filter(([x, y]) => x >= 0 && y >= 0 && x < data.width && y < data.height);
  let closed: number[] | null = null;
  let door: number[] = [];
  for (const [x2, y2] of beside) {
    try {
      board.closeDoor(f.x, f.y, x2, y2);
    } catch {
      continue; // a wall or a door there already
    }
    const now = [...board.rangeMap(0)];
    if (now.join() !== before.join()) {
      closed = now;
      door = [x2, y2];
      break;
    }
    board.openDoor(f.x, f.y, x2, y2);
  }
  expect(closed, 'a door beside the figure that changes its count').not.toBeNull();
  expect(closed).toEqual(fresh());
  const [x2, y2] = door;
  // Another board's queries in between, then this one's again.
  other.rangeMap(0);
  other.sightMap(1);
  expect([...board.sightMap(0).range]).toEqual(closed);
  board.openDoor(f.x, f.y, x2, y2);
  expect([...board.rangeMap(0)]).toEqual(before);
});
