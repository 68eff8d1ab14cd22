/**
 * Explanations of sight answers: the lines tried, what blocked each (edge, corner or cell and the
 * clause of RULES §1.1), and a one-line summary citing the rule.
 */
import { COVER_EDGES_2016, SIGHT_EDGES } from './masks.ts';
import { Cell, EDGE_KIND_NAMES, type Blocker, type EdgeKindName, type BoardData, type SightAnswer, type SightExplanation, type TestedLine } from './types.ts';

/** Line modes and flags understood by the core's `lineTest` (assembly/line.ts). */
export const LineMode = { none: 0, cover2016: 1, sight2004: 2 } as const;
export const LineFlag = { endP: 1, endQ: 2 } as const;

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type LineTester = (
  px: number, py: number, qx: number, qy: number, mask: number, mode: number, flags: number, a: Rect, t: Rect,
) => { clause: number; info: Int32Array };

const corners = (r: Rect) => {
  const out: Array<{ x: number; y: number }> = [];
  for (let Y = r.y; Y <= r.y + r.h; Y++) for (let X = r.x; X <= r.x + r.w; X++) out.push({ x: 2 * X, y: 2 * Y });
  return out;
};
const centres = (r: Rect) => {
  const out: Array<{ x: number; y: number }> = [];
  for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) out.push({ x: 2 * x + 1, y: 2 * y + 1 });
  return out;
};

/** The kind code the core reports for an edge of the outline of difficult terrain (assembly/board.ts OUTLINE_KIND). */
const OUTLINE_KIND = 5;

function blockerOf(clause: number, info: Int32Array): Blocker | undefined {
  const [, x1, y1, x2, y2, kind] = info;
  switch (clause) {
    case 1:
      return { clause: '1.1.1', edge: { x1, y1, x2, y2 }, kind: kind === OUTLINE_KIND ? 'difficult' : EDGE_KIND_NAMES[kind] };
    case 2:
      return { clause: '1.1.2', corner: { x: x1, y: y1 } };
    case 3:
      return { clause: '1.1.3', cell: { x: x1, y: y1 } };
    case 4:
      return { clause: '1.1.4', corner: { x: x1, y: y1 }, edge: { x1, y1, x2, y2 }, kind: EDGE_KIND_NAMES[kind] };
    default:
      return undefined;
  }
}

/** Human words for a blocker, naming figures where a cell holds one. */
export function describeBlocker(b: Blocker, data: BoardData): string {
  switch (b.clause) {
    case '1.1.1':
      if (b.kind === 'difficult') {
        return `crosses or runs along the outline of difficult terrain from (${b.edge.x1},${b.edge.y1}) to (${b.edge.x2},${b.edge.y2}) (clause 1.1.1)`;
      }
      return `crosses or runs along ${edgeWords(b.kind)} from (${b.edge.x1},${b.edge.y1}) to (${b.edge.x2},${b.edge.y2}) (clause 1.1.1)`;
    case '1.1.2':
      // A joint, or a wall running straight across: both are "blocking edges on both sides".
      return `passes through corner (${b.corner.x},${b.corner.y}) with ${touchesOutline(data, b.corner.x, b.corner.y) ? 'blocking edges or the outline of difficult terrain' : 'blocking edges'} on both sides of the line (clause 1.1.2)`;
    case '1.1.3': {
      const f = data.figures.find((g) => b.cell.x >= g.x && b.cell.y >= g.y && b.cell.x < g.x + g.w && b.cell.y < g.y + g.h);
      return `passes through ${f ? `the space of ${f.id}` : cellWords(data.cells[b.cell.y * data.width + b.cell.x])} at (${b.cell.x},${b.cell.y}) (clause 1.1.3)`;
    }
    case '1.1.4':
      return `leaves its space through the ${b.kind} at corner (${b.corner.x},${b.corner.y}) (clause 1.1.4)`;
  }
}

