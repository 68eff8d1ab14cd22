/**
 * The editor's working copy of a scenario: map letters as a grid, edges as unit segments keyed by
 * position (so painting and erasing are simple), figures. `toScenario` merges collinear runs back
 * into segments in a fixed order, so export → reload → export gives the same JSON. Tokens are edited
 * in place in the scenario's own list. `EditHistory` is the undo/redo of these states.
 */
import type { EdgeKindName } from '../../src/core/types.ts';
import type { Scenario, ScenarioEdge, ScenarioFigure, ScenarioStep, ScenarioToken } from '../../src/scenario/types.ts';

export type Side = 'top' | 'bottom' | 'left' | 'right';

export interface UnitEdge {
  kind: Exclude<EdgeKindName, 'none'>;
  key?: string;
}

export interface EditState {
  /**
   * Everything of the scenario the editor does not reshape (title, sides, data, …). Tokens stay in
   * `rest.tokens` as the scenario has them: an absent key and an empty list then both survive the
   * round trip, and the token functions below drop the key when they empty the list.
   */
  rest: Omit<Scenario, 'map' | 'edges' | 'figures'>;
  width: number;
  height: number;
  cells: string[][];
  /** `h:x,Y` is the edge on line y=Y above cell (x,Y); `v:X,y` the edge on line x=X left of (X,y). */
  edges: Map<string, UnitEdge>;
  figures: ScenarioFigure[];
}

/** The map letters the editor paints; `rulesets`: only those whose rules read it (README, Scenario format), else every one. */
export const TERRAIN_TOOLS: { letter: string; label: string; rulesets?: Scenario['ruleset'][] }[] = [
  { letter: '.', label: 'Floor' },
  { letter: ' ', label: 'Off the map' },
  { letter: 'd', label: 'Difficult' },
  { letter: 'o', label: 'Obstacle' },
  { letter: 'b', label: 'Barrel', rulesets: ['doom2004'] },
  { letter: 'h', label: 'Hazard', rulesets: ['doom2004'] },
  { letter: 'l', label: 'Low objects', rulesets: ['d20'] },
  { letter: 't', label: 'Teleporter', rulesets: ['doom2016', 'doom2004'] },
  { letter: 'i', label: 'Inactive teleporter', rulesets: ['doom2016'] },
  { letter: 'u', label: 'Duct', rulesets: ['doom2004'] },
];

/** The terrain a board of `ruleset` can use: a doom2016 map offers no barrels, ducts or low objects. */
export function terrainToolsFor(ruleset: Scenario['ruleset']): typeof TERRAIN_TOOLS {
  return TERRAIN_TOOLS.filter((t) => !t.rulesets || t.rulesets.includes(ruleset));
}
export const EDGE_TOOLS: UnitEdge['kind'][] = ['wall', 'door', 'blocking', 'impassable'];

/** Extra token fields a ruleset reads: `color` (portal, key), `weapon` (weapon), `ammo` (ammo type). */
export type TokenField = 'color' | 'weapon' | 'ammo';
export type TokenFields = Partial<Record<TokenField, string>>;

export interface TokenTool {
  kind: string;
  label: string;
  rulesets: Scenario['ruleset'][];
  fields: TokenField[];
}

/**
 * The token kinds the rulesets read (the schema lists them but leaves the kind open; each ruleset
 * refuses a scenario with a kind it does not know, d20 reads none). `fields` are the extra fields
 * the ruleset requires for that kind: a portal's or key's colour, the weapon, the ammo type.
 */
export const TOKEN_TOOLS: TokenTool[] = [
  { kind: 'portal', label: 'Portal', rulesets: ['doom2016'], fields: ['color'] },
  { kind: 'medkit', label: 'Medkit', rulesets: ['doom2016'], fields: [] },
  { kind: 'weapon', label: 'Weapon', rulesets: ['doom2016', 'doom2004'], fields: ['weapon'] },
  { kind: 'ammo', label: 'Ammo', rulesets: ['doom2004'], fields: ['ammo'] },
  { kind: 'armor', label: 'Armor', rulesets: ['doom2004'], fields: [] },
  { kind: 'health', label: 'Health', rulesets: ['doom2004'], fields: [] },
  { kind: 'key', label: 'Key', rulesets: ['doom2004'], fields: ['color'] },
  { kind: 'adrenaline', label: 'Adrenaline', rulesets: ['doom2004'], fields: [] },
  { kind: 'berserk', label: 'Berserk', rulesets: ['doom2004'], fields: [] },
];

