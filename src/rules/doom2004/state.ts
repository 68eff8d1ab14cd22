/**
 * doom2004 game state (RULES §3): plain data, serializable, everything the rules need. Geometry is
 * never computed here: `boardOf` rebuilds a grid-core `Board` from the state for every question.
 */
import { parseBoard } from '../../core/board-input.ts';
import { Board } from '../../core/board.ts';
import { Cell, EdgeKind, type BoardData } from '../../core/types.ts';
import type { DataSet } from '../../data/index.ts';
import type { Objective, Scenario, ScenarioFigure, ScenarioToken } from '../../scenario/types.ts';
import { ScenarioError } from '../../scenario/validate.ts';
import { seedRng, type RngState } from '../rng.ts';
import type { PlacedFigure, Refusal } from '../types.ts';

export const refuse = (rule: string, message: string): Refusal => ({ rule, message });
export const isRefusal = (x: unknown): x is Refusal => typeof x === 'object' && x !== null && 'rule' in x && 'message' in x && !Array.isArray(x);

/** A die face: a miss, or range + damage (bullet holes) with an optional ammo icon. */
export interface D4Face {
  miss?: boolean;
  range?: number;
  damage?: number;
  ammo?: boolean;
}
export interface D4Die {
  faces: D4Face[];
}

/** What attacks: a marine weapon or an invader's own attack (same fields, data never code). */
export interface D4Attack {
  name?: string;
  dice?: string[];
  /** The ammo token type a marine weapon spends; null for ∞ weapons (and for invaders). */
  ammo?: string | null;
  abilities?: string[];
  /** Ability strengths when above 1 (accuracy, deadly, blast radius, knockback spaces). */
  accuracy?: number;
  deadly?: number;
  blast?: number;
  knockback?: number;
}

export interface D4Unit extends D4Attack {
  /** Marines are the figures whose unit says so; every other figure is an invader. */
  marine?: boolean;
  speed?: number;
  /** Wounds that kill an invader. */
  health?: number;
  armor?: number;
  size?: [number, number];
}

export interface D4MarineStart {
  marines: number;
  ammo: number;
  wounds: number;
  armor: number;
  speed: number;
}

export type Order = 'aim' | 'guard' | 'dodge' | 'heal';
export const ORDERS: readonly Order[] = ['aim', 'guard', 'dodge', 'heal'];

/** The weapons every marine has (RULES §3 "Marines always have fist, pistol and grenade"). */
export const STANDARD_WEAPONS = ['fist', 'pistol', 'grenade'];

export interface D4Figure extends PlacedFigure {
  marine: boolean;
  /** Wounds taken (a marine's wound tokens removed from its bin). */
  wounds: number;
  /** Wounds that frag a marine / kill an invader. */
  health: number;
  /** Armor rating: a marine's armor tokens, an invader's unit armor. */
  armor: number;
  speed: number;
  // Marine equipment (empty for invaders).
  startArmor: number;
  ammo: Record<string, number>;
  /** Weapons found (beyond the standard fist, pistol and grenade). */
  weapons: string[];
  order: Order | null;
  medic: boolean;
  adrenaline: number;
  /** Berserk: turn ends left before it is discarded (2 unfaded after this turn, 1 half-faded). */
  berserk: number;
}

export interface D4Token {
  id: string;
  kind: string;
  x: number;
  y: number;
  /** ammo type, weapon name or key colour, by kind. */
  ammo?: string;
  weapon?: string;
  color?: string;
}

export const TOKEN_KINDS = ['ammo', 'armor', 'health', 'key', 'weapon', 'adrenaline', 'berserk'];

export interface D4Door {
  id: string;
  /** Edge units: 2 × index for horizontal edges, 2 × index + 1 for vertical ones (see doorEdge). */
  edges: number[];
  /** The cells (y*width+x) on either side of the door: a figure there may open or close it. */
  cells: number[];
  key: string | null;
  open: boolean;
}

export interface D4Area {
  id: string;
  cells: number[];
  revealed: boolean;
  figures: ScenarioFigure[];
  tokens: D4Token[];
}

/** The turn in progress: a marine's action or an invader's activation. */
export interface D4Turn {
  figure: string;
  /** Marine action (null for an invader activation). */
  action: 'sprint' | 'advance' | 'attack' | 'ready' | null;
  mp: number;
  attacks: number;
  /** Ready: "move 4 or attack": what the marine chose, once it chose. */
  readyUse: 'move' | 'attack' | null;
  /** Ready: the order placed when the turn ends. */
  order: Order | null;
  /** The figure moved this turn (damaging obstacles, aim). */
  moved: boolean;
}

