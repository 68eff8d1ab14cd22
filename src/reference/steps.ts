/**
 * Adjacency between cells (RULES §1.2) and shortest step counts over it, used for range
 * (doom2016, doom2004) and distance (d20).
 */
import { blocks } from '../core/masks.ts';
import type { RefGrid } from './grid.ts';
import { MinHeap } from './heap.ts';

export type DiagonalRule = 'corner' | 'strict';

export const DIRS8: ReadonlyArray<[number, number]> = [
  [1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1],
];

/** Can one step from (x,y) by (dx,dy) be taken, judging only edges and corners? */
export function stepOpen(grid: RefGrid, mask: number, rule: DiagonalRule, x: number, y: number, dx: number, dy: number): boolean {
  if (!grid.on(x + dx, y + dy)) return false;
  if (dx === 0 || dy === 0) return !blocks(mask, grid.edgeBetween(x, y, dx, dy));
  const X = x + (dx > 0 ? 1 : 0);
  const Y = y + (dy > 0 ? 1 : 0);
  const rays = grid.rays(X, Y);
  if (rule === 'strict') return !rays.some((k) => blocks(mask, k));
  // RULES §1.2 (clause 1.1.2 on the diagonal): blocked only with blocking edges on both sides.
  let left = false;
  let right = false;
  [[0, -1], [1, 0], [0, 1], [-1, 0]].forEach(([rx, ry], i) => {
    if (!blocks(mask, rays[i])) return;
    const side = dx * ry - dy * rx;
    if (side > 0) left = true;
    if (side < 0) right = true;
  });
  return !(left && right);
}

export interface StepCosts {
  mask: number;
  rule: DiagonalRule;
  orthogonal: number;
  diagonal: number;
  /** Cells a path may pass through (the end cell is always allowed). */
  passable: (x: number, y: number) => boolean;
}

/** Fewest step cost from the source cells to every cell (a path may end in a non-passable cell). */
export function stepDistances(grid: RefGrid, sources: Array<[number, number]>, c: StepCosts): Int32Array {
  const dist = new Int32Array(grid.w * grid.h).fill(-1);
  const done = new Uint8Array(grid.w * grid.h);
  const queue = new MinHeap();
  for (const [x, y] of sources) {
    dist[y * grid.w + x] = 0;
    queue.push(0, y * grid.w + x);
  }
  while (queue.size) {
    const [d, i] = queue.pop();
    if (done[i]) continue;
    done[i] = 1;
    const x = i % grid.w;
    const y = (i - x) / grid.w;
    if (d > 0 && !c.passable(x, y)) continue; // may end here, not go on
    for (const [dx, dy] of DIRS8) {
      if (!stepOpen(grid, c.mask, c.rule, x, y, dx, dy)) continue;
      const j = (y + dy) * grid.w + x + dx;
      const nd = d + (dx && dy ? c.diagonal : c.orthogonal);
      if (dist[j] < 0 || nd < dist[j]) {
        dist[j] = nd;
        queue.push(nd, j);
      }
    }
  }
  return dist;
}

/** The smallest distance over a figure's cells, -1 when none is reachable. */
export function minOver(dist: Int32Array, w: number, cells: Array<[number, number]>): number {
  let best = -1;
  for (const [x, y] of cells) {
    const d = dist[y * w + x];
    if (d >= 0 && (best < 0 || d < best)) best = d;
  }
  return best;
}
