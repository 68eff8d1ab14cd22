/**
 * Reachability (RULES §2.2, §3 movement, §4 movement): Dijkstra over placements of a figure's
 * footprint, one move generator per ruleset, written for clarity.
 */
import { LARGE_MOVE_EDGES_2016, MOVE_EDGES, blocks } from '../core/masks.ts';
import { Cell, type FigureData, type Placement, type ReachMap, type ReachPath } from '../core/types.ts';
import { isLarge, type RefGrid } from './grid.ts';
import { MinHeap } from './heap.ts';
import { DIRS8, stepOpen } from './steps.ts';

interface Move {
  to: Placement;
  cost: number;
}

export interface ReachResult extends ReachMap {
  parent: Int32Array;
}

/** doom2016 figures of 2 or 6 spaces may turn 90° (RULES §2.2). */
export const rotates = (ruleset: string, f: { w: number; h: number }) =>
  ruleset === 'doom2016' && f.w !== f.h && (f.w * f.h === 2 || f.w * f.h === 6);

export function reach(grid: RefGrid, fi: number, mp: number): ReachResult {
  const f = grid.data.figures[fi];
  const { w, h } = grid;
  const orientations = rotates(grid.data.ruleset, f) ? 2 : 1;
  const n = orientations * w * h;
  const cost = new Int32Array(n).fill(-1);
  const parent = new Int32Array(n).fill(-1);
  const end = new Uint8Array(n);
  const index = (p: Placement) => p.o * w * h + p.y * w + p.x;
  const place = (i: number): Placement => {
    const o = Math.floor(i / (w * h));
    const r = i - o * w * h;
    return { x: r % w, y: Math.floor(r / w), o };
  };
  const gen = moveGenerator(grid, fi);
  const heap = new MinHeap();
  const start = index({ x: f.x, y: f.y, o: 0 });
  cost[start] = 0;
  heap.push(0, start);
  const done = new Uint8Array(n);
  while (heap.size) {
    const [c, i] = heap.pop();
    if (done[i]) continue;
    done[i] = 1;
    const p = place(i);
    end[i] = i === start || gen.canEnd(p) ? 1 : 0;
    for (const m of gen.moves(p)) {
      const nc = c + m.cost;
      if (nc > mp) continue;
      const j = index(m.to);
      if (cost[j] < 0 || nc < cost[j]) {
        cost[j] = nc;
        parent[j] = i;
        heap.push(nc, j);
      }
    }
  }
  return { width: w, height: h, orientations, cost, end, parent };
}

export function pathTo(grid: RefGrid, r: ReachResult, to: Placement): ReachPath | null {
  const { width: w, height: h } = r;
  if (to.o < 0 || to.o >= r.orientations || to.x < 0 || to.y < 0 || to.x >= w || to.y >= h) return null;
  let i = to.o * w * h + to.y * w + to.x;
  if (r.cost[i] < 0 || !r.end[i]) return null;
  const steps: Placement[] = [];
  const total = r.cost[i];
  while (i >= 0) {
    const o = Math.floor(i / (w * h));
    const rest = i - o * w * h;
    steps.push({ x: rest % w, y: Math.floor(rest / w), o });
    i = r.parent[i];
  }
  return { cost: total, steps: steps.reverse() };
}

export interface MoveGenerator {
  moves(p: Placement): Move[];
  canEnd(p: Placement): boolean;
}

/** The footprint size of a figure in orientation o. */
export const dims = (f: FigureData, o: number) => (o === 0 ? [f.w, f.h] : [f.h, f.w]);

