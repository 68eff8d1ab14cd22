/**
 * Explanations name only what is on the board (issue 43). Every blocker `explain()` names — LOS and
 * cover lines, all three rulesets — is an edge, corner or space that exists on the board as that
 * kind (an edge between two off-map spaces is no wall: RULES §1), and the line it is named for meets
 * it under the clause cited (RULES §1.1; d20 cover: RULES §4). Checked here with exact rational
 * geometry of its own, not with the helpers of src/core/explain.ts.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { COVER_OUTLINE, SIGHT_EDGES, blocks } from '../../src/core/masks.ts';
import { Cell, EDGE_KIND_NAMES, RULESETS, type BoardData, type Blocker, type Ruleset, type TestedLine } from '../../src/core/types.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { randomBoard } from './random-boards.ts';

beforeAll(async () => {
  await loadCore();
});

type Pt = { x: number; y: number };
/** Which edges and spaces block the line a blocker is named for. */
type LineKind = 'sight' | 'cover2016' | 'cover2004' | 'coverD20';

const on = (d: BoardData, x: number, y: number) => x >= 0 && y >= 0 && x < d.width && y < d.height && (d.cells[y * d.width + x] & Cell.on) !== 0;
const difficult = (d: BoardData, x: number, y: number) => on(d, x, y) && (d.cells[y * d.width + x] & Cell.difficult) !== 0;

/** A unit edge between two corners (plain corner coordinates): its kind code, its two spaces; null when not on the board. */
function edgeAt(d: BoardData, x1: number, y1: number, x2: number, y2: number) {
  if (y1 === y2 && Math.abs(x2 - x1) === 1) {
    const x = Math.min(x1, x2);
    if (x < 0 || x >= d.width || y1 < 0 || y1 > d.height) return null;
    return { kind: d.hEdges[y1 * d.width + x], a: [x, y1 - 1], b: [x, y1] };
  }
  if (x1 === x2 && Math.abs(y2 - y1) === 1) {
    const y = Math.min(y1, y2);
    if (y < 0 || y >= d.height || x1 < 0 || x1 > d.width) return null;
    return { kind: d.vEdges[y * (d.width + 1) + x1], a: [x1 - 1, y], b: [x1, y] };
  }
  return null;
}

/** Is the edge a blocking edge of the board for this line: its kind (or the outline of difficult terrain), and not between two off-map spaces? */
function boardBlocks(d: BoardData, kind: LineKind, x1: number, y1: number, x2: number, y2: number, outline: boolean): boolean {
  const e = edgeAt(d, x1, y1, x2, y2);
  if (!e) return false;
  const [ax, ay] = e.a, [bx, by] = e.b;
  if (!on(d, ax, ay) && !on(d, bx, by)) return false; // RULES §1: no edge of the board
  if (blocks(SIGHT_EDGES, e.kind)) return true;
  return outline && kind === 'cover2016' && difficult(d, ax, ay) !== difficult(d, bx, by);
}

const cross = (a: Pt, b: Pt) => a.x * b.y - a.y * b.x;
const sub = (a: Pt, b: Pt) => ({ x: a.x - b.x, y: a.y - b.y });

/** A rational point p + (n/den)·(q - p), den > 0, compared coordinate-wise after scaling by den. */
function strictlyBetween(v: number, lo: number, hi: number) {
  return Math.min(lo, hi) < v && v < Math.max(lo, hi);
}

/** Does the open segment p–q meet the open unit edge e1–e2 (doubled coordinates)? Solved on the edge's grid line. */
function meetsOpenEdge(p: Pt, q: Pt, e1: Pt, e2: Pt): boolean {
  const horizontal = e1.y === e2.y;
  const [pc, qc, fixed, po, qo, lo, hi] = horizontal ? [p.y, q.y, e1.y, p.x, q.x, e1.x, e2.x] : [p.x, q.x, e1.x, p.y, q.y, e1.y, e2.y];
  if (pc === qc) {
    if (pc !== fixed) return false;
    return Math.max(Math.min(po, qo), Math.min(lo, hi)) < Math.min(Math.max(po, qo), Math.max(lo, hi));
  }
  if (!strictlyBetween(fixed, pc, qc)) return false;
  // Along-coordinate at the crossing, times den = qc - pc (made positive).
  let den = qc - pc, num = po * den + (fixed - pc) * (qo - po);
  if (den < 0) { den = -den; num = -num; }
  return strictlyBetween(num, lo * den, hi * den);
}

