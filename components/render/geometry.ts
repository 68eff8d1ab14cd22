/** SVG geometry: one cell is S user units; the coordinates ruler takes a margin of M. */
export const S = 32;
export const M = 20;

/** The viewBox of a board of w×h cells with its coordinate margin. */
export function viewBox(w: number, h: number, coordinates: boolean): { x: number; y: number; w: number; h: number } {
  const m = coordinates ? M : 4;
  return { x: -m, y: -m, w: w * S + m + 4, h: h * S + m + 4 };
}

/** A point in the doubled coordinates of the core (corner (X,Y) = (2X,2Y)) in SVG units. */
export const doubled = (v: number): number => (v * S) / 2;

/**
 * A board of more spaces than this is large (a campaign map: 101×101 is 10,201 spaces): its keyboard
 * grid is a window around the cursor (grid-cells.ts) and its fine print is drawn only when readable.
 */
export const LARGE_BOARD = 2500;

/**
 * The smallest space, in CSS px, whose fine print is drawn on a large board: reach costs and the
 * coordinate ruler. Smaller (a 101×101 campaign map fitting a page), their type would be under 4 px:
 * not drawn, so a selection does not write thousands of unreadable digits. Zooming in brings them
 * back. Boards up to LARGE_BOARD spaces always have them (as before issue 41).
 */
export const READABLE_PX = 12;