export function tokenToolsFor(ruleset: Scenario['ruleset']): TokenTool[] {
  return TOKEN_TOOLS.filter((t) => t.rulesets.includes(ruleset));
}

/**
 * The same board under another ruleset: its sides become that ruleset's default sides (figures of
 * the old sides follow in order), data sets and mission settings are dropped (they belong to a
 * ruleset), and tokens the new ruleset does not read are removed.
 */
export function withRuleset(st: EditState, ruleset: Scenario['ruleset']): EditState {
  if (st.rest.ruleset === ruleset) return st;
  const sides = [...(DEFAULT_SIDES[ruleset] ?? ['side-a', 'side-b'])];
  const old = st.rest.sides;
  const sideOf = (side: string) => sides[old.indexOf(side)] ?? side;
  const kinds = new Set(tokenToolsFor(ruleset).map((t) => t.kind));
  const { data: _d, mission: _m, objectives: _o, tokens, ...rest } = st.rest;
  const kept = (tokens ?? []).filter((t) => kinds.has(t.kind));
  return {
    ...st,
    rest: { ...rest, ruleset, sides, ...(kept.length ? { tokens: kept } : {}) },
    figures: st.figures.map((f) => ({ ...f, side: sideOf(f.side) })),
  };
}

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
  const resized = { ...st, width, height, cells, edges, figures };
  const tokens = tokensOf(st);
  const kept = tokens.filter((t) => t.x < width && t.y < height);
  return kept.length === tokens.length ? resized : withTokens(resized, kept);
}

const tokensOf = (st: EditState): ScenarioToken[] => st.rest.tokens ?? [];

/** Tokens replaced; an empty list drops the key so an export never carries `"tokens": []` of the editor's making. */
function withTokens(st: EditState, tokens: ScenarioToken[]): EditState {
  const { tokens: _old, ...rest } = st.rest;
  return { ...st, rest: tokens.length ? { ...rest, tokens } : rest };
}

const isOn = (t: ScenarioToken, x: number, y: number) => t.x === x && t.y === y;

export function tokenAtCell(st: EditState, x: number, y: number): ScenarioToken | undefined {
  return tokensOf(st).find((t) => isOn(t, x, y));
}

/** Token ids must be unique across the board and the areas' hidden tokens (the doom2004 rules check both). */
function nextTokenId(tokens: ScenarioToken[], areas: Scenario['areas'], kind: string): string {
  const taken = new Set([...tokens, ...(areas ?? []).flatMap((a) => a.tokens ?? [])].map((t) => t.id));
  for (let n = 1; ; n++) if (!taken.has(`${kind}-${n}`)) return `${kind}-${n}`;
}

/**
 * A token of `kind` on cell (x, y), replacing whatever token was there, at its place in the list so an
 * export changes one line. A replaced token of the same kind keeps its id (a recoloured portal is still
 * the portal commands name). The same state when nothing would change, or when the ruleset would refuse
 * the token: a kind it does not read, a required field missing, a cell that is not on the map. Of
 * `extra`, only the fields the kind uses are kept.
 */
export function placeToken(st: EditState, x: number, y: number, kind: string, extra: TokenFields = {}): EditState {
  const tool = tokenToolsFor(st.rest.ruleset).find((t) => t.kind === kind);
  const cell = st.cells[y]?.[x];
  if (!tool || cell === undefined || cell === ' ' || tool.fields.some((f) => !extra[f])) return st;
  const old = tokenAtCell(st, x, y);
  if (old?.kind === kind && tool.fields.every((f) => old[f] === extra[f])) return st;
  const others = tokensOf(st).filter((t) => !isOn(t, x, y));
  const fields = Object.fromEntries(tool.fields.map((f) => [f, extra[f]]));
  const id = old?.kind === kind && old.id ? old.id : nextTokenId(others, st.rest.areas, kind);
  const token: ScenarioToken = { id, kind, ...fields, x, y };
  const at = tokensOf(st).findIndex((t) => isOn(t, x, y));
  const index = at < 0 ? others.length : at;
  return withTokens(st, [...others.slice(0, index), token, ...others.slice(index)]);
}

