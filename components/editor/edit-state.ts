/**
 * The editor's working copy of a scenario: map letters as a grid, edges as unit segments keyed by
 * position (so painting and erasing are simple), figures. `toScenario` merges collinear runs back
 * into segments in a fixed order, so export → reload → export gives the same JSON.
 */
import type { EdgeKindName } from '../../src/core/types.ts';
import type { Scenario, ScenarioEdge, ScenarioFigure } from '../../src/scenario/types.ts';

export type Side = 'top' | 'bottom' | 'left' | 'right';

export interface UnitEdge {
  kind: Exclude<EdgeKindName, 'none'>;
  key?: string;
}

export interface EditState {
  /** Everything of the scenario the editor does not change (title, sides, data, tokens, …). */
  rest: Omit<Scenario, 'map' | 'edges' | 'figures'>;
  width: number;
  height: number;
  cells: string[][];
  /** `h:x,Y` is the edge on line y=Y above cell (x,Y); `v:X,y` the edge on line x=X left of (X,y). */
  edges: Map<string, UnitEdge>;
  figures: ScenarioFigure[];
}

export const TERRAIN_TOOLS: { letter: string; label: string }[] = [
  { letter: '.', label: 'Floor' },
  { letter: ' ', label: 'Off the map' },
  { letter: 'd', label: 'Difficult' },
  { letter: 'o', label: 'Obstacle' },
  { letter: 'b', label: 'Barrel' },
  { letter: 'h', label: 'Hazard' },
  { letter: 'l', label: 'Low objects' },
  { letter: 't', label: 'Teleporter' },
  { letter: 'i', label: 'Inactive teleporter' },
  { letter: 'u', label: 'Duct' },
];
export const EDGE_TOOLS: UnitEdge['kind'][] = ['wall', 'door', 'blocking', 'impassable'];

export function fromScenario(s: Scenario): EditState {
  const height = s.map.length;
  const width = Math.max(1, ...s.map.map((r) => r.length));
  const cells = s.map.map((r) => Array.from({ length: width }, (_, x) => r[x] ?? ' '));
  const edges = new Map<string, UnitEdge>();
  for (const e of s.edges ?? []) {
    const [x1, y1] = e.from;
    const [x2, y2] = e.to;
    const unit: UnitEdge = { kind: e.kind as UnitEdge['kind'], ...(e.key ? { key: e.key } : {}) };
    if (y1 === y2) for (let x = Math.min(x1, x2); x < Math.max(x1, x2); x++) edges.set(`h:${x},${y1}`, unit);
    else for (let y = Math.min(y1, y2); y < Math.max(y1, y2); y++) edges.set(`v:${x1},${y}`, unit);
  }
  const { map: _m, edges: _e, figures, ...rest } = s;
  return { rest, width, height, cells, edges, figures: figures.map((f) => ({ ...f })) };
}

/** Sides of a new scenario, per ruleset. */
export const DEFAULT_SIDES: Record<string, string[]> = { doom2016: ['marines', 'invader'], doom2004: ['marines', 'invaders'], d20: ['side-a', 'side-b'] };

/** An empty board of the given size and ruleset. */
export function blankScenario(ruleset: Scenario['ruleset'], width: number, height: number): Scenario {
  return { ruleset, title: 'New board', map: Array.from({ length: height }, () => '.'.repeat(width)), edges: [], figures: [], sides: [...DEFAULT_SIDES[ruleset]] };
}

const same = (a: UnitEdge, b: UnitEdge) => a.kind === b.kind && a.key === b.key;

export function toScenario(st: EditState): Scenario {
  const edges: ScenarioEdge[] = [];
  const push = (from: [number, number], to: [number, number], e: UnitEdge) => edges.push({ from, to, kind: e.kind, ...(e.key ? { key: e.key } : {}) });
  for (let Y = 0; Y <= st.height; Y++) {
    let x = 0;
    while (x < st.width) {
      const e = st.edges.get(`h:${x},${Y}`);
      if (!e) {
        x++;
        continue;
      }
      const start = x;
      while (x < st.width && st.edges.get(`h:${x},${Y}`) && same(st.edges.get(`h:${x},${Y}`)!, e)) x++;
      push([start, Y], [x, Y], e);
    }
  }
  for (let X = 0; X <= st.width; X++) {
    let y = 0;
    while (y < st.height) {
      const e = st.edges.get(`v:${X},${y}`);
      if (!e) {
        y++;
        continue;
      }
      const start = y;
      while (y < st.height && st.edges.get(`v:${X},${y}`) && same(st.edges.get(`v:${X},${y}`)!, e)) y++;
      push([X, start], [X, y], e);
    }
  }
  const sides = [...(st.rest.sides ?? [])];
  for (const f of st.figures) if (!sides.includes(f.side)) sides.push(f.side);
  // Keys in reading order: what it is, the board, the figures, then the rest.
  const { ruleset, title, notes, tokens, areas, ...others } = st.rest;
  return {
    ruleset,
    ...(title !== undefined ? { title } : {}),
    ...(notes !== undefined ? { notes } : {}),
    map: st.cells.map((r) => r.join('')),
    edges,
    figures: st.figures.map((f) => ({ ...f })),
    ...(tokens !== undefined ? { tokens } : {}),
    ...(areas !== undefined ? { areas } : {}),
    ...others,
    sides,
  };
}

