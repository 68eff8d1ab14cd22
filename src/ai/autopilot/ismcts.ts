/**
 * Information-set Monte-Carlo tree search over the engine's legal commands (issue 39): the search
 * peer the AI is measured against, and the search the AI itself may use.
 *
 * Each iteration deals one guess at what the deciding side cannot see (determinize.ts: every deck
 * reshuffled, the opponent's hands redealt from hand and deck, fresh dice — no peeking), walks down
 * one tree shared by all guesses (single-observer ISMCTS: a child is scored against how often it was
 * available, since a guess may not allow it), adds one command, plays on with a rollout policy
 * (greedy for every side, its own doom2016 marines stepping back after attacking: kiting.ts) to a
 * horizon, and scores how the game stands then (standing.ts). Every node of either side chooses by
 * UCB1 for the side that decides there. The commands a node may try grow with its visits
 * (progressive widening), in the order of a cheap prior (prior.ts), so a figure with eighty
 * reachable spaces still gets its attacks and the greedy step tried first.
 *
 * Its budget is a number of iterations, never time (issue 44): the same state, seed and budget give
 * the same choice on any machine.
 */
import type { GameState } from '../../rules/engine.ts';
import { rulesetModule } from '../../rules/registry.ts';
import type { Command, RulesetEngine } from '../../rules/types.ts';
import { determinize } from './determinize.ts';
import { kitingGreedyPolicy } from './kiting.ts';
import { greedyPolicy, type Policy } from './policy.ts';
import { priorOrder } from './prior.ts';
import type { PlanSearch } from './search.ts';
import { decidingSide, sideOfCommand } from './sides.ts';
import { countOption, rolloutResult, standing, type StandingOptions } from './standing.ts';

export interface TreeSearchOptions {
  /** Iterations per decision (default 96: about the autopilot's 40 ms budget a decision on the project's machine). */
  iterations?: number;
  /** Commands played from the decision before a rollout is scored, tree and rollout together (default 24)… */
  maxCommands?: number;
  /** …or the end of this many rounds after the current one (default 0: this round's end). */
  rounds?: number;
  /** UCB1's exploration constant (default 0.7; results lie in [0, 1]). */
  exploration?: number;
  /** Commands a node may try: `widenBase` + √visits (default 3). */
  widenBase?: number;
  /** Seeds the guesses (default 1). */
  seed?: number;
  /** How rollouts score an unfinished game (default: the doom2016 demons still to summon counted, as the flat peer does). */
  standing?: StandingOptions;
  /** Who plays the searching side in rollouts (default kiting greedy) and the others (default greedy). */
  own?: () => Policy;
  opponent?: () => Policy;
}

interface Node {
  /** The side that chose the move leading here (whose results `total` sums). */
  who: string;
  /** The move: one command, or at the root a plan's commands. */
  command: Command[] | null;
  visits: number;
  /** How often this node's command was among those its parent could try (ISMCTS availability). */
  avail: number;
  total: number;
  children: Map<string, Node>;
}

const node = (who: string, command: Command[] | null): Node => ({ who, command, visits: 0, avail: 0, total: 0, children: new Map() });
const keyOf = (c: Command) => JSON.stringify(c);

/** The deciding side's legal commands in `s` (null when nobody decides). */
function deciding(rules: RulesetEngine<GameState>, s: GameState): { who: string; legal: Command[] } | null {
  const all = rules.legalActions(s);
  if (!all.length) return null;
  const sides = new Set(all.map((c) => sideOfCommand(s, c)));
  const who = decidingSide(s, all, sides.size > 1 ? rules.view(s).side : null);
  if (who === null) return null;
  return { who, legal: all.filter((c) => sideOfCommand(s, c) === who) };
}

export interface TreeSearchResult {
  /** Index into the legal commands asked about. */
  index: number;
  /** Each legal command's visits and mean result for the side deciding (null: never tried). */
  stats: { visits: number; mean: number | null }[];
}

/**
 * Search from `state` for `side` among `legal` (its legal commands now). Deterministic for a given
 * state, options and seed. null without a rules engine for the state's ruleset.
 */
export function treeSearch(state: GameState, side: string, legal: Command[], o: TreeSearchOptions = {}): TreeSearchResult | null {
  const order = priorOrder(state, side, legal);
  const stats = searchFrom(state, side, order.map((c) => [c]), false, o);
  if (!stats) return null;
  const at = new Map(order.map((c, k) => [keyOf(c), k]));
  const byLegal = legal.map((c) => stats[at.get(keyOf(c))!]);
  return { index: legal.indexOf(order[mostVisited(stats)]), stats: byLegal };
}

/**
 * The same search with `candidates` (command sequences for `side`, best first: the planner's plans)
 * as the only moves at the root, every one of them tried (issue 39: the planner as the search's
 * prior); below them the tree goes on over legal commands. The index of the candidate to play, -1
 * when none can be searched.
 */
export function treeSearchPlans(state: GameState, side: string, candidates: Command[][], o: TreeSearchOptions = {}): number {
  const stats = searchFrom(state, side, candidates, true, o);
  return stats ? mostVisited(stats) : -1;
}

/** The most visited; among equals the better mean, then the earlier (the prior's order). */
function mostVisited(stats: TreeSearchResult['stats']): number {
  let index = 0;
  for (let k = 1; k < stats.length; k++) {
    const [a, b] = [stats[k], stats[index]];
    if (a.visits > b.visits || (a.visits === b.visits && (a.mean ?? -1) > (b.mean ?? -1))) index = k;
  }
  return index;
}

