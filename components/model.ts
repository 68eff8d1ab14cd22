/**
 * What the renderer draws, whatever the source: a scenario explored with the grid core (explore and
 * edit modes) or a rules engine's `GameView` (play mode).
 */
import { Cell, EdgeKind, type BoardData } from '../src/core/types.ts';
import type { BoardInput } from '../src/core/board-input.ts';
import type { GameView, PlacedFigure } from '../src/rules/types.ts';
import type { Scenario, ScenarioFigure } from '../src/scenario/types.ts';
import { validatedBoard } from '../src/scenario/validate.ts';

export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface DrawFigure extends PlacedFigure {
  damage?: number;
  health?: number;
  markers: string[];
}

export interface DrawToken {
  id: string;
  kind: string;
  x: number;
  y: number;
  label?: string;
  color?: string;
}

export interface DoorInfo {
  /** Index in the scenario's `edges`. */
  index: number;
  segment: Segment;
  open: boolean;
  key?: string;
}

export interface DrawModel {
  ruleset: string;
  width: number;
  height: number;
  /** Map letters, one string per row, padded with spaces to the width. */
  map: string[];
  cells: Uint8Array;
  hEdges: Uint8Array;
  vEdges: Uint8Array;
  doors: DoorInfo[];
  figures: DrawFigure[];
  tokens: DrawToken[];
  hidden: Set<number>;
  sides: string[];
  title?: string;
}

/** A figure position in explore mode. */
export type Placed = ScenarioFigure & { w: number; h: number };

export function padMap(map: string[], width: number): string[] {
  return map.map((r) => (r.length < width ? r + ' '.repeat(width - r.length) : r));
}

/** The grid core's input for a scenario with figures at `figures` and the doors in `open` removed. */
export function boardInputOf(s: Scenario, figures: Placed[], open: ReadonlySet<number>): BoardInput {
  return {
    ruleset: s.ruleset,
    map: s.map,
    edges: (s.edges ?? []).filter((_, i) => !open.has(i)).map(({ from, to, kind }) => ({ from, to, kind })),
    figures: figures.map((f) => ({
      id: f.id, side: f.side, x: f.x, y: f.y, w: f.w, h: f.h,
      ...(teleports(s, f) ? { teleports: true } : {}),
    })),
  };
}

/** doom2016 marines use active teleporters as adjacent spaces. */
const teleports = (s: Scenario, f: { side: string }): boolean => s.ruleset === 'doom2016' && f.side === 'marines';

/**
 * `boardInputOf`'s board without parsing the map again, while every figure stands where the
 * scenario puts it and no door is open: the board `validateScenario` built when it checked this
 * scenario (a 201×201 map costs about 10 ms to parse). Null otherwise (then parse).
 */
export function validatedBoardOf(s: Scenario, figures: Placed[], open: ReadonlySet<number>): BoardData | null {
  const data = open.size ? undefined : validatedBoard(s);
  if (!data || data.figures.length !== figures.length) return null;
  for (let i = 0; i < figures.length; i++) {
    const f = figures[i];
    const d = data.figures[i];
    if (f.id !== d.id || f.side !== d.side || f.x !== d.x || f.y !== d.y || f.w !== d.w || f.h !== d.h) return null;
  }
  return { ...data, figures: data.figures.map((f) => (teleports(s, f) ? { ...f, teleports: true } : f)) };
}

function doorsOf(s: Scenario, isOpen: (i: number, seg: Segment) => boolean): DoorInfo[] {
  const out: DoorInfo[] = [];
  (s.edges ?? []).forEach((e, i) => {
    if (e.kind !== 'door') return;
    const segment = { x1: e.from[0], y1: e.from[1], x2: e.to[0], y2: e.to[1] };
    out.push({ index: i, segment, open: isOpen(i, segment), ...(e.key ? { key: e.key } : {}) });
  });
  return out;
}

function markersOf(state: Record<string, unknown> | undefined): { damage?: number; markers: string[] } {
  if (!state) return { markers: [] };
  const markers = Object.entries(state).filter(([k, v]) => v === true && k !== 'damage').map(([k]) => k);
  if (Array.isArray(state.markers)) markers.push(...state.markers.filter((m): m is string => typeof m === 'string'));
  return { ...(typeof state.damage === 'number' ? { damage: state.damage } : {}), markers };
}

/**
 * A token's colour in play: the view gives labels ("red portal"), not colours, so take the
 * scenario's colour for the same token (by id), else the colour word of the label; explore and
 * play then draw a portal alike.
 */
