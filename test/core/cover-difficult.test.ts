/**
 * doom2016 cover from difficult terrain (RULES §2.1, corrected; issue 9 item 8): a cover line gets
 * cover when it crosses the dotted outline — an edge between a difficult and a non-difficult space —
 * by clauses 1.1.1 and 1.1.2, the outline of the defender's own space included. Difficult interiors
 * give no cover. Answered by the Wasm core and the TypeScript reference alike; explanations name the
 * outline edge and the clause.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { parseBoard, type BoardInput } from '../../src/core/board-input.ts';
import { describeBlocker } from '../../src/core/explain.ts';
import type { GridQueries } from '../../src/core/types.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { ReferenceBoard } from '../../src/reference/index.ts';
import { fixture, render } from './fixture.ts';

beforeAll(async () => {
  await loadCore();
});

const marine = (id: string) => ({ id, side: 'marines', teleports: true });
const demon = (id: string, on?: string) => ({ id, side: 'demons', ...(on ? { on } : {}) });

function both(input: BoardInput, check: (b: GridQueries, id: (s: string) => number, impl: string) => void) {
  const data = parseBoard(input);
  const id = (s: string) => data.figures.findIndex((f) => f.id === s);
  check(Board.fromData(data), id, 'wasm');
  check(new ReferenceBoard(data), id, 'reference');
}

describe('doom2016 cover from the outline of difficult terrain (RULES §2.1)', () => {
  // Rulebook-style: Alpha shoots past a patch of difficult terrain (dotted blue outline). The imp
  // behind the patch is in cover: from each corner of Alpha some line to the imp's corners crosses
  // the outline or passes one of its corners between outline edges. The cacodemon is seen by four
  // clear lines from Alpha's corner (1,1), so it is not.
  const patch = fixture('doom2016', `
    +-+-+-+-+-+-+
    |A . . . C .|
    + + + + + + +
    |. . . . . .|
    + + + + + + +
    |. . d d . .|
    + + + + + + +
    |. . d d . I|
    + + + + + + +
    |. . . . . .|
    +-+-+-+-+-+-+`, { A: marine('alpha'), I: demon('imp'), C: demon('cacodemon') });

  test('rulebook-style fixture: the imp behind the dotted outline is in cover, the cacodemon is not', () => {
    both(patch, (b, id, impl) => {
      expect(b.sight(id('alpha'), id('imp')), impl).toEqual({ los: true, cover: true, range: 5 });
      expect(b.sight(id('alpha'), id('cacodemon')), impl).toEqual({ los: true, cover: false, range: 4 });
    });
    const e = Board.create(patch).explain('alpha', 'cacodemon');
    expect(e.coverLines.filter((l) => l.from.x === 2 && l.from.y === 2).map((l) => l.blocked)).toEqual([false, false, false, false]);
  });

  test('the explanation names the blocking outline edge and clause 1.1.1, and cites RULES §2.1', () => {
    const e = Board.create(patch).explain('alpha', 'imp');
    expect(e.cover).toBe(true);
    const outline = e.coverLines.filter((l) => l.blocker?.clause === '1.1.1' && l.blocker.kind === 'difficult');
    expect(outline.length).toBeGreaterThan(0);
    // Every such edge lies on the patch's outline: between a 'd' space and a '.' space.
    const d = (x: number, y: number) => x >= 2 && x <= 3 && y >= 2 && y <= 3;
    for (const l of outline) {
      if (l.blocker?.clause !== '1.1.1') continue;
      const { x1, y1, x2, y2 } = l.blocker.edge;
      const sides = y1 === y2 ? [d(x1, y1 - 1), d(x1, y1)] : [d(x1 - 1, y1), d(x1, y1)];
      expect(sides[0] !== sides[1], `edge (${x1},${y1})-(${x2},${y2})`).toBe(true);
    }
    // No difficult space blocks as a cell any more (clause 1.1.3 is for figures only).
    expect(e.coverLines.some((l) => l.blocker?.clause === '1.1.3')).toBe(false);
    expect(e.summary).toMatch(/in cover \(RULES §2\.1: .*outline of difficult terrain from \(\d,\d\) to \(\d,\d\) \(clause 1\.1\.1\)\)/);
  });

  test("a defender alone in a difficult space is in cover from the outline of its own space", () => {
    // Open floor; the imp stands on a single difficult space. Old rule: its own space never counted.
    const lone = fixture('doom2016', `
      +-+-+-+-+-+
      |A . . . .|
      + + + + + +
      |. . . . .|
      + + + + + +
      |. . . . I|
      +-+-+-+-+-+`, { A: marine('alpha'), I: demon('imp', 'd') });
    both(lone, (b, id, impl) => expect(b.sight(id('alpha'), id('imp')), impl).toEqual({ los: true, cover: true, range: 4 }));
    const e = Board.create(lone).explain('alpha', 'imp');
    const own = e.coverLines.filter((l) => l.blocker?.clause === '1.1.1' && l.blocker.kind === 'difficult');
    // The edges crossed are the imp's own outline (its space is (4,2)).
    expect(own.length).toBeGreaterThan(0);
    for (const l of own) {
      if (l.blocker?.clause !== '1.1.1') continue;
      const { x1, y1, x2, y2 } = l.blocker.edge;
      expect([x1, x2].every((x) => x >= 4 && x <= 5) && [y1, y2].every((y) => y >= 2 && y <= 3), JSON.stringify(l.blocker)).toBe(true);
    }
  });

  test('two figures inside one difficult area give each other no cover from it (interiors do not count)', () => {
    const area = fixture('doom2016', `
      +-+-+-+-+-+
      |. . . . .|
      + + + + + +
      |. A d d .|
      + + + + + +
      |. d d d .|
      + + + + + +
      |. d d B .|
      + + + + + +
      |. . . . .|
      +-+-+-+-+-+`, { A: { ...marine('alpha'), on: 'd' }, B: demon('imp', 'd') });
    expect(area.map).toEqual(['.....', '.ddd.', '.ddd.', '.ddd.', '.....']);
    both(area, (b, id, impl) => {
      expect(b.sight(id('alpha'), id('imp')), `${impl}: alpha → imp`).toEqual({ los: true, cover: false, range: 2 });
      expect(b.sight(id('imp'), id('alpha')), `${impl}: imp → alpha`).toEqual({ los: true, cover: false, range: 2 });
    });
  });

  test('a line through a corner with outline edges on both sides is blocked (clause 1.1.2); LOS ignores the outline', () => {
    // Difficult spaces (1,0) and (0,1) touch at corner (1,1): the diagonal from (0,0) to (2,2)
    // passes between their outlines there.
    const joint = fixture('doom2016', `
      +-+-+-+
      |A d .|
      + + + +
      |d . .|
      + + + +
      |. . I|
      +-+-+-+`, { A: marine('alpha'), I: demon('imp') });
    const e = Board.create(joint).explain('alpha', 'imp');
    const diagonal = (l: { from: { x: number; y: number }; to: { x: number; y: number } }) => l.from.x === 0 && l.from.y === 0 && l.to.x === 4 && l.to.y === 4;
    expect(e.losLines.find(diagonal)!.blocked).toBe(false);
    const blocker = e.coverLines.find(diagonal)!.blocker!;
    expect(blocker).toEqual({ clause: '1.1.2', corner: { x: 1, y: 1 } });
    expect(describeBlocker(blocker, parseBoard(joint))).toBe('passes through corner (1,1) with blocking edges or the outline of difficult terrain on both sides of the line (clause 1.1.2)');
    // From Alpha's corner (1,1) every line is clear, so the imp is not in cover.
    both(joint, (b, id, impl) => expect(b.sight(id('alpha'), id('imp')), impl).toEqual({ los: true, cover: false, range: 2 }));
  });

  test('a line running along an outline edge is blocked (clause 1.1.1)', () => {
    // The only line from Alpha's corner (1,0) to the imp's corner (3,0)… runs along the top border;
    // the line (1,1)→(3,1) runs along the outline between the difficult row and the floor below.
    const along = fixture('doom2016', `
      +-+-+-+-+
      |A d d I|
      + + + + +
      |. . . .|
      +-+-+-+-+`, { A: marine('alpha'), I: demon('imp') });
    const e = Board.create(along).explain('alpha', 'imp');
    const l = e.coverLines.find((c) => c.from.x === 2 && c.from.y === 2 && c.to.x === 6 && c.to.y === 2)!;
    expect(l.blocker).toMatchObject({ clause: '1.1.1', kind: 'difficult' });
  });

  test('cover map: a 2×2 patch shades the cells behind it, not the open floor beside', () => {
    const room = fixture('doom2016', `
      +-+-+-+-+-+
      |A . . . .|
      + + + + + +
      |. . . . .|
      + + + + + +
      |. . d d .|
      + + + + + +
      |. . d d .|
      + + + + + +
      |. . . . .|
      +-+-+-+-+-+`, { A: marine('alpha') });
    both(room, (b, _id, impl) => {
      const m = b.sightMap(0);
      const cover = render(5, 5, (x, y) => (m.cover[y * 5 + x] ? 'c' : '.'));
      // Row by row: open floor has no cover; the patch itself and the spaces behind it do.
      expect(cover[0], impl).toBe('.....');
      expect(cover[1], impl).toBe('.....');
      expect(cover[2].slice(2, 4), impl).toBe('cc');
      expect(cover[3].slice(2, 4), impl).toBe('cc');
      expect(cover[4][4], impl).toBe('c');
      expect(cover[2][0] + cover[3][0] + cover[4][0], impl).toBe('...');
    });
  });

  // Rulings that follow from RULES §2.1 as written (the outline counts wherever a cover line meets it,
  // the attacker's own outline as much as the defender's); docs/rules.md states them.
  test('ruling: next to each other, one in difficult terrain: each is in cover from the other', () => {
    both(fixture('doom2016', `
      +-+-+-+-+
      |. . . .|
      + + + + +
      |. A C .|
      + + + + +
      |. . . .|
      +-+-+-+-+`, { A: { id: 'alpha', side: 'marines', on: 'd' }, C: demon('imp') }), (b, id, impl) => {
      expect(b.sight(id('alpha'), id('imp')), impl).toMatchObject({ los: true, cover: true, range: 1 });
      expect(b.sight(id('imp'), id('alpha')), impl).toMatchObject({ los: true, cover: true, range: 1 });
    });
  });
  test('ruling: in a difficult corridor one space wide the lines run along its outline (cover); in a wider area they need not (no cover)', () => {
    const corridor = (below: string) => fixture('doom2016', `
      +-+-+-+-+-+
      |. . . . .|
      + + + + + +
      |A d d d C|
      + + + + + +
      |${below}|
      +-+-+-+-+-+`, { A: { id: 'alpha', side: 'marines', on: 'd' }, C: demon('imp', 'd') });
    both(corridor('. . . . .'), (b, id, impl) => expect(b.sight(id('alpha'), id('imp')).cover, impl).toBe(true));
    both(corridor('d d d d d'), (b, id, impl) => expect(b.sight(id('alpha'), id('imp')).cover, impl).toBe(false));
  });
});