/** Rolled dice waiting for an aim or dodge re-roll choice. */
export interface D4Pending {
  stage: 'aim' | 'dodge';
  /** Who chooses the dice to re-roll: the attacker (aim) or the dodging marine. */
  by: string;
  attack: AttackPlan;
  faces: number[];
  /** Dodge still to come after the aim re-roll (never both: RULES §3). */
  dodgeAfter: string | null;
}

/** A declared attack, everything resolved except the dice. */
export interface AttackPlan {
  attacker: string;
  weapon: string | null;
  target: { x: number; y: number };
  dice: string[];
  range: number;
  guard: boolean;
  /** Part of a blow-through walk (the first attack is not). */
  blowThrough: boolean;
}

/** A blow-through walk in progress: the next attack may go to a space adjacent to the last. */
export interface D4Chain {
  figure: string;
  weapon: string | null;
  dice: string[];
  last: { x: number; y: number };
  /** Spaces already attacked in this walk, and figures already targeted. */
  spaces: [number, number][];
  figures: string[];
}

export interface D4State {
  ruleset: 'doom2004';
  rng: RngState;
  /**
   * The board as the grid core stores it, each array packed into a string of one character per
   * entry (String.fromCharCode(48 + value)): the state is copied on every command, and strings
   * copy far faster than arrays of numbers. Read and write through cellBits / setCellBits / setEdge.
   */
  board: { width: number; height: number; cells: string; hEdges: string; vEdges: string };
  /** Duct cells (y*width+x): the map letter 'u'. */
  ducts: number[];
  doors: D4Door[];
  /**
   * The data the rules read (units, weapons, dice, the marines' start line) as JSON text: the state
   * is copied on every command and one string copies far faster than the objects. Read it with
   * `dataOf(s)`.
   */
  data: string;
  sides: string[];
  marineSide: string;
  invaderSide: string;
  figures: D4Figure[];
  /** Fragged marines waiting to respawn, with the space they were fragged on. */
  fragged: { figure: D4Figure; x: number; y: number }[];
  killed: string[];
  areas: D4Area[];
  tokens: D4Token[];
  /** Tokens picked up (and so gone from the board), in order. */
  taken: { token: string; kind: string; by: string }[];
  keys: string[];
  fragPoints: number;
  frags: { marine: string; x: number; y: number; round: number }[];
  objectives: Objective[];
  round: number;
  phase: 'marines' | 'invaders';
  /** Marines that took their turn this round / invaders activated this invader turn. */
  done: string[];
  turn: D4Turn | null;
  pending: D4Pending | null;
  chain: D4Chain | null;
  /** A guard interrupt window during the invader's turn (RULES §3 guard). */
  window: { invader: string } | null;
  winner: string | null;
}

const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);

/**
 * The data entries without their citations and names: the state carries only what the rules read
 * (it is copied on every command; the data sets keep the sources).
 */
function rulesOnly<T>(entries: Record<string, T>): Record<string, T> {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (!v || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'source' && k !== 'name' && k !== 'notes').map(([k, x]) => [k, strip(x)]));
  };
  return strip(entries) as Record<string, T>;
}

/** The marine start line for `n` marines; above the data's largest party, the largest (Ruling). */
function marineStart(table: Record<string, D4MarineStart>, n: number): D4MarineStart {
  const rows = Object.values(table).sort((a, b) => a.marines - b.marines);
  if (!rows.length) throw new Error('createGame: the marineStart data set is empty');
  return rows.find((r) => r.marines === n) ?? (n > rows[rows.length - 1].marines ? rows[rows.length - 1] : rows[0]);
}

