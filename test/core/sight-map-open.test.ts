/**
 * Open boards (issue 41): every space on the map, no edges, no difficult terrain. The core's sight
 * map there runs its own sweep (assembly/open2016.ts); it must answer as the TypeScript reference,
 * space by space, for small and 2×3 attackers, few and many figures, and on boards that stop being
 * open (a door closed, difficult terrain) and open again.
 */
import { beforeAll, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { parseBoard } from '../../src/core/board-input.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { ReferenceBoard } from '../../src/reference/index.ts';
import type { BoardData, SightMap } from '../../src/core/types.ts';
import { openBoard } from './random-boards.ts';

beforeAll(async () => {
  await loadCore();
});

const same = (a: SightMap, b: SightMap, where: string) => {
  expect([...a.los], `${where}: LOS`).toEqual([...b.los]);
  expect([...a.cover], `${where}: cover`).toEqual([...b.cover]);
  expect([...a.range], `${where}: range`).toEqual([...b.range]);
};

test('the sight map equals the reference on 160 random open boards up to 14×14, every figure attacking', () => {
  let covered = 0;
  for (let s = 0; s < 160; s++) {
    const w = 2 + (s % 13), h = 2 + ((s * 5) % 13);
    const dense = s % 3 === 0;
    const data = openBoard(w, dense ? Math.floor((w * h) / 3) : 1 + (s % 7), 4100 + s, h);
    const board = Board.fromData(data);
    const ref = new ReferenceBoard(data);
    for (let f = 0; f < data.figures.length; f += dense ? 3 : 1) {
      const m = board.sightMap(f);
      same(m, ref.sightMap(f), `board ${s} (${w}×${h}) figure ${f}`);
      covered += m.cover.reduce((a, c) => a + c, 0);
    }
  }
  expect(covered).toBeGreaterThan(1000); // the boards put many spaces in cover: the test checks the sweep's shadows
});

test('a board that stops being open and opens again: a door, difficult terrain, a figure moved', () => {
  const data: BoardData = openBoard(12, 10, 77, 9);
  const board = Board.fromData(data);
  const check = (where: string) => {
    const ref = new ReferenceBoard(board.data);
    for (const f of [0, board.data.figures.length - 1]) same(board.sightMap(f), ref.sightMap(f), where);
  };
  check('open');
  board.closeDoor(5, 3, 5, 4);
  check('a door closed');
  board.openDoor(5, 3, 5, 4);
  check('the door opened again');
  const f = board.data.figures[1];
  const to = [...Array(12 * 9).keys()].map((i) => ({ x: i % 12, y: Math.floor(i / 12) }))
    .find(({ x, y }) => !board.data.figures.some((g) => x >= g.x && y >= g.y && x < g.x + g.w && y < g.y + g.h))!;
  board.moveFigure(1, to.x, to.y);
  check(`figure ${f.id} moved`);
  const rough = parseBoard({ ruleset: 'doom2016', map: ['....', '.d..', '....'], figures: [{ id: 'a', side: 'marines', x: 0, y: 0 }, { id: 'b', side: 'demons', x: 2, y: 1 }] });
  same(Board.fromData(rough).sightMap(0), new ReferenceBoard(rough).sightMap(0), 'difficult terrain (not open)');
});

test('attackers of every size to 3×3 (4 to 16 corners: the per-corner marks are folded every seven corners)', () => {
  let checked = 0;
  for (const [w, h] of [[1, 1], [1, 2], [2, 2], [2, 3], [3, 2], [3, 3]] as const) {
    for (let s = 0; s < 6; s++) {
      const data = openBoard(11 + s, 6 + s, 9100 + 10 * w + h + 100 * s, 10);
      data.figures[0] = { ...data.figures[0], w, h };
      const taken = data.figures.slice(1).some((g) => g.x < data.figures[0].x + w && data.figures[0].x < g.x + g.w && g.y < data.figures[0].y + h && data.figures[0].y < g.y + g.h);
      if (taken || data.figures[0].x + w > data.width || data.figures[0].y + h > data.height) continue;
      same(Board.fromData(data).sightMap(0), new ReferenceBoard(data).sightMap(0), `${w}×${h} attacker, board ${s}`);
      checked++;
    }
  }
  expect(checked).toBeGreaterThanOrEqual(24);
});