export function moveGenerator(grid: RefGrid, fi: number): MoveGenerator {
  const f = grid.data.figures[fi];
  const others = (x: number, y: number) => {
    const o = grid.ownerAt(x, y);
    return o >= 0 && o !== fi ? o : -1;
  };
  const hostileAt = (x: number, y: number) => {
    const o = others(x, y);
    return o >= 0 && grid.hostile(o, fi);
  };
  const cellsAt = (p: Placement) => {
    const [fw, fh] = dims(f, p.o);
    const out: Array<[number, number]> = [];
    for (let y = p.y; y < p.y + fh; y++) for (let x = p.x; x < p.x + fw; x++) out.push([x, y]);
    return out;
  };
  const inside = (p: Placement, x: number, y: number) => {
    const [fw, fh] = dims(f, p.o);
    return x >= p.x && y >= p.y && x < p.x + fw && y < p.y + fh;
  };
  /** On the map and not straddling an edge of `mask`. */
  const fits = (p: Placement, mask: number) => {
    const [fw, fh] = dims(f, p.o);
    for (const [x, y] of cellsAt(p)) {
      if (!grid.on(x, y)) return false;
      if (x + 1 < p.x + fw && blocks(mask, grid.vEdge(x + 1, y))) return false;
      if (y + 1 < p.y + fh && blocks(mask, grid.hEdge(x, y + 1))) return false;
    }
    return true;
  };
  /** A one-cell orthogonal shift from `p` crosses no edge of `mask` (every leading cell's front edge). */
  const crossOpen = (p: Placement, dx: number, dy: number, mask: number) =>
    cellsAt(p).every(([x, y]) => inside(p, x + dx, y + dy) || !blocks(mask, grid.edgeBetween(x, y, dx, dy)));
  const entered = (from: Placement, to: Placement) => cellsAt(to).filter(([x, y]) => !inside(from, x, y));
  const teleportHops = (p: Placement, extra: (x: number, y: number) => number | null): Move[] => {
    if (!f.teleports || !grid.has(p.x, p.y, Cell.teleporter)) return [];
    const out: Move[] = [];
    for (let y = 0; y < grid.h; y++)
      for (let x = 0; x < grid.w; x++) {
        if ((x === p.x && y === p.y) || !grid.has(x, y, Cell.teleporter)) continue;
        const c = extra(x, y);
        if (c !== null) out.push({ to: { x, y, o: 0 }, cost: c });
      }
    return out;
  };
  const ruleset = grid.data.ruleset;

  if (!isLarge(f)) {
    if (ruleset === 'doom2016') {
      return {
        moves: (p) => [
          ...DIRS8.filter(([dx, dy]) => stepOpen(grid, MOVE_EDGES, 'corner', p.x, p.y, dx, dy)).map(([dx, dy]) => {
            const x = p.x + dx, y = p.y + dy;
            return { to: { x, y, o: 0 }, cost: 1 + (grid.has(x, y, Cell.difficult) ? 1 : 0) + (hostileAt(x, y) ? 1 : 0) };
          }),
          // Telefrag: hopping onto a demon on a teleporter costs no extra MP (RULES §2.2).
          ...teleportHops(p, (x, y) => 1 + (grid.has(x, y, Cell.difficult) ? 1 : 0)),
        ],
        canEnd: (p) => others(p.x, p.y) < 0,
      };
    }
    if (ruleset === 'doom2004') {
      const open = (x: number, y: number) => !grid.has(x, y, Cell.obstacle | Cell.barrel) && !hostileAt(x, y);
      return {
        moves: (p) => [
          ...DIRS8.filter(([dx, dy]) => stepOpen(grid, MOVE_EDGES, 'corner', p.x, p.y, dx, dy) && open(p.x + dx, p.y + dy)).map(
            ([dx, dy]) => ({ to: { x: p.x + dx, y: p.y + dy, o: 0 }, cost: 1 }),
          ),
          ...teleportHops(p, (x, y) => (open(x, y) ? 1 : null)),
        ],
        canEnd: (p) => others(p.x, p.y) < 0,
      };
    }
    return {
      moves: (p) =>
        DIRS8.filter(([dx, dy]) => stepOpen(grid, MOVE_EDGES, 'strict', p.x, p.y, dx, dy) && !hostileAt(p.x + dx, p.y + dy)).map(
          ([dx, dy]) => {
            const base = dx && dy ? 2 : 1;
            const slow = grid.has(p.x + dx, p.y + dy, Cell.difficult | Cell.lowObject);
            return { to: { x: p.x + dx, y: p.y + dy, o: 0 }, cost: slow ? 2 * base : base };
          },
        ),
      canEnd: (p) => others(p.x, p.y) < 0,
    };
  }

  if (ruleset === 'doom2016') {
    const hostileLarge = (x: number, y: number) => {
      const o = others(x, y);
      return o >= 0 && grid.hostile(o, fi) && isLarge(grid.data.figures[o]);
    };
    const stepCost = (from: Placement, to: Placement) => 1 + (entered(from, to).some(([x, y]) => hostileLarge(x, y)) ? 1 : 0);
    return {
      moves: (p) => {
        const out: Move[] = [];
        for (const [dx, dy] of DIRS8.slice(0, 4)) {
          const q = { x: p.x + dx, y: p.y + dy, o: p.o };
          if (fits(q, LARGE_MOVE_EDGES_2016) && crossOpen(p, dx, dy, LARGE_MOVE_EDGES_2016)) out.push({ to: q, cost: stepCost(p, q) });
        }
        if (rotates(ruleset, f)) {
          const [fw, fh] = dims(f, p.o);
          const [rw, rh] = [fh, fw];
          for (let y = p.y - rh + 1; y < p.y + fh; y++)
            for (let x = p.x - rw + 1; x < p.x + fw; x++) {
              const ow = Math.min(x + rw, p.x + fw) - Math.max(x, p.x);
              const oh = Math.min(y + rh, p.y + fh) - Math.max(y, p.y);
              const q = { x, y, o: 1 - p.o };
              if (ow > 0 && oh > 0 && 2 * ow * oh >= fw * fh && x >= 0 && y >= 0 && fits(q, LARGE_MOVE_EDGES_2016)) {
                out.push({ to: q, cost: stepCost(p, q) });
              }
            }
        }
        return out;
      },
      // May end on small figures (they are displaced) but not on another large figure (Ruling).
      canEnd: (p) => cellsAt(p).every(([x, y]) => {
        const o = others(x, y);
        return o < 0 || !isLarge(grid.data.figures[o]);
      }),
    };
  }

  // doom2004 and d20 large figures shift their footprint; a diagonal shift needs both orthogonal
  // shifts open (Ruling).
  const blockedCell = ruleset === 'doom2004' ? Cell.obstacle | Cell.barrel : 0;
  const valid = (p: Placement) =>
    p.x >= 0 && p.y >= 0 && fits(p, MOVE_EDGES) && cellsAt(p).every(([x, y]) => !grid.has(x, y, blockedCell) && !hostileAt(x, y));
  return {
    moves: (p) => {
      const out: Move[] = [];
      for (const [dx, dy] of DIRS8) {
        const q = { x: p.x + dx, y: p.y + dy, o: 0 };
        if (!valid(q)) continue;
        if (!dx || !dy) {
          if (!crossOpen(p, dx, dy, MOVE_EDGES)) continue;
        } else {
          // Both orthogonal shifts open, each way round (Ruling).
          const h = { x: p.x + dx, y: p.y, o: 0 };
          const v = { x: p.x, y: p.y + dy, o: 0 };
          if (!valid(h) || !valid(v)) continue;
          if (!crossOpen(p, dx, 0, MOVE_EDGES) || !crossOpen(h, 0, dy, MOVE_EDGES) || !crossOpen(p, 0, dy, MOVE_EDGES) || !crossOpen(v, dx, 0, MOVE_EDGES)) continue;
        }
        let c = 1;
        if (ruleset === 'd20') {
          c = dx && dy ? 2 : 1;
          if (entered(p, q).some(([x, y]) => grid.has(x, y, Cell.difficult | Cell.lowObject))) c *= 2;
        }
        out.push({ to: q, cost: c });
      }
      return out;
    },
    canEnd: (p) => cellsAt(p).every(([x, y]) => others(x, y) < 0),
  };
}
