/** Doors of the drawn board: their names ("F3–G3") and the door on a side of a cell. */
import { cellName } from '../coords.ts';
import type { Side } from '../editor/edit-state.ts';
import type { DrawModel, Segment } from '../model.ts';

/** The two cells either side of the door's first unit, e.g. "F3–G3". */
export function doorName(s: Segment): string {
  if (s.y1 === s.y2) {
    const x = Math.min(s.x1, s.x2);
    return `${cellName(x, s.y1 - 1)}–${cellName(x, s.y1)}`;
  }
  const y = Math.min(s.y1, s.y2);
  return `${cellName(s.x1 - 1, y)}–${cellName(s.x1, y)}`;
}

const alongX = (s: Segment, x: number) => x >= Math.min(s.x1, s.x2) && x < Math.max(s.x1, s.x2);
const alongY = (s: Segment, y: number) => y >= Math.min(s.y1, s.y2) && y < Math.max(s.y1, s.y2);

/** The index of a door on `side` of cell (x, y), or on any side when `side` is omitted. */
export function doorAt(m: DrawModel, x: number, y: number, side?: Side): number | null {
  for (const d of m.doors) {
    const s = d.segment;
    if (s.y1 === s.y2) {
      const lines = side === 'top' ? [y] : side === 'bottom' ? [y + 1] : side ? [] : [y, y + 1];
      if (lines.includes(s.y1) && alongX(s, x)) return d.index;
    } else {
      const lines = side === 'left' ? [x] : side === 'right' ? [x + 1] : side ? [] : [x, x + 1];
      if (lines.includes(s.x1) && alongY(s, y)) return d.index;
    }
  }
  return null;
}
