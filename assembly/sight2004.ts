// doom2004 sight (RULES §3): LOS centre to centre past walls, doors, figures, obstacles, barrels.
import { SIGHT_EDGES } from './board';
import { CELLS_SIGHT2004, setSpaces, walk } from './line';

export function los2004(ax: i32, ay: i32, aw: i32, ah: i32, tx: i32, ty: i32, tw: i32, th: i32): bool {
  setSpaces(ax, ay, aw, ah, tx, ty, tw, th);
  for (let y = ay; y < ay + ah; y++)
    for (let x = ax; x < ax + aw; x++)
      for (let v = ty; v < ty + th; v++)
        for (let u = tx; u < tx + tw; u++)
          if (walk(2 * x + 1, 2 * y + 1, 2 * u + 1, 2 * v + 1, SIGHT_EDGES, CELLS_SIGHT2004, 0) == 0) return true;
  return false;
}
