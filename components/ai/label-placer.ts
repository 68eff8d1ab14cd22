/**
 * Where the AI's labels go (odds over targets, the plans' numbers and odds): each label takes the
 * first spot next to its space that covers no figure and no label placed before it, so that every
 * label can be read and no token is hidden. SVG units, as components/render.
 */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const meets = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** A placer for one drawing: `place(w, h, space)` gives the top-left corner of a w×h label beside `space`. */
export function labelPlacer(blocked: Box[], bounds: { w: number; h: number }) {
  const taken = [...blocked];
  return (w: number, h: number, space: Box): { x: number; y: number } => {
    const spots: Box[] = [];
    // Rows above the space first, then below; in each row left-aligned with it, then right-aligned.
    for (let k = 0; k < 6; k++) {
      for (const y of [space.y - (h + 1) * (k + 1), space.y + space.h + 1 + (h + 1) * k]) {
        for (const x of [space.x, space.x + space.w - w]) spots.push({ x, y, w, h });
      }
    }
    const inside = (b: Box) => b.x >= 0 && b.y >= 0 && b.x + b.w <= bounds.w && b.y + b.h <= bounds.h;
    const free = (b: Box) => !taken.some((t) => meets(b, t));
    const spot = spots.find((b) => inside(b) && free(b)) ?? spots.find(free) ?? spots[0];
    taken.push(spot);
    return spot;
  };
}
