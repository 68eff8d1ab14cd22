/**
 * The d20 situation (RULES §4) of the figure activating (or about to be activated in its side's
 * phase): move up to its speed and attack, or move twice its speed; targeting rules (an adjacent
 * enemy must be attacked first, an enemy in cover only when it is the nearest, Melee Attack only
 * adjacent) checked at each destination; odds with natural 1/20 and cover.
 */
import { boardOf, type D20Figure, type D20State } from '../../rules/d20/state.ts';
import type { Command } from '../../rules/types.ts';
import { Board } from '../../core/board.ts';
import { ReachBuffer } from '../../core/result-buffers.ts';
import { EdgeKind, type BoardData } from '../../core/types.ts';
import { d20Odds, type D20Odds } from '../odds/d20.ts';
import { destinationsOf } from './doom2016.ts';
import { rankPlans, type Cell, type Enemy, type HintOptions, type Situation, type Threat } from './plan.ts';

const MOVE_AND_ATTACK = 6;
/** For the searches whose answers are read out at once (threat zones): no fresh arrays each. */
const reachScratch = new ReachBuffer();

type Rect = { x: number; y: number; w: number; h: number };

/**
 * Adjacent for movement (RULES §4; the rules' `adjacent`, src/rules/d20/rules.ts): one d20 step
 * leads from a square of `a` into `b` — no wall, door or other movement-stopping edge between
 * orthogonal neighbours, no diagonal past such an edge touching the shared corner. Read from the
 * board's edges (a figure touching only across a wall is not adjacent).
 */
export function adjacentForMovement(d: BoardData, a: Rect, b: Rect): boolean {
  const W = d.width;
  // Every edge kind but none stops movement (MOVE_EDGES, src/core/masks.ts; not imported: the AI
  // module takes only what the main bundle exports).
  const stops = (kind: number | undefined) => kind !== undefined && kind !== EdgeKind.none;
  const h = (x: number, Y: number) => (x >= 0 && x < W ? d.hEdges[Y * W + x] : undefined); // above (x, Y)
  const v = (X: number, y: number) => (y >= 0 && y < d.height ? d.vEdges[y * (W + 1) + X] : undefined); // left of (X, y)
  for (let y = a.y; y < a.y + a.h; y++) {
    for (let x = a.x; x < a.x + a.w; x++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const tx = x + dx, ty = y + dy;
          if ((dx === 0 && dy === 0) || tx < b.x || tx >= b.x + b.w || ty < b.y || ty >= b.y + b.h) continue;
          if (dx === 0) { if (!stops(h(x, Math.max(y, ty)))) return true; continue; }
          if (dy === 0) { if (!stops(v(Math.max(x, tx), y))) return true; continue; }
          // The corner (X, Y) between the two squares: no stopping edge may touch it.
          const X = Math.max(x, tx), Y = Math.max(y, ty);
          if (![v(X, Y - 1), v(X, Y), h(X - 1, Y), h(X, Y)].some(stops)) return true;
        }
      }
    }
  }
  return false;
}

/**
 * Where a Melee Attack figure `g` attacks next (1 per cell): every space next to a place it reaches
 * with a move and an attack (MOVE_AND_ATTACK squares) on `board` (the board without the figure
 * that is planning, which may move away).
 */
export function meleeZone(board: Board, g: { id: string; w: number; h: number }): Uint8Array {
  const r = board.reach(board.figureIndex(g.id), MOVE_AND_ATTACK, reachScratch);
  const W = r.width;
  const H = r.height;
  const n = W * H;
  const zone = new Uint8Array(n);
  const cost = r.cost, end = r.end; // a reach buffer's are getters
  for (let k = 0; k < cost.length; k++) {
    if (cost[k] < 0 || (!end[k] && cost[k] > 0)) continue;
    const o = Math.floor(k / n);
    const c = k - o * n;
    const x0 = c % W;
    const y0 = (c - x0) / W;
    const [w, h] = o ? [g.h, g.w] : [g.w, g.h];
    for (let y = Math.max(0, y0 - 1); y <= Math.min(H - 1, y0 + h); y++) for (let x = Math.max(0, x0 - 1); x <= Math.min(W - 1, x0 + w); x++) zone[y * W + x] = 1;
  }
  return zone;
}

/** Whether `f` stands out of every Melee Attack enemy's zone (see meleeZone). */
export function outOfMeleeReach(s: D20State, f: D20Figure): boolean {
  const board = boardOf(s);
  const W = s.board.width;
  for (const g of s.figures) {
    if (g.side === f.side || !(s.units[g.type].abilities ?? []).includes('melee')) continue;
    const zone = meleeZone(board, g);
    for (let y = f.y; y < f.y + f.h; y++) for (let x = f.x; x < f.x + f.w; x++) if (zone[y * W + x]) return false;
  }
  return true;
}

