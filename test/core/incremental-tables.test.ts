/**
 * Incremental updates leave the core's tables exactly as a fresh build makes them, byte for byte:
 * after every door closed or opened and every figure moved, each step table (range, movement, d20
 * movement), the blocking rays per corner (sight and cover), the large-figure cells, the owner and
 * cover-cell tables and the edges equal those of a board built fresh from the same data. The
 * doors are picked where a missed bit would hide: round large figures, on the first and last rows
 * and columns, and at corners where other edges already meet. Query-level comparisons
 * (mutations.test.ts) can miss a wrong bit that no query happens to read; this cannot.
 * Also: `board.data` is a snapshot that later mutations leave unchanged.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { BoardError } from '../../src/core/board-input.ts';
import { getCore, loadCore } from '../../src/core/wasm.ts';
import { EdgeKind, RULESETS, type BoardData, type Ruleset } from '../../src/core/types.ts';
import { randomBoard, rng } from './random-boards.ts';

beforeAll(async () => {
  await loadCore();
});

const BOARDS_PER_RULESET = 300;
const STEPS_PER_BOARD = 40;

/** The core's tables of `board` (made current by a query), by name. */
function tables(board: Board): Map<string, Uint8Array> {
  board.sight(0, 0);
  const core = getCore();
  const { width: w, height: h, figures } = board.data;
  const n = w * h;
  const corners = (w + 1) * (h + 1);
  const view = (ptr: number, len: number) => new Uint8Array(core.memory.buffer, ptr, len).slice();
  // statePtr numbers as in src/core/wasm.ts.
  return new Map([
    ['horizontal edges', view(core.hEdgesPtr(), (h + 1) * w)],
    ['vertical edges', view(core.vEdgesPtr(), h * (w + 1))],
    ['figure table', view(core.figsPtr(), 32 * figures.length)],
    ['owner', view(core.statePtr(0), 4 * n)],
    ['teleporters', view(core.statePtr(1), 4 * core.teleporterCount())],
    ['range steps', view(core.statePtr(2), n)],
    ['movement steps', view(core.statePtr(3), n)],
    ['d20 movement steps', view(core.statePtr(4), n)],
    ['cover cells', view(core.statePtr(5), n)],
    ['sight rays', view(core.statePtr(6), corners)],
    ['cover rays', view(core.statePtr(7), corners)],
    ['outline (horizontal)', view(core.statePtr(8), (h + 1) * w)],
    ['outline (vertical)', view(core.statePtr(9), h * (w + 1))],
    ['large-figure cells', view(core.statePtr(10), n)],
  ]);
}

/** The first byte where the incremental tables differ from a fresh build's, or null. */
function firstDifference(board: Board): string | null {
  const mine = tables(board);
  const fresh = tables(Board.fromData(board.data));
  for (const [name, a] of mine) {
    const b = fresh.get(name)!;
    if (a.length !== b.length) return `${name}: ${a.length} bytes, fresh ${b.length}`;
    const i = a.findIndex((v, k) => v !== b[k]);
    if (i >= 0) return `${name}[${i}]: ${a[i]}, fresh build ${b[i]}`;
  }
  return null;
}

type Gap = [number, number, number, number];

/** Every edge between two cells of the map, as the two cells. */
function gaps(data: BoardData): Gap[] {
  const out: Gap[] = [];
  for (let y = 0; y < data.height; y++)
    for (let x = 0; x < data.width; x++) {
      if (x + 1 < data.width) out.push([x, y, x + 1, y]);
      if (y + 1 < data.height) out.push([x, y, x, y + 1]);
    }
  return out;
}

const edgeAt = (d: BoardData, [x1, y1, x2, y2]: Gap) =>
  y1 !== y2 ? d.hEdges[Math.max(y1, y2) * d.width + x1] : d.vEdges[y1 * (d.width + 1) + Math.max(x1, x2)];

/** Edges at corner (X,Y), of any kind. */
function edgesAtCorner(d: BoardData, X: number, Y: number): number {
  const h = (x: number) => (x >= 0 && x < d.width && Y <= d.height ? d.hEdges[Y * d.width + x] : 0);
  const v = (y: number) => (y >= 0 && y < d.height && X <= d.width ? d.vEdges[y * (d.width + 1) + X] : 0);
  return [h(X - 1), h(X), v(Y - 1), v(Y)].filter((k) => k !== EdgeKind.none).length;
}

/** Where a missed bit would hide: next to a large figure, on the outer rows and columns, at a busy corner. */
function interesting(d: BoardData, g: Gap): boolean {
  const [x1, y1, x2, y2] = g;
  const near = (f: BoardData['figures'][number]) => f.w * f.h > 1 && [[x1, y1], [x2, y2]].some(([x, y]) => x >= f.x - 1 && y >= f.y - 1 && x <= f.x + f.w && y <= f.y + f.h);
  if (d.figures.some(near)) return true;
  if ([x1, x2].some((x) => x === 0 || x === d.width - 1) || [y1, y2].some((y) => y === 0 || y === d.height - 1)) return true;
  // The edge's two end corners.
  const ends: Array<[number, number]> = y1 !== y2 ? [[x1, y2], [x1 + 1, y2]] : [[x2, y1], [x2, y1 + 1]];
  return ends.some(([X, Y]) => edgesAtCorner(d, X, Y) >= 2);
}

