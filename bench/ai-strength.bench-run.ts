/**
 * Autopilot strength (issue 13): seeded games of the autopilot against a random-legal opponent and
 * a greedy "attack the nearest" opponent, per matchup: the doom2016 tutorial (invader), the doom2004
 * skirmish (invaders), the d20 skirmish (either side). AI_GAMES games per matchup (default 200),
 * AI_MATCHUPS picks matchups by index (8: greedy against greedy, the doom2004 skirmish's balance
 * check; 9–12: the marines' side, `AI_GAMES=20 AI_MATCHUPS=9,10,11,12`, a few minutes), a game stops as a draw after AI_MAX_ROUNDS rounds (default 60),
 * AI_BUDGET_MS per decision (default 40: the budget the autopilot has in <doom-board>,
 * components/ai/autopilot-driver.ts; the budget is wall-clock, so a busy machine plays weaker).
 * For trying the autopilot's options: AI_CAUTION, AI_SCORING (damage | fraction),
 * AI_COMBINED_FIRE=1 (d20). Prints a Markdown table for bench/RESULTS.md.
 */
import { beforeAll, test } from 'vitest';
import { loadCore } from '../src/core/wasm.ts';
import '../src/rules/index.ts';
import { greedyPolicy, playGame, plannerPolicy, randomPolicy } from '../src/ai/autopilot/index.ts';
import type { Scenario } from '../src/scenario/types.ts';
import tutorial from '../src/scenario/bundled/doom2016-tutorial.json';
import skirmish from '../src/scenario/bundled/doom2004-skirmish.json';
import d20 from '../src/scenario/bundled/d20-skirmish.json';

beforeAll(async () => {
  await loadCore();
});

const GAMES = Number(process.env.AI_GAMES ?? 200);
const MAX_ROUNDS = Number(process.env.AI_MAX_ROUNDS ?? 60);
const BUDGET = Number(process.env.AI_BUDGET_MS ?? 40);

/**
 * Name, scenario, the tested side, the opponent's side, the opponent; a sixth entry plays the tested
 * side with greedy instead of the autopilot (a balance check of the scenario, not of the autopilot).
 */
const MATCHUPS: [string, Scenario, string, string, 'random' | 'greedy', 'greedy'?][] = [
  ['doom2016 tutorial, autopilot invader', tutorial as unknown as Scenario, 'invader', 'marines', 'random'],
  ['doom2016 tutorial, autopilot invader', tutorial as unknown as Scenario, 'invader', 'marines', 'greedy'],
  ['doom2004 skirmish, autopilot invaders', skirmish as unknown as Scenario, 'invaders', 'marines', 'random'],
  ['doom2004 skirmish, autopilot invaders', skirmish as unknown as Scenario, 'invaders', 'marines', 'greedy'],
  ['d20 skirmish, autopilot empire', d20 as unknown as Scenario, 'empire', 'alliance', 'random'],
  ['d20 skirmish, autopilot empire', d20 as unknown as Scenario, 'empire', 'alliance', 'greedy'],
  ['d20 skirmish, autopilot alliance', d20 as unknown as Scenario, 'alliance', 'empire', 'random'],
  ['d20 skirmish, autopilot alliance', d20 as unknown as Scenario, 'alliance', 'empire', 'greedy'],
  ['doom2004 skirmish, greedy invaders (balance check)', skirmish as unknown as Scenario, 'invaders', 'marines', 'greedy', 'greedy'],
  // The marines' side (issue 23): the side whose plans a solo player sees as hints.
  ['doom2016 tutorial, autopilot marines', tutorial as unknown as Scenario, 'marines', 'invader', 'random'],
  ['doom2016 tutorial, autopilot marines', tutorial as unknown as Scenario, 'marines', 'invader', 'greedy'],
  ['doom2004 skirmish, autopilot marines', skirmish as unknown as Scenario, 'marines', 'invaders', 'random'],
  ['doom2004 skirmish, autopilot marines', skirmish as unknown as Scenario, 'marines', 'invaders', 'greedy'],
];

// Hours of games: only on request (AI_GAMES=200, or AI_BENCH_ALL=1), not on every `npm run bench`.
test.skipIf(!process.env.AI_GAMES && !process.env.AI_BENCH_ALL)('autopilot strength', () => {
  const pick = (process.env.AI_MATCHUPS ?? MATCHUPS.map((_, i) => i).join(',')).split(',').map(Number);
  const rows = ['| matchup | opponent | games | autopilot wins | opponent wins | draws | win rate | mean rounds | autopilot ms / decision |', '|---|---|---|---|---|---|---|---|---|'];
  for (const i of pick) {
    const [name, scenario, me, them, opp, self] = MATCHUPS[i];
    let wins = 0;
    let losses = 0;
    let rounds = 0;
    let thinking = 0;
    let decisions = 0;
    for (let seed = 1; seed <= GAMES; seed++) {
      const planner = plannerPolicy({ ...(process.env.AI_COMBINED_FIRE ? { combinedFire: true } : {}), ...(process.env.AI_CAUTION ? { caution: Number(process.env.AI_CAUTION) } : {}), ...(process.env.AI_SCORING ? { scoring: process.env.AI_SCORING as 'damage' | 'fraction' } : {}) });
      const tested = self === 'greedy' ? greedyPolicy() : planner;
      const counting = { ...tested, choose: (ctx: Parameters<typeof tested.choose>[0]) => (decisions++, tested.choose(ctx)) };
      const r = playGame(scenario, seed, { [me]: counting, [them]: opp === 'random' ? randomPolicy(seed) : greedyPolicy() }, { budgetMs: BUDGET, maxRounds: MAX_ROUNDS });
      if (r.winner === me) wins++;
      else if (r.winner === them) losses++;
      rounds += r.rounds;
      thinking += r.thinking[me] ?? 0;
    }
    rows.push(`| ${name} | ${opp === 'random' ? 'random legal' : 'greedy nearest'} | ${GAMES} | ${wins} | ${losses} | ${GAMES - wins - losses} | ${((100 * wins) / GAMES).toFixed(1)}% | ${(rounds / GAMES).toFixed(1)} | ${(thinking / Math.max(1, decisions)).toFixed(2)} |`);
    console.log(rows.at(-1));
  }
  console.log(rows.join('\n'));
}, 24 * 3600 * 1000);
