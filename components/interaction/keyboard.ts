/**
 * Keyboard navigation of the WAI-ARIA grid pattern: arrow keys move one cell, Home/End go to the
 * start/end of the row (with Ctrl: of the board), PageUp/PageDown move five rows. The board is one
 * tab stop; the active cell is announced through `aria-activedescendant`.
 */
export interface Cursor {
  x: number;
  y: number;
}

/** The cursor after `key`, or null when the key is not a navigation key. */
export function navigate(key: string, ctrl: boolean, c: Cursor, width: number, height: number): Cursor | null {
  const clamp = (x: number, y: number) => ({ x: Math.max(0, Math.min(width - 1, x)), y: Math.max(0, Math.min(height - 1, y)) });
  switch (key) {
    case 'ArrowLeft':
      return clamp(c.x - 1, c.y);
    case 'ArrowRight':
      return clamp(c.x + 1, c.y);
    case 'ArrowUp':
      return clamp(c.x, c.y - 1);
    case 'ArrowDown':
      return clamp(c.x, c.y + 1);
    case 'Home':
      return ctrl ? clamp(0, 0) : clamp(0, c.y);
    case 'End':
      return ctrl ? clamp(width - 1, height - 1) : clamp(width - 1, c.y);
    case 'PageUp':
      return clamp(c.x, c.y - 5);
    case 'PageDown':
      return clamp(c.x, c.y + 5);
    default:
      return null;
  }
}

/** The side of a cell an arrow key points to, for drawing edges with Shift+arrow in the editor. */
export function arrowSide(key: string): 'top' | 'bottom' | 'left' | 'right' | null {
  return ({ ArrowUp: 'top', ArrowDown: 'bottom', ArrowLeft: 'left', ArrowRight: 'right' } as const)[key as 'ArrowUp'] ?? null;
}

/** The cell under a pointer event, from the grid element's box. */
export function cellFromPointer(e: { clientX: number; clientY: number }, box: DOMRect, width: number, height: number): Cursor | null {
  const fx = (e.clientX - box.left) / box.width;
  const fy = (e.clientY - box.top) / box.height;
  if (fx < 0 || fy < 0 || fx >= 1 || fy >= 1) return null;
  return { x: Math.floor(fx * width), y: Math.floor(fy * height) };
}

/** Where inside its cell a pointer is: the nearest side when within `margin` (fraction) of it. */
export function sideFromPointer(e: { clientX: number; clientY: number }, box: DOMRect, width: number, height: number, margin = 0.28): 'top' | 'bottom' | 'left' | 'right' | null {
  const fx = ((e.clientX - box.left) / box.width) * width;
  const fy = ((e.clientY - box.top) / box.height) * height;
  const rx = fx - Math.floor(fx);
  const ry = fy - Math.floor(fy);
  const d = [
    ['top', ry],
    ['bottom', 1 - ry],
    ['left', rx],
    ['right', 1 - rx],
  ] as const;
  const best = d.reduce((a, b) => (b[1] < a[1] ? b : a));
  return best[1] <= margin ? best[0] : null;
}

/** What the keys do in a mode: the grid's description (`aria-describedby`). */
export function keysHelp(mode: 'explore' | 'play' | 'edit' | 'replay'): string {
  const move = 'Arrow keys move between spaces, Home and End go to the ends of a row.';
  if (mode === 'replay') return `${move} N goes to the next step, B back to the previous one; Shift+N to the last step, Shift+B to the start.`;
  const base = `${move} Enter selects or acts, Escape cancels.`;
  if (mode === 'edit') return `${base} Enter paints with the chosen tool; Shift with an arrow key draws the chosen edge on that side; Delete removes a figure or token; Control+Z undoes, Control+Y redoes.`;
  if (mode === 'play') return `${base} Select a figure, then Enter on a highlighted space moves it; Enter on a target explains line of sight, Enter again attacks. Control+Z undoes.`;
  return `${base} Select a figure, then Enter on another figure explains line of sight, cover and range; Enter on an empty space moves the figure there. R rotates a large figure; O opens or closes a door next to the space.`;
}
