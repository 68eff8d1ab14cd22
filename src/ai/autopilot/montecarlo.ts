/**
 * A flat Monte-Carlo player (issue 23): the outside peer the autopilot is measured against, in the
 * spirit of boardgame.io's MCTSBot without the tree. Every legal command gets the same number of
 * rollouts; each rollout plays the command on a determinized copy (reshuffled hidden cards, fresh
 * dice: determinize.ts) and then random legal commands for every side, up to a depth; the command
 * with the best mean result is played. Its budget is a number of rollouts, so it plays the same
 * game on any machine; bench/ai-strength.bench-run.ts sets it to about the autopilot's time budget.
 */
import type { GameState } from '../../rules/engine.ts';
import { rulesetModule } from '../../rules/registry.ts';
import type { Command, RulesetEngine } from '../../rules/types.ts';
import { determinize } from './determinize.ts';
import { lcg, type Policy } from './policy.ts';
import { countOption, rolloutResult, standing, type Standing, type StandingOptions } from './standing.ts';

/** The peer counts the demons a door will summon as the invader's already: its marines play the mission (standing.ts). */
const PEER_STANDING: StandingOptions = { toSummon: true };

export interface MonteCarloOptions {
  /** Rollouts for each legal command (default 1: about the autopilot's 40 ms a decision here). */
  rollouts?: number;
  /** Commands a rollout plays after the candidate before it is scored (default 10). */
  depth?: number;
  seed?: number;
}

export function monteCarloPolicy(o: MonteCarloOptions = {}): Policy {
  const per = countOption('rollouts', o.rollouts ?? 1, 1);
  const depth = countOption('depth', o.depth ?? 10, 0);
  const seed = o.seed ?? 1;
  let decisions = 0;
  return {
    name: `flat Monte-Carlo (${per} rollout${per === 1 ? '' : 's'} a command, depth ${depth})`,
    // A new game starts the seeds' sequence again: the same game replays the same.
    reset() {
      decisions = 0;
    },
    choose({ state, side, legal }) {
      decisions++;
      if (legal.length === 1) return legal[0];
      const rules = rulesetModule(state.ruleset)!.rules as RulesetEngine<GameState>;
      const before = standing(rules, state, PEER_STANDING);
      const pick = lcg(seed * 7919 + decisions);
      let best = legal[0];
      let bestMean = -1;
      legal.forEach((command, k) => {
        let total = 0;
        for (let i = 0; i < per; i++) {
          const copy = rules.clone ? rules.clone(state) : structuredClone(state);
          determinize(copy, side, (seed * 1_000_003 + decisions * 8191 + k * 131 + i) >>> 0);
          total += rollout(rules, copy, command, depth, pick, side, before);
        }
        const mean = total / per;
        if (mean > bestMean) [best, bestMean] = [command, mean];
      });
      return best;
    },
  };
}

/**
 * Play `first`, then random legal commands (a random kind, then one of it) up to `depth`; the result
 * for `side` (standing.ts). Also the bench's estimate of a plan's worth (bench/ai-plan-agreement).
 */
export function rollout(rules: RulesetEngine<GameState>, s: GameState, first: Command, depth: number, r: () => number, side: string, before: Standing): number {
  if (!Array.isArray(rules.apply(s, structuredClone(first)))) return 0;
  for (let n = 0; n < depth && s.winner === null; n++) {
    const legal = rules.legalActions(s);
    if (!legal.length) break;
    const kinds = [...new Set(legal.map((c) => c.type))];
    const kind = kinds[Math.floor(r() * kinds.length)];
    const of = legal.filter((c) => c.type === kind);
    // A refused command (the rules may have changed the copy before refusing): score what is there.
    if (!Array.isArray(rules.apply(s, of[Math.floor(r() * of.length)]))) break;
  }
  return rolloutResult(rules, s, side, before, PEER_STANDING);
}