function makeFigure(f: ScenarioFigure, units: Record<string, D4Unit>, start: D4MarineStart | null): D4Figure {
  const u = units[f.type];
  if (!u) throw new Error(`figures: unknown unit type ${JSON.stringify(f.type)}`);
  const st = f.state ?? {};
  const [w, h] = [f.w ?? u.size?.[0] ?? 1, f.h ?? u.size?.[1] ?? 1];
  const base = { id: f.id, side: f.side, type: f.type, x: f.x, y: f.y, w, h, order: null, adrenaline: 0, berserk: 0 };
  if (u.marine) {
    if (!start) throw new Error('createGame: marines need a marineStart data set (data.marineStart)');
    const armor = num(st.armor, start.armor);
    const ammo: Record<string, number> = {};
    return {
      ...base, marine: true, wounds: num(st.wounds, 0), health: num(st.health, start.wounds), armor, startArmor: armor,
      speed: num(u.speed, start.speed), ammo, weapons: Array.isArray(st.weapons) ? st.weapons.filter((x): x is string => typeof x === 'string') : [],
      medic: st.medic === true,
    };
  }
  return {
    ...base, marine: false, wounds: num(st.wounds, 0), health: num(u.health, 1), armor: num(u.armor, 0), startArmor: num(u.armor, 0),
    speed: num(u.speed, 4), ammo: {}, weapons: [], medic: false,
  };
}

function makeToken(t: ScenarioToken, weapons: Record<string, D4Attack>): D4Token {
  if (!TOKEN_KINDS.includes(t.kind)) throw new Error(`tokens: doom2004 has no ${JSON.stringify(t.kind)} token (known: ${TOKEN_KINDS.join(', ')})`);
  const out: D4Token = { id: t.id ?? `${t.kind}@${t.x},${t.y}`, kind: t.kind, x: t.x, y: t.y };
  if (t.kind === 'ammo') {
    if (typeof t.ammo !== 'string') throw new Error(`tokens: ammo token ${out.id} needs "ammo" (the ammo type, e.g. "shotgun")`);
    out.ammo = t.ammo;
  }
  if (t.kind === 'weapon') {
    if (typeof t.weapon !== 'string' || !weapons[t.weapon]) throw new Error(`tokens: weapon token ${out.id} needs "weapon", one of the weapons data`);
    out.weapon = t.weapon;
  }
  if (t.kind === 'key') {
    if (typeof t.color !== 'string') throw new Error(`tokens: key token ${out.id} needs "color"`);
    out.color = t.color;
  }
  return out;
}

/**
 * Everything about a validated scenario that would stop a doom2004 game from starting, as
 * `path: message` problems (ScenarioError): createGame and validateGame run this first, so the
 * setup below never meets a bad token, side or data set.
 */
export function setupProblems(scenario: Scenario, data: Record<string, DataSet>): string[] {
  const problems: string[] = [];
  const fail = (path: string, message: string) => problems.push(`${path}: ${message}`);
  for (const role of ['units', 'dice']) if (!data[role]) fail(`data.${role}`, `doom2004 needs a ${role} data set`);
  if (problems.length) return problems;
  const units = data.units.entries as unknown as Record<string, D4Unit>;
  const weapons = (data.weapons?.entries ?? {}) as unknown as Record<string, D4Attack>;
  if (scenario.sides.length !== 2) fail('sides', 'doom2004 is played by two sides, the marines and the invader');
  const all = [
    ...scenario.figures.map((f, i) => [f, `figures[${i}]`] as const),
    ...(scenario.areas ?? []).flatMap((a, k) => (a.figures ?? []).map((f, i) => [f, `areas[${k}].figures[${i}]`] as const)),
  ];
  const isMarine = (f: ScenarioFigure) => Object.hasOwn(units, f.type) && !!units[f.type].marine;
  for (const [f, path] of all) if (!Object.hasOwn(units, f.type)) fail(`${path}.type`, `unknown unit type ${JSON.stringify(f.type)}`);
  // The marines' side is the one most marines are on (ties: the first); marines elsewhere are misplaced.
  const count = new Map<string, number>();
  for (const [f] of all) if (isMarine(f)) count.set(f.side, (count.get(f.side) ?? 0) + 1);
  const marineSide = [...count].reduce<[string, number] | null>((best, e) => (best && best[1] >= e[1] ? best : e), null)?.[0] ?? scenario.sides[0];
  for (const [f, path] of all) {
    if (Object.hasOwn(units, f.type) && isMarine(f) !== (f.side === marineSide)) {
      fail(`${path}.side`, `${f.id} (${f.type}) is on the wrong side: the marines are ${JSON.stringify(marineSide)}, every other figure the invader's`);
    }
  }
  if (all.some(([f]) => isMarine(f))) {
    const rows = Object.keys(data.marineStart?.entries ?? {}).length;
    if (!data.marineStart) fail('data.marineStart', 'marines need a marineStart data set');
    else if (!rows) fail('data.marineStart', 'the marineStart data set is empty');
  }
  const ids = new Map<string, string>();
  const tokens = [
    ...(scenario.tokens ?? []).map((t, i) => [t, `tokens[${i}]`] as const),
    ...(scenario.areas ?? []).flatMap((a, k) => (a.tokens ?? []).map((t, i) => [t, `areas[${k}].tokens[${i}]`] as const)),
  ];
  for (const [t, path] of tokens) {
    if (!TOKEN_KINDS.includes(t.kind)) fail(`${path}.kind`, `doom2004 has no ${JSON.stringify(t.kind)} token (known: ${TOKEN_KINDS.join(', ')})`);
    if (t.kind === 'ammo' && typeof t.ammo !== 'string') fail(`${path}.ammo`, 'an ammo token needs "ammo", the ammo type (e.g. "shotgun")');
    if (t.kind === 'weapon' && (typeof t.weapon !== 'string' || !Object.hasOwn(weapons, t.weapon))) {
      fail(`${path}.weapon`, `a weapon token needs "weapon", one of the weapons data (${Object.keys(weapons).join(', ') || 'none'}), not ${JSON.stringify(t.weapon) ?? 'nothing'}`);
    }
    if (t.kind === 'key' && typeof t.color !== 'string') fail(`${path}.color`, 'a key token needs "color"');
    const id = t.id ?? `${t.kind}@${t.x},${t.y}`;
    if (ids.has(id)) fail(`${path}.id`, `the token id ${JSON.stringify(id)} repeats ${ids.get(id)} (give each token its own "id")`);
    else ids.set(id, path);
  }
  return problems;
}

