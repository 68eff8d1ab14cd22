/**
 * Walking distance for the greedy baseline: how many steps from each cell to the nearest goal cell
 * (an enemy's space, or a closed door), walking round walls and obstacles, through closed doors
 * (a greedy figure opens the doors on its way), ignoring figures and terrain costs. Diagonal steps
 * cost 1 (doom2016, doom2004) or 2 (d20) and may not pass through a wall joint (doom) or past any
 * wall touching the corner (d20), as RULES §1.2 and §4 say for movement.
 */
import type { GameState } from '../../rules/engine.ts';
import { unpack } from '../../rules/doom2004/state.ts';
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
  // The state's own map (doom2004 keeps it packed as text), not a Board: building one per call cost
  // more than the walk.
  const { width: W, height: H } = s.board;
  const [cells, hEdges, vEdges] = s.ruleset === 'doom2004' ? [unpack(s.board.cells), unpack(s.board.hEdges), unpack(s.board.vEdges)] : [s.board.cells, s.board.hEdges, s.board.vEdges];
  const N = W * H;
  // The greedy rollouts of the autopilot's search ask for this at most of their moves: the walls
  // are read once into flat arrays. A closed door does not stop the walk; a locked doom2004
  // security door (its cells on both sides) and every other edge kind do. up[i]: the edge above
  // cell i stops; left[y*(W+1)+x]: the edge left of (x,y) does (x = W: the board's right side).
  const locked = new Uint8Array(N);
  if (s.ruleset === 'doom2004') for (const d of s.doors) if (!d.open && d.key !== null && !s.keys.includes(d.key)) for (const i of d.cells) locked[i] = 1;
  const NONE = EdgeKind.none;
  const DOOR = EdgeKind.door;
  const up = new Uint8Array(N + W);
  for (let i = 0; i < N + W; i++) {
    const k = hEdges[i];
    if (k !== NONE) up[i] = k !== DOOR || (locked[i] === 1 && locked[i - W] === 1) ? 1 : 0;
  }
  const left = new Uint8Array((W + 1) * H);
  for (let y = 0, e = 0; y < H; y++) {
    for (let x = 0; x <= W; x++, e++) {
      const k = vEdges[e];
      if (k !== NONE) left[e] = k !== DOOR || (locked[y * W + x] === 1 && locked[y * W + x - 1] === 1) ? 1 : 0;
    }
  }
  const open = new Uint8Array(N);
  for (let i = 0; i < N; i++) open[i] = cells[i] & Cell.on && !(cells[i] & (Cell.obstacle | Cell.barrel)) ? 1 : 0;
  const d20 = s.ruleset === 'd20';
  const diag = d20 ? 2 : 1;
  const teleporters: number[] = [];
  if (teleports) for (let i = 0; i < N; i++) if (cells[i] & Cell.teleporter) teleporters.push(i);
  const dist = new Int32Array(N).fill(-1);
  // Dial's algorithm (step costs 1 and 2): a queue per distance.
  const buckets: number[][] = [[]];
  for (const g of goals) {
    for (let y = Math.max(0, g.y); y < Math.min(H, g.y + g.h); y++) for (let x = Math.max(0, g.x); x < Math.min(W, g.x + g.w); x++) if (dist[y * W + x] < 0) {
      dist[y * W + x] = 0;
      buckets[0].push(y * W + x);
    }
  }
  const relax = (i: number, d: number) => {
    if (!open[i] || (dist[i] >= 0 && dist[i] <= d)) return;
    dist[i] = d;
    (buckets[d] ??= []).push(i);
  };
  for (let d = 0; d < buckets.length; d++) {
    const bucket = buckets[d];
    if (!bucket) continue;
    for (let k = 0; k < bucket.length; k++) {
      const i = bucket[k];
      if (dist[i] !== d) continue;
      const x = i % W;
      const y = (i - x) / W;
      const l = y * (W + 1) + x;
      // The four sides of (x,y): left[l], left[l + 1] (its right), up[i], up[i + W] (below).
      const goW = x > 0 && !left[l];
      const goE = x + 1 < W && !left[l + 1];
      const goN = y > 0 && !up[i];
      const goS = y + 1 < H && !up[i + W];
      if (goW) relax(i - 1, d + 1);
      if (goE) relax(i + 1, d + 1);
      if (goN) relax(i - W, d + 1);
      if (goS) relax(i + W, d + 1);
      if (teleporters.length && cells[i] & Cell.teleporter) for (const t of teleporters) relax(t, d + 1);
      // A diagonal step takes one of the two L-shaped routes round the shared corner (doom), or
      // needs both free (d20): via the side neighbour (x±1, y), or via (x, y±1).
      for (let dy = -1; dy <= 1; dy += 2) {
        const ny = y + dy;
        if (ny < 0 || ny >= H) continue;
        const goV = dy < 0 ? goN : goS;
        for (let dx = -1; dx <= 1; dx += 2) {
          const nx = x + dx;
          if (nx < 0 || nx >= W) continue;
          const goH = dx < 0 ? goW : goE;
          const n = ny * W + nx;
          const viaX = goH && !up[dy < 0 ? i + dx : n];
          const viaY = goV && !left[ny * (W + 1) + (dx < 0 ? x : x + 1)];
          if (d20 ? viaX && viaY : viaX || viaY) relax(n, d + diag);
        }
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
