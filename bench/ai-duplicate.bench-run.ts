/**
 * Duplicate-scored strength (issue 39): every seed is played twice with the seats swapped, so the
 * scenario's imbalance and the luck of the seed cancel. Per scenario and seat X:
 *   score = (the AI's result in seat X against peer P) − (P's result in seat X against the AI),
 * a win 1, a draw ½, a loss 0, as the mean over seeds of the per-seed difference, with its 95%
 * interval (normal, from the differences' spread: the two games of a seed are paired). The AI's
 * outright win rate in seat X (95% Wilson) is printed too (against random and greedy the target is
 * outright).
 *
 * Players (AI_DUP_AI, AI_DUP_PEERS, comma-separated):
 *   autopilot      the product's autopilot (plannerPolicy(), its default search)
 *   planner        the planner without search (plannerPolicy({ search: null }))
 *   strong         the planner with the opt-in stronger searches (STRONG_SEARCHES: doom2004 played
 *                  out by the planner on both sides, DOOM2004_SEARCH)
 *   random, greedy the baselines (policy.ts)
 *   mcN            the flat Monte-Carlo peer with N rollouts a command (montecarlo.ts), depth
 *                  AI_MC_DEPTH (default 10)
 *   ismctsN        the tree-search peer (ismcts.ts) with N iterations a decision
 *   mc@MS, ismcts@MS  the same peers with the rollouts / iterations that spend about MS ms of CPU a
 *                  decision in the scenario's ruleset (PEER_COST below, measured by a calibration
 *                  run): a fixed amount of work, so the games replay the same on any machine. The
 *                  autopilot's budget is 40 ms a decision (the element's); mc@200 is 5× it.
 *   searchN        the planner with the tree search as its search (planner.ts `treeSearch`), N iterations
 *   searchall      the autopilot with its doom2016 search (search.ts AUTOPILOT_SEARCH) in every ruleset:
 *                  whether the search would pay where it is off (doom2004, d20)
 *   rollouts:K=V;… the autopilot with its rollout search changed (search.ts SearchOptions over
 *                  AUTOPILOT_SEARCH): candidates, rollouts, rounds, maxCommands, steps (counts), and
 *                  own, opponent (who plays that side in the rollouts: greedy, kiting, planner — the
 *                  planner without search), rulesets (`all`, or names joined by `+`: where it searches). E.g. `rollouts:opponent=planner;rollouts=16;steps=400`.
 * AI_DUP_HANDICAP=recommended|SPEC: the scenarios with a handicap (see `handicapped` below).
 * Rows: AI_DUP_SCENARIOS (indices: 0 tutorial marines, 1 tutorial invader, 2 skirmish marines,
 * 3 skirmish invaders, 4 d20 alliance, 5 d20 empire; default all) × peers. Seeds AI_SEED_FROM..
 * (default 1), AI_GAMES seeds (default 200: 400 games a row), a game a draw after AI_MAX_ROUNDS
 * (default 60). AI_DUP_JSONL=file appends one line per seed pair (to merge runs split across
 * processes: AI_DUP_MERGE=file1,file2 prints the rows of the lines in those files and plays nothing).
 * AI_DUP_SEED_MAJOR=1 plays seed 1 in every row, then seed 2, … (a long run stopped early is even).
 * Each side's mean CPU time a decision is printed (the process's, around the player's `choose`: on a
 * loaded machine wall time counts the waits for a core too): equal budgets are equal CPU a decision.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { beforeAll, test } from 'vitest';
import { loadCore } from '../src/core/wasm.ts';
import '../src/rules/index.ts';
import { greedyPolicy, playGame, plannerPolicy, randomPolicy, STRONG_SEARCHES, type Policy } from '../src/ai/autopilot/index.ts';
import { monteCarloPolicy } from '../src/ai/autopilot/montecarlo.ts';
import { planTreeSearch, treeSearchPolicy } from '../src/ai/autopilot/ismcts.ts';
import { kitingGreedyPolicy } from '../src/ai/autopilot/kiting.ts';
import { AUTOPILOT_SEARCH, rolloutSearch } from '../src/ai/autopilot/search.ts';
import { SEATS } from './ai-seats.ts';
import { applyHandicap, RECOMMENDED_HANDICAPS } from '../src/scenario/handicap.ts';
import type { Scenario } from '../src/scenario/types.ts';
import { cpu, wilson } from './ai-stats.ts';

beforeAll(async () => {
  await loadCore();
});

const GAMES = Number(process.env.AI_GAMES ?? 200);
const SEED_FROM = Number(process.env.AI_SEED_FROM ?? 1);
const MAX_ROUNDS = Number(process.env.AI_MAX_ROUNDS ?? 60);
const MC_DEPTH = Number(process.env.AI_MC_DEPTH ?? 10);


/**
 * CPU ms a decision per rollout a command (flat Monte-Carlo, depth 10) and per iteration (tree
 * search), by ruleset: the means of a calibration run (`AI_GAMES=1 AI_DUP_PEERS=mc1,ismcts20`,
 * every seat; see bench/RESULTS.md, "Peers at a stated budget"). A peer `mc@MS` gets
 * round(MS / cost) rollouts (at least 1); `ismcts@MS` likewise iterations.
 */