export function initDoom2004(scenario: Scenario, data: Record<string, DataSet>, seed: number): D4State {
  const problems = setupProblems(scenario, data);
  if (problems.length) throw new ScenarioError(problems);
  const entries = <T>(role: string, required: boolean): Record<string, T> => {
    const set = data[role];
    if (!set) {
      if (required) throw new Error(`createGame: the scenario names no ${role} data (data.${role})`);
      return {};
    }
    return set.entries as unknown as Record<string, T>;
  };
  const units = rulesOnly(entries<D4Unit>('units', true));
  const weapons = rulesOnly(entries<D4Attack>('weapons', false));
  const dice = rulesOnly(entries<D4Die>('dice', true));
  const starts = entries<D4MarineStart>('marineStart', false);
  if (scenario.sides.length !== 2) throw new Error('sides: doom2004 is played by two sides, the marines and the invader');
  const all = [...scenario.figures, ...(scenario.areas ?? []).flatMap((a) => a.figures ?? [])];
  const marineSides = new Set(all.filter((f) => units[f.type]?.marine).map((f) => f.side));
  if (marineSides.size > 1) throw new Error('figures: all marines must be on one side');
  const marineSide = [...marineSides][0] ?? scenario.sides[0];
  const invaderSide = scenario.sides.find((s) => s !== marineSide)!;
  for (const f of all) {
    if (!!units[f.type]?.marine !== (f.side === marineSide)) throw new Error(`figures: ${f.id} (${f.type}) is on the wrong side`);
  }
  const nMarines = all.filter((f) => f.side === marineSide).length;
  const start = Object.keys(starts).length ? marineStart(starts, nMarines) : null;
  const figures = scenario.figures.map((f) => figureFromScenario(weapons, units, start, f));
  const edges = (scenario.edges ?? []).map(({ from, to, kind }) => ({ from, to, kind }));
  const b = parseBoard({ ruleset: 'doom2004', map: scenario.map, edges, figures });
  const width = b.width;
  const ducts: number[] = [];
  scenario.map.forEach((row, y) => [...row].forEach((ch, x) => ch === 'u' && ducts.push(y * width + x)));
  const doors: D4Door[] = [];
  (scenario.edges ?? []).forEach((e) => {
    if (e.kind !== 'door') return;
    const door: D4Door = { id: `door-${doors.length + 1}`, edges: [], cells: [], key: e.key ?? null, open: false };
    const [x1, y1] = e.from;
    const [x2, y2] = e.to;
    if (y1 === y2) {
      for (let x = Math.min(x1, x2); x < Math.max(x1, x2); x++) {
        door.edges.push(2 * (y1 * width + x));
        door.cells.push((y1 - 1) * width + x, y1 * width + x);
      }
    } else {
      for (let y = Math.min(y1, y2); y < Math.max(y1, y2); y++) {
        door.edges.push(2 * (y * (width + 1) + x1) + 1);
        door.cells.push(y * width + x1 - 1, y * width + x1);
      }
    }
    // Door units that the board made walls (next to an off-map cell) or another edge overwrote are
    // no door; the rest of the segment is one door, opened and closed as a whole.
    const kept = door.edges.map((code) => (code % 2 ? b.vEdges : b.hEdges)[code >> 1] === EdgeKind.door);
    door.edges = door.edges.filter((_, k) => kept[k]);
    door.cells = door.cells.filter((_, k) => kept[k >> 1]);
    if (door.edges.length) doors.push(door);
  });
  const areas: D4Area[] = (scenario.areas ?? []).map((a) => {
    const cells = new Set<number>();
    for (const [x, y, w, h] of a.cells) for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) cells.add(yy * width + xx);
    return { id: a.id, cells: [...cells].sort((p, q) => p - q), revealed: a.revealed === true, figures: structuredClone(a.figures ?? []), tokens: (a.tokens ?? []).map((t) => makeToken(t, weapons)) };
  });
  const s: D4State = {
    ruleset: 'doom2004',
    rng: seedRng(seed),
    board: { width, height: b.height, cells: pack(b.cells), hEdges: pack(b.hEdges), vEdges: pack(b.vEdges) },
    ducts,
    doors,
    data: JSON.stringify({ units, weapons, dice, start } satisfies D4Data),
    sides: [...scenario.sides],
    marineSide,
    invaderSide,
    figures,
    fragged: [],
    killed: [],
    areas,
    tokens: (scenario.tokens ?? []).map((t) => makeToken(t, weapons)),
    taken: [],
    keys: [],
    fragPoints: 0,
    frags: [],
    objectives: structuredClone(scenario.objectives ?? []),
    round: 1,
    phase: scenario.sides[0] === marineSide ? 'marines' : 'invaders',
    done: [],
    turn: null,
    pending: null,
    chain: null,
    window: null,
    winner: null,
  };
  // Build the area figures now so a bad one fails at creation, not when its area is revealed.
  for (const a of s.areas) for (const f of a.figures) buildFigure(s, f);
  const ids = new Set<string>();
  for (const t of [...s.tokens, ...s.areas.flatMap((a) => a.tokens)]) {
    if (ids.has(t.id)) throw new Error(`tokens: duplicate token id ${JSON.stringify(t.id)}`);
    ids.add(t.id);
  }
  return s;
}

