/** Bad board input gets an error naming the field, and failed changes leave the board as it was. */
import { beforeAll, describe, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { BoardError, parseBoard, type BoardInput } from '../../src/core/board-input.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { EdgeKind } from '../../src/core/types.ts';

beforeAll(async () => {
  await loadCore();
});

const base = (): BoardInput => ({
  ruleset: 'doom2016',
  map: ['....', '....', '....'],
  edges: [{ from: [2, 0], to: [2, 3], kind: 'wall' }, { from: [0, 2], to: [1, 2], kind: 'door' }],
  figures: [{ id: 'alpha', side: 'marines', x: 0, y: 0 }, { id: 'imp', side: 'demons', x: 3, y: 0 }],
});

function problems(input: unknown): string[] {
  try {
    parseBoard(input as BoardInput);
  } catch (e) {
    expect(e).toBeInstanceOf(BoardError);
    return (e as BoardError).problems;
  }
  throw new Error('expected a BoardError');
}

describe('bad board input is named', () => {
  test('size 0', () => expect(problems({ ...base(), map: [] })).toEqual(['map: size 0×0 is empty']));
  test('above 256×256', () => expect(problems({ ...base(), map: Array(257).fill('.') })[0]).toMatch(/^map: size 1×257 is above 256×256/));
  test('unknown ruleset', () => expect(problems({ ...base(), ruleset: 'chess' })[0]).toMatch(/^ruleset: "chess" is not one of/));
  test('unknown map character', () => expect(problems({ ...base(), map: ['..?.'] })).toContain('map[0][2]: unknown cell character "?"'));
  test('unknown map characters beyond ASCII are named, each UTF-16 unit of a pair on its own cell', () => {
    expect(problems({ ...base(), map: ['..é.', '.\u0000..', '....'] })).toEqual([
      'map[0][2]: unknown cell character "é"',
      'map[1][1]: unknown cell character "\\u0000"',
    ]);
    expect(problems({ ...base(), map: ['.👹.', '....', '....'] })).toEqual([
      'map[0][1]: unknown cell character "\\ud83d"',
      'map[0][2]: unknown cell character "\\udc79"',
    ]);
  });
  test('unknown edge kind', () => {
    const input = base();
    input.edges![1] = { from: [0, 2], to: [1, 2], kind: 'lava' as 'wall' };
    expect(problems(input)).toContain('edges[1].kind: unknown edge kind "lava" (expected none, wall, door, blocking, impassable)');
  });
  test('diagonal edge and edge off the map', () => {
    const input = base();
    input.edges = [{ from: [0, 0], to: [1, 1], kind: 'wall' }, { from: [0, 0], to: [9, 0], kind: 'wall' }];
    expect(problems(input)).toEqual(['edges[0]: segment (0,0)–(1,1) is not horizontal or vertical', 'edges[1].to: corner (9,0) is outside the 4×3 map']);
  });
  test('figure off the map', () => {
    const input = base();
    input.figures![1] = { id: 'imp', side: 'demons', x: 41, y: 0 };
    expect(problems(input)).toEqual(['figures[1].x: footprint 1×1 at (41,0) is outside the 4×3 map']);
  });
  test('figure on a void cell', () => {
    expect(problems({ ...base(), map: ['. ..', '....', '....'], figures: [{ id: 'a', side: 's', x: 1, y: 0 }] }))
      .toEqual(['figures[0].x: cell (1,0) of the footprint is off the map']);
  });
  test('overlapping figures', () => {
    const input = base();
    input.figures!.push({ id: 'caco', side: 'demons', x: 3, y: 0, w: 1, h: 2 });
    expect(problems(input)).toEqual(['figures[2].x: cell (3,0) is already occupied by "imp"']);
  });
  test('RULES §3: a doom2004 figure on a blocking obstacle or an exploding barrel (they block movement); elsewhere the letters are only drawn', () => {
    const input = (ruleset: BoardInput['ruleset']): BoardInput => ({
      ruleset, map: ['.o..', '..b.', '....'],
      figures: [{ id: 'imp', side: 'demons', x: 1, y: 0 }, { id: 'cyber', side: 'demons', x: 1, y: 1, w: 2, h: 2 }],
    });
    expect(problems(input('doom2004'))).toEqual([
      'figures[0].x: cell (1,0) holds a blocking obstacle; no figure can stand there',
      'figures[1].x: cell (2,1) holds an exploding barrel; no figure can stand there',
    ]);
    expect(() => parseBoard(input('doom2016'))).not.toThrow();
    const b = Board.create({ ...input('doom2004'), figures: [{ id: 'imp', side: 'demons', x: 0, y: 0 }] });
    expect(() => b.moveFigure('imp', 1, 0)).toThrow('figure "imp".x: cell (1,0) holds a blocking obstacle; no figure can stand there');
    expect(b.placementProblem(2, 1)).toBe('cell (2,1) holds an exploding barrel; no figure can stand there');
    expect(b.data.figures[0]).toMatchObject({ x: 0, y: 0 });
  });
  test('footprint across a wall', () => {
    const input = base();
    input.figures = [{ id: 'cyber', side: 'demons', x: 1, y: 0, w: 2, h: 2 }];
    expect(problems(input)).toEqual(['figures[0].x: footprint crosses a wall between (1,0) and (2,0)']);
  });
  test('every problem is reported at once', () => {
    const all = problems({ ...base(), ruleset: 'x', map: ['.?..'] });
    expect(all).toContain('ruleset: "x" is not one of doom2016, doom2004, d20');
    expect(all).toContain('map[0][1]: unknown cell character "?"');
    expect(all).toContain('edges[0].to: corner (2,3) is outside the 4×1 map');
  });
});

describe('changes are all or nothing', () => {
  test('an illegal move throws and leaves the board unchanged', () => {
    const b = Board.create(base());
    const before = JSON.stringify(b.data.figures);
    const sight = b.sight('alpha', 'imp');
    expect(() => b.moveFigure("alpha", 3, 0)).toThrow(/figure "alpha"\.x: cell \(3,0\) is already occupied by "imp"/);
    expect(() => b.moveFigure('alpha', 9, 9)).toThrow(/outside the 4×3 map/);
    expect(() => b.moveFigure('nobody', 0, 0)).toThrow(/no figure "nobody"/);
    expect(JSON.stringify(b.data.figures)).toBe(before);
    expect(b.sight('alpha', 'imp')).toEqual(sight);
  });
  test('moving, adding and removing figures and opening doors update the answers', () => {
    const b = Board.create(base());
    expect(b.sight('alpha', 'imp').los).toBe(false); // the wall at x=2 runs the full height
    b.moveFigure('alpha', 2, 1);
    expect(b.sight('alpha', 'imp').los).toBe(true);
    b.addFigure({ id: 'soldier', side: 'demons', x: 0, y: 2 });
    expect(b.figure('soldier')).toMatchObject({ x: 0, y: 2 });
    expect(() => b.openDoor(0, 1, 1, 1)).toThrow(/no closed door there/);
    const reachBefore = b.reach('soldier', 1);
    expect(reachBefore.cost[1 * 4 + 0]).toBe(-1); // the door blocks the step up
    b.openDoor(0, 1, 0, 2);
    expect(b.reach('soldier', 1).cost[1 * 4 + 0]).toBe(1);
    b.removeFigure('imp');
    expect(b.data.figures.map((f) => f.id)).toEqual(['alpha', 'soldier']);
  });
  test('closing a door blocks what it blocked before it was opened; refusals name the problem', () => {
    const b = Board.create(base());
    b.addFigure({ id: 'soldier', side: 'demons', x: 0, y: 2 });
    const closed = { sight: b.sightMap('soldier'), reach: b.reach('soldier', 3) };
    b.openDoor(0, 1, 0, 2);
    expect(b.reach('soldier', 1).cost[1 * 4 + 0]).toBe(1);
    b.closeDoor(0, 2, 0, 1);
    expect(b.data.hEdges[2 * 4 + 0]).toBe(EdgeKind.door);
    expect(b.sightMap('soldier')).toEqual(closed.sight);
    const again = b.reach('soldier', 3);
    expect([[...again.cost], [...again.end]]).toEqual([[...closed.reach.cost], [...closed.reach.end]]);
    const before = b.data;
    expect(() => b.closeDoor(0, 1, 0, 2)).toThrow('door (0,1)–(0,2): there is already a door there');
    expect(() => b.closeDoor(1, 0, 2, 0)).toThrow('door (1,0)–(2,0): there is already a wall there');
    expect(() => b.closeDoor(0, 0, 1, 1)).toThrow(/must be orthogonal neighbours/);
    expect(() => b.closeDoor(3, 0, 4, 0)).toThrow(/outside the 4×3 map/);
    b.addFigure({ id: 'big', side: 'demons', x: 2, y: 1, w: 2, h: 1 });
    const withBig = b.data;
    expect(() => b.closeDoor(2, 1, 3, 1)).toThrow('door (2,1)–(3,1): figure "big" stands across it');
    expect(b.data).toBe(withBig);
    expect(before.hEdges).toBe(withBig.hEdges);
  });
  test('two boards share the core without mixing their answers', () => {
    const a = Board.create(base());
    const input = base();
    input.edges = [];
    const b = Board.create(input);
    expect(a.sight('alpha', 'imp').los).toBe(false);
    expect(b.sight('alpha', 'imp').los).toBe(true);
    expect(a.sight('alpha', 'imp').los).toBe(false);
  });
  test('bad MP is refused', () => {
    expect(() => Board.create(base()).reach('alpha', -1)).toThrow(/mp: -1/);
  });
});

/** Issue 22: Board.create on malformed JSON throws only BoardError, naming the field, and fast. */
describe('malformed JSON is a BoardError, never a TypeError or RangeError', () => {
  const created = (input: unknown): BoardError => {
    try {
      Board.create(input as BoardInput);
    } catch (e) {
      expect(e, String(e)).toBeInstanceOf(BoardError);
      return e as BoardError;
    }
    throw new Error('expected a BoardError');
  };
  test('edges that are not an array', () => {
    expect(created({ ...base(), edges: { 0: { from: [0, 0], to: [1, 0], kind: 'wall' } } }).problems).toEqual(['edges: expected an array of edges']);
    expect(created({ ...base(), edges: 'wall' }).problems).toEqual(['edges: expected an array of edges']);
  });
  test('figures that are not an array', () => {
    expect(created({ ...base(), figures: { id: 'alpha' } }).problems).toEqual(['figures: expected an array of figures']);
    expect(created({ ...base(), figures: 7 }).problems).toEqual(['figures: expected an array of figures']);
  });
  test('an edge kind that is an object without prototype, or an inherited name', () => {
    const input = base();
    input.edges![0] = { from: [2, 0], to: [2, 3], kind: Object.create(null) };
    expect(created(input).problems[0]).toMatch(/^edges\[0\]\.kind: unknown edge kind/);
    input.edges![0] = { from: [2, 0], to: [2, 3], kind: 'toString' as 'wall' };
    expect(created(input).problems[0]).toMatch(/^edges\[0\]\.kind: unknown edge kind "toString"/);
  });
  test('a map of 300,000 rows is refused at once by its size (no row past the largest map is read)', () => {
    // Counted, not timed: the rows the validation reads, through a proxy of the array.
    const read = new Set<string>();
    const map = new Proxy(Array(300_000).fill('.') as string[], {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) read.add(key);
        return Reflect.get(target, key, receiver);
      },
    });
    const e = created({ ...base(), map });
    expect(e.problems).toEqual(['map: size 1×300000 is above 256×256']);
    expect(read.size).toBeLessThanOrEqual(257);
    expect(created({ ...base(), map: ['.'.repeat(300_000)] }).problems).toEqual(['map: size 300000×1 is above 256×256']);
  });
  test('a figure or an edge that is not an object is named; a figure without prototype is fine', () => {
    const f = Object.assign(Object.create(null), { id: 'beta', side: 'marines', x: 1, y: 1 });
    expect(() => Board.create({ ...base(), figures: [f] })).not.toThrow();
    expect(created({ ...base(), figures: [null, [1]] }).problems).toEqual(['figures[0]: expected an object', 'figures[1]: expected an object']);
    expect(created({ ...base(), edges: [[0, 0]] }).problems).toEqual(['edges[0]: expected an object']);
  });
  test('more figures than the core holds (1024)', () => {
    const map = Array(33).fill('.'.repeat(33));
    const figures = Array.from({ length: 1025 }, (_, i) => ({ id: `f${i}`, side: 's', x: i % 33, y: Math.floor(i / 33) }));
    expect(created({ ruleset: 'd20', map, figures }).problems).toEqual(['figures: 1025 figures is above 1024']);
  });
});