export const PEER_COST: Record<string, { mc: number; ismcts: number }> = {
  doom2016: { mc: 8.91, ismcts: 1.23 },
  doom2004: { mc: 87.6, ismcts: 7.2 },
  d20: { mc: 101.8, ismcts: 4.5 },
};

/** The work count a calibrated spec (`mc@200`) gets in `ruleset`, or null for a plain spec. */
export function calibrated(spec: string, ruleset: string): { kind: 'mc' | 'ismcts'; count: number } | null {
  const m = /^(mc|ismcts)@(\d+)$/.exec(spec);
  if (!m) return null;
  const kind = m[1] as 'mc' | 'ismcts';
  return { kind, count: Math.max(1, Math.round(Number(m[2]) / PEER_COST[ruleset][kind])) };
}

/** A fresh player of `spec` for a game of `ruleset` seeded `seed`. */
export function player(spec: string, seed: number, ruleset: string): Policy {
  const n = (prefix: string) => Number(spec.slice(prefix.length));
  const c = calibrated(spec, ruleset);
  if (c) return player(`${c.kind}${c.count}`, seed, ruleset);
  // A row's label names what a calibrated spec resolved to: "mc@200 = mc22" plays mc22.
  if (spec.includes(' = ')) return player(spec.split(' = ')[1], seed, ruleset);
  if (spec.startsWith('rollouts:')) return plannerPolicy({ search: rolloutSearch(rolloutSpec(spec.slice('rollouts:'.length))) });
  if (spec === 'autopilot') return plannerPolicy();
  if (spec === 'planner') return plannerPolicy({ search: null });
  if (spec === 'strong') return plannerPolicy({ search: STRONG_SEARCHES() });
  if (spec === 'searchall') return plannerPolicy({ search: rolloutSearch({ ...AUTOPILOT_SEARCH, rulesets: undefined }) });
  if (spec === 'random') return randomPolicy(seed);
  if (spec === 'greedy') return greedyPolicy();
  if (/^mc\d+$/.test(spec)) return monteCarloPolicy({ rollouts: n('mc'), depth: MC_DEPTH, seed });
  if (/^ismcts\d+$/.test(spec)) return treeSearchPolicy({ iterations: n('ismcts'), seed });
  // The planner with the tree search over its 6 best plans (the autopilot search's standing: the demons to summon uncounted).
  if (/^search\d+$/.test(spec)) return plannerPolicy({ search: planTreeSearch({ iterations: n('search'), standing: {} }) });
  throw new Error(`unknown player ${spec}`);
}

const ROLLOUT_PLAYERS: Record<string, () => Policy> = { greedy: greedyPolicy, kiting: kitingGreedyPolicy, planner: () => plannerPolicy({ search: null }) };