/** Build an area's figure when the area is revealed (same rules as the starting figures). */
export function buildFigure(s: D4State, f: ScenarioFigure): D4Figure {
  const d = dataOf(s);
  return figureFromScenario(d.weapons, d.units, d.start, f);
}

function figureFromScenario(weapons: Record<string, D4Attack>, units: Record<string, D4Unit>, start: D4MarineStart | null, f: ScenarioFigure): D4Figure {
  const fig = makeFigure(f, units, start);
  if (fig.marine) {
    // Ruling: a marine starts with the party's ammo count in each ammo type of the standard weapons.
    for (const w of STANDARD_WEAPONS) {
      const a = weapons[w]?.ammo;
      if (typeof a === 'string') fig.ammo[a] = start!.ammo;
    }
    const given = f.state?.ammo;
    if (given && typeof given === 'object') for (const [k, v] of Object.entries(given)) if (typeof v === 'number' && v >= 0) fig.ammo[k] = v;
  }
  return fig;
}

/** A door edge unit: which array and where. */
export const doorEdge = (code: number) => ({ horizontal: code % 2 === 0, index: code >> 1 });

export const pack = (values: ArrayLike<number>): string => String.fromCharCode(...Array.from(values, (v) => 48 + v));
export function unpack(packed: string): Uint8Array {
  const out = new Uint8Array(packed.length);
  for (let i = 0; i < packed.length; i++) out[i] = packed.charCodeAt(i) - 48;
  return out;
}
/** Feature bits of cell i (y*width+x). */
export const cellBits = (s: D4State, i: number): number => s.board.cells.charCodeAt(i) - 48;
export function setCellBits(s: D4State, i: number, bits: number): void {
  s.board.cells = s.board.cells.slice(0, i) + String.fromCharCode(48 + bits) + s.board.cells.slice(i + 1);
}
export function setEdge(s: D4State, horizontal: boolean, i: number, kind: number): void {
  const key = horizontal ? 'hEdges' : 'vEdges';
  s.board[key] = s.board[key].slice(0, i) + String.fromCharCode(48 + kind) + s.board[key].slice(i + 1);
}
export const edgeKind = (s: D4State, horizontal: boolean, i: number): number => (horizontal ? s.board.hEdges : s.board.vEdges).charCodeAt(i) - 48;

