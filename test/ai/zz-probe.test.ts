import { test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import '../../src/rules/index.ts';
import { playGame, plannerPolicy, randomPolicy, greedyPolicy } from '../../src/ai/autopilot/index.ts';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json';
import skirmish from '../../src/scenario/bundled/doom2004-skirmish.json';
import d20 from '../../src/scenario/bundled/d20-skirmish.json';
const which = (process.env.WHICH ?? '0,1,2,3').split(',').map(Number);
const variants = JSON.parse(process.env.VARIANTS ?? '[{"scoring":"fraction"},{"scoring":"damage"}]');
const N = Number(process.env.N ?? 4);
test('probe', async () => {
  await loadCore();
  const cases = [
    [tutorial, 'invader', 'marines'], [skirmish, 'invaders', 'marines'], [d20, 'empire', 'alliance'], [d20, 'alliance', 'empire'],
  ] as const;
  for (const k of which) {
    const [sc, me, them] = cases[k];
    for (const v of variants) for (const opp of ['random', 'greedy']) {
      const t0 = performance.now();
      let wins = 0; let draws = 0; let rounds = 0;
      for (let seed = 1; seed <= N; seed++) {
        const r = playGame(sc as never, seed, { [me]: plannerPolicy(v), [them]: opp === 'random' ? randomPolicy(seed) : greedyPolicy() }, { budgetMs: 4, maxRounds: 100 });
        if (r.winner === me) wins++;
        if (r.winner === null) draws++;
        rounds += r.rounds;
      }
      console.log(sc.ruleset, me, JSON.stringify(v), 'vs', opp, 'wins', wins, 'draws', draws, '/', N, 'avg rounds', (rounds / N).toFixed(1), ((performance.now() - t0) / N).toFixed(0), 'ms/game');
    }
  }
}, 3600000);