/** The kind of the unit edge between two corners (the core reports any edge blocking sight as a d20 "wall"). */
function edgeKindAt(data: BoardData, e: { x1: number; y1: number; x2: number; y2: number }): EdgeKindName {
  const k = e.y1 === e.y2 ? data.hEdges[e.y1 * data.width + Math.min(e.x1, e.x2)] : data.vEdges[Math.min(e.y1, e.y2) * (data.width + 1) + e.x1];
  return EDGE_KIND_NAMES[k];
}

function edgeWords(kind: string): string {
  if (kind === 'wall') return 'a wall';
  if (kind === 'door') return 'a closed door';
  return `${kind} terrain`;
}

/** Does an edge of the outline of difficult terrain end at corner (X,Y)? */
function touchesOutline(data: BoardData, X: number, Y: number): boolean {
  const difficult = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < data.width && y < data.height && (data.cells[y * data.width + x] & (Cell.on | Cell.difficult)) === (Cell.on | Cell.difficult);
  // The four cells round the corner: NW, NE, SE, SW; an outline edge separates two neighbours of differing kind.
  const q = [difficult(X - 1, Y - 1), difficult(X, Y - 1), difficult(X, Y), difficult(X - 1, Y)];
  return q[0] !== q[1] || q[1] !== q[2] || q[2] !== q[3] || q[3] !== q[0];
}

function cellWords(bits: number): string {
  if (bits & Cell.obstacle) return 'a blocking obstacle';
  if (bits & Cell.barrel) return 'an exploding barrel';
  if (bits & Cell.difficult) return 'difficult terrain';
  return 'a blocking space';
}

/** What a d20 summary calls an edge that gives cover; readableSummary (components/interaction) matches these words. */
const d20EdgeWords: Partial<Record<EdgeKindName, string>> = { wall: 'wall', door: 'closed door', blocking: 'blocking terrain' };

/** What the d20 core found: the critical points of a clear line, and what gives cover. */
export interface D20Findings {
  witness: { x1: number; y1: number; x2: number; y2: number } | null;
  cover: { kind: 'wall' | 'character' | 'low objects'; x1: number; y1: number; x2: number; y2: number } | null;
  /**
   * How the spaces meet (RULES §4): 'adjacent' for movement (never in cover), 'touching' only across
   * a wall or door or diagonally past a wall (judged like any other), null when apart.
   */
  contact?: 'adjacent' | 'touching' | null;
  /** Not in cover and not adjacent: a corner of the attacker's space from which nothing lies in the way. */
  clear?: { x: number; y: number } | null;
}

