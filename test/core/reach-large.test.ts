/**
 * doom2016 large figures: the core keeps each footprint's open moves per placement between searches
 * (assembly/reach.ts, LARGE_MOVES) and must forget them whenever walls or doors change or another
 * board takes the core. Checked on random boards with several large figures of many footprints
 * (1×2 to 6×1, rotating or not), near walls and the map's edges: a search repeated on an unchanged
 * board, the first search after a door is opened or closed (with no other board in between), after
 * figures move, are added or removed, and after other boards were queried, equals the search on a
 * board built fresh from the same data — costs, end flags and every parent — and the reference's
 * costs and end flags.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { BoardError } from '../../src/core/board-input.ts';
import { getCore, loadCore } from '../../src/core/wasm.ts';
import { EdgeKind, type BoardData } from '../../src/core/types.ts';
import { ReferenceBoard } from '../../src/reference/index.ts';
import { randomBoard, rng } from './random-boards.ts';

beforeAll(async () => {
  await loadCore();
});

// Footprints beyond the random boards' own: non-rotating, 1×6 (rotates, but no placement keeps half),
// and rows wider than 4 cells (tested cell by cell in the core).
const SHAPES: Array<[number, number]> = [[1, 2], [2, 1], [2, 3], [3, 2], [2, 2], [1, 3], [3, 3], [1, 6], [6, 1], [5, 2], [2, 4]];

interface Answer {
  cost: number[];
  end: number[];
  /** Parents of reached states, -1 elsewhere. */
  parent: number[];
}

function search(board: Board, f: number, mp: number): Answer {
  const map = board.reach(f, mp); // also leaves the parents in the core's memory
  const core = getCore();
  const parent = new Int32Array(core.memory.buffer, core.reachParentPtr(), map.cost.length);
  return { cost: [...map.cost], end: [...map.end], parent: [...map.cost].map((c, i) => (c >= 0 ? parent[i] : -1)) };
}

function expectSame(a: Answer, b: Answer, where: string): void {
  expect(a.cost, `${where}: costs`).toEqual(b.cost);
  expect(a.end, `${where}: end flags`).toEqual(b.end);
  expect(a.parent, `${where}: parents`).toEqual(b.parent);
}

function largeFigures(data: BoardData): number[] {
  return data.figures.flatMap((f, i) => (f.w * f.h > 1 ? [i] : []));
}

/** One random change of walls, doors or figures; false when it was refused (nothing changed). */
function mutate(board: Board, r: () => number, serial: { n: number }): string | null {
  const d = board.data;
  const { width: w, height: h } = d;
  const v = r();
  try {
    if (v < 0.4) {
      // A door: open a closed one, or close one on an open edge.
      const doors: Array<[number, number, number, number]> = [];
      for (let Y = 1; Y < h; Y++) for (let x = 0; x < w; x++) if (d.hEdges[Y * w + x] === EdgeKind.door) doors.push([x, Y - 1, x, Y]);
      for (let y = 0; y < h; y++) for (let X = 1; X < w; X++) if (d.vEdges[y * (w + 1) + X] === EdgeKind.door) doors.push([X - 1, y, X, y]);
      if (doors.length > 0 && r() < 0.5) {
        const [x1, y1, x2, y2] = doors[Math.floor(r() * doors.length)];
        board.openDoor(x1, y1, x2, y2);
        return `open door (${x1},${y1})–(${x2},${y2})`;
      }
      const x1 = Math.floor(r() * w), y1 = Math.floor(r() * h);
      const [x2, y2] = r() < 0.5 ? [x1 + 1, y1] : [x1, y1 + 1];
      board.closeDoor(x1, y1, x2, y2);
      return `close door (${x1},${y1})–(${x2},${y2})`;
    }
    const n = d.figures.length;
    if (v < 0.7 && n > 0) {
      const i = Math.floor(r() * n);
      const f = d.figures[i];
      const x = f.x + Math.floor(r() * 5) - 2, y = f.y + Math.floor(r() * 5) - 2, rotated = r() < 0.3;
      board.moveFigure(i, x, y, rotated);
      return `move ${i} to (${x},${y})${rotated ? ' rotated' : ''}`;
    }
    if (v < 0.88 || n < 2) {
      const [fw, fh] = SHAPES[Math.floor(r() * SHAPES.length)];
      const x = Math.floor(r() * w), y = Math.floor(r() * h);
      board.addFigure({ id: `added-${serial.n++}`, side: r() < 0.5 ? 'marines' : 'demons', x, y, w: fw, h: fh });
      return `add ${fw}×${fh} at (${x},${y})`;
    }
    const i = Math.floor(r() * n);
    board.removeFigure(i);
    return `remove ${i}`;
  } catch (e) {
    if (e instanceof BoardError) return null;
    throw e;
  }
}

