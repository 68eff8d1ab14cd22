/**
 * Exploring (RULES §3): an unrevealed area is revealed as soon as a marine has line of sight into
 * one of its cells (or stands in it, after a teleporter hop); the scenario places its content.
 */
import { checkFigures } from '../../core/board-input.ts';
import type { GameEvent } from '../types.ts';
import { buildFigure } from './setup.ts';
import { queryBoardOf, unpack, type D4Area, type D4State } from './state.ts';

export function explore(s: D4State, events: GameEvent[]): void {
  for (;;) {
    const hidden = s.areas.filter((a) => !a.revealed);
    if (!hidden.length) return;
    const seen = new Set<number>();
    const board = queryBoardOf(s);
    s.figures.forEach((f, i) => {
      if (!f.marine) return;
      board.losMap(i).forEach((v, j) => v && seen.add(j));
    });
    const now = hidden.filter((a) => a.cells.some((c) => seen.has(c)));
    if (!now.length) return;
    for (const a of now) reveal(s, a, events);
    // New figures may block sight but cannot open it: one more pass only confirms.
  }
}

/**
 * Place an area's content. Ruling: a figure whose space is taken (a marine teleported in) goes to
 * the nearest free place inside the area; with none it is not placed (it stays listed in the area).
 */
export function reveal(s: D4State, a: D4Area, events: GameEvent[]): void {
  a.revealed = true;
  const placed: string[] = [];
  const left: typeof a.figures = [];
  const W = s.board.width;
  const { height, cells, hEdges, vEdges } = s.board;
  const fits = (list: typeof s.figures) => {
    let ok = true;
    checkFigures(W, height, unpack(cells), unpack(hEdges), unpack(vEdges), list, () => (ok = false), 'doom2004');
    return ok;
  };
  for (const sf of a.figures) {
    const f = buildFigure(s, sf);
    const spots = a.cells.map((c) => ({ x: c % W, y: Math.floor(c / W) }))
      .sort((p, q) => Math.max(Math.abs(p.x - sf.x), Math.abs(p.y - sf.y)) - Math.max(Math.abs(q.x - sf.x), Math.abs(q.y - sf.y)) || p.y - q.y || p.x - q.x);
    const spot = [{ x: sf.x, y: sf.y }, ...spots].find((p) => a.cells.includes(p.y * W + p.x) && fits([...s.figures, { ...f, x: p.x, y: p.y }]));
    if (!spot) {
      events.push({ type: 'not-placed', figure: f.id, area: a.id });
      left.push(sf);
      continue;
    }
    f.x = spot.x;
    f.y = spot.y;
    s.figures.push(f);
    placed.push(f.id);
  }
  s.tokens.push(...a.tokens);
  events.push({ type: 'revealed', area: a.id, figures: placed, tokens: a.tokens.map((t) => t.id) });
  // Figures that found no place stay with the (now revealed) area, never placed.
  a.figures = left;
  a.tokens = [];
}