/** Does the open segment p–q enter the open interior of cell (x,y)? Clip to the closed square, test the clipped part's midpoint. */
function entersOpenCell(p: Pt, q: Pt, x: number, y: number): boolean {
  const d = sub(q, p);
  // Parameters as fractions n/den with den > 0.
  let t0 = { n: 0, d: 1 }, t1 = { n: 1, d: 1 };
  const lt = (a: { n: number; d: number }, b: { n: number; d: number }) => a.n * b.d < b.n * a.d;
  for (const [dp, lo, hi, pv] of [[d.x, 2 * x, 2 * x + 2, p.x], [d.y, 2 * y, 2 * y + 2, p.y]]) {
    if (dp === 0) {
      if (pv <= lo || pv >= hi) return false; // on or beyond the square's side: never inside
      continue;
    }
    const a = { n: dp > 0 ? lo - pv : pv - hi, d: Math.abs(dp) };
    const b = { n: dp > 0 ? hi - pv : pv - lo, d: Math.abs(dp) };
    if (lt(t0, a)) t0 = a;
    if (lt(b, t1)) t1 = b;
  }
  if (!lt(t0, t1)) return false;
  // Midpoint parameter (t0 + t1)/2 = N/D; inside the open square?
  const D = 2 * t0.d * t1.d, N = t0.n * t1.d + t1.n * t0.d;
  const mx = p.x * D + N * d.x, my = p.y * D + N * d.y;
  return 2 * x * D < mx && mx < (2 * x + 2) * D && 2 * y * D < my && my < (2 * y + 2) * D;
}

/** Is lattice point c (doubled) strictly inside the segment p–q? */
function insideSegment(p: Pt, q: Pt, c: Pt): boolean {
  if (cross(sub(q, p), sub(c, p)) !== 0) return false;
  const t = (c.x - p.x) * (q.x - p.x) + (c.y - p.y) * (q.y - p.y);
  const len = (q.x - p.x) ** 2 + (q.y - p.y) ** 2;
  return t > 0 && t < len;
}

const inRect = (r: { x: number; y: number; w: number; h: number }, x: number, y: number) => x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h;

