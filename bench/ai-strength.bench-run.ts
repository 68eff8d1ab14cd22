/**
 * Autopilot strength (issues 13 and 23): seeded games of the autopilot against three opponents —
 * random legal commands, greedy "attack the nearest, else walk towards it", and a flat Monte-Carlo
 * player (src/ai/autopilot/montecarlo.ts, the outside peer: rollouts per legal command over the real
 * engine, reshuffled hidden cards, fresh dice) — on every bundled scenario and side; and two balance
 * checks per scenario (greedy against greedy, autopilot against autopilot).
 *
 * AI_GAMES games per matchup (default 200) with seeds AI_SEED_FROM.. (default 1, so a long run can be
 * split across processes: AI_SEED_FROM=101 AI_GAMES=100), AI_MATCHUPS picks matchups by index (the
 * table printed at the start lists them), a game stops as a draw after AI_MAX_ROUNDS rounds (default
 * 60), AI_BUDGET_MS per decision (default 40: the autopilot's budget in <doom-board>,
 * components/ai/autopilot-driver.ts; the autopilot's work is fixed, the budget only a safety cap).
 * AI_MC_ROLLOUTS / AI_MC_DEPTH set the Monte-Carlo player's rollouts per command and their depth
 * (default 1 and 10: about 40 ms a decision on the project's machine — equal budget).
 * For trying the autopilot's options: AI_SEARCH, AI_CAUTION, AI_SCORING (damage | fraction), AI_COMBINED_FIRE=1
 * (d20). Prints a Markdown table for bench/RESULTS.md: wins, losses, draws (non-wins), the win rate
 * with its 95% Wilson interval, and each side's mean thinking time per decision.
 *
 * Handicaps (issue 23, item 6; src/scenario/handicap.ts): AI_HANDICAP=spec plays the picked matchups on a
 * copy of their scenario with each part of the spec that applies to it (e.g. `kills+3` for the
 * doom2016 tutorial, `without:hell-knight-1,without:hell-knight-2` for the doom2004 skirmish); matchups 24 and up
 * are the balance checks on the handicaps docs/scenarios.md recommends to a solo player (28, 29: the d20
 * skirmish without the empire's two heavy gunners). Matchups 30–32: the Monte-Carlo player on both sides
 * of each scenario, the peer's own marines (alliance) next to the autopilot's in rows 2, 8 and 14.
 * Matchup 33: the doom2004 skirmish's marines against the strong invaders (ai-strength="strong").
 */
import { beforeAll, test } from 'vitest';
import { loadCore } from '../src/core/wasm.ts';
import '../src/rules/index.ts';
import { greedyPolicy, playGame, plannerPolicy, randomPolicy, STRONG_SEARCHES, type Policy } from '../src/ai/autopilot/index.ts';
import { monteCarloPolicy } from '../src/ai/autopilot/montecarlo.ts';
import { AUTOPILOT_SEARCH, rolloutSearch, type SearchOptions } from '../src/ai/autopilot/search.ts';
import type { Scenario } from '../src/scenario/types.ts';
import tutorial from '../src/scenario/bundled/doom2016-tutorial.json';
import skirmish from '../src/scenario/bundled/doom2004-skirmish.json';
import d20 from '../src/scenario/bundled/d20-skirmish.json';
import { parseHandicap, RECOMMENDED_HANDICAPS, withHandicap } from '../src/scenario/handicap.ts';
import { wilson } from './ai-stats.ts';

beforeAll(async () => {
  await loadCore();
});

const GAMES = Number(process.env.AI_GAMES ?? 200);
const SEED_FROM = Number(process.env.AI_SEED_FROM ?? 1);
const MAX_ROUNDS = Number(process.env.AI_MAX_ROUNDS ?? 60);
const BUDGET = Number(process.env.AI_BUDGET_MS ?? 40);
const MC = { rollouts: Number(process.env.AI_MC_ROLLOUTS ?? 1), depth: Number(process.env.AI_MC_DEPTH ?? 10) };