export function d20Situation(s: D20State, figure?: string): Situation | null {
  if (s.winner !== null) return null;
  let me: D20Figure | undefined;
  const prefix: Command[] = [];
  let moved = 0;
  let attacked = false;
  if (s.active) {
    me = s.figures.find((f) => f.id === s.active!.id);
    if (!me || (figure !== undefined && figure !== me.id)) return null;
    moved = s.active.moved;
    attacked = s.active.attacked;
  } else {
    me = s.figures.find((f) => f.side === s.sides[s.side] && !f.activated && (figure === undefined || f.id === figure));
    if (!me) return null;
    prefix.push({ type: 'activate', figure: me.id });
  }
  const f = me;
  const unit = s.units[f.type];
  const board = boardOf(s);
  const data = board.data;
  const without = Board.fromData({ ...data, figures: data.figures.filter((g) => g.id !== f.id) });
  const enemies: Enemy[] = s.figures.filter((g) => g.side !== f.side).map((g) => {
    const u = s.units[g.type];
    const cache = new Map<boolean, D20Odds>();
    const melee = (u.abilities ?? []).includes('melee');
    // The maps measure the enemy's movement cost to the figure's cell: a melee enemy is adjacent at
    // cost 1 (orthogonal) or 2 (diagonal), and after moving it attacks for sure.
    const threat: Threat = {
      range: melee ? 2 : Infinity,
      move: MOVE_AND_ATTACK,
      sure: melee,
      odds: (cover) => cache.get(cover) ?? cache.set(cover, d20Odds({ attack: u.attack, damage: u.damage, defense: unit.defense, cover, hp: f.hp })).get(cover)!,
    };
    return { id: g.id, figure: g, left: g.hp, threat };
  });
  const melee = (unit.abilities ?? []).includes('melee');
  const canAttack = !attacked && moved <= MOVE_AND_ATTACK;
  const at = (c: Cell) => ({ x: c.x, y: c.y, w: f.w, h: f.h });
  const options = canAttack ? [{
    key: 'attack', label: f.type, mp: MOVE_AND_ATTACK - moved, range: Number.MAX_SAFE_INTEGER, prefix: [...prefix],
    attack(e: Enemy, cover: boolean) {
      const t = e.figure as D20Figure;
      // Adjacent enemies never have cover (RULES §4).
      return { odds: d20Odds({ attack: unit.attack, damage: unit.damage, defense: s.units[t.type].defense, cover, hp: t.hp }), command: { type: 'attack', figure: f.id, target: t.id } };
    },
  }] : [];
  return {
    ruleset: 'd20', state: s, me: f, myLeft: f.hp, board, without,
    destinations: (mp) => destinationsOf(board, f.id, Math.max(0, mp)),
    moveCommand: (to) => ({ type: 'move', figure: f.id, to: { x: to.x, y: to.y } }),
    options, enemies,
    mayTarget(to, e, seen) {
      const here = at(to);
      const adjacent = enemies.filter((g) => adjacentForMovement(data, here, g.figure));
      const isAdjacent = adjacentForMovement(data, here, e.figure);
      if (melee && !isAdjacent) return false;
      if (adjacent.length && !isAdjacent) return false;
      const v = seen.get(e.id)!;
      if (v.cover && !isAdjacent) {
        let nearest = Infinity;
        for (const g of enemies) {
          const w = seen.get(g.id)!;
          if (w.los && w.range >= 0) nearest = Math.min(nearest, w.range);
        }
        if (v.range > nearest) return false;
      }
      return true;
    },
    // Each enemy's exact sight map (RULES §4 LOS and cover) measures its threat: the movement
    // distance used before took every space for seen, so a figure could not tell cover from the open
    // (issue 23: the alliance against greedy 70% → 90% at the same caution). The targeting rules
    // are judged again from each plan's destination (cover is not symmetric).
    checkTargets: true,
    retreatMp: (cost) => MOVE_AND_ATTACK - moved - cost,
    threatZone: (e) => (e.threat?.sure ? meleeZone(without, e.figure) : null),
    finish: [{ type: 'end', figure: f.id }],
    moveOnly: { mp: (attacked ? MOVE_AND_ATTACK : 2 * MOVE_AND_ATTACK) - moved, prefix: [...prefix], label: '' },
  };
}

/**
 * The expected damage `figure` may take before its next chance to act if it is not activated now
 * (it stays where it stands through the enemy's phase): the hints' exposure of its own space (melee
 * threat zones counted in full, ranged enemies by their sight maps).
 */
export function d20StayExposure(s: D20State, figure: string, options: HintOptions = {}): number {
  const sit = d20Situation({ ...s, active: null } as D20State, figure);
  if (!sit) return 0;
  // Only the plain "stay" plan: nothing to refine (plain moves are never refined).
  const stay: Situation = { ...sit, options: [], moveOnly: { mp: 0, prefix: [], label: '' } };
  return rankPlans(stay, { ...options, refine: false, limit: 1 })[0]?.exposure.expected ?? 0;
}