/** Why `b`, named for line `l` between figures a and t, is wrong; null when it exists and blocks as cited. */
function fault(d: BoardData, kind: LineKind, l: TestedLine, b: Blocker, a: number, t: number): string | null {
  const A = d.figures[a], T = d.figures[t];
  const owner = (x: number, y: number) => d.figures.findIndex((f) => inRect(f, x, y));
  switch (b.clause) {
    case '1.1.1': {
      const e = edgeAt(d, b.edge.x1, b.edge.y1, b.edge.x2, b.edge.y2);
      if (!e) return 'the edge is not a unit edge of the board';
      if (!boardBlocks(d, kind, b.edge.x1, b.edge.y1, b.edge.x2, b.edge.y2, b.kind === 'difficult')) return 'the edge is not a blocking edge of the board';
      if (b.kind !== 'difficult' && EDGE_KIND_NAMES[e.kind] !== b.kind) return `named ${b.kind}, but the board has ${EDGE_KIND_NAMES[e.kind]}`;
      if (!meetsOpenEdge(l.from, l.to, { x: 2 * b.edge.x1, y: 2 * b.edge.y1 }, { x: 2 * b.edge.x2, y: 2 * b.edge.y2 })) return 'the line neither crosses nor runs along the edge';
      return null;
    }
    case '1.1.2': {
      const { x: X, y: Y } = b.corner;
      if (!insideSegment(l.from, l.to, { x: 2 * X, y: 2 * Y })) return 'the line does not pass through the corner';
      const dir = sub(l.to, l.from);
      const rays: Array<[Pt, [number, number, number, number]]> = [
        [{ x: 0, y: -1 }, [X, Y - 1, X, Y]], [{ x: 1, y: 0 }, [X, Y, X + 1, Y]], [{ x: 0, y: 1 }, [X, Y, X, Y + 1]], [{ x: -1, y: 0 }, [X - 1, Y, X, Y]],
      ];
      const sides = new Set(rays.filter(([, e]) => boardBlocks(d, kind, ...e, true)).map(([r]) => Math.sign(cross(dir, r))));
      return sides.has(1) && sides.has(-1) ? null : 'no blocking edges of the board on both sides of the line at the corner';
    }
    case '1.1.3': {
      const { x, y } = b.cell;
      if (!on(d, x, y)) return 'the space is not on the map';
      if (!entersOpenCell(l.from, l.to, x, y)) return 'the line does not enter the space';
      // Another figure's space (never the looker's or the target's), or what lies in the space.
      const o = owner(x, y);
      const other = o >= 0 && o !== a && o !== t;
      const bits = d.cells[y * d.width + x];
      const ownSpace = inRect(A, x, y) || inRect(T, x, y);
      const ok = kind === 'sight' ? d.ruleset === 'doom2004' && !ownSpace && (other || (bits & (Cell.obstacle | Cell.barrel)) !== 0)
        : kind === 'cover2016' ? other
          // d20 low objects count in the target's own space too (RULES §4: any space with them meeting the region).
          : kind === 'coverD20' ? other || ((bits & Cell.lowObject) !== 0 && !inRect({ x: A.x - 1, y: A.y - 1, w: A.w + 2, h: A.h + 2 }, x, y))
            : false;
      return ok ? null : 'nothing in the space blocks this line';
    }
    case '1.1.4': {
      const { x: X, y: Y } = b.corner;
      const end = (p: Pt) => p.x === 2 * X && p.y === 2 * Y;
      if (!end(l.from) && !end(l.to)) return 'the corner is not an end of the line';
      if (!((b.edge.x1 === X && b.edge.y1 === Y) || (b.edge.x2 === X && b.edge.y2 === Y))) return 'the edge does not end at the corner';
      const e = edgeAt(d, b.edge.x1, b.edge.y1, b.edge.x2, b.edge.y2);
      if (!e || !boardBlocks(d, kind, b.edge.x1, b.edge.y1, b.edge.x2, b.edge.y2, false)) return 'the edge is not a blocking edge of the board';
      return EDGE_KIND_NAMES[e.kind] === b.kind ? null : `named ${b.kind}, but the board has ${EDGE_KIND_NAMES[e.kind]}`;
    }
  }
}

/** Every blocker of one explanation: [line kind, line, blocker]. */
function namedBlockers(d: BoardData, e: ReturnType<Board['explain']>): Array<[LineKind, TestedLine, Blocker]> {
  const coverKind: LineKind = d.ruleset === 'doom2016' ? 'cover2016' : d.ruleset === 'd20' ? 'coverD20' : 'cover2004';
  return [
    ...e.losLines.filter((l) => l.blocker).map((l) => ['sight', l, l.blocker!] as [LineKind, TestedLine, Blocker]),
    ...e.coverLines.filter((l) => l.blocker).map((l) => [coverKind, l, l.blocker!] as [LineKind, TestedLine, Blocker]),
  ];
}

