/**
 * The rulebook examples (RULES.md and seeds/) as ASCII-map fixtures, answered by the Wasm core and
 * by the TypeScript reference alike. Positions are reconstructed from the rulebook's descriptions
 * (the diagrams themselves are not in the seeds).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { parseBoard } from '../../src/core/board-input.ts';
import type { EdgeKindName, GridQueries, Ruleset } from '../../src/core/types.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { ReferenceBoard } from '../../src/reference/index.ts';
import { fixture, render } from './fixture.ts';
import { both } from './both-implementations.ts';
import { COVER_EXAMPLE_2016 } from './rulebook-boards.ts';

beforeAll(async () => {
  await loadCore();
});

const marine = (id: string) => ({ id, side: 'marines', teleports: true });
const demon = (id: string) => ({ id, side: 'demons' });


describe('doom2016 rulebook examples', () => {
  // Deckungsbeispiel: Alpha sees all three demons; the cacodemon is not in cover; the imp is in cover
  // because a line passes the possessed soldier's space; the soldier is in cover because a line
  // crosses blocking terrain.
  const coverExample = COVER_EXAMPLE_2016;

  test('cover example: Alpha has LOS to all three demons', () => {
    both(coverExample, (b, id) => {
      for (const d of ['cacodemon', 'imp', 'soldier']) expect(b.sight(id('alpha'), id(d)).los, d).toBe(true);
    });
  });
  test('cover example: the cacodemon is not in cover', () => {
    both(coverExample, (b, id) => expect(b.sight(id('alpha'), id('cacodemon')).cover).toBe(false));
  });
  test('cover example: the imp is in cover behind the possessed soldier (clause 1.1.3)', () => {
    both(coverExample, (b, id) => expect(b.sight(id('alpha'), id('imp')).cover).toBe(true));
    const e = Board.create(coverExample).explain('alpha', 'imp');
    expect(e.cover).toBe(true);
    expect(e.coverLines.some((l) => l.blocker?.clause === '1.1.3' && l.blocker.cell.x === 2 && l.blocker.cell.y === 3)).toBe(true);
    expect(e.coverLines.some((l) => l.blocker?.clause === '1.1.1')).toBe(false);
    expect(e.summary).toMatch(/in cover.*space of soldier/);
  });
  test('cover example: the possessed soldier is in cover behind blocking terrain (clause 1.1.1)', () => {
    both(coverExample, (b, id) => expect(b.sight(id('alpha'), id('soldier')).cover).toBe(true));
    const e = Board.create(coverExample).explain('alpha', 'soldier');
    expect(e.coverLines.some((l) => l.blocker?.clause === '1.1.1' && l.blocker.kind === 'blocking')).toBe(true);
    expect(e.coverLines.some((l) => l.blocker?.clause === '1.1.3')).toBe(false);
  });

  // Beispiel eines Angriffs: the left imp has LOS to Alpha, three spaces away.
  const attackExample = fixture('doom2016', `
    +-+-+-+-+-+
    |I . . . .|
    + + + + + +
    |. .|. A .|
    + + + + + +
    |. .|. . .|
    +-+-+-+-+-+`,
  { I: demon('imp'), A: marine('alpha') });
  test('attack example: the imp sees Alpha at range 3', () => {
    both(attackExample, (b, id) => expect(b.sight(id('imp'), id('alpha'))).toEqual({ los: true, cover: false, range: 3 }));
  });

  // Bewegungsbeispiel: with 4 MP Alpha moves diagonally for 1, enters a demon's space for 2 and,
  // unable to end there, spends the last point to move on.
  const moveExample = fixture('doom2016', `
    +-+-+-+-+-+
    |. . I . .|
    + +-+-+-+-+
    |A|# # # #|
    +-+-+-+-+-+`,
  { A: marine('alpha'), I: demon('imp') });
  test('movement example: diagonal 1, +1 to enter a demon, may not end there, the last point moves on', () => {
    both(moveExample, (b, id) => {
      const r = b.reach(id('alpha'), 4);
      const at = (x: number, y: number) => y * r.width + x;
      expect(r.cost[at(1, 0)]).toBe(1); // one diagonal step past the end of the wall
      expect(r.cost[at(2, 0)]).toBe(3); // 1 + 2 for the demon's space
      expect(r.end[at(2, 0)]).toBe(0); // may not end on the demon
      expect(r.cost[at(3, 0)]).toBe(4);
      expect(r.end[at(3, 0)]).toBe(1);
      expect(r.cost[at(4, 0)]).toBe(-1); // out of MP
      const p = b.path(id('alpha'), 4, { x: 3, y: 0, o: 0 })!;
      expect(p.cost).toBe(4);
      expect(p.steps.map((s) => `${s.x},${s.y}`)).toEqual(['0,1', '1,0', '2,0', '3,0']);
      expect(b.path(id('alpha'), 4, { x: 2, y: 0, o: 0 })).toBeNull();
    });
  });
});

describe('doom2016 line test edge cases (RULES §1.1)', () => {
  test('a line touching the end of a wall is clear', () => {
    // Every line from A to B passes the lower end of the wall at corner (2,1).
    both(fixture('doom2016', `
      +-+-+-+-+
      |A .|. .|
      + + + + +
      |. . . B|
      +-+-+-+-+`, { A: marine('a'), B: demon('b') }), (b, id) => expect(b.sight(id('a'), id('b')).los).toBe(true));
  });
  test('a space walled on two sides cannot be left through the corner where the walls meet', () => {
    const e = Board.create(fixture('doom2016', `
      +-+-+-+
      |A|. .|
      +-+ + +
      |. . B|
      +-+-+-+`, { A: marine('a'), B: demon('b') })).explain('a', 'b');
    expect(e.los).toBe(false);
    expect(e.losLines.every((l) => l.blocked)).toBe(true);
    expect(e.losLines.some((l) => l.blocker?.clause === '1.1.4')).toBe(true);
  });
  test('a line running along a wall is blocked', () => {
    // The line from A's top-right corner (1,0) to B's top-left corner (3,0) runs along the border.
    const e = Board.create(fixture('doom2016', `
      +-+-+-+-+
      |A|. .|B|
      + +-+-+ +
      |. . . .|
      +-+-+-+-+`, { A: marine('a'), B: demon('b') })).explain('a', 'b');
    const along = e.losLines.find((l) => l.from.x === 2 && l.from.y === 0 && l.to.x === 6 && l.to.y === 0)!;
    expect(along.blocked).toBe(true);
    expect(['1.1.1', '1.1.4']).toContain(along.blocker!.clause);
  });
  test('a line through a wall joint is blocked (clause 1.1.2)', () => {
    // A straight wall across the line's corner: the diagonal A→B through corner (2,1) is blocked
    // while the same line past a single wall end is clear.
    const joint = Board.create(fixture('doom2016', `
      +-+-+-+-+
      |. A|. .|
      + + + + +
      |. .|B .|
      +-+-+-+-+`, { A: marine('a'), B: demon('b') }));
    const e = joint.explain('a', 'b');
    const diag = e.losLines.find((l) => l.from.x === 2 && l.from.y === 0 && l.to.x === 6 && l.to.y === 4)!;
    expect(diag.blocked).toBe(true);
    expect(diag.blocker).toEqual({ clause: '1.1.2', corner: { x: 2, y: 1 } });
    const single = Board.create(fixture('doom2016', `
      +-+-+-+-+
      |. A|. .|
      + + + + +
      |. . B .|
      +-+-+-+-+`, { A: marine('a'), B: demon('b') })).explain('a', 'b');
    expect(single.losLines.find((l) => l.from.x === 2 && l.from.y === 0 && l.to.x === 6 && l.to.y === 4)!.blocked).toBe(false);
  });
  test('a figure in the corner of a walled room cannot look out through the corner (clause 1.1.4)', () => {
    // A stands in the corner where the room's right wall meets its bottom wall; B is just outside.
    const room = fixture('doom2016', `
      +-+-+-+-+
      |. . .|.|
      + + + + +
      |. . A|.|
      +-+-+-+ +
      |. . . B|
      +-+-+-+-+`, { A: marine('a'), B: demon('b') });
    const e = Board.create(room).explain('a', 'b');
    const out = e.losLines.find((l) => l.from.x === 6 && l.from.y === 4 && l.to.x === 8 && l.to.y === 4)!;
    expect(out.blocked).toBe(true);
    expect(out.blocker?.clause).toBe('1.1.4');
    const shared = e.losLines.find((l) => l.from.x === 6 && l.from.y === 4 && l.to.x === 6 && l.to.y === 4)!;
    expect(shared.blocker?.clause).toBe('1.1.4');
    both(room, (b, id) => expect(b.sight(id('a'), id('b')).los).toBe(false));
  });
  test('adjacent figures separated by a wall see each other only round its end', () => {
    const shortWall = fixture('doom2016', `
      +-+-+
      |A|B|
      + + +
      |. .|
      +-+-+`, { A: marine('a'), B: demon('b') });
    const fullWall = fixture('doom2016', `
      +-+-+
      |A|B|
      + + +
      |.|.|
      +-+-+`, { A: marine('a'), B: demon('b') });
    both(shortWall, (b, id) => expect(b.sight(id('a'), id('b')).los).toBe(true));
    both(fullWall, (b, id) => expect(b.sight(id('a'), id('b'))).toEqual({ los: false, cover: false, range: -1 }));
  });
});

describe('doom2004 rulebook examples', () => {
  // Page 8: the pistol (1 yellow + 1 green) needs range 4; the shortest path is 4 spaces.
  const pistol = fixture('doom2004', `
    +-+-+-+-+-+-+
    |M . . . . .|
    + + + + + + +
    |. . . . . .|
    + + + + + + +
    |. . . . D .|
    +-+-+-+-+-+-+`, { M: marine('marine'), D: demon('demon') });
  test('pistol example: range 4 by the shortest path, LOS centre to centre', () => {
    both(pistol, (b, id) => expect(b.sight(id('marine'), id('demon'))).toEqual({ los: true, cover: false, range: 4 }));
  });
  // Page 8 LOS diagram: the obstacle hides the zombie, the corner hides the cyberdemon, the demon
  // hides the archvile behind it.
  const losDiagram = fixture('doom2004', `
    +-+-+-+-+-+-+
    |M . . D V .|
    + + + + + + +
    |. o Z . . .|
    + + +-+-+ + +
    |. . . . . C|
    +-+-+-+-+-+-+`, { M: marine('marine'), D: demon('demon'), V: demon('archvile'), Z: demon('zombie'), C: demon('cyberdemon') });
  test('LOS example: the demon is visible; obstacle, corner and the demon itself block the others', () => {
    both(losDiagram, (b, id) => {
      const s = (t: string) => b.sight(id('marine'), id(t)).los;
      expect(s('demon')).toBe(true);
      expect(s('zombie')).toBe(false);
      expect(s('archvile')).toBe(false);
      expect(s('cyberdemon')).toBe(false);
    });
  });
  test('two figures touching diagonally do not block a line through their shared corner', () => {
    both(fixture('doom2004', `
      +-+-+-+
      |M Y .|
      + + + +
      |Z . .|
      + + + +
      |. . D|
      +-+-+-+`, { M: marine('m'), Y: demon('y'), Z: demon('z'), D: demon('d') }), (b, id) => expect(b.sight(id('m'), id('d')).los).toBe(true));
  });
});

describe('d20 rules (RULES §4)', () => {
  test('distance: orthogonal 1, diagonal 2, around walls', () => {
    both(fixture('d20', `
      +-+-+-+-+
      |A . . C|
      + + + + +
      |. . . .|
      + + + + +
      |. . B .|
      +-+-+-+-+`, { A: marine('a'), B: demon('b'), C: demon('c') }), (b, id) => {
      expect(b.sight(id('a'), id('b')).range).toBe(4);
      expect(b.sight(id('a'), id('c')).range).toBe(3);
    });
  });
  test('distance: impassable edges are terrain and do not lengthen it (ruling: walls and the no-diagonal rule count)', () => {
    const line = (top: string, rest: string) => fixture('d20', `
      +-+-+-+-+-+-+
      |. . . .${top}. .|
      + + + + + + +
      |A . . .${rest}B .|
      + + + + + + +
      |. . . .${rest}. .|
      +-+-+-+-+-+-+`, { A: marine('a'), B: demon('b') });
    // No path for movement crosses the impassable line, yet the distance is the straight count.
    both(line(':', ':'), (b, id) => {
      expect(b.sight(id('a'), id('b')).range).toBe(4);
      expect(b.nearestEnemies(id('a'))).toEqual([id('b')]);
    });
    both(line(' ', ':'), (b, id) => expect(b.sight(id('a'), id('b')).range).toBe(4));
    // A wall with the same gap: round it, and not diagonally past its end (2 + 2 + 1 + 1).
    both(line(' ', '|'), (b, id) => expect(b.sight(id('a'), id('b')).range).toBe(6));
    both(line('|', '|'), (b, id) => {
      expect(b.sight(id('a'), id('b')).range).toBe(-1);
      expect(b.nearestEnemies(id('a'))).toEqual([]);
    });
  });
  test('cover: a character between gives cover; low objects next to the attacker are ignored', () => {
    const board = (row: string) => fixture('d20', `
      +-+-+-+-+-+
      ${row}
      +-+-+-+-+-+`, { A: marine('a'), B: demon('b'), F: marine('friend') });
    both(board('|A . F . B|'), (b, id) => expect(b.sight(id('a'), id('b'))).toMatchObject({ los: true, cover: true }));
    both(board('|A l . . B|'), (b, id) => expect(b.sight(id('a'), id('b'))).toMatchObject({ los: true, cover: false }));
    both(board('|A . . l B|'), (b, id) => expect(b.sight(id('a'), id('b'))).toMatchObject({ los: true, cover: true }));
    both(board('|A . . F B|'), (b, id) => expect(b.sight(id('a'), id('friend')).cover).toBe(false)); // nothing between A and F
  });
  test('cover: adjacent enemies never have cover', () => {
    both(fixture('d20', `
      +-+-+
      |A l|
      + + +
      |F B|
      +-+-+`, { A: marine('a'), B: demon('b'), F: marine('f') }), (b, id) => expect(b.sight(id('a'), id('b')).cover).toBe(false));
  });
  test('LOS: walls block even when only touched', () => {
    // The only way between diagonal neighbours is their shared corner, where two walls end.
    both(fixture('d20', `
      +-+-+-+
      |A|. .|
      +-+ + +
      |. B .|
      +-+-+-+`, { A: marine('a'), B: demon('b') }), (b, id) => expect(b.sight(id('a'), id('b')).los).toBe(false));
    both(fixture('d20', `
      +-+-+-+
      |A|. .|
      + + + +
      |. B .|
      +-+-+-+`, { A: marine('a'), B: demon('b') }), (b, id) => expect(b.sight(id('a'), id('b')).los).toBe(true));
  });
  test('nearest enemy: the closest enemies in LOS, ties all count, unseen enemies do not', () => {
    both(fixture('d20', `
      +-+-+-+-+-+-+
      |A . . X . .|
      + + + + + + +
      |. . . . . .|
      + + + + + + +
      |. . . Y . .|
      + +-+ + + + +
      |.|Z|. . . .|
      +-+-+-+-+-+-+`, { A: marine('a'), X: demon('x'), Y: demon('y'), Z: demon('z') }), (b, id) => {
      expect(b.sight(id('a'), id('z')).los).toBe(false);
      expect(b.nearestEnemies(id('a')).sort()).toEqual([id('x')]);
    });
  });
});

describe('result maps', () => {
  // doom2004, worked by hand: centre lines from A to (2,1) and (1,2) cross the obstacle's space;
  // the obstacle itself can be nominated; range goes round it (it may end a count, not be crossed).
  const room = fixture('doom2004', `
    +-+-+-+
    |A . .|
    + + + +
    |. o .|
    + + + +
    |. . .|
    +-+-+-+`, { A: marine('a') });
  test('doom2004 LOS and range map round an obstacle', () => {
    both(room, (b) => {
      const m = b.sightMap(0);
      expect(render(3, 3, (x, y) => (m.los[y * 3 + x] ? 'x' : '-'))).toEqual(['xxx', 'xx-', 'x--']);
      expect(render(3, 3, (x, y) => String(m.range[y * 3 + x]))).toEqual(['012', '112', '223']);
    });
  });
});

describe('explanations cite the rule', () => {
  test('doom2016: no LOS names the blocking edge and the clause', () => {
    const e = Board.create(fixture('doom2016', `
      +-+-+-+
      |A|. B|
      + + + +
      |.|. .|
      +-+-+-+`, { A: marine('a'), B: demon('b') })).explain('a', 'b');
    expect(e.los).toBe(false);
    expect(e.summary).toMatch(/^a has no line of sight to b \(RULES §2\.1: every line is blocked; e\.g\. the line from \(\d,\d\) .*clause 1\.1\.[14]\)/);
    expect(e.losLines).toHaveLength(4 * 4);
  });
  test('doom2004: the lines are centre to centre and a figure in the way is named', () => {
    const e = Board.create(fixture('doom2004', `
      +-+-+-+
      |M Z D|
      +-+-+-+`, { M: marine('m'), Z: demon('zombie'), D: demon('d') })).explain('m', 'd');
    expect(e.los).toBe(false);
    expect(e.losLines).toEqual([{ from: { x: 1, y: 1 }, to: { x: 5, y: 1 }, blocked: true, blocker: { clause: '1.1.3', cell: { x: 1, y: 0 } } }]);
    expect(e.summary).toContain('the space of zombie');
    // Its one line is said as one (no "every line is blocked; e.g.").
    expect(e.summary).toMatch(/^m has no line of sight to d \(RULES §3: the line from \(0\.5,0\.5\) passes through the space of zombie/);
  });
  test('d20: the clear line is named by where it runs across both spaces, as the board draws it, not by its two critical points', () => {
    // A review's case (the d20 skirmish, Trooper 1 moved to E2, the scout at G2): the witness's points
    // are E2's two top corners; the line runs on along the top edges to G2's top-right corner.
    const e = Board.create(fixture('d20', `
      +-+-+-+-+
      |A . B .|
      + + + + +
      |. . . .|
      +-+-+-+-+`, { A: marine('a'), B: demon('b') })).explain('a', 'b');
    expect(e.summary).toMatch(/^a has line of sight to b \(RULES §4: a clear line runs within a hair of the line from \((\d+),(\d+)\) to \((\d+),(\d+)\), missing every wall\)/);
    const [x1, y1, x2, y2] = /from \((\d+),(\d+)\) to \((\d+),(\d+)\)/.exec(e.summary)!.slice(1).map(Number);
    // Its ends are corners of the two spaces' box, one at each side.
    expect([Math.min(x1, x2), Math.max(x1, x2)]).toEqual([0, 3]);
    expect([y1, y2].every((y) => y >= 0 && y <= 1)).toBe(true);
  });
  test('d20: a clear line, cover with what gives it, distance', () => {
    const e = Board.create(fixture('d20', `
      +-+-+-+-+-+
      |A . F . B|
      +-+-+-+-+-+`, { A: marine('a'), B: demon('b'), F: marine('friend') })).explain('a', 'b');
    expect(e).toMatchObject({ los: true, cover: true, range: 4 });
    expect(e.losLines).toHaveLength(1);
    expect(e.summary).toBe("a has line of sight to b (RULES §4: a clear line runs within a hair of the line from (0,0) to (5,0), missing every wall); in cover, +4 defense (RULES §4: from every corner of every square of a's space something lies in the way, e.g. a character at (2,0)); distance 4.");
  });
});

describe('large figures never shift across a wall or door (RULES §2.2, §1)', () => {
  const cases: Array<[Ruleset, number, number, EdgeKindName]> = [
    ['doom2016', 1, 2, 'wall'], ['doom2016', 1, 2, 'door'], ['doom2016', 2, 3, 'wall'],
    ['doom2004', 2, 2, 'wall'], ['doom2004', 1, 2, 'door'], ['d20', 2, 2, 'wall'],
  ];
  test.each(cases)('%s %i×%i behind a %s line spanning the map', (ruleset, w, h, kind) => {
    // The wall runs the full height at x = w: the figure on its left can never get to the right.
    const input = { ruleset, map: Array.from({ length: h + 2 }, () => '.'.repeat(w + 4)), edges: [{ from: [w, 0] as [number, number], to: [w, h + 2] as [number, number], kind }], figures: [{ id: 'big', side: 'a', x: 0, y: 0, w, h }] };
    for (const b of [Board.create(input), new ReferenceBoard(parseBoard(input))] as GridQueries[]) {
      const reach = b.reach(0, 20);
      for (let i = 0; i < reach.cost.length; i++) {
        const x = i % reach.width;
        if (reach.cost[i] >= 0) expect(x, `${b.constructor.name}: a placement at x=${x}, across the ${kind}`).toBe(0);
      }
    }
  });
});
