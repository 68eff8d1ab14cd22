/**
 * The plain TypeScript reference of the grid core: the oracle of the parity tests and the
 * baseline of the benchmarks. Clear rather than fast.
 */
import type { BoardData, GridQueries, Placement, ReachMap, ReachPath, SightAnswer, SightMap, SightToFigures } from '../core/types.ts';
import { RefGrid } from './grid.ts';
import { pathTo, reach } from './reach.ts';
import {
  coverD20, distancesD20, losD20, rangeDistances2004, rangeDistances2016, sight2004, sight2016, type Space,
} from './sight.ts';
import { minOver } from './steps.ts';

export class ReferenceBoard implements GridQueries {
  readonly grid: RefGrid;

  constructor(readonly data: BoardData) {
    this.grid = new RefGrid(data);
  }

  private distances(a: Space): Int32Array {
    const r = this.data.ruleset;
    if (r === 'doom2016') return rangeDistances2016(this.grid, a);
    if (r === 'doom2004') return rangeDistances2004(this.grid, a);
    return distancesD20(this.grid, a);
  }

  private sightTo(f: number, a: Space, t: Space, target: number, dist: Int32Array): SightAnswer {
    const g = this.grid;
    if (target === f) return { los: true, cover: false, range: 0 };
    switch (this.data.ruleset) {
      case 'doom2016':
        return sight2016(g, a, t, dist);
      case 'doom2004':
        return sight2004(g, a, t, dist);
      default: {
        const cells: Array<[number, number]> = [];
        for (let y = t.y; y < t.y + t.h; y++) for (let x = t.x; x < t.x + t.w; x++) cells.push([x, y]);
        const range = minOver(dist, g.w, cells);
        const los = losD20(g, a, t);
        return { los, cover: los && coverD20(g, a, t, f, target), range };
      }
    }
  }

  sight(f: number, t: number): SightAnswer {
    const a = this.data.figures[f];
    return this.sightTo(f, a, this.data.figures[t], t, this.distances(a));
  }

  sightMap(f: number): SightMap {
    const { width: w, height: h } = this.data;
    const a = this.data.figures[f];
    const dist = this.distances(a);
    const out: SightMap = { los: new Uint8Array(w * h), cover: new Uint8Array(w * h), range: new Int32Array(w * h).fill(-1) };
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        if (!this.grid.on(x, y)) continue;
        const own = x >= a.x && y >= a.y && x < a.x + a.w && y < a.y + a.h;
        // A cell of the attacker is "itself"; any other cell is a 1×1 target (its occupant never blocks).
        const occupant = this.grid.ownerAt(x, y);
        const s = this.sightTo(f, a, { x, y, w: 1, h: 1 }, own ? f : occupant, dist);
        out.los[y * w + x] = s.los ? 1 : 0;
        out.cover[y * w + x] = s.cover ? 1 : 0;
        out.range[y * w + x] = s.range;
      }
    return out;
  }

  sightToFigures(f: number): SightToFigures {
    const n = this.data.figures.length;
    const a = this.data.figures[f];
    const dist = this.distances(a);
    const out: SightToFigures = { los: new Uint8Array(n), cover: new Uint8Array(n), range: new Int32Array(n) };
    this.data.figures.forEach((t, i) => {
      const s = this.sightTo(f, a, t, i, dist);
      out.los[i] = s.los ? 1 : 0;
      out.cover[i] = s.cover ? 1 : 0;
      out.range[i] = s.range;
    });
    return out;
  }

  reach(f: number, mp: number): ReachMap {
    const { parent: _parent, ...map } = reach(this.grid, f, mp);
    return map;
  }

  path(f: number, mp: number, to: Placement): ReachPath | null {
    return pathTo(this.grid, reach(this.grid, f, mp), to);
  }

  nearestEnemies(f: number): number[] {
    const s = this.sightToFigures(f);
    const me = this.data.figures[f];
    let best = -1;
    const out: number[] = [];
    this.data.figures.forEach((t, i) => {
      if (t.side === me.side || !s.los[i]) return;
      const d = s.range[i];
      if (d < 0) return;
      if (best < 0 || d < best) {
        best = d;
        out.length = 0;
      }
      if (d === best) out.push(i);
    });
    return out;
  }
}
