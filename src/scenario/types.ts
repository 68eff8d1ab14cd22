/**
 * The scenario format: a board (as the grid core reads it) plus what the rules need — figure
 * types and state, data sets, objectives and a seed. Frozen in src/scenario/scenario.schema.json.
 */
import type { EdgeInput } from '../core/board-input.ts';
import type { Ruleset } from '../core/types.ts';

export interface ScenarioFigure {
  id: string;
  /** Shown on the board and in explanations; defaults to a readable form of the id. */
  name?: string;
  /** Side (player) the figure belongs to; different sides are hostile. */
  side: string;
  /** A key into the ruleset's unit data set (e.g. "imp", "marine", "stormtrooper"). */
  type: string;
  x: number;
  y: number;
  /** Footprint; defaults to the unit data's size, else 1×1. */
  w?: number;
  h?: number;
  /** Starting state, e.g. { "damage": 2 }. */
  state?: Record<string, unknown>;
}

/** A reference to a bundled or user data set by name, or the data set inline. */
export type DataRef = string | Record<string, unknown>;

export interface Objective {
  /** e.g. "eliminate" (a side wins when no enemy figure is left), "survive-rounds". */
  kind: string;
  side: string;
  [key: string]: unknown;
}

/** A token on a cell (item, portal, key, ...); further fields depend on the kind. */
export interface ScenarioToken {
  id?: string;
  kind: string;
  x: number;
  y: number;
  [field: string]: unknown;
}

/** A scenario edge: the core's edge plus, for a doom2004 security door, the key colour that opens it. */
export type ScenarioEdge = EdgeInput & { key?: string };

/** A doom2004 area revealed when a marine first sees into it (RULES §3 exploring). */
export interface ScenarioArea {
  id: string;
  /** Rectangles [x, y, w, h]. */
  cells: [number, number, number, number][];
  revealed?: boolean;
  figures?: ScenarioFigure[];
  tokens?: ScenarioToken[];
}

export interface Scenario {
  ruleset: Ruleset;
  title?: string;
  notes?: string;
  map: string[];
  edges?: ScenarioEdge[];
  figures: ScenarioFigure[];
  tokens?: ScenarioToken[];
  areas?: ScenarioArea[];
  /** Sides in turn order. */
  sides: string[];
  /** Data sets by role: "units" (characters/demons/invaders), "weapons", "dice", ... */
  data?: Record<string, DataRef>;
  objectives?: Objective[];
  /** Ruleset-specific mission settings (see the schema). */
  mission?: Record<string, unknown>;
  seed?: number;
  /** A worked example, step by step (mode="replay"; src/scenario/steps.ts). */
  steps?: ScenarioStep[];
}

/** One step of a worked example: a command, or a selection (a figure, a target, a reach); a caption and highlights. */
export interface ScenarioStep {
  command?: { type: string; [field: string]: unknown };
  select?: string;
  target?: string;
  reach?: number;
  /** A small Markdown subset, shown as text. */
  caption?: string;
  highlight?: { spaces?: [number, number][]; lines?: [[number, number], [number, number]][]; rule?: string };
}
