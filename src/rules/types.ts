/** Commands in, events out (RULES §5). */

/** A player's request. `type` names the action; the other fields depend on it. */
export interface Command {
  type: string;
  [field: string]: unknown;
}

/** Something that happened, in order; the UI and logs read these. */
export interface GameEvent {
  type: string;
  [field: string]: unknown;
}

/** Why a command was refused: the rule (a RULES.md reference or a short id) and a clear message. */
export interface Refusal {
  rule: string;
  message: string;
}

/** A figure on the board: its id, side, unit type and footprint (top-left cell, w×h). */
export interface PlacedFigure {
  id: string;
  side: string;
  type: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A figure as a board view draws it: footprint plus the markers the ruleset tracks. */
export interface FigureView extends PlacedFigure {
  /** Damage or wounds taken, and the figure's health / hit points at full strength. */
  damage?: number;
  health?: number;
  /** Status markers, e.g. "stunned", "staggered", "aim", "guard", "dodge", "activated". */
  markers?: string[];
}

/** A token on a cell (item, portal, key, ammo, ...). */
export interface TokenView {
  id: string;
  kind: string;
  x: number;
  y: number;
  /** A short human label, e.g. "rocket launcher", "blue portal". */
  label?: string;
}

/**
 * What every ruleset exposes for drawing and explaining a position, whatever its own state looks
 * like: the board (as the grid core stores it), figures with markers, tokens and whose turn it is.
 */
export interface GameView {
  ruleset: string;
  board: { width: number; height: number; cells: number[]; hEdges: number[]; vEdges: number[] };
  figures: FigureView[];
  tokens: TokenView[];
  /** Cells not yet revealed (doom2004 exploring), as y*width+x indices. */
  hidden?: number[];
  round: number;
  /** The side to act, and the figure being activated if any. */
  side: string | null;
  active: string | null;
  winner: string | null;
  /** One line for a status bar, e.g. "Round 2 — marines: alpha is activating". */
  status: string;
  /**
   * Who must act now and on what (`turn`, or a decision window such as `guard` or `defend`): set by
   * the HTTP API's view (rules/owner.ts), absent from an in-page game's.
   */
  awaiting?: { side: string; kind: string } | null;
  /**
   * Blast radius per weapon id, or per unit type for invaders (doom2004): such an attack hits every
   * space within that many spaces of the target space, counted like range. Lets a board draw the area.
   */
  blast?: Record<string, number>;
}

export type ApplyResult = { ok: true; events: GameEvent[] } | { ok: false; refusal: Refusal };

/**
 * What a ruleset implements (its starting state comes from its own init function). Functions are
 * pure apart from mutating the state they are given.
 */
export interface RulesetEngine<S> {
  /** Every command the rules allow now (for `actor` only, when given). */
  legalActions(state: S, actor?: string): Command[];
  /** Apply a command to `state` (a private copy): events, or a refusal (the copy is then discarded). */
  apply(state: S, command: Command): GameEvent[] | Refusal;
  /** The position as a board view draws it. */
  view(state: S): GameView;
  /**
   * A deep copy of the state; rulesets whose state holds large read-only data (frozen) may share
   * it between copies. Defaults to a plain-data copy (plain-copy.ts: what structuredClone gives, faster).
   */
  clone?(state: S): S;
}
