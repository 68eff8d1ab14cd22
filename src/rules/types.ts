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
}