/** The rollout search of a `rollouts:K=V;…` spec: AUTOPILOT_SEARCH with those options changed. */
export function rolloutSpec(text: string): Parameters<typeof rolloutSearch>[0] {
  const o: Record<string, unknown> = { ...AUTOPILOT_SEARCH };
  for (const part of text.split(';').filter(Boolean)) {
    const [key, value] = part.split('=');
    if (key === 'own' || key === 'opponent') {
      if (!ROLLOUT_PLAYERS[value]) throw new Error(`rollouts: ${key}=${value}: one of ${Object.keys(ROLLOUT_PLAYERS).join(', ')}`);
      o[key] = ROLLOUT_PLAYERS[value];
    } else if (key === 'rulesets') o.rulesets = value === 'all' ? undefined : value.split('+');
    else if (['candidates', 'rollouts', 'rounds', 'maxCommands', 'steps'].includes(key)) o[key] = Number(value);
    else throw new Error(`rollouts: unknown option ${key}`);
  }
  return o;
}

/**
 * AI_DUP_HANDICAP: every row's scenario with a handicap (src/scenario/handicap.ts) — `recommended`
 * for each bundled scenario's measured one (RECOMMENDED_HANDICAPS: the scenario a solo player is
 * offered), or one spec for every row. A scenario change is its own row: the label names it.
 */
const HANDICAP = process.env.AI_DUP_HANDICAP;
const handicapOf = (s: Scenario) => (HANDICAP === 'recommended' ? RECOMMENDED_HANDICAPS[BUNDLED_IDS[s.ruleset]].spec : HANDICAP!);
const BUNDLED_IDS: Record<string, string> = { doom2016: 'doom2016-tutorial', doom2004: 'doom2004-skirmish', d20: 'd20-skirmish' };
const handicapped = (s: Scenario) => (HANDICAP ? applyHandicap(s, handicapOf(s)) : s);

/** A game's result for `side`: 1 won, ½ drawn, 0 lost. */
const resultFor = (winner: string | null, side: string) => (winner === null ? 0.5 : winner === side ? 1 : 0);

interface Pair {
  seat: number;
  ai: string;
  peer: string;
  seed: number;
  /** The AI's result in the seat against the peer, and the peer's in the same seat against the AI. */
  aiInSeat: number;
  peerInSeat: number;
  /** Thinking ms and decisions per player over both games. */
  ms: { ai: number; peer: number };
  decisions: { ai: number; peer: number };
}

function playPair(seat: number, ai: string, peer: string, seed: number): Pair {
  const [, bundled, x, y] = SEATS[seat];
  const scenario = handicapped(bundled);
  const ms = { ai: 0, peer: 0 };
  const decisions = { ai: 0, peer: 0 };
  const counted = (p: Policy, who: 'ai' | 'peer'): Policy => ({
    ...p,
    choose: (ctx) => {
      decisions[who]++;
      const t0 = cpu();
      try {
        return p.choose(ctx);
      } finally {
        ms[who] += cpu() - t0;
      }
    },
  });
  const game = (inX: string, inY: string, whoX: 'ai' | 'peer') => {
    const whoY = whoX === 'ai' ? 'peer' : 'ai';
    const r = playGame(scenario, seed, { [x]: counted(player(inX, seed, scenario.ruleset), whoX), [y]: counted(player(inY, seed + 7777, scenario.ruleset), whoY) }, { maxRounds: MAX_ROUNDS });
    return resultFor(r.winner, x);
  };
  const aiInSeat = game(ai, peer, 'ai');
  const peerInSeat = game(peer, ai, 'peer');
  return { seat, ai, peer, seed, aiInSeat, peerInSeat, ms, decisions };
}

