/**
 * ASCII-map fixtures for rulebook diagrams: cells and the edges between them drawn on one grid.
 *
 *   +-+-+-+       '+' corners (or any char);  cells at odd rows/columns;
 *   |A . I|       between cells: ' ' none, '-' or '|' wall, 'D' door,
 *   + +x+ +       'x' blocking terrain, ':' impassable terrain.
 *   |. S .|       Cell chars: '.' floor, '#' void, lowercase map letters (d o b l t T),
 *   +-+-+-+       uppercase letters are figures described by the legend (repeat for large ones).
 *
 * The outer frame is the map border (always a wall).
 */
import type { BoardInput, EdgeInput, FigureInput } from '../../src/core/board-input.ts';
import type { Ruleset } from '../../src/core/types.ts';

export interface LegendEntry {
  id: string;
  side: string;
  teleports?: boolean;
  /** Map character under the figure (default '.'). */
  on?: string;
}

const EDGE_CHARS: Record<string, EdgeInput['kind'] | undefined> = {
  '-': 'wall', '|': 'wall', D: 'door', x: 'blocking', ':': 'impassable', ' ': undefined, '+': undefined,
};

export function fixture(ruleset: Ruleset, picture: string, legend: Record<string, LegendEntry> = {}): BoardInput {
  const raw = picture.split('\n').filter((l) => l.trim() !== '');
  const indent = Math.min(...raw.map((l) => l.match(/^ */)![0].length));
  const rows = raw.map((l) => l.slice(indent).trimEnd());
  const height = (rows.length - 1) / 2;
  const width = Math.max(...rows.map((r) => r.length - 1)) / 2;
  if (!Number.isInteger(height) || !Number.isInteger(width)) throw new Error(`fixture is not (2h+1)×(2w+1): ${rows.length} rows`);
  const at = (r: number, c: number) => rows[r]?.[c] ?? ' ';
  const map: string[] = [];
  const edges: EdgeInput[] = [];
  const figures = new Map<string, FigureInput>();
  for (let y = 0; y < height; y++) {
    let line = '';
    for (let x = 0; x < width; x++) {
      const ch = at(2 * y + 1, 2 * x + 1);
      if (/[A-Z]/.test(ch) && !(ch === 'T' && !legend.T)) {
        const l = legend[ch];
        if (!l) throw new Error(`fixture: figure letter ${ch} has no legend entry`);
        const f = figures.get(ch);
        if (!f) figures.set(ch, { id: l.id, side: l.side, x, y, w: 1, h: 1, ...(l.teleports ? { teleports: true } : {}) });
        else {
          f.w = Math.max(f.w!, x - f.x + 1);
          f.h = Math.max(f.h!, y - f.y + 1);
        }
        line += l.on ?? '.';
      } else line += ch === '#' ? ' ' : ch;
    }
    map.push(line);
  }
  // Interior edges only: the frame is the border wall anyway.
  for (let y = 0; y <= height; y++)
    for (let x = 0; x < width; x++) {
      const kind = EDGE_CHARS[at(2 * y, 2 * x + 1)];
      if (kind === undefined && !EDGE_CHARS.hasOwnProperty(at(2 * y, 2 * x + 1))) throw new Error(`fixture: bad edge char at row ${2 * y}`);
      if (kind && y > 0 && y < height) edges.push({ from: [x, y], to: [x + 1, y], kind });
    }
  for (let y = 0; y < height; y++)
    for (let x = 0; x <= width; x++) {
      const kind = EDGE_CHARS[at(2 * y + 1, 2 * x)];
      if (kind && x > 0 && x < width) edges.push({ from: [x, y], to: [x, y + 1], kind });
    }
  return { ruleset, map, edges, figures: [...figures.values()] };
}

/** Render a per-cell result as rows of characters, for readable expected-map comparisons. */
export function render(width: number, height: number, cell: (x: number, y: number) => string): string[] {
  const out: string[] = [];
  for (let y = 0; y < height; y++) {
    let row = '';
    for (let x = 0; x < width; x++) row += cell(x, y);
    out.push(row);
  }
  return out;
}
