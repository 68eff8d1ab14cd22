/**
 * Walking distance for the greedy baseline: how many steps from each cell to the nearest goal cell
 * (an enemy's space, or a closed door), walking round walls and obstacles, through closed doors
 * (a greedy figure opens the doors on its way), ignoring figures and terrain costs. Diagonal steps
 * cost 1 (doom2016, doom2004) or 2 (d20) and may not pass through a wall joint (doom) or past any
 * wall touching the corner (d20), as RULES §1.2 and §4 say for movement.
 */
import type { GameState } from '../../rules/engine.ts';
import { boardOf as board2016 } from '../../rules/doom2016/state.ts';
import { boardOf as board2004 } from '../../rules/doom2004/state.ts';
import { boardOf as boardD20 } from '../../rules/d20/state.ts';
import { Cell, EdgeKind } from '../../core/types.ts';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Distance (steps) from every cell to the nearest cell of `goals`; -1 where no walk leads. A
 * doom2004 security door counts only once its key is found; `teleports` (marines): every
 * teleporter is one step from every other.
 */
export function walkDistance(s: GameState, goals: Box[], teleports = false): Int32Array {
  const board = s.ruleset === 'doom2016' ? board2016(s) : s.ruleset === 'doom2004' ? board2004(s) : boardD20(s);
  const { width: W, height: H, cells, hEdges, vEdges } = board.data;
  const stops = (k: number) => k !== EdgeKind.none && k !== EdgeKind.door;
  const cellBlocked = (i: number) => !(cells[i] & Cell.on) || (cells[i] & (Cell.obstacle | Cell.barrel)) !== 0;
  // Cells on either side of a locked security door: its door edges stop the walk like walls.
  const locked = new Set(s.ruleset === 'doom2004' ? s.doors.filter((d) => !d.open && d.key !== null && !s.keys.includes(d.key)).flatMap((d) => d.cells) : []);
  const lockedEdge = (k: number, a: number, b: number) => k === EdgeKind.door && locked.has(a) && locked.has(b);
  // Edge between (x,y) and its neighbour: hEdges[y*W+x] is above (x,y), vEdges[y*(W+1)+x] left of it.
  const up = (x: number, y: number) => stops(hEdges[y * W + x]) || lockedEdge(hEdges[y * W + x], y * W + x, (y - 1) * W + x);
  const left = (x: number, y: number) => stops(vEdges[y * (W + 1) + x]) || lockedEdge(vEdges[y * (W + 1) + x], y * W + x, y * W + x - 1);
  const diag = s.ruleset === 'd20' ? 2 : 1;
  const teleporters: number[] = [];
  if (teleports) for (let i = 0; i < W * H; i++) if (cells[i] & Cell.teleporter) teleporters.push(i);
  const dist = new Int32Array(W * H).fill(-1);
  // Dial's algorithm (costs 1 and 2): buckets by distance.
  const buckets: number[][] = [[]];
  for (const g of goals) {
    for (let y = g.y; y < g.y + g.h; y++) for (let x = g.x; x < g.x + g.w; x++) if (x >= 0 && y >= 0 && x < W && y < H && dist[y * W + x] < 0) {
      dist[y * W + x] = 0;
      buckets[0].push(y * W + x);
    }
  }
  const relax = (i: number, d: number) => {
    if (cellBlocked(i) || (dist[i] >= 0 && dist[i] <= d)) return;
    dist[i] = d;
    (buckets[d] ??= []).push(i);
  };
  for (let d = 0; d < buckets.length; d++) {
    for (const i of buckets[d] ?? []) {
      if (dist[i] !== d) continue;
      const x = i % W;
      const y = (i - x) / W;
      if (x > 0 && !left(x, y)) relax(i - 1, d + 1);
      if (x + 1 < W && !left(x + 1, y)) relax(i + 1, d + 1);
      if (y > 0 && !up(x, y)) relax(i - W, d + 1);
      if (y + 1 < H && !up(x, y + 1)) relax(i + W, d + 1);
      if (teleporters.length && cells[i] & Cell.teleporter) for (const t of teleporters) relax(t, d + 1);
      for (const [dx, dy] of [[-1, -1], [1, -1], [-1, 1], [1, 1]]) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= W || ny >= H) continue;
        // The two L-shaped routes round the shared corner: via (nx, y) and via (x, ny).
        const viaX = !(dx < 0 ? left(x, y) : left(x + 1, y)) && !(dy < 0 ? up(nx, y) : up(nx, y + 1));
        const viaY = !(dy < 0 ? up(x, y) : up(x, y + 1)) && !(dx < 0 ? left(x, ny) : left(x + 1, ny));
        if (s.ruleset === 'd20' ? viaX && viaY : viaX || viaY) relax(ny * W + nx, d + diag);
      }
    }
  }
  return dist;
}

/** The walking distance of a footprint at (x, y): its best cell. */
export function distanceAt(dist: Int32Array, width: number, f: Box, x = f.x, y = f.y): number {
  let best = Infinity;
  for (let yy = y; yy < y + f.h; yy++) for (let xx = x; xx < x + f.w; xx++) {
    const d = dist[yy * width + xx];
    if (d >= 0 && d < best) best = d;
  }
  return best;
}
