/**
 * What a doom2004 attack's odds are computed from (the dice, the range, the figures hit, the
 * re-roll): shared by the odds (doom2004.ts), the roll's arithmetic (doom2004-roll.ts) and the
 * best-set re-roll (doom2004-best-set.ts), which therefore do not import one another in a circle.
 */
import type { D4Face } from '../../rules/doom2004/state.ts';

export interface Doom2004Target {
  armor: number;
  /** Wounds still needed to kill / frag. */
  left: number;
  /** False for a figure outside the attack that only exploding barrels reach (default true). */
  struck?: boolean;
  /** Barrels that go off next to the figure when the hit deals any damage (default 0). */
  barrels?: number;
}

export interface Doom2004Spec {
  /** Each die: its faces. Dice of the same colour share a key. */
  dice: readonly { colour: string; faces: readonly D4Face[] }[];
  /** The target space's range (ignored by melee). */
  range: number;
  accuracy?: number;
  deadly?: number;
  melee?: boolean;
  /**
   * The figures hit: the nominated one first, then the rest of a blast area, then the figures only
   * exploding barrels reach. May be empty (a barrel with nobody near).
   */
  targets: readonly Doom2004Target[];
  /** Who re-rolls: the aiming attacker, or the dodging target (RULES §3: never both). */
  reroll?: 'aim' | 'dodge' | null;
  /** A per-die policy to use instead of the best set (faces re-rolled per colour). */
  policy?: Record<string, boolean[]>;
}
