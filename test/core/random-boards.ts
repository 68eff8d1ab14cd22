/** Seeded random boards for parity and property tests. */
import { checkFigures, parseBoard, type BoardInput, type EdgeInput, type FigureInput } from '../../src/core/board-input.ts';
import type { BoardData, Ruleset } from '../../src/core/types.ts';
import { nextU32, seedRng } from '../../src/rules/rng.ts';

/** Uniform floats in [0, 1) from the engine's dice generator (same seed, same boards everywhere). */
export function rng(seed: number): () => number {
  const state = seedRng(seed);
  return () => nextU32(state) / 4294967296;
}

const LARGE: Record<Ruleset, Array<[number, number]>> = {
  doom2016: [[1, 2], [2, 1], [2, 3], [3, 2], [2, 2]],
  doom2004: [[1, 2], [2, 1], [2, 2]],
  d20: [[2, 2], [3, 3]],
};

export interface RandomBoardOptions {
  minSide?: number;
  maxSide?: number;
  wallRate?: number;
  smallFigures?: number;
  largeFigures?: number;
  /** Paint this many random rectangles of difficult terrain (areas with outlines, not lone cells). */
  difficultAreas?: number;
  /** Cut this many random rectangles off the map (voids with edges between two off-map cells). */
  voidAreas?: number;
}

export function randomBoardInput(ruleset: Ruleset, seed: number, o: RandomBoardOptions = {}): BoardInput {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const lo = o.minSide ?? 3;
  const hi = o.maxSide ?? 12;
  const w = lo + Math.floor(r() * (hi - lo + 1));
  const h = lo + Math.floor(r() * (hi - lo + 1));
  const wallRate = o.wallRate ?? 0.15;
  const map: string[] = [];
  for (let y = 0; y < h; y++) {
    let row = '';
    for (let x = 0; x < w; x++) {
      const v = r();
      row += v < 0.04 ? ' ' : v < 0.12 ? 'd' : v < 0.16 ? 'o' : v < 0.18 ? 'b' : v < 0.24 ? 'l' : v < 0.28 ? 't' : '.';
    }
    map.push(row);
  }
  for (let i = 0; i < (o.difficultAreas ?? 0); i++) {
    const x0 = Math.floor(r() * w), y0 = Math.floor(r() * h);
    const x1 = Math.min(w, x0 + 1 + Math.floor(r() * 4)), y1 = Math.min(h, y0 + 1 + Math.floor(r() * 4));
    for (let y = y0; y < y1; y++) map[y] = map[y].slice(0, x0) + 'd'.repeat(x1 - x0) + map[y].slice(x1);
  }
  for (let i = 0; i < (o.voidAreas ?? 0); i++) {
    const x0 = Math.floor(r() * w), y0 = Math.floor(r() * h);
    const x1 = Math.min(w, x0 + 2 + Math.floor(r() * 3)), y1 = Math.min(h, y0 + 2 + Math.floor(r() * 3));
    for (let y = y0; y < y1; y++) map[y] = map[y].slice(0, x0) + ' '.repeat(x1 - x0) + map[y].slice(x1);
  }
  const edges: EdgeInput[] = [];
  const kind = (): EdgeInput['kind'] | null => {
    const v = r();
    if (v < wallRate) return 'wall';
    if (v < wallRate + 0.03) return 'door';
    if (v < wallRate + 0.06) return 'blocking';
    if (v < wallRate + 0.09) return 'impassable';
    return null;
  };
  for (let y = 1; y < h; y++)
    for (let x = 0; x < w; x++) {
      const k = kind();
      if (k) edges.push({ from: [x, y], to: [x + 1, y], kind: k });
    }
  for (let y = 0; y < h; y++)
    for (let x = 1; x < w; x++) {
      const k = kind();
      if (k) edges.push({ from: [x, y], to: [x, y + 1], kind: k });
    }
  const base = parseBoard({ ruleset, map, edges });
  const figures: FigureInput[] = [];
  const tryAdd = (fw: number, fh: number, side: string) => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const f: FigureInput = {
        id: `f${figures.length}`, side, x: Math.floor(r() * w), y: Math.floor(r() * h), w: fw, h: fh,
        ...(side === 'marines' && ruleset !== 'd20' ? { teleports: true } : {}),
      };
      let ok = true;
      checkFigures(w, h, base.cells, base.hEdges, base.vEdges, [...figures, f], () => (ok = false), ruleset);
      if (ok) {
        figures.push(f);
        return;
      }
    }
  };
  const small = o.smallFigures ?? 2 + Math.floor(r() * 5);
  const large = o.largeFigures ?? Math.floor(r() * 3);
  for (let i = 0; i < small; i++) tryAdd(1, 1, r() < 0.5 ? 'marines' : 'demons');
  for (let i = 0; i < large; i++) {
    const [fw, fh] = pick(LARGE[ruleset]);
    tryAdd(fw, fh, r() < 0.5 ? 'marines' : 'demons');
  }
  return { ruleset, map, edges, figures };
}

export function randomBoard(ruleset: Ruleset, seed: number, o?: RandomBoardOptions): BoardData {
  return parseBoard(randomBoardInput(ruleset, seed, o));
}

/**
 * Open boards (issue 41): every space on the map, no edges, no difficult terrain; seeded small
 * figures on free spaces and one 2×3 figure (as on the mixed boards), sides alternating.
 */
export function openBoard(side: number, smallFigures: number, seed: number, height = side): BoardData {
  const r = rng(seed);
  const map = Array.from({ length: height }, () => '.'.repeat(side));
  const taken = new Set<number>();
  const figures: FigureInput[] = [];
  const place = (id: string, w: number, h: number, figureSide: string) => {
    if (w > side || h > height) return;
    for (let attempt = 0; attempt < 1000; attempt++) {
      const x = Math.floor(r() * (side - w + 1)), y = Math.floor(r() * (height - h + 1));
      const cells: number[] = [];
      for (let dy = 0; dy < h; dy++) for (let dx = 0; dx < w; dx++) cells.push((y + dy) * side + x + dx);
      if (cells.some((c) => taken.has(c))) continue;
      for (const c of cells) taken.add(c);
      figures.push({ id, side: figureSide, x, y, w, h });
      return;
    }
  };
  for (let i = 0; i < smallFigures; i++) place(`f${i}`, 1, 1, i % 2 ? 'demons' : 'marines');
  place('cyberdemon', 2, 3, 'demons');
  return parseBoard({ ruleset: 'doom2016', map, edges: [], figures });
}
