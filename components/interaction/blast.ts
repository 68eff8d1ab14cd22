/**
 * The area of a blast (doom2004, RULES §3): every space within N of the target space, counted like
 * range — around walls, closed doors and blocking obstacles. The grid core counts range from a
 * figure, so a one-space probe stands on the target space of an otherwise empty copy of the board.
 */
import { Board } from '../../src/core/board.ts';
import type { ReachCell } from '../render/overlays.ts';

export function blastArea(board: Board, x: number, y: number, radius: number): ReachCell[] {
  if (radius <= 0) return [];
  const data = board.data;
  const probe = Board.fromData({ ...data, figures: [{ id: '#blast', side: '#blast', x, y, w: 1, h: 1 }] });
  const range = probe.sightMap(0).range;
  const cells: ReachCell[] = [];
  for (let i = 0; i < range.length; i++) if (range[i] >= 0 && range[i] <= radius) cells.push({ x: i % data.width, y: Math.floor(i / data.width) });
  return cells;
}
