/**
 * The hints' search (issue 23): the best few plans by the exact odds are played out on determinized
 * copies of the game (autopilot/search.ts: reshuffled hidden cards, fresh dice, no peeking) and the
 * one that plays out best goes first. The autopilot plays each plan out four times for up to 12
 * commands (AUTOPILOT_SEARCH); a hint affords one rollout of 8 commands, both sides greedy: hints
 * and search p95 3.5 ms in Chromium on the tutorial's positions, 3.4–4.7 ms on a 26×26 board with 16
 * figures (bench/RESULTS.md, AI browser bench; two rollouts of 12 took 18 ms there, over the hints'
 * 16 ms). Played by the autopilot, this smaller search wins as the tutorial's
 * marines against greedy 88.0% / 87.5% (seeds 1–200 / 201–400; without a search 79.5% / 83.0%;
 * bench/RESULTS.md, AI). doom2004's hints play out the default autopilot's own search instead
 * (DOOM2004_HINT_SEARCH: the planner on both sides), as the strong hints do the strong one's.
 * The work is a fixed number of rollouts: the same state gives the same hints on any machine.
 */
import type { GameState } from '../../rules/engine.ts';
import { bestMean, DOOM2004_AUTOPILOT_SEARCH, DOOM2004_SEARCH, playedCommands, rolloutMeans, withinWork, type SearchOptions } from '../autopilot/search.ts';
import type { AiStrength } from '../strength.ts';
import type { Plan } from './plan.ts';
import { dominated } from './dominance.ts';

/** A search of the hints: the plans played out (`candidates`) and how (SearchOptions). */
type HintSearch = SearchOptions & { candidates: number; rulesets: readonly string[]; rollouts: number; byPlanner?: boolean };

/** The plans played out, the rollouts each, their horizon, and the rulesets where the hints search. */
export const HINT_SEARCH = { candidates: 3, rollouts: 1, rounds: 0, maxCommands: 8, rulesets: ['doom2016'] } as const;

/**
 * The hints at the `strong` strength (src/ai/strength.ts): the strong autopilot's search (DOOM2004_SEARCH:
 * the 4 best plans, up to two play-outs each by the planner on both sides) over the figure's plans, so
 * the first hint is what that search picks among them (the autopilot also weighs the other figures
 * that could act). Where it does not apply, the hints are `standard`'s.
 */
export const STRONG_HINT_SEARCH: HintSearch = { ...DOOM2004_SEARCH, byPlanner: true };

/**
 * doom2004's hints by default: the default autopilot's search (DOOM2004_AUTOPILOT_SEARCH: the 3 best
 * plans, one play-out each of up to 8 commands by the planner on both sides) over the figure's plans,
 * so the first hint is what the autopilot would play among them.
 */
export const DOOM2004_HINT_SEARCH: HintSearch = { ...DOOM2004_AUTOPILOT_SEARCH, byPlanner: true };

/** The search the hints of this game get at this strength, or null. */
export function hintSearch(state: GameState, strength: AiStrength): HintSearch | null {
  for (const search of strength === 'strong' ? [STRONG_HINT_SEARCH, DOOM2004_HINT_SEARCH] : [DOOM2004_HINT_SEARCH]) {
    if (search.rulesets.includes(state.ruleset) && withinWork(state, search)) return search;
  }
  return (HINT_SEARCH.rulesets as readonly string[]).includes(state.ruleset) ? HINT_SEARCH : null;
}

/**
 * `plans` (ranked by the odds) with the first HINT_SEARCH.candidates played out: each of those gets
 * its mean result (`playedOut`), and the best of them goes first (ties keep the odds' order). The
 * plans as they were when the search cannot run: without the rules engine here, with fewer than two
 * plans to compare, or when the first works on the mission's objective. Never cut short by a clock
 * (issue 44: a deadline made a loaded machine answer the plans unsearched).
 */
export function searchPlans(state: GameState, side: string, plans: Plan[], search: HintSearch = HINT_SEARCH): Plan[] {
  const searched = plans.slice(0, search.candidates);
  // A first plan that works on the mission (opens a door, picks up a token) stays first: its worth
  // is the objective's, which a rollout of a few commands never reaches, while the demons a door
  // summons count against it at once (a hint not to open the tutorial's door was the result). The
  // strong search's play-outs are the planner's, which works on the mission too: as the strong
  // autopilot, it judges those plans like the others.
  if (searched.length < 2 || (!search.byPlanner && searched[0].arrive?.length)) return plans;
  // The strong search plays out only the plans no other one dominates, as the autopilot's search does.
  const live = searched.map((p) => !search.byPlanner || !dominated(p, searched));
  if (live.filter(Boolean).length < 2) return plans;
  const played = rolloutMeans(state, side, searched.filter((_, k) => live[k]).map(playedCommands), search);
  if (!played) return plans;
  let j = 0;
  const means = searched.map((_, k) => (live[k] ? played[j++] : null));
  // A plan another one dominates (the same without an attack that can hurt) is never put first.
  const best = bestMean(means.map((m, k) => (dominated(searched[k], searched) ? null : m)));
  if (best < 0) return plans;
  const out = plans.map((p, k) => (typeof means[k] === 'number' ? { ...p, playedOut: means[k] } : p));
  const [top] = out.splice(best, 1);
  // Said only when it is so: among equals the odds' order stands, and the reason stays as it was.
  const alone = means.every((m, k) => k === best || m === null || m < means[best]!);
  // Said as what it is: a few sampled playouts (one each for a hint), not odds.
  const count = search.rollouts === 1 ? 'once' : search.byPlanner ? `up to ${search.rollouts === 2 ? 'twice' : `${search.rollouts} times`}` : `${search.rollouts} times`;
  const times = search.byPlanner ? `${count} by the autopilot on both sides` : count;
  return [alone ? { ...top, reason: `${top.reason}; the best of the top ${searched.length} when each is played out ${times}` } : top, ...out];
}
