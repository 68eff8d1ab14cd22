/**
 * The scenario format: a board (as the grid core reads it) plus what the rules need — figure
 * types and state, data sets, objectives and a seed. Frozen in src/scenario/scenario.schema.json.
 */
import type { EdgeInput } from '../core/board-input.ts';
import type { Ruleset } from '../core/types.ts';

export interface ScenarioFigure {
  id: string;
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

export interface Scenario {
  ruleset: Ruleset;
  title?: string;
  notes?: string;
  map: string[];
  edges?: EdgeInput[];
  figures: ScenarioFigure[];
  /** Sides in turn order. */
  sides: string[];
  /** Data sets by role: "units" (characters/demons/invaders), "weapons", "dice", ... */
  data?: Record<string, DataRef>;
  objectives?: Objective[];
  seed?: number;
}