/** The tree search proper: each root move's visits and mean result for `side`; null without the rules. */
function searchFrom(state: GameState, side: string, roots: Command[][], allRoots: boolean, o: TreeSearchOptions): TreeSearchResult['stats'] | null {
  const module = rulesetModule(state.ruleset);
  if (!module) return null;
  const rules = module.rules as RulesetEngine<GameState>;
  const iterations = countOption('iterations', o.iterations ?? 96, 1);
  const maxCommands = countOption('maxCommands', o.maxCommands ?? 24, 1);
  const rounds = countOption('rounds', o.rounds ?? 0, 0);
  const c = o.exploration ?? 0.7;
  const widenBase = o.widenBase ?? 3;
  const standingOptions = o.standing ?? { toSummon: true };
  const before = standing(rules, state, standingOptions);
  const lastRound = state.round + rounds;
  const own = o.own ?? kitingGreedyPolicy;
  const opponent = o.opponent ?? greedyPolicy;
  // Seeds from the position and the seed only: the same state gives the same guesses.
  const base = (state.rng.s ^ Math.imul(state.round + 1, 0x9e3779b1) ^ Math.imul(o.seed ?? 1, 0x85ebca6b)) >>> 0;
  const root = node(side, null);
  const keys = (seq: Command[]) => (seq.length === 1 ? keyOf(seq[0]) : JSON.stringify(seq));
  /** The moves a node may try now, best prior first. */
  const allowed = <T>(n: Node, ordered: T[]) => (n === root && allRoots ? ordered : ordered.slice(0, Math.max(1, Math.ceil(widenBase + Math.sqrt(n.visits)))));

  for (let i = 0; i < iterations; i++) {
    const s = rules.clone ? rules.clone(state) : structuredClone(state);
    determinize(s, side, (base + Math.imul(i + 1, 0x27d4eb2f)) >>> 0);
    const path: Node[] = [root];
    let n = root;
    let played = 0;
    let expanded = false;
    for (;;) {
      if (s.winner !== null || s.round > lastRound || played >= maxCommands) break;
      let who = side;
      let moves = roots;
      if (n !== root) {
        const d = deciding(rules, s);
        if (!d) break;
        who = d.who;
        moves = priorOrder(s, d.who, d.legal).map((x) => [x]);
      }
      const tries = allowed(n, moves);
      for (const t of tries) {
        const child = n.children.get(keys(t));
        if (child) child.avail++;
      }
      let next: Node | undefined;
      const fresh = tries.find((t) => !n.children.has(keys(t)));
      if (fresh) {
        next = node(who, fresh);
        next.avail = 1;
        n.children.set(keys(fresh), next);
        expanded = true;
      } else {
        let best = -Infinity;
        for (const t of tries) {
          const ch = n.children.get(keys(t))!;
          const ucb = ch.total / ch.visits + c * Math.sqrt(Math.log(Math.max(1, ch.avail)) / ch.visits);
          if (ucb > best) [best, next] = [ucb, ch];
        }
      }
      if (!next) break;
      path.push(next);
      n = next;
      // A move the rules refuse in this guess: score the game as it stands (a later command of a
      // plan refused, e.g. its target already dead: go on from there).
      let refused = false;
      for (const [k, x] of next.command!.entries()) {
        played++;
        if (Array.isArray(rules.apply(s, structuredClone(x)))) continue;
        refused = k === 0;
        break;
      }
      if (refused || expanded) break;
    }
    // Rollout: every side by its policy, to the horizon (new players each time: greedy remembers the cards it played).
    const ownPlayer = own();
    const otherPlayer = opponent();
    while (s.winner === null && s.round <= lastRound && played < maxCommands) {
      const d = deciding(rules, s);
      if (!d) break;
      const player = d.who === side ? ownPlayer : otherPlayer;
      if (!Array.isArray(rules.apply(s, player.choose({ state: s, side: d.who, legal: d.legal, budgetMs: 0 })))) break;
      played++;
    }
    const r = rolloutResult(rules, s, side, before, standingOptions);
    root.visits++;
    for (const p of path.slice(1)) {
      p.visits++;
      p.total += p.who === side ? r : 1 - r;
    }
  }
  return roots.map((x) => {
    const ch = root.children.get(keys(x));
    return ch ? { visits: ch.visits, mean: ch.total / ch.visits } : { visits: 0, mean: null };
  });
}

/** The search peer as a policy: `treeSearch` for every decision with more than one legal command. */
export function treeSearchPolicy(o: TreeSearchOptions = {}): Policy {
  const iterations = countOption('iterations', o.iterations ?? 96, 1);
  return {
    name: `ISMCTS (${iterations} iterations a decision)`,
    choose({ state, side, legal }) {
      if (legal.length === 1) return legal[0];
      const r = treeSearch(state, side, legal, o);
      return legal[r?.index ?? 0];
    },
  };
}

/**
 * The tree search as the planner's search (planner.ts `search`): the planner's best plans are the
 * root's moves (its prior), searched `iterations` times. Deterministic for a state and its options.
 */
export function planTreeSearch(o: TreeSearchOptions & { candidates?: number; rulesets?: readonly string[] } = {}): PlanSearch {
  return { candidates: o.candidates ?? 6, rulesets: o.rulesets, best: (state, side, candidates) => treeSearchPlans(state, side, candidates, o) };
}
