/**
 * The autopilot's search (issue 23): the plans the exact odds rank highest are the candidates
 * (pruning by the odds: what they rank low is never searched), and each is played out on
 * determinized copies of the game (determinize.ts: reshuffled hidden cards, fresh dice — no peeking)
 * through the real engine, both sides then following the greedy policy to a horizon, scored by how
 * the game stands (standing.ts). Every candidate meets the same determinizations (common random
 * numbers), so the comparison measures the plans, not the luck. The work is a fixed number of
 * rollouts: the same state gives the same choice on any machine.
 */
import type { GameState } from '../../rules/engine.ts';
import { rulesetModule } from '../../rules/registry.ts';
import type { Command, RulesetEngine } from '../../rules/types.ts';
import type { Plan } from '../hints/plan.ts';
import { determinize } from './determinize.ts';
import { kitingGreedyPolicy } from './kiting.ts';
import { greedyPolicy, type Policy } from './policy.ts';
import { decidingSide, sideOfCommand } from './sides.ts';
import { countOption, rolloutResult, standing, type Standing } from './standing.ts';

/**
 * The commands a plan is played out with: its own, then the move out of reach it plans after the
 * attack (`then`) and the activation's end — the rollouts' greedy play would walk on towards the
 * enemies instead. (The autopilot itself plans again after the attack: its dice may change what is best.)
 */
export function playedCommands(plan: Plan): Command[] {
  return plan.then ? [...plan.commands, ...plan.then.commands, { type: 'end', figure: plan.figure }] : plan.commands;
}

/** A search the planner can be given: which of the candidates (command sequences) to play. */
export interface PlanSearch {
  /** Plans searched per decision: the best by the exact odds (default 3). */
  candidates?: number;
  /** The rulesets it searches in (default: all); elsewhere the planner's first plan is played. */
  rulesets?: readonly string[];
  /** Whether this game is searched at all beyond its ruleset (SearchOptions `maxWork`); default yes. */
  applies?(state: GameState): boolean;
  /** The index of the candidate to play; -1: none searched (the planner's first stands). */
  best(state: GameState, side: string, candidates: Command[][]): number;
}

/** The rollout search with these options, for `plannerPolicy({ search })`. */
export function rolloutSearch(o: SearchOptions & Pick<PlanSearch, 'candidates' | 'rulesets'> = {}): PlanSearch {
  for (const [name, min] of [['candidates', 1], ['rollouts', 1], ['rounds', 0], ['maxCommands', 0], ['steps', 0], ['maxWork', 0]] as const) {
    if (o[name] !== undefined) countOption(name, o[name], min);
  }
  return {
    candidates: o.candidates,
    rulesets: o.rulesets,
    applies: (state) => withinWork(state, o),
    best: (state, side, candidates) => bestByRollouts(state, side, candidates, o),
  };
}

/**
 * Cells × figures of the game's board: what one decision of the planner grows with (each figure
 * that may act is planned on the whole board), so what a rollout step costs when the planner plays it.
 */
export function boardWork(state: GameState): number {
  return state.board.width * state.board.height * state.figures.length;
}

/** Whether a search with these options runs on this game: its board's work within `maxWork`. */
export const withinWork = (state: GameState, o: SearchOptions): boolean => o.maxWork === undefined || boardWork(state) <= o.maxWork;

/**
 * The autopilot's search unless told otherwise (issue 23): the 6 best plans by the exact odds, each
 * played out four times to the round's end or 12 commands, both sides greedy in the rollouts (its own
 * marines stepping back after attacking, kiting.ts), in
 * doom2016 — where it pays: the tutorial's marines against greedy 81.3% without it, 90.5% with it
 * (seeds 1–400; bench/RESULTS.md, AI). Six candidates instead of three: against the Monte-Carlo peer
 * 45.3% against 39.3% (seeds 1–400), against greedy 94.0% (93.0%), at about 7 ms a decision against 4;
 * nine or fourteen searched no better, and six of the plans of different choices (distinct.ts) worse.
 * Rollouts with the planner playing the searching side (the first default: 3 × 2, `own`) cost more
 * and won less (86.5% against greedy, 5 ms); since the marines shoot and scoot (hints/plan.ts
 * `then`), the searching side's rollouts are played by greedy marines that step back after
 * attacking too (kiting.ts): against the peer 64.5% of 400 games, 57.5% with plain greedy. doom2004 and d20 meet their targets without it and their
 * decisions cost more, so it stays off there.
 * Its work is capped at 100 rollout steps (`steps`; issue 39): the four rounds of rollouts took the
 * searched decision's p95 to 111 ms of CPU in the bench's games on this 2-core machine at load 7.5
 * (65–69 ms quiet), over the 50 ms a searched decision may take; with the cap a round starts only
 * while fewer than 100 steps are played. Calibration (2026-11-29, bench/RESULTS.md issue 39; p95 of
 * the bench's searched doom2016 decisions at load 8–11, runs spread widely): 60 steps 29.5 ms, 100
 * steps 50.0 and 52.1 ms, 120 steps 40.5 ms, 150 steps 61.6 ms, 180 steps 48.4 ms, 240 steps 94.2 ms.
 */