/** Close a door on a free edge or open a closed one; false when refused (a figure across it). */
function toggle(board: Board, g: Gap): boolean {
  const kind = edgeAt(board.data, g);
  try {
    if (kind === EdgeKind.door) board.openDoor(...g);
    else if (kind === EdgeKind.none) board.closeDoor(...g);
    else return false;
    return true;
  } catch (e) {
    expect(e).toBeInstanceOf(BoardError);
    return false;
  }
}

describe('incremental tables equal a fresh build, byte for byte', () => {
  for (const ruleset of RULESETS) {
    test(`${ruleset}: ${BOARDS_PER_RULESET} boards, ${STEPS_PER_BOARD} door toggles and moves each, every table compared after each`, () => {
      let toggled = 0;
      for (let b = 0; b < BOARDS_PER_RULESET; b++) {
        const seed = b * 7919 + RULESETS.indexOf(ruleset as Ruleset) * 31 + 5;
        const data = randomBoard(ruleset, seed, { minSide: 3, maxSide: 9, smallFigures: 3, largeFigures: 3, difficultAreas: 2 });
        if (data.figures.length === 0) continue;
        const board = Board.fromData(data);
        const r = rng(seed ^ 0x5a5a);
        const all = gaps(data);
        const log: string[] = [];
        for (let step = 0; step < STEPS_PER_BOARD; step++) {
          const d = board.data;
          if (r() < 0.75) {
            const pool = r() < 0.7 ? all.filter((g) => interesting(d, g)) : all;
            const g = pool[Math.floor(r() * pool.length)];
            if (!g || !toggle(board, g)) continue;
            toggled++;
            log.push(`door ${g.join(',')}`);
          } else {
            const i = Math.floor(r() * d.figures.length);
            const f = d.figures[i];
            const [dx, dy] = [[1, 0], [-1, 0], [0, 1], [0, -1]][Math.floor(r() * 4)];
            try {
              board.moveFigure(i, f.x + dx, f.y + dy);
            } catch (e) {
              expect(e).toBeInstanceOf(BoardError);
              continue;
            }
            log.push(`move ${f.id} ${dx},${dy}`);
          }
          expect(firstDifference(board), `${ruleset} seed ${seed} after [${log.join('; ')}]`).toBeNull();
        }
      }
      expect(toggled).toBeGreaterThan(BOARDS_PER_RULESET * 10);
    });
  }
});

describe('board.data is a snapshot', () => {
  test('data read before a door, a move, an added or removed figure does not change with them', () => {
    const board = Board.create({
      ruleset: 'doom2016',
      map: ['....', '....', '....'],
      figures: [{ id: 'a', side: 'm', x: 0, y: 0, teleports: true }, { id: 'big', side: 'd', x: 2, y: 1, w: 2, h: 2 }],
    });
    board.sightMap('a'); // in the core, so the core is updated too
    const copy = (d: BoardData) => JSON.parse(JSON.stringify({ ...d, cells: [...d.cells], hEdges: [...d.hEdges], vEdges: [...d.vEdges] }));
    const snaps: Array<[BoardData, unknown]> = [];
    const take = () => {
      const d = board.data;
      snaps.push([d, copy(d)]);
    };
    take();
    board.closeDoor(0, 0, 1, 0);
    board.closeDoor(0, 1, 0, 2); // two changes between reads: the second writes in place
    take();
    board.moveFigure('a', 0, 1);
    board.moveFigure('a', 1, 1);
    take();
    board.openDoor(0, 0, 1, 0);
    board.addFigure({ id: 'c', side: 'd', x: 0, y: 2 });
    take();
    board.removeFigure('big');
    board.closeDoor(2, 0, 3, 0);
    board.moveFigure('a', 1, 0);
    for (const [d, saved] of snaps) expect(copy(d)).toEqual(saved);
    // Each snapshot says what the board was then.
    expect(snaps[1][0].vEdges[1]).toBe(EdgeKind.door);
    expect(snaps[1][0].figures[0]).toEqual({ id: 'a', side: 'm', x: 0, y: 0, w: 1, h: 1, teleports: true });
    expect(snaps[2][0].figures[0]).toEqual({ id: 'a', side: 'm', x: 1, y: 1, w: 1, h: 1, teleports: true });
    expect(board.data.vEdges[1]).toBe(EdgeKind.none);
    expect(board.data.hEdges[2 * 4]).toBe(EdgeKind.door);
    expect(board.data.vEdges[3]).toBe(EdgeKind.door);
    expect(board.data.figures.map((f) => f.id)).toEqual(['a', 'c']);
    // And the board in the core agrees with its data.
    expect(firstDifference(board)).toBeNull();
  });
});