describe('doom2016 large figures: kept move sets', () => {
  test('300 random boards, 3 live in turn: repeated searches, door and figure changes, boards switched', () => {
    const serial = { n: 0 };
    let checked = 0;
    for (let round = 0; round < 100; round++) {
      const r = rng(round * 7919 + 41);
      const live = [0, 1, 2].map((k) =>
        Board.fromData(randomBoard('doom2016', round * 3 + k + 90001, { minSide: 4, maxSide: 14, wallRate: 0.1 + 0.25 * r(), smallFigures: 3, largeFigures: 2 + Math.floor(r() * 3) })),
      );
      for (let step = 0; step < 12; step++) {
        const b = Math.floor(r() * live.length);
        const board = live[b];
        const large = largeFigures(board.data);
        const g = large.length > 0 && r() < 0.85 ? large[Math.floor(r() * large.length)] : Math.floor(r() * board.data.figures.length);
        if (board.data.figures.length === 0) continue;
        const mp = 1 + Math.floor(r() * 9);
        // A first search (fills the move sets), then a change on this board with no other board in
        // between, then the search again: it must see the change.
        const before = search(board, g, mp);
        const again = search(board, g, mp);
        const where = `round ${round} board ${b} step ${step}`;
        expectSame(again, before, `${where}: the same search twice`);
        const change = mutate(board, r, serial);
        const data = board.data;
        if (g >= data.figures.length) continue;
        const mp2 = 1 + Math.floor(r() * 9);
        const after = search(board, g, mp2);
        const fresh = search(Board.fromData(data), g, mp2);
        expectSame(after, fresh, `${where} after ${change ?? 'a refused change'}: figure ${g} (${data.figures[g].w}×${data.figures[g].h}) with ${mp2} MP`);
        if (step % 3 === 0) {
          const ref = new ReferenceBoard(data).reach(g, mp2);
          expect(after.cost, `${where}: costs vs reference`).toEqual([...ref.cost]);
          expect(after.end, `${where}: end flags vs reference`).toEqual([...ref.end]);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  test('the same figure on two boards that differ only in walls and doors, queried in turn', () => {
    for (let seed = 0; seed < 150; seed++) {
      const data = randomBoard('doom2016', seed + 5100, { minSide: 6, maxSide: 14, wallRate: 0.2, smallFigures: 2, largeFigures: 3 });
      const large = largeFigures(data);
      if (large.length === 0) continue;
      // The second board: every door opened, so the two boards' move sets differ for every footprint.
      const open = (edges: Uint8Array) => edges.map((k) => (k === EdgeKind.door ? EdgeKind.none : k));
      const other: BoardData = { ...data, hEdges: open(data.hEdges), vEdges: open(data.vEdges) };
      const a = Board.fromData(data), b = Board.fromData(other);
      const expectA = large.map((g) => search(Board.fromData(data), g, 8));
      const expectB = large.map((g) => search(Board.fromData(other), g, 8));
      for (let k = 0; k < 3; k++)
        large.forEach((g, n) => {
          expectSame(search(a, g, 8), expectA[n], `seed ${seed} figure ${g}, board with doors, turn ${k}`);
          expectSame(search(b, g, 8), expectB[n], `seed ${seed} figure ${g}, doors opened, turn ${k}`);
        });
    }
  });

  test('figures of different footprints on one board, queried in turn with no other board in between', () => {
    const r = rng(77);
    for (let seed = 0; seed < 150; seed++) {
      const board = Board.fromData(randomBoard('doom2016', seed + 7300, { minSide: 6, maxSide: 14, wallRate: 0.2, smallFigures: 2, largeFigures: 0 }));
      // Several footprints (small figures too) on the same board.
      for (let k = 0; k < 6; k++) {
        const [w, h] = SHAPES[Math.floor(r() * SHAPES.length)];
        try {
          board.addFigure({ id: `big-${k}`, side: r() < 0.5 ? 'marines' : 'demons', x: Math.floor(r() * board.data.width), y: Math.floor(r() * board.data.height), w, h });
        } catch (e) {
          if (!(e instanceof BoardError)) throw e;
        }
      }
      const data = board.data;
      const order = Array.from({ length: 3 * data.figures.length }, () => Math.floor(r() * data.figures.length));
      const expected = order.map((g) => search(Board.fromData(data), g, 6));
      // Now only `board`: each search follows another figure's on the same, unchanged board.
      const got = order.map((g) => search(board, g, 6));
      order.forEach((g, k) => expectSame(got[k], expected[k], `seed ${seed}, query ${k}: figure ${g} (${data.figures[g].w}×${data.figures[g].h})`));
    }
  });

  test('a 2×3 figure boxed in by walls rotates only where its rotated footprint fits, and sees doors opened', () => {
    // 5×4 map; a wall between x=2 and x=3 on rows 0–1, doors below it on rows 2–3.
    const b = Board.create({
      ruleset: 'doom2016',
      map: ['.....', '.....', '.....', '.....'],
      edges: [{ from: [3, 0], to: [3, 2], kind: 'wall' }, { from: [3, 2], to: [3, 4], kind: 'door' }],
      figures: [{ id: 'cyber', side: 'demons', x: 0, y: 0, w: 2, h: 3 }],
    });
    const at = (m: { cost: Int32Array }, o: number, x: number, y: number) => m.cost[o * 20 + y * 5 + x];
    const closed = b.reach('cyber', 3);
    // Rotated 3×2 at (0,0) or (0,1) keeps 4 of the 6 spaces and fits left of the wall; at (-1,…) it is off the map.
    expect(at(closed, 1, 0, 0)).toBe(1);
    expect(at(closed, 1, 0, 1)).toBe(1);
    // Right of the wall only through the door's row, which is closed: nothing reaches x >= 3.
    for (let o = 0; o < 2; o++) for (let y = 0; y < 4; y++) for (let x = 3; x < 5; x++) expect(at(closed, o, x, y)).toBe(-1);
    b.openDoor(2, 2, 3, 2);
    b.openDoor(2, 3, 3, 3);
    const opened = b.reach('cyber', 3);
    // Rotate to 3×2 at (0,1), down to (0,2), right to (1,2) through both opened doors; the upright
    // figure cannot pass (its rows 1–3 meet the wall).
    expect(at(opened, 1, 1, 2)).toBe(3);
    expect(at(opened, 0, 2, 1)).toBe(-1);
    expect([...opened.cost]).toEqual([...Board.fromData(b.data).reach('cyber', 3).cost]);
  });
});