export const AUTOPILOT_SEARCH = { candidates: 6, rollouts: 4, rounds: 0, maxCommands: 12, steps: 100, rulesets: ['doom2016'], own: kitingGreedyPolicy } as const;

/**
 * The planner without search, as a rollout player: planner.ts registers it when it is loaded (the
 * planner uses this module, so this module cannot import it: src/ has no import circles, and the
 * rulesets register with the rules engine the same way). Greedy until then.
 */
let plannerFactory: () => Policy = greedyPolicy;
export function setRolloutPlanner(factory: () => Policy): void {
  plannerFactory = factory;
}
export const rolloutPlanner = (): Policy => plannerFactory();

/**
 * The doom2004 search (issue 39; opt-in, planner.ts `STRONG_SEARCHES`): the 4 best plans by the
 * exact odds, each played out twice (the second round only while under 100 steps) to the round's
 * end or 12 commands, **both sides played by the planner** (no search). Against the planner alone,
 * duplicate-scored on the skirmish, it gained about +30 points (bench/RESULTS.md, AI), where the
 * same search with greedy rollouts gained nothing (+0.5 ± 9.9): a doom2004 position is judged by how
 * the next commands go when both sides play well. Not the default: every rollout step is a planner
 * decision (1–40 ms), so a searched decision takes 0.1–1.3 s of CPU (p95 about 0.3 s), over the 50 ms
 * a default answer may take. `maxWork`: only boards of the skirmish's size (cells × figures ≤ 3000;
 * on a 26×26 board with 16 figures one hint searched this way, in a trial, took 1.6 s).
 */
export const DOOM2004_SEARCH = { candidates: 4, rollouts: 2, rounds: 0, maxCommands: 12, steps: 100, maxWork: 3000, rulesets: ['doom2004'], own: rolloutPlanner, opponent: rolloutPlanner } as const;

/**
 * doom2004's search by default (issue 39): DOOM2004_SEARCH cut to fit the 50 ms a default answer may
 * take — the 3 best plans, one play-out each of up to 8 commands, the planner on both sides. Against
 * the planner alone, duplicate-scored on the skirmish over 200 seed pairs, +19.0 ± 9.7 points (the
 * strong search: +31.5 ± 8.7), at 3.6 ms of CPU a decision on average and at most 23–25 ms in the
 * bench's games (AMD EPYC; bench/RESULTS.md, AI). The same `maxWork` as the strong search.
 */
export const DOOM2004_AUTOPILOT_SEARCH = { candidates: 3, rollouts: 1, rounds: 0, maxCommands: 8, maxWork: 3000, rulesets: ['doom2004'], own: rolloutPlanner, opponent: rolloutPlanner } as const;

export interface SearchOptions {
  /** Determinized rollouts per candidate (default 4). */
  rollouts?: number;
  /** A rollout stops at the end of this many rounds after the current one… (default 0: this round's end) */
  rounds?: number;
  /** …or after this many commands (default 60). */
  maxCommands?: number;
  /**
   * The work budget of one search, in rollout steps (each command a rollout plays, the candidates'
   * own included, all candidates together): no further round of rollouts starts once the rounds
   * played have used it (default: none, all `rollouts` rounds). A count, never a clock (issue 44).
   */
  steps?: number;
  /**
   * Search only games whose board's work (`boardWork`: cells × figures) is at most this (default:
   * any): a rollout step the planner plays costs about that, and the first round is always played.
   */
  maxWork?: number;
  /** Who plays `side` in the rollouts (default: greedy, like the other side; cheaper than the planner, and it searched better; AUTOPILOT_SEARCH: kiting.ts). */
  own?: () => Policy;
  /**
   * Who plays the other sides in the rollouts (default: greedy). The planner (a stronger, costlier
   * opponent) and random play searched no better against the Monte-Carlo peer (bench/RESULTS.md, AI).
   */
  opponent?: () => Policy;
}

