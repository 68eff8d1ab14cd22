/**
 * parseBoard reads a map row by row and skips the wall pass between rows whose every cell is on
 * the map (issue 41: a page's first 201×201 board runs it cold). The cells, the walls and the problems
 * must be those of the per-cell loops it had before (kept here as the reference), on seeded maps
 * with void cells, short rows, unknown characters and all-floor rows side by side.
 */
import { describe, expect, test } from 'vitest';
import { BoardError, MAP_CHARS, parseBoard, type EdgeInput } from '../../src/core/board-input.ts';
import { Cell, EdgeKind } from '../../src/core/types.ts';
import { rng } from './random-boards.ts';

/** The map and wall part of parseBoard before the change: every cell and edge position, one by one. */
function reference(map: string[], edges: EdgeInput[]) {
  const height = map.length;
  const width = Math.max(...map.map((r) => r.length));
  const cells = new Uint8Array(width * height);
  const problems: string[] = [];
  map.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      const bits = MAP_CHARS[row[x]];
      if (bits !== undefined) cells[y * width + x] = bits;
      else problems.push(`map[${y}][${x}]: unknown cell character ${JSON.stringify(row[x])}`);
    }
  });
  const hEdges = new Uint8Array((height + 1) * width);
  const vEdges = new Uint8Array(height * (width + 1));
  for (const e of edges) {
    const [x1, y1] = e.from;
    const [x2, y2] = e.to;
    if (y1 === y2) for (let x = Math.min(x1, x2); x < Math.max(x1, x2); x++) hEdges[y1 * width + x] = EdgeKind[e.kind as 'wall'];
    else for (let y = Math.min(y1, y2); y < Math.max(y1, y2); y++) vEdges[y * (width + 1) + x1] = EdgeKind[e.kind as 'wall'];
  }
  const on = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && (cells[y * width + x] & Cell.on) !== 0;
  for (let Y = 0; Y <= height; Y++) for (let x = 0; x < width; x++) if (!on(x, Y - 1) || !on(x, Y)) hEdges[Y * width + x] = EdgeKind.wall;
  for (let y = 0; y < height; y++) for (let X = 0; X <= width; X++) if (!on(X - 1, y) || !on(X, y)) vEdges[y * (width + 1) + X] = EdgeKind.wall;
  return { width, height, cells, hEdges, vEdges, problems };
}

describe('parseBoard row by row', () => {
  test('300 seeded maps: the same cells and walls as cell by cell, and the same problems', () => {
    const random = rng(41_0405);
    const CHARS = '.......... dothlTbiu';
    let faulty = 0;
    let fullRows = 0;
    for (let n = 0; n < 300; n++) {
      const width = 1 + Math.floor(random() * 30);
      const height = 1 + Math.floor(random() * 30);
      const map = Array.from({ length: height }, () => {
        const kind = random();
        // All floor, short, with void, with an unknown character (one map in five), or mixed.
        const len = kind < 0.15 ? Math.floor(random() * width) : width;
        let row = '';
        for (let x = 0; x < len; x++) row += kind < 0.45 ? '.' : CHARS[Math.floor(random() * CHARS.length)];
        if (n % 5 === 0 && kind > 0.9) row = row.slice(0, -1) + ['x', 'é', '\u{1F600}', '#'][Math.floor(random() * 4)];
        return row;
      });
      if (map.every((r) => r.length === 0)) map[0] = '.';
      const edges = Array.from({ length: Math.floor(random() * 8) }, () => {
        const x = Math.floor(random() * width);
        const y = Math.floor(random() * height);
        return (random() < 0.5 ? { from: [x, y], to: [x + 1, y], kind: 'door' } : { from: [x, y], to: [x, y + 1], kind: 'wall' }) as EdgeInput;
      });
      const expected = reference(map, edges);
      fullRows += map.filter((r) => /^\.+$/.test(r) && r.length === expected.width).length;
      if (expected.problems.length) {
        faulty++;
        let problems: string[] = [];
        try {
          parseBoard({ ruleset: 'doom2016', map, edges, figures: [] });
        } catch (e) {
          problems = (e as BoardError).problems;
        }
        expect(problems, map.join('|')).toEqual(expected.problems);
        continue;
      }
      const b = parseBoard({ ruleset: 'doom2016', map, edges, figures: [] });
      expect([b.width, b.height]).toEqual([expected.width, expected.height]);
      expect(b.cells, map.join('|')).toEqual(expected.cells);
      expect(b.hEdges, map.join('|')).toEqual(expected.hEdges);
      expect(b.vEdges, map.join('|')).toEqual(expected.vEdges);
    }
    expect(faulty).toBeGreaterThan(10);
    expect(fullRows).toBeGreaterThan(500);
  });
});