test('issue 43\'s board: the d20 cover wall named lies on the map\'s edge, not between the two off-map spaces', () => {
  const b = Board.create({
    ruleset: 'd20', map: ['. .', '. .', '...'], edges: [],
    figures: [{ id: 'A', side: 'marines', x: 2, y: 0 }, { id: 'B', side: 'demons', x: 1, y: 2 }],
  });
  expect(b.sight('A', 'B')).toEqual({ los: true, cover: true, range: 3 });
  const e = b.explain('A', 'B');
  const blocked = e.coverLines.filter((l) => l.blocked);
  expect(blocked).toHaveLength(1);
  const [line] = blocked;
  expect(line.blocker).toMatchObject({ clause: '1.1.1', kind: 'wall' });
  expect(line.blocker).not.toMatchObject({ edge: { x1: 1, y1: 1, x2: 2, y2: 1 } });
  expect(fault(b.data, 'coverD20', line, line.blocker!, 0, 1)).toBeNull();
  // The line is drawn from A's first corner (2,0) to a point of B's space.
  expect(line.from).toEqual({ x: 4, y: 0 });
  expect(line.to.x >= 2 && line.to.x <= 4 && line.to.y >= 4 && line.to.y <= 6).toBe(true);
  expect(e.summary).not.toContain('from (1,1) to (2,1)');
  expect(e.summary).toMatch(/in cover.*the wall from \(\d,\d\) to \(\d,\d\)/);
});

describe.each(RULESETS)('%s: on random boards with voids, every blocker named exists and blocks its line as cited', (ruleset: Ruleset) => {
  test('all pairs of figures on 120 boards', () => {
    const counts: Record<string, number> = {};
    const faults: string[] = [];
    for (let seed = 1; seed <= 120; seed++) {
      const data = randomBoard(ruleset, 4300 + seed, { minSide: 5, maxSide: 12, voidAreas: 1 + (seed % 3), smallFigures: 6, largeFigures: 1, difficultAreas: 1 });
      const board = Board.fromData(data);
      const n = data.figures.length;
      for (let a = 0; a < n; a++)
        for (let t = 0; t < n; t++) {
          if (a === t) continue;
          const e = board.explain(a, t);
          for (const l of [...e.losLines, ...e.coverLines]) if (l.blocked && !l.blocker && ruleset !== 'd20') faults.push(`seed ${seed} ${a}→${t}: a blocked line names no blocker`);
          if (ruleset === 'd20') {
            // A cover line runs from a corner of a square of the attacker to a point of the target's space.
            const A = data.figures[a], T = data.figures[t];
            for (const l of e.coverLines) {
              const fromCorner = l.from.x % 2 === 0 && l.from.y % 2 === 0 && l.from.x >= 2 * A.x && l.from.x <= 2 * (A.x + A.w) && l.from.y >= 2 * A.y && l.from.y <= 2 * (A.y + A.h);
              const toT = l.to.x >= 2 * T.x && l.to.x <= 2 * (T.x + T.w) && l.to.y >= 2 * T.y && l.to.y <= 2 * (T.y + T.h);
              if (!fromCorner || !toT) faults.push(`seed ${seed} ${a}→${t}: cover line ${JSON.stringify(l)} not from a corner of A to T`);
            }
          }
          for (const [kind, l, b] of namedBlockers(data, e)) {
            counts[`${kind} ${b.clause}`] = (counts[`${kind} ${b.clause}`] ?? 0) + 1;
            const why = fault(data, kind, l, b, a, t);
            if (why) faults.push(`seed ${seed} ${data.figures[a].id}→${data.figures[t].id} ${kind} ${JSON.stringify(b)} on ${JSON.stringify(l.from)}→${JSON.stringify(l.to)}: ${why}`);
          }
        }
    }
    expect(faults.slice(0, 10)).toEqual([]);
    // The boards exercise every clause this ruleset's explanations use (a test that checks nothing cannot pass).
    const expected: Record<Ruleset, string[]> = {
      doom2016: ['sight 1.1.1', 'sight 1.1.2', 'sight 1.1.4', 'cover2016 1.1.1', 'cover2016 1.1.3'],
      doom2004: ['sight 1.1.1', 'sight 1.1.2', 'sight 1.1.3'],
      d20: ['coverD20 1.1.1', 'coverD20 1.1.3'],
    };
    for (const k of expected[ruleset]) expect(counts[k] ?? 0, `${k} in ${JSON.stringify(counts)}`).toBeGreaterThan(20);
  });
});
