/**
 * The rules' shared query boards (src/core/shared-board.ts): one board per slot, handed out again
 * while the map and the figures' identities are the same (the figures moved there incrementally),
 * a new one when anything else differs — and always answering as a fresh board of the same data.
 */
import { beforeAll, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { sharedBoard as shared, type BoardSource } from '../../src/core/shared-board.ts';
import type { BoardData, Ruleset } from '../../src/core/types.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { randomBoard, rng } from './random-boards.ts';

beforeAll(loadCore);

/** The source of a board's data (its teleporting figures are one side's: randomBoard's marines). */
const source = (d: BoardData): BoardSource => ({ ...d, teleporting: d.figures.find((f) => f.teleports)?.side ?? null });
const sharedBoard = (slot: string, d: BoardData) => shared(slot, source(d));

const copy = (d: BoardData): BoardData => ({ ...d, cells: d.cells.slice(), hEdges: d.hEdges.slice(), vEdges: d.vEdges.slice(), figures: d.figures.map((f) => ({ ...f })) });
const answers = (d: BoardData, b: Board) => d.figures.map((_, i) => ({ reach: Array.from(b.reach(i, 5).cost), sight: b.sightMap(i) }));

/**
 * Figure `i` moved one step to a free place (one the board's own reach ends at for 1 MP, in its own
 * orientation, that the board accepts: a doom2016 large figure may end on small ones, whom the rules
 * then displace), or null.
 */
function stepped(d: BoardData, i: number, r: () => number): BoardData | null {
  const reach = Board.fromData(copy(d)).reach(i, 1);
  const free = (k: number) => {
    try {
      Board.fromData(copy(d)).moveFigure(i, k % d.width, Math.floor(k / d.width));
      return true;
    } catch {
      return false;
    }
  };
  const ends: number[] = [];
  for (let k = 0; k < d.width * d.height; k++) if (reach.end[k] && reach.cost[k] === 1 && free(k)) ends.push(k);
  if (!ends.length) return null;
  const k = ends[Math.floor(r() * ends.length)];
  const next = copy(d);
  Object.assign(next.figures[i], { x: k % d.width, y: Math.floor(k / d.width) });
  return next;
}

test('the same board while the data is the same; moved figures, a changed edge or other figures give the answers of a fresh board', () => {
  const d = randomBoard('doom2004', 7, { smallFigures: 4, largeFigures: 1 });
  const b = sharedBoard('test:a', copy(d));
  expect(sharedBoard('test:a', copy(d))).toBe(b);
  expect(sharedBoard('test:b', copy(d))).not.toBe(b); // another slot, another board
  expect(answers(d, b)).toEqual(answers(d, Board.fromData(copy(d))));

  const moved = stepped(d, 0, rng(1))!;
  expect(sharedBoard('test:a', moved)).toBe(b); // moved there, not rebuilt
  expect(answers(moved, b)).toEqual(answers(moved, Board.fromData(copy(moved))));

  const walled = copy(moved);
  walled.hEdges[walled.hEdges.findIndex((e) => e === 0)] = 1;
  const b2 = sharedBoard('test:a', walled);
  expect(b2).not.toBe(b);
  expect(answers(walled, b2)).toEqual(answers(walled, Board.fromData(copy(walled))));

  const fewer = { ...copy(walled), figures: walled.figures.slice(1) };
  const b3 = sharedBoard('test:a', fewer);
  expect(b3).not.toBe(b2);
  expect(answers(fewer, b3)).toEqual(answers(fewer, Board.fromData(copy(fewer))));

  // Two figures swap places: the first move is refused on the way, so the board is built again.
  const swapped = copy(d);
  const [p, q] = swapped.figures.filter((f) => f.w === 1 && f.h === 1);
  [p.x, p.y, q.x, q.y] = [q.x, q.y, p.x, p.y];
  sharedBoard('test:a', copy(d));
  expect(answers(swapped, sharedBoard('test:a', swapped))).toEqual(answers(swapped, Board.fromData(copy(swapped))));
});

test.each(['doom2016', 'doom2004', 'd20'] as Ruleset[])('%s: random walks of random boards, the shared board answers as a fresh one after every step', (ruleset) => {
  let compared = 0;
  let moved = 0;
  for (let seed = 1; seed <= 12; seed++) {
    const r = rng(seed * 31 + 5);
    let d = randomBoard(ruleset, seed, { smallFigures: 5, largeFigures: 1 });
    let last: Board | null = null;
    for (let n = 0; n < 15; n++) {
      const next = stepped(d, Math.floor(r() * d.figures.length), r);
      if (next) d = next;
      const b = sharedBoard(`test:${ruleset}`, copy(d));
      if (next && b === last) moved++;
      last = b;
      expect(answers(d, b), `seed ${seed}, step ${n}`).toEqual(answers(d, Board.fromData(copy(d))));
      compared++;
    }
  }
  expect(compared).toBe(180);
  // Most steps moved a figure of the same board (not a rebuild each time, which would test nothing).
  expect(moved).toBeGreaterThan(120);
});

test('a figure changing side, or another side teleporting, gives a new board: friend and foe move and see differently', () => {
  // Seeded doom2016 boards where the change shows in the answers (a hostile figure costs +1 MP to
  // pass, RULES §2.2; only the teleporting side steps between active teleporters), so a shared board
  // that kept the old sides would answer wrongly.
  let sideShown = 0;
  for (let seed = 1; seed <= 40; seed++) {
    const d = randomBoard('doom2016', seed, { smallFigures: 6, wallRate: 0.1 });
    const b = sharedBoard('test:sides', copy(d));
    const turned = copy(d);
    turned.figures[1].side = turned.figures[1].side === turned.figures[0].side ? `${turned.figures[1].side}-other` : turned.figures[0].side;
    // Teleporting goes with the side, as the rules derive it.
    const teleporting = source(d).teleporting;
    for (const f of turned.figures) if (f.side === teleporting) f.teleports = true;
    else delete f.teleports;
    const b2 = sharedBoard('test:sides', turned);
    expect(b2, `seed ${seed}`).not.toBe(b);
    const now = answers(turned, b2);
    expect(now, `seed ${seed}`).toEqual(answers(turned, Board.fromData(copy(turned))));
    if (JSON.stringify(now) !== JSON.stringify(answers(d, Board.fromData(copy(d))))) sideShown++;
  }
  expect(sideShown).toBeGreaterThan(5);

  const d = randomBoard('doom2016', 3, { smallFigures: 6 });
  const b = shared('test:tele', { ...d, teleporting: 'marines' });
  expect(shared('test:tele', { ...d, teleporting: null })).not.toBe(b);
  expect(shared('test:tele', { ...d, teleporting: null })).toBe(shared('test:tele', { ...d, teleporting: null }));
});
