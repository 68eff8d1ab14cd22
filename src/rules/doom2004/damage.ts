/**
 * Wounds, frags, kills and exploding barrels (RULES §3 roll, obstacles, frags).
 */
import { Cell } from '../../core/types.ts';
import type { GameEvent } from '../types.ts';
import { cellBits, cellsOf, rangeFrom, setCellBits, type D4Figure, type D4State } from './state.ts';

/** Wounds from `damage` against `armor`: floor(damage / armor), every point when armor is 0. */
export const woundsFrom = (damage: number, armor: number): number => (armor <= 0 ? damage : Math.floor(damage / armor));

/**
 * Give `n` wounds to a figure on the board (armor already applied). A marine loses its aim and
 * guard orders (RULES §3 orders); at its wound limit a marine is fragged, an invader killed.
 */
export function wound(s: D4State, f: D4Figure, n: number, cause: string, events: GameEvent[]): void {
  if (n <= 0 || !s.figures.includes(f)) return;
  f.wounds = Math.min(f.health, f.wounds + n);
  events.push({ type: 'wounded', figure: f.id, wounds: n, total: f.wounds, health: f.health, cause });
  if (f.marine && (f.order === 'aim' || f.order === 'guard')) {
    events.push({ type: 'order-lost', figure: f.id, order: f.order, why: 'wounded' });
    f.order = null;
  }
  if (f.wounds >= f.health) remove(s, f, events);
}

/** Kill an invader outright (berserk) or frag/kill a figure at its wound limit. */
export function remove(s: D4State, f: D4Figure, events: GameEvent[]): void {
  const i = s.figures.indexOf(f);
  if (i < 0) return;
  s.figures.splice(i, 1);
  if (!f.marine) {
    s.killed.push(f.id);
    events.push({ type: 'killed', figure: f.id });
    return;
  }
  // RULES §3 frags: starting wounds and armor back, extra armor and berserk lost; orders go too.
  const at = { x: f.x, y: f.y };
  f.wounds = 0;
  f.armor = f.startArmor;
  f.berserk = 0;
  f.order = null;
  s.fragged.push({ figure: f, ...at });
  s.fragPoints++;
  s.frags.push({ marine: f.id, ...at, round: s.round });
  events.push({ type: 'fragged', figure: f.id, at, fragPoints: s.fragPoints });
}

/** Figures with a cell among `cells` (indices), each once. */
export function figuresOn(s: D4State, cells: Set<number>): D4Figure[] {
  return s.figures.filter((f) => cellsOf(f).some(([x, y]) => cells.has(y * s.board.width + x)));
}

/**
 * Explode the barrels on `cells` (RULES §3 exploding barrels): each is removed and deals 1 automatic
 * wound to every figure adjacent to it. Ruling: adjacent = the 8 surrounding spaces not cut off by
 * a wall or closed door (range 1); a barrel adjacent to an exploding barrel explodes too (chain).
 */
export function explodeBarrels(s: D4State, cells: number[], events: GameEvent[]): void {
  const queue = [...cells];
  const W = s.board.width;
  while (queue.length) {
    const i = queue.shift()!;
    if ((cellBits(s, i) & Cell.barrel) === 0) continue;
    setCellBits(s, i, cellBits(s, i) & ~Cell.barrel);
    const x = i % W;
    const y = Math.floor(i / W);
    events.push({ type: 'barrel-exploded', at: { x, y } });
    const range = rangeFrom(s, x, y);
    const near = new Set<number>();
    range.forEach((r, j) => r === 1 && near.add(j));
    for (const f of figuresOn(s, near)) wound(s, f, 1, 'exploding barrel', events);
    for (const j of near) if ((cellBits(s, j) & Cell.barrel) !== 0) queue.push(j);
  }
}
