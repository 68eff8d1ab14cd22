/**
 * The threat map (Board.threatMap) against its definition (src/reference/threat.ts): for every
 * placement of the footprint, the enemies with LOS to the whole footprint and the range to it.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { BoardError } from '../../src/core/board-input.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { RULESETS, type Ruleset } from '../../src/core/types.ts';
import { referenceThreatMap } from '../../src/reference/threat.ts';
import { randomBoard, rng } from './random-boards.ts';

beforeAll(async () => {
  await loadCore();
});

const SIZES: Record<Ruleset, Array<[number, number]>> = {
  doom2016: [[1, 1], [1, 1], [1, 2], [2, 1], [2, 3], [3, 2], [2, 2]],
  doom2004: [[1, 1], [1, 1], [1, 2], [2, 1], [2, 2]],
  d20: [[1, 1], [1, 1], [2, 2]],
};
const BOARDS: Record<Ruleset, number> = { doom2016: 400, doom2004: 400, d20: 60 };

describe('threat map agrees with its definition', () => {
  for (const ruleset of RULESETS) {
    test(`${ruleset}: ${BOARDS[ruleset]} random boards, footprints and sides`, () => {
      for (let b = 0; b < BOARDS[ruleset]; b++) {
        const seed = b * 6151 + RULESETS.indexOf(ruleset) + 3;
        const data = randomBoard(ruleset, seed, ruleset === 'd20' ? { maxSide: 6 } : { maxSide: 9 });
        const r = rng(seed ^ 0x7ea7);
        const board = Board.fromData(data);
        const [w, h] = SIZES[ruleset][Math.floor(r() * SIZES[ruleset].length)];
        const side = r() < 0.45 ? 'marines' : r() < 0.8 ? 'demons' : 'nobody';
        const n = data.figures.length;
        const ignore = n > 0 && r() < 0.5 ? Math.floor(r() * n) : undefined;
        const got = board.threatMap(side, { w, h }, ignore);
        const want = referenceThreatMap(data, side, { w, h }, ignore ?? -1);
        const where = `${ruleset} seed ${seed}, side ${side}, ${w}×${h}, ignoring ${ignore}`;
        expect(got.enemies, `${where}: enemies`).toEqual(want.enemies);
        expect([...got.stand], `${where}: stand`).toEqual([...want.stand]);
        expect([...got.los], `${where}: LOS bits`).toEqual([...want.los]);
        expect([...got.range], `${where}: ranges`).toEqual([...want.range]);
        // The board itself is unchanged by the query (the ignored figure is back).
        if (ignore !== undefined) expect([...board.sightMap(ignore).los]).toEqual([...Board.fromData(data).sightMap(ignore).los]);
      }
    });
  }

  // The threat map writes each enemy's LOS bits and ranges per cell straight into its output and
  // turns cells into placements in place at the end. It must give each enemy's sight map (checked
  // against the reference in parity.test.ts) on boards too large for the reference: up to 70
  // columns and 70 rows (d20, whose LOS is tested cell by cell, 16).
  for (const ruleset of RULESETS) {
    const [boards, maxSide] = ruleset === 'd20' ? [30, 16] : [40, 70];
    test(`${ruleset}: LOS and ranges are each enemy's sight map's, on ${boards} random boards up to ${maxSide}×${maxSide}`, () => {
      let compared = 0;
      for (let b = 0; b < boards; b++) {
        const seed = b * 4421 + RULESETS.indexOf(ruleset) + 17;
        const data = randomBoard(ruleset, seed, { minSide: 3, maxSide, wallRate: b % 2 ? 0.3 : 0.1, smallFigures: 12, largeFigures: 2 });
        const r = rng(seed ^ 0x51de);
        const [fw, fh] = SIZES[ruleset][Math.floor(r() * SIZES[ruleset].length)];
        const board = Board.fromData(data);
        const t = board.threatMap('marines', { w: fw, h: fh });
        const { width: w, height: h } = data;
        t.enemies.forEach((e, k) => {
          const map = board.sightMap(e);
          for (let y = 0; y < h; y++)
            for (let x = 0; x < w; x++) {
              const p = y * w + x;
              let seen = 0, best = -1;
              if (t.stand[p])
                for (let v = y; v < y + fh; v++)
                  for (let u = x; u < x + fw; u++) {
                    const d = map.range[v * w + u];
                    seen |= map.los[v * w + u];
                    if (d >= 0 && (best < 0 || d < best)) best = d;
                  }
              const where = `${ruleset} seed ${seed} (${w}×${h}), ${fw}×${fh}, enemy ${e}, at ${x},${y}`;
              if (t.range[k * w * h + p] !== best) expect(t.range[k * w * h + p], `${where}: range`).toBe(best);
              const bit = (t.los[p * t.words + (k >> 5)] >>> (k & 31)) & 1;
              if (bit !== seen) expect(bit, `${where}: LOS`).toBe(seen);
              compared++;
            }
        });
      }
      expect(compared).toBeGreaterThan(ruleset === 'd20' ? 10_000 : 200_000);
    });
  }

  test('boards one row or one column high', () => {
    for (const map of [['.d.o..b..'], ['.', 'd', '.', '.', 'o', '.']])
      for (const ruleset of RULESETS) {
        const cells = map.join('').length;
        const figures = [0, 2, cells - 1].map((i, k) => ({ id: `d${k}`, side: 'demons', x: map[0].length > 1 ? i : 0, y: map[0].length > 1 ? 0 : i }));
        const data = Board.create({ ruleset, map, figures }).data;
        const got = Board.fromData(data).threatMap('marines');
        const want = referenceThreatMap(data, 'marines', { w: 1, h: 1 });
        expect([...got.stand], `${ruleset} ${map.length} rows: stand`).toEqual([...want.stand]);
        expect([...got.los], `${ruleset} ${map.length} rows: LOS bits`).toEqual([...want.los]);
        expect([...got.range], `${ruleset} ${map.length} rows: ranges`).toEqual([...want.range]);
      }
  });

  test('more than 32 enemies use several words per cell', () => {
    const figures = Array.from({ length: 40 }, (_, i) => ({ id: `d${i}`, side: 'demons', x: i % 10, y: Math.floor(i / 10) }));
    const data = Board.create({ ruleset: 'doom2016', map: Array(8).fill('..........'), figures: [...figures, { id: 'm', side: 'marines', x: 5, y: 7 }] }).data;
    const got = Board.fromData(data).threatMap('marines');
    const want = referenceThreatMap(data, 'marines', { w: 1, h: 1 });
    expect(got.words).toBe(2);
    expect(got.enemies.length).toBe(40);
    expect([...got.los]).toEqual([...want.los]);
    expect([...got.range]).toEqual([...want.range]);
  });

  test('a wall hides a marine from the imp behind it; the range counts steps round the wall', () => {
    const board = Board.create({
      ruleset: 'doom2016',
      map: ['.....', '.....', '.....'],
      edges: [{ from: [2, 0], to: [2, 2], kind: 'wall' }],
      figures: [{ id: 'imp', side: 'demons', x: 0, y: 0 }, { id: 'zombie', side: 'demons', x: 4, y: 2 }, { id: 'm', side: 'marines', x: 4, y: 1 }],
    });
    const t = board.threatMap('marines', { w: 1, h: 1 }, 'm');
    expect(t.enemies).toEqual([0, 1]);
    const at = (x: number, y: number) => y * 5 + x;
    const seenBy = (x: number, y: number) => t.enemies.filter((_, k) => (t.los[at(x, y) * t.words] >> k) & 1);
    expect(seenBy(3, 0)).toEqual([1]); // behind the wall from the imp
    expect(seenBy(1, 1)).toEqual([0, 1]);
    expect(t.range[0 * 15 + at(3, 0)]).toBe(4); // round the wall's end at (2,2)
    expect(t.stand[at(4, 2)]).toBe(0); // the zombie stands there
    expect(t.stand[at(4, 1)]).toBe(1); // the ignored marine's own space is free
    expect(() => board.threatMap('marines', { w: 4, h: 1 })).toThrow(BoardError);
  });
});
