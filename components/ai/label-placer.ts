/**
 * Where the AI's labels go (odds over targets, the plans' numbers and odds): each label takes the
 * spot nearest its space that covers no figure and no label placed before it, so that every label
 * can be read and no token is hidden; among the nearest, one that leaves the items' icons in sight. A label that cannot touch its space (a busy board) gets a
 * leader line to it, so that it is never read as another figure's. SVG units, as components/render.
 */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A placed label: its top-left corner, and the line from its edge to its space when they do not touch. */
export interface Placed {
  x: number;
  y: number;
  leader: { x1: number; y1: number; x2: number; y2: number } | null;
}

const meets = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The gap between two boxes (0 when they touch or overlap). */
function gap(a: Box, b: Box): number {
  const dx = Math.max(0, b.x - (a.x + a.w), a.x - (b.x + b.w));
  const dy = Math.max(0, b.y - (a.y + a.h), a.y - (b.y + b.h));
  return Math.hypot(dx, dy);
}

/** The point of `b` nearest to point (x, y). */
const nearestIn = (b: Box, x: number, y: number) => ({ x: Math.min(Math.max(x, b.x), b.x + b.w), y: Math.min(Math.max(y, b.y), b.y + b.h) });

/** Labels this far from their space (SVG units) or nearer read as touching it: no leader line. */
const TOUCH = 2;

/** Rows and columns of spots tried on each side of a space. */
const RINGS = 6;

/**
 * The spots for a w×h label round `space`, nearest first; at equal distance above before below,
 * below before the sides (a label above a figure reads as its caption), left-aligned first.
 */
function spotsAround(w: number, h: number, space: Box): Box[] {
  const spots: { b: Box; order: number }[] = [];
  const add = (x: number, y: number) => spots.push({ b: { x, y, w, h }, order: spots.length });
  const aligned = [space.x, space.x + space.w - w, space.x + (space.w - w) / 2];
  for (let k = 0; k < RINGS; k++) {
    for (const x of aligned) add(x, space.y - (h + 1) * (k + 1));
    for (const x of aligned) add(x, space.y + space.h + 1 + (h + 1) * k);
  }
  // Beside the space: level with its top, its middle and its bottom, then rows further up and down.
  for (let j = 0; j < RINGS; j++) {
    for (const x of [space.x - (w + 1) * (j + 1), space.x + space.w + 1 + (w + 1) * j]) {
      for (const y of [space.y, space.y + (space.h - h) / 2, space.y + space.h - h]) add(x, y);
      for (let k = 0; k < RINGS; k++) {
        add(x, space.y - (h + 1) * (k + 1));
        add(x, space.y + space.h + 1 + (h + 1) * k);
      }
    }
  }
  return spots
    .map((s) => ({ ...s, d: gap(s.b, space) }))
    .sort((a, b) => a.d - b.d || a.order - b.order)
    .map((s) => s.b);
}

/** A placer for one drawing: `place(w, h, space)` gives where a w×h label beside `space` goes. */
export function labelPlacer(blocked: Box[], bounds: { w: number; h: number }, icons: Box[] = []) {
  const taken = [...blocked];
  return (w: number, h: number, space: Box): Placed => {
    const spots = spotsAround(w, h, space);
    const inside = (b: Box) => b.x >= 0 && b.y >= 0 && b.x + b.w <= bounds.w && b.y + b.h <= bounds.h;
    const free = (b: Box) => !taken.some((t) => meets(b, t));
    const near = spots.find((b) => inside(b) && free(b));
    // An item's icon stays in sight when a spot as near as the nearest free one leaves it clear (none is clear without `near`).
    const clear = (b: Box) => inside(b) && free(b) && !icons.some((t) => meets(b, t)) && gap(b, space) <= Math.max(TOUCH, gap(near!, space));
    const spot = spots.find(clear) ?? near ?? spots.find(free) ?? spots[0];
    taken.push(spot);
    let leader: Placed['leader'] = null;
    if (gap(spot, space) > TOUCH) {
      // From the label's edge nearest the space's centre to the space's edge nearest that point.
      const from = nearestIn(spot, space.x + space.w / 2, space.y + space.h / 2);
      const to = nearestIn(space, from.x, from.y);
      leader = { x1: from.x, y1: from.y, x2: to.x, y2: to.y };
    }
    return { x: spot.x, y: spot.y, leader };
  };
}
