/**
 * Per-decision AI time in played games (issue 39, speed): seeded games of the autopilot against the
 * greedy baseline in every bundled scenario, the autopilot on each side in turn; at every decision
 * of the autopilot's side, the time of `hints()` for that position and of the autopilot's decision
 * (`nextStep`), with the autopilot's search off (`search: null`, the hints unsearched) and as shipped.
 * Prints p50 / p95 / max of the process's CPU time per ruleset and configuration, and the machine's
 * load average (the machine is shared: wall time would count the waits for a core); and the p95 of
 * the main thread's CPU time (Linux), which leaves out V8's helper threads (optimising compiles,
 * concurrent collection) that the process's time counts though they run beside the decision; and
 * the p95 of wall time (what a user waits for on a machine with a core to spare; on a loaded machine
 * it counts the waits for a core).
 * AI_DECISION_GAMES games per scenario and side (default 2), AI_MAX_ROUNDS (default 60).
 */
import { loadavg } from 'node:os';
import { beforeAll, test } from 'vitest';
import { loadCore } from '../src/core/wasm.ts';
import { createGame, type GameState } from '../src/rules/index.ts';
import type { Game } from '../src/rules/game.ts';
import { greedyPolicy, nextStep, plannerPolicy, type Policy } from '../src/ai/autopilot/index.ts';
import { hints } from '../src/ai/hints/index.ts';
import { SEATS } from './ai-seats.ts';
import { cpu, pct, threadCpu } from './ai-stats.ts';

beforeAll(async () => {
  await loadCore();
});

const GAMES = Number(process.env.AI_DECISION_GAMES ?? 2);
const MAX_ROUNDS = Number(process.env.AI_MAX_ROUNDS ?? 60);


test.skipIf(!process.env.AI_DECISION_GAMES)('AI time per decision in played games', () => {
  const rows: string[] = ['| ruleset | search | decisions | hints() CPU p50 / p95 / max (ms) | autopilot decision CPU p50 / p95 / max (ms) | main thread CPU p95: hints(), decision; decision max (ms) | wall p95: hints(), decision; decision max (ms) | load (1 min) |', '|---|---|---|---|---|---|---|---|'];
  for (const searched of [false, true]) {
    const by = new Map<string, { hints: number[]; decide: number[]; hintsThread: number[]; decideThread: number[]; hintsWall: number[]; decideWall: number[]; load: number[] }>();
    for (const [, scenario, me, them] of SEATS) {
      const ruleset = scenario.ruleset;
      const acc = by.get(ruleset) ?? { hints: [], decide: [], hintsThread: [], decideThread: [], hintsWall: [], decideWall: [], load: [] };
      by.set(ruleset, acc);
      for (let seed = 1; seed <= GAMES; seed++) {
        const g = createGame(scenario, { seed }) as Game<GameState>;
        const policies: Record<string, Policy> = { [me]: plannerPolicy(searched ? {} : { search: null }), [them]: greedyPolicy() };
        for (let n = 0; n < 3000 && g.state.winner === null && g.state.round <= MAX_ROUNDS; n++) {
          const w0 = performance.now();
          const m0 = threadCpu();
          const t0 = cpu();
          const step = nextStep(g, policies, 40);
          const t1 = cpu();
          const m1 = threadCpu();
          const w1 = performance.now();
          if (!step) break;
          if (step.side === me) {
            acc.decide.push(t1 - t0);
            acc.decideWall.push(w1 - w0);
            if (m0 !== null && m1 !== null) acc.decideThread.push(m1 - m0);
            const w2 = performance.now();
            const m2 = threadCpu();
            const t2 = cpu();
            hints(g.state, undefined, { search: searched });
            acc.hints.push(cpu() - t2);
            const m3 = threadCpu();
            acc.hintsWall.push(performance.now() - w2);
            if (m2 !== null && m3 !== null) acc.hintsThread.push(m3 - m2);
          }
          if (!g.apply(step.command).ok) break;
        }
        acc.load.push(loadavg()[0]);
      }
    }
    for (const [ruleset, a] of by) {
      const f = (xs: number[]) => `${pct(xs, 0.5).toFixed(1)} / ${pct(xs, 0.95).toFixed(1)} / ${Math.max(...xs).toFixed(1)}`;
      const thread = a.decideThread.length ? `${pct(a.hintsThread, 0.95).toFixed(1)}, ${pct(a.decideThread, 0.95).toFixed(1)}; ${Math.max(...a.decideThread).toFixed(1)}` : '–';
      const wall = `${pct(a.hintsWall, 0.95).toFixed(1)}, ${pct(a.decideWall, 0.95).toFixed(1)}; ${Math.max(...a.decideWall).toFixed(1)}`;
      rows.push(`| ${ruleset} | ${searched ? 'as shipped' : 'off'} | ${a.decide.length} | ${f(a.hints)} | ${f(a.decide)} | ${thread} | ${wall} | ${(a.load.reduce((x, y) => x + y, 0) / a.load.length).toFixed(1)} |`);
      console.log(rows.at(-1));
    }
  }
  console.log(rows.join('\n'));
}, 6 * 3600 * 1000);
