/**
 * How a game stands for a side, for scoring unfinished rollouts (the Monte-Carlo peer and the
 * autopilot's search): each side's health left on the board, a figure at full health counting 1,
 * less a figure for every kill token / frag point the enemy scored (doom2016 and doom2004 marines
 * come back after dying: the kill stays in the score); for the peer, with the doom2016 invader's
 * demons still to be summoned counted as on the board (`toSummon`).
 */
import type { GameState } from '../../rules/engine.ts';
import type { RulesetEngine } from '../../rules/types.ts';
import type { Doom2016State } from '../../rules/doom2016/types.ts';
import { summonGroups } from '../../rules/doom2016/invader.ts';

export type Standing = Map<string, number>;

export interface StandingOptions {
  /**
   * doom2016: count the demons the portals still on the board will summon (the largest group of
   * each portal's colour) as the invader's already. They come when a marine first opens a door,
   * which the marines must do to win; counted only once on the board, the summon reads as a loss
   * of several figures, and the peer's marines never opened a door (186 draws in 200 games against
   * the autopilot's invader). The autopilot's search leaves it off: its marines then open the door
   * later, after the demons in sight, and win more (bench/RESULTS.md, AI: 362 of 400 games against
   * greedy, 345 with it).
   */
  toSummon?: boolean;
}

function toSummon(s: Doom2016State): number {
  if (s.mission.summon === 'never') return 0;
  let n = 0;
  for (const t of s.tokens) if (t.kind === 'portal') n += Math.max(0, ...summonGroups(s, t.color as string).map((g) => g.demons.length));
  return n;
}

export function standing(rules: RulesetEngine<GameState>, s: GameState, o: StandingOptions = {}): Standing {
  const out: Standing = new Map();
  for (const f of rules.view(s).figures) {
    const left = f.health === undefined ? 1 : Math.max(0, f.health - (f.damage ?? 0)) / f.health;
    out.set(f.side, (out.get(f.side) ?? 0) + left);
  }
  if (s.ruleset === 'doom2016') {
    out.set(s.marineSide, (out.get(s.marineSide) ?? 0) - s.invader.kills);
    if (o.toSummon) out.set(s.invaderSide, (out.get(s.invaderSide) ?? 0) + toSummon(s));
  }
  if (s.ruleset === 'doom2004') out.set(s.marineSide, (out.get(s.marineSide) ?? 0) - s.fragPoints);
  return out;
}

/**
 * A rollout's result for `side`, in [0, 1]: 1 won, 0 lost; an unfinished game 0.5 moved by the
 * standing gained over the enemies since `before`, a whole figure's worth = 0.1.
 */
export function rolloutResult(rules: RulesetEngine<GameState>, s: GameState, side: string, before: Standing, o: StandingOptions = {}): number {
  if (s.winner !== null) return s.winner === side ? 1 : 0;
  const after = standing(rules, s, o);
  let gain = 0;
  for (const k of new Set([...before.keys(), ...after.keys()])) {
    const d = (after.get(k) ?? 0) - (before.get(k) ?? 0);
    gain += k === side ? d : -d;
  }
  return Math.min(0.95, Math.max(0.05, 0.5 + 0.1 * gain));
}

/** A count option of the rollout players (rollouts, depth, …): an integer ≥ `min`, else a RangeError naming it. */
export function countOption(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) throw new RangeError(`${name} must be an integer ≥ ${min}, not ${value}`);
  return value;
}