// AI_SEARCH=candidates,rollouts,rounds[,maxCommands] gives the autopilot that search in every ruleset
// (planner.ts `search`; default AUTOPILOT_SEARCH, doom2016 only); AI_SEARCH=off plays the planner alone;
// AI_SEARCH_OWN=planner|greedy has the rollouts play the searching side by the planner or plain greedy
// (default: AUTOPILOT_SEARCH's own player, greedy marines that step back after attacking);
// AI_SEARCH_OPPONENT=planner|random the other sides (default: greedily).
const SEARCH = process.env.AI_SEARCH && process.env.AI_SEARCH !== 'off'
  ? (([candidates, rollouts, rounds, maxCommands]) => ({ candidates, rollouts, rounds, ...(maxCommands === undefined ? {} : { maxCommands }) }))(process.env.AI_SEARCH.split(',').map(Number))
  : null;

function rolloutPlayers(): Pick<SearchOptions, 'own' | 'opponent'> {
  const opponent = process.env.AI_SEARCH_OPPONENT;
  return {
    ...(process.env.AI_SEARCH_OWN === 'planner' ? { own: () => plannerPolicy({ search: null }) } : process.env.AI_SEARCH_OWN === 'greedy' ? { own: greedyPolicy } : { own: AUTOPILOT_SEARCH.own }),
    ...(opponent === 'planner' ? { opponent: () => plannerPolicy({ search: null }) } : opponent === 'random' ? { opponent: () => randomPolicy(7) } : {}),
  };
}

type Player = 'autopilot' | 'random' | 'greedy' | 'montecarlo' | 'strong';

const autopilot = () =>
  plannerPolicy({
    ...(process.env.AI_COMBINED_FIRE ? { combinedFire: true } : {}),
    ...(process.env.AI_CAUTION ? { caution: Number(process.env.AI_CAUTION) } : {}),
    ...(process.env.AI_SCORING ? { scoring: process.env.AI_SCORING as 'damage' | 'fraction' } : {}),
    ...(SEARCH ? { search: rolloutSearch({ ...SEARCH, ...rolloutPlayers() }) } : process.env.AI_SEARCH === 'off' ? { search: null } : {}),
  });

function player(kind: Player, seed: number): Policy {
  if (kind === 'autopilot') return autopilot();
  if (kind === 'random') return randomPolicy(seed);
  if (kind === 'greedy') return greedyPolicy();
  // The element's ai-strength="strong" (STRONG_SEARCHES: doom2004 played out by the planner on both sides).
  if (kind === 'strong') return plannerPolicy({ search: STRONG_SEARCHES() });
  return monteCarloPolicy({ ...MC, seed });
}

const SCENARIOS: [string, Scenario, string, string][] = [
  ['doom2016 tutorial', tutorial as unknown as Scenario, 'marines', 'invader'],
  ['doom2016 tutorial', tutorial as unknown as Scenario, 'invader', 'marines'],
  ['doom2004 skirmish', skirmish as unknown as Scenario, 'marines', 'invaders'],
  ['doom2004 skirmish', skirmish as unknown as Scenario, 'invaders', 'marines'],
  ['d20 skirmish', d20 as unknown as Scenario, 'alliance', 'empire'],
  ['d20 skirmish', d20 as unknown as Scenario, 'empire', 'alliance'],
];

/** Scenario, the tested side, its player, the other side, its player. */
type Matchup = [string, Scenario, string, Player, string, Player];
const MATCHUPS: Matchup[] = [
  ...SCENARIOS.flatMap(([n, sc, me, them]) => (['random', 'greedy', 'montecarlo'] as const).map((opp): Matchup => [n, sc, me, 'autopilot', them, opp])),
  // Balance (issue 23, item 6): each scenario with the same player on both sides, per side.
  ...SCENARIOS.filter((_, i) => i % 2 === 0).flatMap(([n, sc, me, them]) => (['greedy', 'autopilot'] as const).map((p): Matchup => [n, sc, me, p, them, p])),
  // The same balance checks with the marines' handicap a solo player may take (docs/scenarios.md).
  ...([[0, 'doom2016-tutorial'], [2, 'doom2004-skirmish'], [4, 'd20-skirmish']] as const).flatMap(([k, id]) => {
    const [n, sc, me, them] = SCENARIOS[k];
    const spec = RECOMMENDED_HANDICAPS[id].spec;
    const handicapped = withHandicap(sc, spec).scenario;
    return (['greedy', 'autopilot'] as const).map((p): Matchup => [spec ? `${n}, handicap ${spec}` : `${n}, no handicap (the recommended)`, handicapped, me, p, them, p]);
  }),
  // The peer on both sides (issue 23): how the scenario stands for the peer's own marines, next to
  // the autopilot's in the same seat (rows 2, 8, 14). Last, so the rows above keep their numbers.
  ...SCENARIOS.filter((_, i) => i % 2 === 0).map(([n, sc, me, them]): Matchup => [n, sc, me, 'montecarlo', them, 'montecarlo']),
  // 33: a solo player's doom2004 game at ai-strength="strong" (demo/solo-doom2004.html): the
  // autopilot's marines against the strong invaders (AI_HANDICAP for the handicaps to try).
  [SCENARIOS[2][0], SCENARIOS[2][1], 'marines', 'autopilot', 'invaders', 'strong'],
];

