/**
 * doom2004 game state (RULES §3): plain data, serializable, everything the rules need, and the
 * helpers that read and write it. Geometry is never computed here: the grid core answers it, on a
 * `Board` built from the state (`boardOf`) or on the one the rules share while only figures move
 * (`queryBoardOf`). A game's first state is built by setup.ts.
 */
import { Board } from '../../core/board.ts';
import { sharedBoard, sourceData, type BoardSource } from '../../core/shared-board.ts';
import { Cell, type BoardData } from '../../core/types.ts';
import type { Objective, ScenarioFigure } from '../../scenario/types.ts';
import type { RngState } from '../rng.ts';
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

/** The grid core's view of the state, a board of its own, which the caller may change. Marines use teleporters (RULES §3 teleporters). */
export function boardOf(s: D4State, o: BoardOptions = {}): Board {
  return Board.fromData(sourceData(sourceOf(s, o)));
}

/**
 * `boardOf`'s board shared with the rules' earlier queries of the same view (core/shared-board.ts):
 * only to be queried, never changed.
 */
export function queryBoardOf(s: D4State, o: BoardOptions = {}): Board {
  const view = `doom2004:${o.voidCells ? 'v' : ''}${o.block?.length ? 'b' : ''}${o.noObstacles ? 'n' : ''}${o.figures ? 'f' : ''}`;
  return sharedBoard(view, sourceOf(s, o));
}

function sourceOf(s: D4State, o: BoardOptions): BoardSource {
  const cells = unpack(s.board.cells);
  if (o.voidCells) for (const i of o.voidCells) cells[i] &= ~Cell.on;
  if (o.block) for (const i of o.block) cells[i] |= Cell.obstacle;
  if (o.noObstacles) for (let i = 0; i < cells.length; i++) cells[i] &= ~(Cell.obstacle | Cell.barrel);
  const { width, height } = s.board;
  // Marines (the marine side's figures) use teleporters; a probe (o.figures) is on no side that does.
  return { ruleset: 'doom2004', width, height, cells, hEdges: unpack(s.board.hEdges), vEdges: unpack(s.board.vEdges), figures: o.figures ?? s.figures, teleporting: o.figures ? null : s.marineSide };
}

/** Range (doom2004: shortest path, diagonals 1, around walls, closed doors, obstacles) from a space to every cell. */
export function rangeFrom(s: D4State, x: number, y: number, o: { noObstacles?: boolean } = {}): Int32Array {
  return queryBoardOf(s, { ...o, figures: [{ id: '#probe', side: '#probe', x, y, w: 1, h: 1 }] }).rangeMap(0);
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