/** The rules' data of a game (see D4State.data). */
export interface D4Data {
  units: Record<string, D4Unit>;
  weapons: Record<string, D4Attack>;
  dice: Record<string, D4Die>;
  /** The marines' starting line (RULES §6 marine start, by party size). */
  start: D4MarineStart | null;
}

const parsed = new Map<string, D4Data>();
function freeze<T>(v: T): T {
  if (v && typeof v === 'object') {
    for (const x of Object.values(v)) freeze(x);
    Object.freeze(v);
  }
  return v;
}

/** The parsed data of `s` (shared and frozen: parsed once per distinct text). */
export function dataOf(s: D4State): D4Data {
  let d = parsed.get(s.data);
  if (!d) {
    d = freeze(JSON.parse(s.data) as D4Data);
    if (parsed.size >= 64) parsed.clear();
    parsed.set(s.data, d);
  }
  return d;
}

/** Cell index helpers. */
export const cellIndex = (s: D4State, x: number, y: number) => y * s.board.width + x;
export const onMap = (s: D4State, x: number, y: number) =>
  Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < s.board.width && y < s.board.height && (cellBits(s, y * s.board.width + x) & Cell.on) !== 0;

/** Cells of unrevealed areas, as a set of indices. */
export function hiddenCells(s: D4State): Set<number> {
  const out = new Set<number>();
  for (const a of s.areas) if (!a.revealed) for (const c of a.cells) out.add(c);
  return out;
}

export interface BoardOptions {
  /** Cells taken off the map (unrevealed cells for movement: no figure walks into the unexplored). */
  voidCells?: Iterable<number>;
  /** Cells turned into blocking obstacles (hazard-avoiding paths). */
  block?: number[];
  /** Obstacles and barrels removed (seeking range may pass them). */
  noObstacles?: boolean;
  /** Replace the figures (e.g. a probe figure measuring range from a space). */
  figures?: BoardData['figures'];
}

/** The grid core's view of the state. Marines use teleporters (RULES §3 teleporters). */
export function boardOf(s: D4State, o: BoardOptions = {}): Board {
  const cells = unpack(s.board.cells);
  if (o.voidCells) for (const i of o.voidCells) cells[i] &= ~Cell.on;
  if (o.block) for (const i of o.block) cells[i] |= Cell.obstacle;
  if (o.noObstacles) for (let i = 0; i < cells.length; i++) cells[i] &= ~(Cell.obstacle | Cell.barrel);
  const data: BoardData = {
    ruleset: 'doom2004',
    width: s.board.width,
    height: s.board.height,
    cells,
    hEdges: unpack(s.board.hEdges),
    vEdges: unpack(s.board.vEdges),
    figures: o.figures ?? s.figures.map(({ id, side, x, y, w, h, marine }) => ({ id, side, x, y, w, h, ...(marine ? { teleports: true } : {}) })),
  };
  return Board.fromData(data);
}

/** Range (doom2004: shortest path, diagonals 1, around walls, closed doors, obstacles) from a space to every cell. */
export function rangeFrom(s: D4State, x: number, y: number, o: { noObstacles?: boolean } = {}): Int32Array {
  return boardOf(s, { ...o, figures: [{ id: '#probe', side: '#probe', x, y, w: 1, h: 1 }] }).sightMap(0).range;
}

export const cellsOf = (f: { x: number; y: number; w: number; h: number }): [number, number][] => {
  const out: [number, number][] = [];
  for (let y = f.y; y < f.y + f.h; y++) for (let x = f.x; x < f.x + f.w; x++) out.push([x, y]);
  return out;
};

/** The figure on cell (x,y), if any. */
export const figureAt = (s: D4State, x: number, y: number): D4Figure | undefined =>
  s.figures.find((f) => x >= f.x && y >= f.y && x < f.x + f.w && y < f.y + f.h);

export const hasCell = (s: D4State, x: number, y: number, bit: number) => onMap(s, x, y) && (cellBits(s, y * s.board.width + x) & bit) !== 0;
