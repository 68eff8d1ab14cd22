/** The hint hook's types: what a page's hint provider is told and may answer (the `hints` property). */
import type { Command, GameView } from '../src/rules/types.ts';

/** A hint for the side to act (its text, and cells to highlight). */
export interface Hint {
  text: string;
  /** Cells to highlight. */
  cells?: { x: number; y: number }[];
}
/** What a hint provider is told. */
export interface HintContext {
  view: GameView;
  selected: string | null;
  legalActions: Command[];
}
export type HintProvider = (context: HintContext) => Hint | string | null | Promise<Hint | string | null>;
