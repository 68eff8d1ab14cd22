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
 *   random, greedy the baselines (policy.ts)
 *   mcN            the flat Monte-Carlo peer with N rollouts a command (montecarlo.ts; mc1 ≈ the
 *                  autopilot's 40 ms, so mc5 is 5× its budget), depth AI_MC_DEPTH (default 10)
 *   ismctsN        the tree-search peer (ismcts.ts) with N iterations a decision
 *   searchN        the planner with the tree search as its search (planner.ts `treeSearch`), N iterations
 * Rows: AI_DUP_SCENARIOS (indices: 0 tutorial marines, 1 tutorial invader, 2 skirmish marines,
 * 3 skirmish invaders, 4 d20 alliance, 5 d20 empire; default all) × peers. Seeds AI_SEED_FROM..
 * (default 1), AI_GAMES seeds (default 200: 400 games a row), a game a draw after AI_MAX_ROUNDS
 * (default 60). AI_DUP_JSONL=file appends one line per seed pair (to merge runs split across
 * processes: AI_DUP_MERGE=file1,file2 prints the rows of the lines in those files and plays nothing).
 * Each side's mean thinking time a decision is printed: equal budgets are equal CPU a decision.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { beforeAll, test } from 'vitest';
import { loadCore } from '../src/core/wasm.ts';
import '../src/rules/index.ts';
import { greedyPolicy, playGame, plannerPolicy, randomPolicy, type Policy } from '../src/ai/autopilot/index.ts';
import { monteCarloPolicy } from '../src/ai/autopilot/montecarlo.ts';
import { planTreeSearch, treeSearchPolicy } from '../src/ai/autopilot/ismcts.ts';
import { SEATS } from './ai-seats.ts';
import { wilson } from './ai-stats.ts';

beforeAll(async () => {
  await loadCore();
});

const GAMES = Number(process.env.AI_GAMES ?? 200);
const SEED_FROM = Number(process.env.AI_SEED_FROM ?? 1);
const MAX_ROUNDS = Number(process.env.AI_MAX_ROUNDS ?? 60);
const MC_DEPTH = Number(process.env.AI_MC_DEPTH ?? 10);


/** A fresh player of `spec` for a game seeded `seed`. */
export function player(spec: string, seed: number): Policy {
  const n = (prefix: string) => Number(spec.slice(prefix.length));
  if (spec === 'autopilot') return plannerPolicy();
  if (spec === 'planner') return plannerPolicy({ search: null });
  if (spec === 'random') return randomPolicy(seed);
  if (spec === 'greedy') return greedyPolicy();
  if (/^mc\d+$/.test(spec)) return monteCarloPolicy({ rollouts: n('mc'), depth: MC_DEPTH, seed });
  if (/^ismcts\d+$/.test(spec)) return treeSearchPolicy({ iterations: n('ismcts'), seed });
  // The planner with the tree search over its 6 best plans (the autopilot search's standing: the demons to summon uncounted).
  if (/^search\d+$/.test(spec)) return plannerPolicy({ search: planTreeSearch({ iterations: n('search'), standing: {} }) });
  throw new Error(`unknown player ${spec}`);
}

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
  const [, scenario, x, y] = SEATS[seat];
  const ms = { ai: 0, peer: 0 };
  const decisions = { ai: 0, peer: 0 };
  const counted = (p: Policy, who: 'ai' | 'peer'): Policy => ({ ...p, choose: (ctx) => (decisions[who]++, p.choose(ctx)) });
  const game = (inX: string, inY: string, whoX: 'ai' | 'peer') => {
    const whoY = whoX === 'ai' ? 'peer' : 'ai';
    const r = playGame(scenario, seed, { [x]: counted(player(inX, seed), whoX), [y]: counted(player(inY, seed + 7777), whoY) }, { maxRounds: MAX_ROUNDS });
    ms[whoX] += r.thinking[x] ?? 0;
    ms[whoY] += r.thinking[y] ?? 0;
    return resultFor(r.winner, x);
  };
  const aiInSeat = game(ai, peer, 'ai');
  const peerInSeat = game(peer, ai, 'peer');
  return { seat, ai, peer, seed, aiInSeat, peerInSeat, ms, decisions };
}

/** The table row of a set of pairs (one seat, AI and peer). */
export function row(pairs: Pair[]): string {
  const { seat, ai, peer } = pairs[0];
  const [name, , x] = SEATS[seat];
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
  const out: string[] = [...HEADER];
  for (const seat of seats) {
    for (const peer of peers) {
      const pairs: Pair[] = [];
      for (let seed = SEED_FROM; seed < SEED_FROM + GAMES; seed++) {
        const p = playPair(seat, ai, peer, seed);
        pairs.push(p);
        if (process.env.AI_DUP_JSONL) appendFileSync(process.env.AI_DUP_JSONL, `${JSON.stringify(p)}\n`);
      }
      out.push(row(pairs));
      console.log(out.at(-1));
    }
  }
  console.log(out.join('\n'));
}, 48 * 3600 * 1000);