/** AI_HANDICAP: the picked matchups' scenarios with the parts of the spec that apply to each. */
function handicapped(pick: number[]): Matchup[] {
  const spec = process.env.AI_HANDICAP;
  if (!spec) return MATCHUPS;
  const unused = new Set(parseHandicap(spec).map((p) => p.text));
  const out = MATCHUPS.map((m, i): Matchup => {
    if (!pick.includes(i)) return m;
    const { scenario, applied } = withHandicap(m[1], spec);
    for (const a of applied) unused.delete(a);
    const named = `${m[0]}${m[0].includes(', handicap ') ? ',' : ', handicap '}${applied.join(',')}`;
    return applied.length ? [named, scenario, m[2], m[3], m[4], m[5]] : m;
  });
  // A typo (a figure id no picked scenario has) must not pass for a measured handicap.
  if (unused.size) throw new Error(`AI_HANDICAP: ${[...unused].join(', ')} applies to none of the picked matchups`);
  return out;
}


const label = (p: Player) => ({ autopilot: 'autopilot', random: 'random legal', greedy: 'greedy nearest', montecarlo: `flat Monte-Carlo (${MC.rollouts}×, depth ${MC.depth})`, strong: 'strong autopilot' })[p];

// Hours of games: only on request (AI_GAMES=…, or AI_BENCH_ALL=1), not on every `npm run bench`.
test.skipIf(!process.env.AI_GAMES && !process.env.AI_BENCH_ALL)('autopilot strength', () => {
  console.log(MATCHUPS.map(([n, , me, p, them, q], i) => `${i}: ${n}, ${p} ${me} against ${label(q)} ${them}`).join('\n'));
  const pick = (process.env.AI_MATCHUPS ?? MATCHUPS.map((_, i) => i).join(',')).split(',').map(Number);
  const matchups = handicapped(pick);
  const rows = [
    '| # | scenario | tested side | opponent | games (seeds) | wins / losses / draws | win rate (95% Wilson) | mean rounds | ms / decision (tested, opponent) |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const i of pick) {
    const [name, scenario, me, mine, them, theirs] = matchups[i];
    let wins = 0;
    let losses = 0;
    let rounds = 0;
    const thinking = { me: 0, them: 0 };
    const decisions = { me: 0, them: 0 };
    for (let seed = SEED_FROM; seed < SEED_FROM + GAMES; seed++) {
      const counted = (p: Policy, who: 'me' | 'them'): Policy => ({ ...p, choose: (ctx) => (decisions[who]++, p.choose(ctx)) });
      const r = playGame(scenario, seed, { [me]: counted(player(mine, seed), 'me'), [them]: counted(player(theirs, seed + 7777), 'them') }, { budgetMs: BUDGET, maxRounds: MAX_ROUNDS });
      if (r.winner === me) wins++;
      else if (r.winner === them) losses++;
      rounds += r.rounds;
      thinking.me += r.thinking[me] ?? 0;
      thinking.them += r.thinking[them] ?? 0;
    }
    const [lo, hi] = wilson(wins, GAMES);
    const per = (w: 'me' | 'them') => (thinking[w] / Math.max(1, decisions[w])).toFixed(2);
    rows.push(
      `| ${i} | ${name} | ${mine} ${me} | ${label(theirs)} | ${GAMES} (${SEED_FROM}–${SEED_FROM + GAMES - 1}) | ${wins} / ${losses} / ${GAMES - wins - losses} | ${((100 * wins) / GAMES).toFixed(1)}% (${lo.toFixed(0)}–${hi.toFixed(0)}%) | ${(rounds / GAMES).toFixed(1)} | ${per('me')}, ${per('them')} |`,
    );
    console.log(rows.at(-1));
  }
  console.log(rows.join('\n'));
}, 48 * 3600 * 1000);
