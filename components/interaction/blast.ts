/**
 * A doom2004 blast (RULES §3): the area of the picked attack — every space within N of the target
 * space, counted like range, around walls, closed doors and blocking obstacles — and what it hits,
 * in words. Loaded on demand with a doom2004 board (dist/doom-board-blast.js).
 */
import { Board } from '../../src/core/board.ts';
import { Cell } from '../../src/core/types.ts';
import type { Command } from '../../src/rules/types.ts';
import { cellName } from '../coords.ts';
import type { DrawModel } from '../model.ts';
import type { ReachCell } from '../render/overlays.ts';

/** What the board shows now: its drawing, the picked target (explore) or target space and its attacks (play). */
export interface BlastOn {
  model: DrawModel;
  board: Board | null;
  mode: string;
  /** The `blast` attribute (explore). */
  radius: number | undefined;
  /** The explore target, when in LOS (only a space the attacker sees can be attacked). */
  target: string | null;
  cell: { x: number; y: number } | null;
  attacks: Command[];
  attacker: { id: string; type?: string } | undefined;
  /** Blast radius by weapon or invader type, from the game view. */
  blastOf: Record<string, number> | undefined;
  name: (id: string) => string;
}

interface Blast {
  x: number;
  y: number;
  radius: number;
  weapon: string | null;
}

export function blastArea(board: Board, x: number, y: number, radius: number): ReachCell[] {
  if (radius <= 0) return [];
  const data = board.data;
  // The core counts range from a figure: a one-space probe stands on the target space of a copy of the board.
  const probe = Board.fromData({ ...data, figures: [{ id: '#blast', side: '#blast', x, y, w: 1, h: 1 }] });
  const range = probe.rangeMap(0);
  const cells: ReachCell[] = [];
  for (let i = 0; i < range.length; i++) if (range[i] >= 0 && range[i] <= radius) cells.push({ x: i % data.width, y: Math.floor(i / data.width) });
  return cells;
}

export class BlastView {
  private cache: { key: string; board: Board; cells: ReachCell[] } | null = null;

  /** The picked attack's blast: its target space, radius and weapon, or null. */
  of(on: BlastOn): Blast | null {
    if (on.mode === 'explore') {
      const t = on.target ? on.model.figures.find((f) => f.id === on.target) : undefined;
      return t && on.radius && on.radius > 0 ? { x: t.x, y: t.y, radius: on.radius, weapon: null } : null;
    }
    if (on.mode !== 'play' || !on.cell) return null;
    let best: Blast | null = null;
    for (const cmd of on.attacks) {
      const source = typeof cmd.weapon === 'string' ? cmd.weapon : on.attacker?.type;
      const radius = source ? on.blastOf?.[source] ?? 0 : 0;
      if (radius > (best?.radius ?? 0)) best = { ...on.cell, radius, weapon: typeof cmd.weapon === 'string' ? cmd.weapon : null };
    }
    return best;
  }

  cells(on: BlastOn): ReachCell[] {
    const b = this.of(on);
    if (!b || !on.board) return [];
    const key = `${b.x},${b.y},${b.radius}`;
    if (this.cache && this.cache.key === key && this.cache.board === on.board) return this.cache.cells;
    const cells = blastArea(on.board, b.x, b.y, b.radius);
    this.cache = { key, board: on.board, cells };
    return cells;
  }

  /** "Blast 1 (rocket-launcher) around C4: 9 spaces within 1, counted like range (RULES §3 blast); hits Imp, Zombie 2." */
  words(on: BlastOn): string {
    const b = this.of(on);
    if (!b) return '';
    const m = on.model;
    const cells = this.cells(on);
    const inArea = new Set(cells.map((c) => c.y * m.width + c.x));
    const hit = m.figures.filter((f) => {
      for (let y = f.y; y < f.y + f.h; y++) for (let x = f.x; x < f.x + f.w; x++) if (inArea.has(y * m.width + x)) return true;
      return false;
    });
    const barrels = cells.filter((c) => (m.cells[c.y * m.width + c.x] & Cell.barrel) !== 0).map((c) => `the barrel at ${cellName(c.x, c.y)}`);
    const targets = [...hit.map((f) => on.name(f.id)), ...barrels];
    return `Blast ${b.radius}${b.weapon ? ` (${b.weapon})` : ''} around ${cellName(b.x, b.y)}: ${cells.length} spaces within ${b.radius}, counted like range (RULES §3 blast); ${targets.length ? `hits ${targets.join(', ')}` : 'hits no figure'}.`;
  }
}