/** One line per value, or per item of a list: map rows, edges and figures each read on one line. */
export function formatScenario(s: Scenario): string {
  const oneLine = (v: unknown) => JSON.stringify(v, null, 1).replace(/\n\s*/g, ' ');
  const entries = Object.entries(s).filter(([, v]) => v !== undefined).map(([k, v]) => {
    const body = Array.isArray(v) && v.length > 0 && v.some((x) => typeof x === 'string' || (x && typeof x === 'object'))
      ? `[\n${v.map((x) => `    ${oneLine(x)}`).join(',\n')}\n  ]`
      : oneLine(v);
    return `  ${JSON.stringify(k)}: ${body}`;
  });
  return `{\n${entries.join(',\n')}\n}`;
}

export function edgeKey(x: number, y: number, side: Side): string {
  switch (side) {
    case 'top':
      return `h:${x},${y}`;
    case 'bottom':
      return `h:${x},${y + 1}`;
    case 'left':
      return `v:${x},${y}`;
    case 'right':
      return `v:${x + 1},${y}`;
  }
}

/** Put an edge of `kind` on a side of a cell, or remove it when the same kind is already there. */
export function toggleEdge(st: EditState, x: number, y: number, side: Side, kind: UnitEdge['kind'] | 'erase'): EditState {
  const key = edgeKey(x, y, side);
  const edges = new Map(st.edges);
  if (kind === 'erase' || edges.get(key)?.kind === kind) edges.delete(key);
  else edges.set(key, { kind });
  return { ...st, edges };
}

export function paintCell(st: EditState, x: number, y: number, letter: string): EditState {
  if (st.cells[y]?.[x] === letter) return st;
  const cells = st.cells.map((r, yy) => (yy === y ? r.map((c, xx) => (xx === x ? letter : c)) : r));
  return { ...st, cells };
}

export function figureAtCell(st: EditState, x: number, y: number): ScenarioFigure | undefined {
  return st.figures.find((f) => x >= f.x && x < f.x + (f.w ?? 1) && y >= f.y && y < f.y + (f.h ?? 1));
}

export function removeFigureAt(st: EditState, x: number, y: number): EditState {
  const f = figureAtCell(st, x, y);
  return f ? { ...st, figures: st.figures.filter((g) => g !== f) } : st;
}

/** A new figure id: `<type>-<n>` with the first free n. */
export function nextId(st: EditState, type: string): string {
  const base = type.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'figure';
  for (let n = 1; ; n++) if (!st.figures.some((f) => f.id === `${base}-${n}`)) return `${base}-${n}`;
}

export function addFigure(st: EditState, f: ScenarioFigure): EditState {
  return { ...st, figures: [...st.figures, f] };
}

/** Resize the map (new cells are floor); edges and figures that no longer fit are dropped. */
export function resize(st: EditState, width: number, height: number): EditState {
  const cells = Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => st.cells[y]?.[x] ?? '.'));
  const edges = new Map<string, UnitEdge>();
  for (const [k, e] of st.edges) {
    const [dir, rest] = k.split(':');
    const [a, b] = rest.split(',').map(Number);
    if (dir === 'h' ? a < width && b <= height : a <= width && b < height) edges.set(k, e);
  }
  const figures = st.figures.filter((f) => f.x + (f.w ?? 1) <= width && f.y + (f.h ?? 1) <= height);
  return { ...st, width, height, cells, edges, figures };
}

/** The ready-to-paste embed snippet for a scenario. */
export function embedSnippet(s: Scenario, bundleUrl: string, mode = 'explore'): string {
  const json = formatScenario(s).replace(/<\//g, '<\\/');
  return `<script type="module" src="${bundleUrl}"></script>\n<doom-board mode="${mode}">\n  <script type="application/json">\n${json}\n  </script>\n</doom-board>`;
}