/** The table row of a set of pairs (one seat, AI and peer). */
export function row(pairs: Pair[]): string {
  const { seat, ai, peer } = pairs[0];
  const [bundledName, , x] = SEATS[seat];
  const name = HANDICAP ? `${bundledName}, handicap ${handicapOf(SEATS[seat][1])}` : bundledName;
  const n = pairs.length;
  const d = pairs.map((p) => p.aiInSeat - p.peerInSeat);
  const mean = d.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(d.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, n - 1));
  const half = (1.959964 * sd) / Math.sqrt(n);
  const count = (k: 'aiInSeat' | 'peerInSeat') => {
    const w = pairs.filter((p) => p[k] === 1).length;
    const dr = pairs.filter((p) => p[k] === 0.5).length;
    return { w, dr, l: n - w - dr, rate: (100 * (w + dr / 2)) / n };
  };
  const a = count('aiInSeat');
  const b = count('peerInSeat');
  const [lo, hi] = wilson(a.w, n);
  const seeds = pairs.map((p) => p.seed);
  const per = (who: 'ai' | 'peer') => (pairs.reduce((t, p) => t + p.ms[who], 0) / Math.max(1, pairs.reduce((t, p) => t + p.decisions[who], 0))).toFixed(1);
  return `| ${name} | ${x} | ${ai} | ${peer} | ${n} × 2 (${Math.min(...seeds)}–${Math.max(...seeds)}) | ${a.w} / ${a.dr} / ${a.l} (${a.rate.toFixed(1)}%) | ${b.w} / ${b.dr} / ${b.l} (${b.rate.toFixed(1)}%) | **${(100 * mean >= 0 ? '+' : '') + (100 * mean).toFixed(1)}** ± ${(100 * half).toFixed(1)} | ${((100 * a.w) / n).toFixed(1)}% (${lo.toFixed(0)}–${hi.toFixed(0)}%) | ${per('ai')}, ${per('peer')} |`;
}

export const HEADER = [
  '| scenario | seat X | AI | peer P | seeds × seatings | AI in X vs P: W / D / L (result) | P in X vs AI: W / D / L (result) | duplicate score, points (95%) | AI in X wins outright (95% Wilson) | ms / decision (AI, P) |',
  '|---|---|---|---|---|---|---|---|---|---|',
];

const requested = !!process.env.AI_DUP_PEERS || !!process.env.AI_DUP_MERGE;
test.skipIf(!requested)('duplicate-scored strength', () => {
  if (process.env.AI_DUP_MERGE) {
    const pairs: Pair[] = process.env.AI_DUP_MERGE.split(',').flatMap((f) => readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Pair));
    const groups = new Map<string, Pair[]>();
    for (const p of pairs) {
      const k = `${p.seat}|${p.ai}|${p.peer}`;
      const g = groups.get(k) ?? [];
      // A seed played twice (overlapping runs) counts once.
      if (!g.some((q) => q.seed === p.seed)) g.push(p);
      groups.set(k, g);
    }
    console.log([...HEADER, ...[...groups.values()].sort((a, b) => a[0].seat - b[0].seat).map(row)].join('\n'));
    return;
  }
  const ai = process.env.AI_DUP_AI ?? 'autopilot';
  const peers = process.env.AI_DUP_PEERS!.split(',');
  const seats = (process.env.AI_DUP_SCENARIOS ?? '0,1,2,3,4,5').split(',').map(Number);
  const label = (seat: number, spec: string) => {
    const c = calibrated(spec, SEATS[seat][1].ruleset);
    return c ? `${spec} = ${c.kind}${c.count}` : spec;
  };
  const rows = seats.flatMap((seat) => peers.map((peer) => ({ seat, peer: label(seat, peer), pairs: [] as Pair[] })));
  const play = (r: (typeof rows)[number], seed: number) => {
    const p = playPair(r.seat, ai, r.peer, seed);
    r.pairs.push(p);
    if (process.env.AI_DUP_JSONL) appendFileSync(process.env.AI_DUP_JSONL, `${JSON.stringify(p)}\n`);
  };
  if (process.env.AI_DUP_SEED_MAJOR) {
    // Every row a seed at a time: a run stopped early has as many seeds in each row.
    for (let seed = SEED_FROM; seed < SEED_FROM + GAMES; seed++) for (const r of rows) play(r, seed);
  } else {
    for (const r of rows) {
      for (let seed = SEED_FROM; seed < SEED_FROM + GAMES; seed++) play(r, seed);
      console.log(row(r.pairs));
    }
  }
  console.log([...HEADER, ...rows.map((r) => row(r.pairs))].join('\n'));
}, 48 * 3600 * 1000);