export function removeTokenAt(st: EditState, x: number, y: number): EditState {
  const t = tokenAtCell(st, x, y);
  return t ? withTokens(st, tokensOf(st).filter((u) => u !== t)) : st;
}

/**
 * Undo history of the editor's working copy. States are never mutated, so the history shares them.
 * `future[0]` is the next state to redo.
 */
export interface EditHistory {
  past: EditState[];
  present: EditState;
  future: EditState[];
  /** While a stroke is under way: the state before it, which becomes one undo step at `endStroke`. */
  strokeStart: EditState | null;
}

export const HISTORY_LIMIT = 200;

export function startHistory(st: EditState): EditHistory {
  return { past: [], present: st, future: [], strokeStart: null };
}

const capped = (past: EditState[], limit: number) => past.slice(Math.max(0, past.length - limit));

/**
 * Make `next` the present state; one undo step unless a stroke is under way. The same history when
 * `next` is the present (an edit that changed nothing adds no step). Keeps at most `limit` steps.
 */
export function commit(h: EditHistory, next: EditState, limit = HISTORY_LIMIT): EditHistory {
  if (next === h.present) return h;
  if (h.strokeStart) return { ...h, present: next, future: [] };
  return { past: capped([...h.past, h.present], limit), present: next, future: [], strokeStart: null };
}

/**
 * Group the commits until `endStroke` into one undo step, e.g. the cells of one drag-paint. A stroke
 * is bracketed rather than each commit flagged "merge with the last step" because a stroke may start
 * on a cell that already has the letter: its first commit changes nothing, and the next one would
 * then merge into the step before the stroke, so one undo would take back both.
 */
export function beginStroke(h: EditHistory): EditHistory {
  return h.strokeStart ? h : { ...h, strokeStart: h.present };
}

/** Close the stroke: one undo step back to where it began, or none when it changed nothing. */
export function endStroke(h: EditHistory, limit = HISTORY_LIMIT): EditHistory {
  if (!h.strokeStart) return h;
  const past = h.strokeStart === h.present ? h.past : capped([...h.past, h.strokeStart], limit);
  return { ...h, past, strokeStart: null };
}

/** The state before the last step; an open stroke is closed first so undo takes it back whole. */
export function undo(h: EditHistory): EditHistory {
  const g = endStroke(h);
  if (!g.past.length) return h;
  return { past: g.past.slice(0, -1), present: g.past[g.past.length - 1], future: [g.present, ...g.future], strokeStart: null };
}

export function redo(h: EditHistory): EditHistory {
  const g = endStroke(h);
  if (!g.future.length) return h;
  return { past: [...g.past, g.present], present: g.future[0], future: g.future.slice(1), strokeStart: null };
}

export const canUndo = (h: EditHistory): boolean => endStroke(h).past.length > 0;
export const canRedo = (h: EditHistory): boolean => h.future.length > 0;

/** The ready-to-paste embed snippet for a scenario. */
export function embedSnippet(s: Scenario, bundleUrl: string, mode = s.steps?.length ? 'replay' : 'explore'): string {
  const json = formatScenario(s).replace(/<\//g, '<\\/');
  return `<script type="module" src="${bundleUrl}"></script>\n<doom-board mode="${mode}">\n  <script type="application/json">\n${json}\n  </script>\n</doom-board>`;
}

/** The working copy with `steps` (a worked example) in place of its old ones; none: no `steps` key. */
export function withSteps(st: EditState, steps: ScenarioStep[]): EditState {
  const { steps: _old, ...rest } = st.rest;
  return { ...st, rest: steps.length ? { ...rest, steps } : rest };
}
