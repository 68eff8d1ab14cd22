/**
 * The greedy walk's distances (src/ai/autopilot/walk.ts) against a straightforward reference: every
 * step between neighbouring spaces tried again and again until no distance shrinks (Bellman–Ford),
 * on seeded random boards of the three rulesets — walls, doors, obstacles, off-board spaces,
 * teleporters, a locked doom2004 security door — and on the bundled scenarios.
 */
import { describe, expect, test } from 'vitest';
import { Cell, EdgeKind, type Ruleset } from '../../src/core/types.ts';
import { parseBoard } from '../../src/core/board-input.ts';
import { walkDistance, type Box } from '../../src/ai/autopilot/walk.ts';
import type { GameState } from '../../src/rules/engine.ts';
import { randomBoardInput, rng } from '../core/random-boards.ts';

interface Map2 { W: number; H: number; cells: ArrayLike<number>; hEdges: ArrayLike<number>; vEdges: ArrayLike<number>; lockedCells: Set<number> }

/** Whether the edge stops a walk: walls and the like do, a door only when locked (its cells on both sides). */
function stopsAt(m: Map2, kind: number, a: number, b: number): boolean {
  if (kind === EdgeKind.none) return false;
  if (kind === EdgeKind.door) return m.lockedCells.has(a) && m.lockedCells.has(b);
  return true;
}

/** The reference: relax every legal step until nothing changes. */
function reference(m: Map2, ruleset: Ruleset, goals: Box[], teleports: boolean): number[] {
  const { W, H, cells } = m;
  const free = (x: number, y: number) => x >= 0 && y >= 0 && x < W && y < H && (cells[y * W + x] & Cell.on) !== 0 && (cells[y * W + x] & (Cell.obstacle | Cell.barrel)) === 0;
  // A side step from (x,y) to (x+dx, y+dy) with |dx|+|dy| = 1 crosses one edge.
  const side = (x: number, y: number, dx: number, dy: number) => {
    const nx = x + dx, ny = y + dy;
    if (nx < 0 || ny < 0 || nx >= W || ny >= H) return false;
    if (dx) { const ex = Math.max(x, nx); return !stopsAt(m, m.vEdges[y * (W + 1) + ex], y * W + ex, y * W + ex - 1); }
    const ey = Math.max(y, ny);
    return !stopsAt(m, m.hEdges[ey * W + x], ey * W + x, (ey - 1) * W + x);
  };
  const dist: number[] = new Array(W * H).fill(Infinity);
  for (const g of goals) for (let y = g.y; y < g.y + g.h; y++) for (let x = g.x; x < g.x + g.w; x++) if (x >= 0 && y >= 0 && x < W && y < H) dist[y * W + x] = 0;
  const tele = teleports ? [...Array(W * H).keys()].filter((i) => cells[i] & Cell.teleporter) : [];
  for (let changed = true; changed;) {
    changed = false;
    for (let i = 0; i < W * H; i++) {
      if (dist[i] === Infinity) continue;
      const x = i % W, y = Math.floor(i / W);
      const steps: [number, number][] = [];
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) if (side(x, y, dx, dy)) steps.push([(y + dy) * W + x + dx, 1]);
      for (const [dx, dy] of [[1, 1], [1, -1], [-1, 1], [-1, -1]]) {
        // Round the corner via (x+dx, y) or via (x, y+dy): walls only (RULES §1.2, §4).
        const viaX = side(x, y, dx, 0) && side(x + dx, y, 0, dy);
        const viaY = side(x, y, 0, dy) && side(x, y + dy, dx, 0);
        if (ruleset === 'd20' ? viaX && viaY : viaX || viaY) steps.push([(y + dy) * W + x + dx, ruleset === 'd20' ? 2 : 1]);
      }
      if (cells[i] & Cell.teleporter) for (const t of tele) steps.push([t, 1]);
      for (const [j, c] of steps) {
        if (!free(j % W, Math.floor(j / W)) || dist[j] <= dist[i] + c) continue;
        dist[j] = dist[i] + c;
        changed = true;
      }
    }
  }
  return dist.map((d) => (d === Infinity ? -1 : d));
}

const pack = (a: ArrayLike<number>) => String.fromCharCode(...Array.from(a, (v) => v + 48));

/** A game state as walkDistance reads it: the ruleset, its map (doom2004: packed), its doors and keys. */
function stateOf(ruleset: Ruleset, m: Map2, locked: number[]): GameState {
  const board = ruleset === 'doom2004'
    ? { width: m.W, height: m.H, cells: pack(m.cells), hEdges: pack(m.hEdges), vEdges: pack(m.vEdges) }
    : { width: m.W, height: m.H, cells: Array.from(m.cells), hEdges: Array.from(m.hEdges), vEdges: Array.from(m.vEdges) };
  const doors = locked.length ? [{ open: false, key: 'red', cells: locked }, { open: false, key: null, cells: [] }] : [];
  return { ruleset, board, doors, keys: [], figures: [] } as unknown as GameState;
}

describe('walkDistance agrees with a plain relaxation', () => {
  for (const ruleset of ['doom2016', 'doom2004', 'd20'] as const) {
    test(`${ruleset}: 150 random boards, doors and off-board spaces, teleporters for the marines`, () => {
      let reached = 0;
      for (let seed = 1; seed <= 150; seed++) {
        const r = rng(seed * 7919 + 3);
        const input = randomBoardInput(ruleset, seed, { minSide: 3, maxSide: 12, smallFigures: 0, largeFigures: 0 });
        const data = parseBoard(input);
        const cells = Uint8Array.from(data.cells);
        for (let i = 0; i < cells.length; i++) if (cells[i] & Cell.on && r() < 0.06) cells[i] |= Cell.teleporter;
        const hEdges = Uint8Array.from(data.hEdges);
        const vEdges = Uint8Array.from(data.vEdges);
        // Some walls become doors, so that a door's two sides are tried open and locked.
        for (const e of [hEdges, vEdges]) for (let i = 0; i < e.length; i++) if (e[i] !== EdgeKind.none && r() < 0.3) e[i] = EdgeKind.door;
        const W = data.width, H = data.height;
        const locked = ruleset === 'doom2004' ? [...Array(W * H).keys()].filter(() => r() < 0.2) : [];
        const m: Map2 = { W, H, cells, hEdges, vEdges, lockedCells: new Set(locked) };
        const goals: Box[] = Array.from({ length: 1 + Math.floor(r() * 3) }, () => ({ x: Math.floor(r() * W) - 1, y: Math.floor(r() * H), w: 1 + Math.floor(r() * 2), h: 1 + Math.floor(r() * 2) }));
        const teleports = ruleset !== 'd20' && r() < 0.5;
        const got = Array.from(walkDistance(stateOf(ruleset, m, locked), goals, teleports));
        expect(got, `${ruleset} seed ${seed}`).toEqual(reference(m, ruleset, goals, teleports));
        reached += got.filter((d) => d > 1).length;
      }
      // Not a vacuous agreement: many spaces are more than a step from their goal.
      expect(reached).toBeGreaterThan(1000);
    });
  }
});
