/**
 * The `doom-*` events of `<doom-board>`. Every event is a `CustomEvent` that bubbles and is
 * composed (it crosses shadow roots), with a typed `detail`.
 */
import type { Command, GameEvent } from '../src/rules/types.ts';

export interface CellRef {
  x: number;
  y: number;
}

export interface ReadyDetail {
  ruleset: string;
  width: number;
  height: number;
  mode: string;
  title?: string;
}
export interface SelectDetail {
  /** The selected figure, or null when the selection was cleared. */
  figure: string | null;
  at: CellRef | null;
}
export interface TargetDetail {
  figure: string;
  target: string;
  los: boolean;
  cover: boolean;
  range: number;
  /** The one-line explanation citing the rule, as the line under the board words it (spaces "C4", figures by name). */
  summary: string;
}
export interface MoveDetail {
  figure: string;
  from: CellRef;
  to: CellRef;
  /** MP (or squares) the move cost when known. */
  cost?: number;
}
export interface DoorDetail {
  /** Index of the door in the scenario's `edges`. */
  edge: number;
  open: boolean;
}
export interface ActionDetail {
  command: Command;
  events: GameEvent[];
}
export interface ChangeDetail {
  /** The edited scenario (the same JSON the editor exports). */
  scenario: unknown;
}
export interface HintDetail {
  text: string;
}
export interface ErrorDetail {
  /** A readable one-line message. */
  message: string;
  /** Every problem found, e.g. `figures[3].x: 41 is outside the 30×20 map`. */
  problems: string[];
  /** What failed: the scenario, the state in the page URL, a command, the engine. */
  source: 'scenario' | 'url' | 'command' | 'engine';
}

/** A worked example moved to a step (replay): `step` 0 is the position before step 1. */
export interface StepDetail {
  step: number;
  of: number;
  caption: string;
}

export interface DoomEventMap {
  'doom-ready': CustomEvent<ReadyDetail>;
  'doom-select': CustomEvent<SelectDetail>;
  'doom-target': CustomEvent<TargetDetail>;
  'doom-move': CustomEvent<MoveDetail>;
  'doom-door': CustomEvent<DoorDetail>;
  'doom-action': CustomEvent<ActionDetail>;
  'doom-undo': CustomEvent<{ history: number }>;
  'doom-change': CustomEvent<ChangeDetail>;
  'doom-hint': CustomEvent<HintDetail>;
  'doom-error': CustomEvent<ErrorDetail>;
  'doom-step': CustomEvent<StepDetail>;
}

/** Create a `doom-*` event: bubbles, composed, typed detail. */
export function doomEvent<K extends keyof DoomEventMap>(type: K, detail: DoomEventMap[K]['detail']): DoomEventMap[K] {
  return new CustomEvent(type, { detail, bubbles: true, composed: true }) as DoomEventMap[K];
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends DoomEventMap {}
}

/** The list of problems an engine error carries (`BoardError`, `ScenarioError`), or none. */
export const problemsOf = (e: unknown): string[] =>
  e && typeof e === 'object' && Array.isArray((e as { problems?: unknown }).problems) ? ((e as { problems: string[] }).problems) : [];
