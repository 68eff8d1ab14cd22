/**
 * Movement rulings for large figures (issue 9 item 11, RULES §2.2 and §5), answered by the Wasm core
 * and by the TypeScript reference alike. The grid core already behaved this way; these tests pin the
 * rulings down (each fails when the reference or the core is mutated to the old README wording).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { parseBoard } from '../../src/core/board-input.ts';
import type { BoardInput } from '../../src/core/board-input.ts';
import type { EdgeKindName, GridQueries, Ruleset } from '../../src/core/types.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { ReferenceBoard } from '../../src/reference/index.ts';
import { fixture } from './fixture.ts';

beforeAll(async () => {
  await loadCore();
});

const impls = (input: BoardInput): GridQueries[] => [Board.create(input), new ReferenceBoard(parseBoard(input))];
const name = (b: GridQueries) => (b instanceof ReferenceBoard ? 'reference' : 'wasm');

describe('doom2016: a rotation into a hostile large figure costs +1 MP like a step (RULES §2.2 Ruling)', () => {
  // The 1×2 demon D stands upright at (0,0)-(0,1); the hostile 2×3 cyberdemon C's top-left space is (1,1).
  // Rotating D to lie at (0,1)-(1,1) enters C's space (1,1): 1 + 1 MP. Rotating the other way to
  // (0,0)-(1,0) enters nothing: 1 MP. A friendly large figure costs nothing extra.
  const board = (cSide: string) => fixture('doom2016', `
    +-+-+-+-+
    |D . . .|
    + + + + +
    |D C C .|
    + + + + +
    |. C C .|
    + + + + +
    |. C C .|
    +-+-+-+-+`, { D: { id: 'demon', side: 'demons' }, C: { id: 'cyber', side: cSide } });
  test('hostile: 2 MP for the rotation that enters its space, 1 MP for the one that does not', () => {
    for (const b of impls(board('marines'))) {
      const r = b.reach(0, 3);
      const at = (x: number, y: number, o: number) => o * r.width * r.height + y * r.width + x;
      expect(r.orientations, name(b)).toBe(2);
      expect(r.cost[at(0, 0, 1)], name(b)).toBe(1);
      expect(r.cost[at(0, 1, 1)], `${name(b)}: rotation into the cyberdemon`).toBe(2);
      expect(r.end[at(0, 1, 1)], name(b)).toBe(0); // may not end overlapping a large figure
    }
  });
  test('friendly: the same rotation costs 1 MP', () => {
    for (const b of impls(board('demons'))) {
      const r = b.reach(0, 3);
      expect(r.cost[1 * r.width * r.height + 1 * r.width + 0], name(b)).toBe(1);
    }
  });
});

describe('doom2004 and d20 large figures are stopped by impassable and blocking edges (RULES §5 Ruling)', () => {
  const cases: Array<[Ruleset, number, number, EdgeKindName]> = [
    ['doom2004', 2, 2, 'impassable'], ['doom2004', 2, 2, 'blocking'], ['doom2004', 1, 2, 'impassable'],
    ['d20', 2, 2, 'impassable'], ['d20', 2, 2, 'blocking'], ['d20', 3, 3, 'impassable'], ['d20', 3, 3, 'blocking'],
  ];
  test.each(cases)('%s %i×%i behind a %s line spanning the map never gets across', (ruleset, w, h, kind) => {
    const input: BoardInput = {
      ruleset, map: Array.from({ length: h + 2 }, () => '.'.repeat(w + 4)),
      edges: [{ from: [w, 0], to: [w, h + 2], kind }], figures: [{ id: 'big', side: 'a', x: 0, y: 0, w, h }],
    };
    for (const b of impls(input)) {
      const r = b.reach(0, 20);
      expect(r.cost[r.width], `${name(b)}: one shift down is open`).toBe(1);
      for (let i = 0; i < r.cost.length; i++) {
        if (r.cost[i] >= 0) expect(i % r.width, `${name(b)}: a placement across the ${kind} edge`).toBe(0);
      }
    }
  });
  test.each(['doom2004', 'd20'] as Ruleset[])('%s: a short impassable edge in front of one cell of the footprint stops the shift', (ruleset) => {
    const input: BoardInput = {
      ruleset, map: ['....', '....', '....'],
      edges: [{ from: [2, 1], to: [2, 2], kind: 'impassable' }], figures: [{ id: 'big', side: 'a', x: 0, y: 0, w: 2, h: 2 }],
    };
    for (const b of impls(input)) {
      const r = b.reach(0, 1);
      expect(r.cost[1], `${name(b)}: shift right across the impassable edge`).toBe(-1);
    }
  });
});
