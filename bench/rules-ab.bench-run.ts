/**
 * The rules engine's time per command against an earlier commit's, in the same process: seeded
 * greedy-vs-greedy games of every bundled scenario (the autopilot's rollouts are such play), and at
 * every command `legalActions` and `apply` timed for both trees, one after the other on copies of the
 * same state, the order alternating; their legal commands, events and states compared (a speed
 * change must leave every answer as it was). On a loaded machine the absolute times read high, but
 * both trees meet the same load at the same moment: the ratio is what the run measures.
 *
 * RULES_BASE_TREE: a checkout of the earlier commit with its grid core built, e.g.
 *   git worktree add --detach ../base <commit> && cp build/core.wasm ../base/build/ (same assembly/)
 * RULES_AB_GAMES games per scenario (default 6), RULES_AB_ROUNDS rounds at most (default 40).
 */
import { loadavg } from 'node:os';
import { beforeAll, test } from 'vitest';
import { loadCore } from '../src/core/wasm.ts';
import { createGame, type GameState } from '../src/rules/index.ts';
import type { Game } from '../src/rules/game.ts';
import { rulesetModule } from '../src/rules/registry.ts';
import type { Command, RulesetEngine } from '../src/rules/types.ts';
import { greedyPolicy } from '../src/ai/autopilot/index.ts';
import { decidingSide, sideOfCommand } from '../src/ai/autopilot/sides.ts';
import { SEATS } from './ai-seats.ts';

const BASE = process.env.RULES_BASE_TREE;
const GAMES = Number(process.env.RULES_AB_GAMES ?? 6);
const ROUNDS = Number(process.env.RULES_AB_ROUNDS ?? 40);
let baseRules: (ruleset: string) => RulesetEngine<GameState>;

beforeAll(async () => {
  if (!BASE) return;
  await loadCore();
  await (await import(/* @vite-ignore */ `${BASE}/src/core/wasm.ts`)).loadCore();
  await import(/* @vite-ignore */ `${BASE}/src/rules/index.ts`);
  const registry = await import(/* @vite-ignore */ `${BASE}/src/rules/registry.ts`);
  baseRules = (ruleset) => registry.rulesetModule(ruleset)!.rules as RulesetEngine<GameState>;
});

test.skipIf(!BASE)('rules time per command, this tree against RULES_BASE_TREE', () => {
  const rows = ['| scenario | commands | this tree: legalActions + apply (µs a command) | base | ratio | differing | load (1 min) |', '|---|---|---|---|---|---|---|'];
  const scenarios = [...new Map(SEATS.map(([name, scenario]) => [name, scenario])).entries()];
  for (const [name, scenario] of scenarios) {
    const now = rulesetModule(scenario.ruleset)!.rules as RulesetEngine<GameState>;
    const base = baseRules(scenario.ruleset);
    const time = { now: 0, base: 0 };
    let commands = 0;
    let differing = 0;
    for (let seed = 1; seed <= GAMES; seed++) {
      const g = createGame(scenario, { seed }) as Game<GameState>;
      const greedy = greedyPolicy();
      for (let k = 0; k < 3000 && g.state.winner === null && g.state.round <= ROUNDS; k++) {
        const s = g.state;
        const copies = { now: structuredClone(s), base: structuredClone(s) };
        const order = k % 2 === 0 ? (['now', 'base'] as const) : (['base', 'now'] as const);
        const legal: Record<string, Command[]> = {};
        for (const which of order) {
          const t0 = performance.now();
          legal[which] = (which === 'now' ? now : base).legalActions(copies[which]);
          time[which] += performance.now() - t0;
        }
        if (JSON.stringify(legal.now) !== JSON.stringify(legal.base)) differing++;
        if (!legal.now.length) break;
        const sides = new Set(legal.now.map((c) => sideOfCommand(s, c)));
        const who = decidingSide(s, legal.now, sides.size > 1 ? now.view(s).side : null)!;
        const command = greedy.choose({ state: s, side: who, legal: legal.now.filter((c) => sideOfCommand(s, c) === who), budgetMs: 40 });
        const events: Record<string, unknown> = {};
        for (const which of order) {
          const t0 = performance.now();
          events[which] = (which === 'now' ? now : base).apply(copies[which], structuredClone(command));
          time[which] += performance.now() - t0;
        }
        if (JSON.stringify(events.now) !== JSON.stringify(events.base) || JSON.stringify(copies.now) !== JSON.stringify(copies.base)) differing++;
        if (!g.apply(command).ok) break;
        commands++;
      }
    }
    const us = (ms: number) => ((ms / commands) * 1000).toFixed(0);
    rows.push(`| ${name} | ${commands} | ${us(time.now)} | ${us(time.base)} | ${(time.now / time.base).toFixed(2)} | ${differing} | ${loadavg()[0].toFixed(1)} |`);
    console.log(rows.at(-1));
  }
  console.log(rows.join('\n'));
});
