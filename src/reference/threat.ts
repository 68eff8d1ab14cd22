/**
 * The threat map by its definition: for every placement of the footprint and every enemy, the
 * ruleset's LOS test between the enemy's space and the whole footprint, and the range to it.
 */
import { Cell, EdgeKind, type BoardData, type ThreatMap } from '../core/types.ts';
import { RefGrid } from './grid.ts';
import { distancesD20, losCorners2016, los2004, losD20, rangeDistances2004, rangeDistances2016 } from './sight.ts';
import { minOver } from './steps.ts';

export function referenceThreatMap(data: BoardData, side: string, size: { w: number; h: number }, ignore = -1): ThreatMap {
  const { width, height, ruleset } = data;
  const n = width * height;
  // The ignored figure is lifted off the board; indices below refer to the original board.
  const kept = data.figures.map((_, i) => i).filter((i) => i !== ignore);
  const grid = new RefGrid({ ...data, figures: kept.map((i) => data.figures[i]) });
  const enemies = kept.filter((i) => data.figures[i].side !== side);
  const words = Math.max(1, Math.ceil(enemies.length / 32));
  const los = new Uint32Array(n * words);
  const range = new Int32Array(n * enemies.length).fill(-1);
  const stand = new Uint8Array(n);
  const straddles = (k: number) => k === EdgeKind.wall || k === EdgeKind.door;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let ok = x + size.w <= width && y + size.h <= height;
      for (let v = y; ok && v < y + size.h; v++)
        for (let u = x; ok && u < x + size.w; u++) {
          if (!grid.on(u, v) || grid.ownerAt(u, v) >= 0) ok = false;
          else if (ruleset === 'doom2004' && grid.has(u, v, Cell.obstacle | Cell.barrel)) ok = false;
          else if (u + 1 < x + size.w && straddles(grid.vEdge(u + 1, v))) ok = false;
          else if (v + 1 < y + size.h && straddles(grid.hEdge(u, v + 1))) ok = false;
        }
      stand[y * width + x] = ok ? 1 : 0;
    }
  enemies.forEach((e, k) => {
    const a = data.figures[e];
    const dist = ruleset === 'doom2016' ? rangeDistances2016(grid, a) : ruleset === 'doom2004' ? rangeDistances2004(grid, a) : distancesD20(grid, a);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const p = y * width + x;
        if (!stand[p]) continue;
        const t = { x, y, w: size.w, h: size.h };
        const seen = ruleset === 'doom2016' ? losCorners2016(grid, a, t).length > 0 : ruleset === 'doom2004' ? los2004(grid, a, t) : losD20(grid, a, t);
        if (seen) los[p * words + (k >> 5)] |= 1 << (k & 31);
        const cells: Array<[number, number]> = [];
        for (let v = y; v < y + size.h; v++) for (let u = x; u < x + size.w; u++) cells.push([u, v]);
        range[k * n + p] = minOver(dist, width, cells);
      }
  });
  return { width, height, enemies, words, los, range, stand };
}