/** The edges that block a d20 line on this board, in words ('wall' alone when it has no others; the border is a wall). */
function d20BlockerWords(data: BoardData, or: 'or' | 'and'): string {
  const kinds = new Set<EdgeKindName>(['wall']);
  for (const edges of [data.hEdges, data.vEdges]) for (const k of edges) if (k) kinds.add(EDGE_KIND_NAMES[k]);
  const words = (['wall', 'door', 'blocking'] as const).filter((k) => kinds.has(k)).map((k) => d20EdgeWords[k]!);
  return words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} ${or} ${words[words.length - 1]}`;
}

export function explainSight(
  data: BoardData, a: number, t: number, answer: SightAnswer, test: LineTester, d20?: D20Findings,
): SightExplanation {
  const A = data.figures[a];
  const T = data.figures[t];
  const losLines: TestedLine[] = [];
  const coverLines: TestedLine[] = [];
  const line = (p: { x: number; y: number }, q: { x: number; y: number }, mask: number, mode: number, flags: number) => {
    const { clause, info } = test(p.x, p.y, q.x, q.y, mask, mode, flags, A, T);
    const blocker = blockerOf(clause, info);
    const l: TestedLine = { from: p, to: q, blocked: clause !== 0, ...(blocker ? { blocker } : {}) };
    return l;
  };
  let rule = '';
  if (a !== t && data.ruleset === 'doom2016') {
    rule = 'RULES §2.1';
    const both = LineFlag.endP | LineFlag.endQ;
    for (const c of corners(A)) {
      const lines = corners(T).map((q) => line(c, q, SIGHT_EDGES, LineMode.none, both));
      losLines.push(...lines);
      if (lines.some((l) => !l.blocked) && T.w * T.h === 1) {
        coverLines.push(...corners(T).map((q) => line(c, q, COVER_EDGES_2016, LineMode.cover2016, both)));
      }
    }
  } else if (a !== t && data.ruleset === 'doom2004') {
    rule = 'RULES §3';
    for (const p of centres(A)) for (const q of centres(T)) losLines.push(line(p, q, SIGHT_EDGES, LineMode.sight2004, 0));
  } else {
    rule = 'RULES §4';
    if (d20?.witness) {
      const w = d20.witness;
      losLines.push({ from: { x: 2 * w.x1, y: 2 * w.y1 }, to: { x: 2 * w.x2, y: 2 * w.y2 }, blocked: false });
    }
    // What gives cover, marked like doom2016's blockers: the core judged it from A's first corner, so
    // the line drawn runs from that corner to a point of T's space, through it.
    const c = answer.cover && d20?.cover;
    if (c) {
      const blocker: Blocker = c.kind === 'wall' ? { clause: '1.1.1', edge: { x1: c.x1, y1: c.y1, x2: c.x2, y2: c.y2 }, kind: edgeKindAt(data, c) } : { clause: '1.1.3', cell: { x: c.x1, y: c.y1 } };
      coverLines.push({ ...coverLineThrough({ x: 2 * A.x, y: 2 * A.y }, T, blocker), blocked: true, blocker });
    }
  }
  const summary = summarize(data, A.id, T.id, answer, losLines, coverLines, rule, d20);
  return { ...answer, losLines, coverLines, summary };
}

type Pt = { x: number; y: number };
const orient = (a: Pt, b: Pt, c: Pt) => (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);

/** Does the open segment p–q meet the open edge e1–e2 (crossing it, or running along it)? Doubled coordinates. */
export function segmentCrossesEdge(p: Pt, q: Pt, e1: Pt, e2: Pt): boolean {
  const o1 = orient(p, q, e1), o2 = orient(p, q, e2);
  if (o1 === 0 && o2 === 0) {
    const k = e1.y === e2.y ? 'x' : 'y';
    return Math.max(Math.min(p[k], q[k]), Math.min(e1[k], e2[k])) < Math.min(Math.max(p[k], q[k]), Math.max(e1[k], e2[k]));
  }
  return o1 * o2 < 0 && orient(e1, e2, p) * orient(e1, e2, q) < 0;
}

/** Does the open segment p–q enter the open interior of cell (x,y)? Separating axes: x, y, the segment's normal. */
export function segmentEntersCell(p: Pt, q: Pt, x: number, y: number): boolean {
  const X0 = 2 * x, Y0 = 2 * y;
  if (Math.max(p.x, q.x) <= X0 || Math.min(p.x, q.x) >= X0 + 2 || Math.max(p.y, q.y) <= Y0 || Math.min(p.y, q.y) >= Y0 + 2) return false;
  const nx = p.y - q.y, ny = q.x - p.x;
  const v = nx * p.x + ny * p.y;
  const c = [nx * X0 + ny * Y0, nx * (X0 + 2) + ny * Y0, nx * X0 + ny * (Y0 + 2), nx * (X0 + 2) + ny * (Y0 + 2)];
  return Math.min(...c) < v && v < Math.max(...c);
}

/**
 * A line from corner `c` to a point of T's space that passes through `b`; the core found b meeting the
 * inside of the region swept from c to T (RULES §4), so such points fill an open part of T. Tried: T's
 * centre, then its points on ever finer dyadic grids (exact in doubles); the centre should none serve.
 */
function coverLineThrough(c: Pt, T: Rect, b: Blocker): { from: Pt; to: Pt } {
  const through = (t: Pt) => ('edge' in b ? segmentCrossesEdge(c, t, { x: 2 * b.edge.x1, y: 2 * b.edge.y1 }, { x: 2 * b.edge.x2, y: 2 * b.edge.y2 })
    : 'cell' in b && segmentEntersCell(c, t, b.cell.x, b.cell.y));
  const centre = { x: 2 * T.x + T.w, y: 2 * T.y + T.h };
  if (through(centre)) return { from: c, to: centre };
  for (let k = 0; k <= 6; k++) {
    const n = 2 << k; // points per doubled unit: T's corners and centres at k = 0
    for (let j = 0; j <= n * T.h; j++)
      for (let i = 0; i <= n * T.w; i++) {
        const t = { x: 2 * T.x + (2 * i) / n, y: 2 * T.y + (2 * j) / n };
        if (through(t)) return { from: c, to: t };
      }
  }
  return { from: c, to: centre };
}

/**
 * The line through a d20 witness's two points, from where it enters the box of both spaces to where
 * it leaves it (as the board draws it), when both ends are corners; else null (the two points are
 * named instead). Exact: the ends are rationals, kept only when whole.
 */
function latticeSpan(w: { x1: number; y1: number; x2: number; y2: number }, box: { x1: number; y1: number; x2: number; y2: number }): [number, number, number, number] | null {
  const dx = w.x2 - w.x1, dy = w.y2 - w.y1;
  // Liang–Barsky with each bound t = n / d kept as a fraction, d > 0; null: unbounded.
  type Frac = [n: number, d: number];
  const below = (a: Frac, b: Frac) => a[0] * b[1] < b[0] * a[1];
  let lo: Frac | null = null, hi: Frac | null = null;
  for (const [p, q] of [[-dx, w.x1 - box.x1], [dx, box.x2 - w.x1], [-dy, w.y1 - box.y1], [dy, box.y2 - w.y1]]) {
    if (p === 0) continue;
    const t: Frac = p > 0 ? [q, p] : [-q, -p];
    if (p < 0 && (!lo || below(lo, t))) lo = t;
    if (p > 0 && (!hi || below(t, hi))) hi = t;
  }
  if (!lo || !hi) return null;
  const at = ([n, d]: Frac) => [w.x1 * d + n * dx, w.y1 * d + n * dy].map((v) => (v % d === 0 ? v / d : NaN));
  const ends = [...at(lo), ...at(hi)];
  return ends.every(Number.isInteger) ? (ends as [number, number, number, number]) : null;
}

/**
 * The first line blocked by what blocks the most lines: the door between two rooms rather than the
 * border wall that a line along the map's edge happens to run on first.
 */
function commonestBlocked(lines: TestedLine[]): TestedLine | undefined {
  const keyed = lines.filter((l) => l.blocker).map((l) => ({ l, key: JSON.stringify(l.blocker) }));
  const count = new Map<string, number>();
  for (const { key } of keyed) count.set(key, (count.get(key) ?? 0) + 1);
  let best: TestedLine | undefined, most = 0;
  for (const { l, key } of keyed) if (count.get(key)! > most) [best, most] = [l, count.get(key)!];
  return best;
}

function summarize(
  data: BoardData, from: string, to: string, s: SightAnswer, losLines: TestedLine[], coverLines: TestedLine[], rule: string,
  d20?: D20Findings,
): string {
  if (from === to) return `${from} is the looker itself.`;
  const range = s.range < 0 ? 'no range (no path)' : `range ${s.range}`;
  if (d20) {
    const distance = s.range < 0 ? 'no distance (no path)' : `distance ${s.range}`;
    if (!s.los) return `${from} has no line of sight to ${to} (${rule}: every line between their spaces crosses or touches a ${d20BlockerWords(data, 'or')}); ${distance}.`;
    const w = d20.witness;
    const A = data.figures.find((f) => f.id === from)!, T = data.figures.find((f) => f.id === to)!;
    const span = w && latticeSpan(w, { x1: Math.min(A.x, T.x), y1: Math.min(A.y, T.y), x2: Math.max(A.x + A.w, T.x + T.w), y2: Math.max(A.y + A.h, T.y + T.h) });
    const missing = `missing every ${d20BlockerWords(data, 'and')}`;
    const seen = !w ? 'a clear line'
      : span ? `a clear line runs within a hair of the line from (${span[0]},${span[1]}) to (${span[2]},${span[3]}), ${missing}`
        : `a clear line passes within a hair of (${w.x1},${w.y1}) and (${w.x2},${w.y2}), ${missing}`;
    const c = d20.cover;
    const what = c ? (c.kind === 'wall' ? `the ${d20EdgeWords[edgeKindAt(data, c)] ?? 'wall'} from (${c.x1},${c.y1}) to (${c.x2},${c.y2})` : `${c.kind === 'character' ? 'a character' : 'low objects'} at (${c.x1},${c.y1})`) : '';
    // Why adjacency did or did not decide it: touching across a wall or door is not adjacent.
    const why = d20.contact === 'adjacent' ? 'adjacent for movement, and adjacent enemies never have cover'
      : d20.contact === 'touching' ? 'touching only across a wall or door or past a wall end, so not adjacent for movement' : '';
    const cover = s.cover ? `; in cover, +4 defense (${rule}: ${why && `${why}; `}from every corner of every square of ${from}'s space something lies in the way, e.g. ${what})`
      : d20.contact === 'adjacent' || !d20.clear ? `; not in cover${why && ` (${rule}: ${why})`}`
        : `; not in cover (${rule}: ${why && `${why}; `}from corner (${d20.clear.x},${d20.clear.y}) every line to ${to}'s space is clear)`;
    return `${from} has line of sight to ${to} (${rule}: ${seen})${cover}; ${distance}.`;
  }
  if (!s.los) {
    const why = commonestBlocked(losLines);
    const line = why?.blocker ? `the line from (${why.from.x / 2},${why.from.y / 2}) ${describeBlocker(why.blocker, data)}` : '';
    // doom2004 draws one line, centre to centre (RULES §3), said as it is; doom2016 tries every corner to every corner.
    const said = losLines.length === 1 && line ? line : `every line is blocked${line ? `; e.g. ${line}` : ''}`;
    return `${from} has no line of sight to ${to} (${rule}: ${said}); ${range}.`;
  }
  const clear = losLines.find((l) => !l.blocked);
  const seen = clear ? `a clear line from (${clear.from.x / 2},${clear.from.y / 2}) to (${clear.to.x / 2},${clear.to.y / 2})` : 'a clear line';
  let cover = '';
  if (s.cover) {
    const why = coverLines.find((l) => l.blocker);
    cover = `; in cover (${rule}: from every corner with LOS some line to ${to}'s corners is blocked${why?.blocker ? `, e.g. one ${describeBlocker(why.blocker, data)}` : ''})`;
  } else if (data.ruleset !== 'doom2004') {
    // Why not: the rule for large figures, or a corner whose every line to the target is clear.
    const T = data.figures.find((f) => f.id === to)!;
    const open = coverLines.find((l) => !coverLines.some((m) => m.blocked && m.from.x === l.from.x && m.from.y === l.from.y));
    cover = `; not in cover${T.w * T.h > 1 ? ` (${rule}: a large figure is never in cover)` : open ? ` (${rule}: from corner (${open.from.x / 2},${open.from.y / 2}) every line to ${to}'s corners is clear)` : ''}`;
  }
  return `${from} has line of sight to ${to} (${rule}: ${seen})${cover}; ${range}.`;
}