function tokenColour(s: Scenario, t: { id: string; kind: string; label?: string }): { color?: string } {
  const own = (s.tokens ?? []).find((u, i) => (u.id ?? `token-${i}`) === t.id);
  if (own && typeof own.color === 'string') return { color: own.color };
  const word = t.label?.split(' ')[0];
  return word && t.label !== t.kind && /^(red|blue|yellow|green|purple)$/.test(word) ? { color: word } : {};
}

function tokensOf(s: Scenario): DrawToken[] {
  return (s.tokens ?? []).map((t, i) => ({
    id: t.id ?? `token-${i}`,
    kind: t.kind,
    x: t.x,
    y: t.y,
    ...(typeof t.label === 'string' ? { label: t.label } : {}),
    ...(typeof t.color === 'string' ? { color: t.color } : {}),
    ...(typeof t.weapon === 'string' && !t.label ? { label: t.weapon.replace(/-/g, ' ') } : {}),
  }));
}

/** Explore and edit modes: the scenario as the grid core sees it, figures where they stand now. */
export function modelFromBoard(s: Scenario, data: BoardData, figures: Placed[], open: ReadonlySet<number>): DrawModel {
  return {
    ruleset: s.ruleset,
    width: data.width,
    height: data.height,
    map: padMap(s.map, data.width),
    cells: data.cells,
    hEdges: data.hEdges,
    vEdges: data.vEdges,
    doors: doorsOf(s, (i) => open.has(i)),
    figures: figures.map((f) => ({ id: f.id, side: f.side, type: f.type, x: f.x, y: f.y, w: f.w, h: f.h, ...markersOf(f.state) })),
    tokens: tokensOf(s),
    hidden: new Set(),
    sides: s.sides?.length ? s.sides : [...new Set(figures.map((f) => f.side))],
    ...(s.title ? { title: s.title } : {}),
  };
}

/** Play mode: the rules engine's view; map letters and door positions come from the scenario. */
export function modelFromView(s: Scenario, v: GameView): DrawModel {
  const { width, height } = v.board;
  const hEdges = Uint8Array.from(v.board.hEdges);
  const vEdges = Uint8Array.from(v.board.vEdges);
  // A scenario door whose edges the engine no longer holds as doors has been opened.
  const doorGone = (seg: Segment) => {
    if (seg.y1 === seg.y2) {
      for (let x = Math.min(seg.x1, seg.x2); x < Math.max(seg.x1, seg.x2); x++) if (hEdges[seg.y1 * width + x] === EdgeKind.door) return false;
    } else {
      for (let y = Math.min(seg.y1, seg.y2); y < Math.max(seg.y1, seg.y2); y++) if (vEdges[y * (width + 1) + seg.x1] === EdgeKind.door) return false;
    }
    return true;
  };
  return {
    ruleset: v.ruleset,
    width,
    height,
    map: padMap(s.map, width),
    cells: Uint8Array.from(v.board.cells),
    hEdges,
    vEdges,
    doors: doorsOf(s, (_, seg) => doorGone(seg)),
    figures: v.figures.map((f) => ({ ...f, markers: f.markers ?? [] })),
    tokens: v.tokens.map((t) => ({ ...t, ...tokenColour(s, t) })),
    hidden: new Set(v.hidden ?? []),
    sides: s.sides,
    ...(s.title ? { title: s.title } : {}),
  };
}

/** The figure whose footprint covers (x, y), if any. */
export function figureAt(m: DrawModel, x: number, y: number): DrawFigure | undefined {
  return m.figures.find((f) => x >= f.x && x < f.x + f.w && y >= f.y && y < f.y + f.h);
}

export const onMap = (m: DrawModel, x: number, y: number): boolean =>
  x >= 0 && y >= 0 && x < m.width && y < m.height && (m.cells[y * m.width + x] & Cell.on) !== 0;

const TERRAIN_WORDS: Record<string, string> = {
  d: 'difficult terrain',
  o: 'obstacle',
  b: 'exploding barrel',
  h: 'damaging obstacle',
  l: 'low objects',
  t: 'active teleporter',
  T: 'active teleporter on difficult terrain',
  i: 'inactive teleporter',
  u: 'duct',
};

/** The terrain of a cell in words ("floor", "difficult terrain", "off the map"). */
export function terrainWords(m: DrawModel, x: number, y: number): string {
  if (!onMap(m, x, y)) return 'off the map';
  return TERRAIN_WORDS[m.map[y]?.[x] ?? '.'] ?? 'floor';
}