/**
 * The index of the candidate (a sequence of commands for `side`, played first) with the best mean
 * rollout result; ties keep the earlier (higher-ranked) candidate. -1 when none can be played.
 * No clock is read (issue 44): the same state and candidates give the same answer on any machine.
 */
export function bestByRollouts(state: GameState, side: string, candidates: Command[][], o: SearchOptions = {}): number {
  const means = rolloutMeans(state, side, candidates, o);
  return means ? bestMean(means) : -1;
}

/** The index of the best mean (the first of equals), -1 when none is a number. */
export function bestMean(means: (number | null)[]): number {
  let best = -1;
  for (const [k, mean] of means.entries()) if (mean !== null && (best < 0 || mean > means[best]!)) best = k;
  return best;
}

/**
 * Each candidate's mean rollout result for `side` (0 lost … 0.5 even … 1 won, standing.ts), null
 * for one that cannot be played. null when there is nothing to play out with (no rules engine
 * loaded here: an AI built without it).
 */
export function rolloutMeans(state: GameState, side: string, candidates: Command[][], o: SearchOptions = {}): (number | null)[] | null {
  const module = rulesetModule(state.ruleset);
  if (!module) return null;
  const rules = module.rules as RulesetEngine<GameState>;
  const n = o.rollouts ?? 4;
  const before = standing(rules, state);
  // Seeds from the position only (round, commands' count is unknown here): the same state, the same draws.
  const base = (state.rng.s ^ Math.imul(state.round, 0x9e3779b1)) >>> 0;
  const totals: (number | null)[] = candidates.map(() => 0);
  // In rounds: the i-th rollout of every candidate (the same determinization for all), then the
  // next round while the steps played leave some of the budget (`steps`): every candidate is
  // always judged on as many rollouts as the others, and the first round is always played.
  const work = { steps: 0 };
  let played = 0;
  for (let i = 0; i < n && (i === 0 || work.steps < (o.steps ?? Infinity)); i++, played++) {
    for (const [k, commands] of candidates.entries()) {
      if (totals[k] === null) continue;
      const copy = rules.clone ? rules.clone(state) : structuredClone(state);
      determinize(copy, side, (base + Math.imul(i + 1, 0x85ebca6b)) >>> 0);
      const v = playOut(rules, copy, commands, side, before, o, work);
      totals[k] = v === null ? null : totals[k]! + v;
    }
  }
  return totals.map((t) => (t === null ? null : t / played));
}

/** `commands` first (null if the first is refused), then greedy play for every side to the horizon. */
function playOut(rules: RulesetEngine<GameState>, s: GameState, commands: Command[], side: string, before: Standing, o: SearchOptions, work: { steps: number }): number | null {
  for (const [i, c] of commands.entries()) {
    work.steps++;
    if (Array.isArray(rules.apply(s, structuredClone(c)))) continue;
    if (i === 0) return null;
    break; // a later step refused (e.g. the dice killed the target first): go on from here
  }
  const lastRound = s.round + (o.rounds ?? 0);
  const greedy = greedyPolicy();
  const mine = o.own?.() ?? greedy;
  const other = o.opponent?.() ?? greedy;
  for (let n = 0; n < (o.maxCommands ?? 60) && s.winner === null && s.round <= lastRound; n++) {
    const legal = rules.legalActions(s);
    if (!legal.length) break;
    const sides = new Set(legal.map((c) => sideOfCommand(s, c)));
    const who = decidingSide(s, legal, sides.size > 1 ? rules.view(s).side : null)!;
    const theirs = legal.filter((c) => sideOfCommand(s, c) === who);
    work.steps++;
    if (!Array.isArray(rules.apply(s, (who === side ? mine : other).choose({ state: s, side: who, legal: theirs, budgetMs: 40 })))) break;
  }
  return rolloutResult(rules, s, side, before);
}

