/**
 * AI speed (issue 13), medians in Node: exact odds for 12 dice with a re-roll option; hints for one
 * figure on a 26×26 board with 16 figures; an autopilot decision for a group of 6 demons.
 * Prints a Markdown table for bench/RESULTS.md.
 */
import { beforeAll, expect, test } from 'vitest';
import { loadCore } from '../src/core/wasm.ts';
import { createGame } from '../src/rules/index.ts';
import type { Doom2016State } from '../src/rules/doom2016/types.ts';
import type { D4State } from '../src/rules/doom2004/state.ts';
import { dataOf } from '../src/rules/doom2004/state.ts';
import { doom2004Odds, doom2016Odds } from '../src/ai/odds/index.ts';
import { hints } from '../src/ai/hints/index.ts';
import { plannerPolicy } from '../src/ai/autopilot/index.ts';
import { doom2016Module } from '../src/rules/doom2016/index.ts';
import { bigScenario, inActivation } from './ai-scenarios.ts';
import { measure } from './measure.ts';

beforeAll(async () => {
  await loadCore();
});

const rows: string[] = [];
const row = (name: string, ms: number, target: number) => {
  rows.push(`| ${name} | ${ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`} | ≤ ${target} ms | ${ms <= target ? 'yes' : 'NO'} |`);
  return ms;
};

test('AI speed', () => {
  const d4 = createGame<D4State>(bigScenario('doom2004'), { seed: 1 }).state;
  const dice = dataOf(d4).dice;
  const colours = ['red', 'blue', 'green', 'yellow'];
  const twelve = Array.from({ length: 12 }, (_, i) => ({ colour: colours[i % 4], faces: dice[colours[i % 4]].faces }));
  const aim = { dice: twelve, range: 14, targets: [{ armor: 2, left: 6 }], reroll: 'aim' as const };
  const oddsMs = row('doom2004 exact odds, 12 dice, aim re-roll policy computed', measure(() => doom2004Odds(aim)).ms, 5);
  row('doom2004 exact odds, 12 dice, no re-roll', measure(() => doom2004Odds({ ...aim, reroll: null })).ms, 5);
  const faces = [[0, 1, 1, 1, 2, 2], [1, 1, 2, 2, 2, 3]];
  const deck = Array.from({ length: 18 }, (_, i) => ({ shields: i % 3, dodge: i % 6 === 5 }));
  row('doom2016 exact odds, 12 dice, 18-card deck, cover (second-card choice)', measure(() => doom2016Odds({ dice: Array.from({ length: 12 }, (_, i) => faces[i % 2]), deck, cover: true, left: 10 })).ms, 5);

  const g16 = createGame<Doom2016State>(bigScenario('doom2016'), { seed: 1 });
  const demon = inActivation(g16.state, 'd1');
  const marine = inActivation(g16.state, 'm1');
  const hintDemon = row('hints, doom2016 demon (imp), 26×26, 16 figures', measure(() => hints(demon, undefined, {}), { samples: 11 }).ms, 16);
  row('hints, doom2016 marine (3 cards in hand), 26×26, 16 figures', measure(() => hints(marine, undefined, {}), { samples: 11 }).ms, 16);
  const g4 = createGame<D4State>(bigScenario('doom2004'), { seed: 1 }).state;
  g4.phase = 'invaders';
  row('hints, doom2004 invader (activate + move + attack), 26×26, 16 figures', measure(() => hints(g4, 'd1', {}), { samples: 11 }).ms, 16);
  const gd = createGame(bigScenario('d20'), { seed: 1 }).state;
  row('hints, d20 trooper, 26×26, 16 figures', measure(() => hints(gd, 'm1', {}), { samples: 11 }).ms, 16);
  // Autopilot: which demon card to exhaust with a group of 6 imps on the board (plans every imp), and
  // then the first imp's move and attack.
  const six = createGame<Doom2016State>(bigScenario('doom2016', 3, 26, 8, 6, 'imp'), { seed: 1 }).state;
  six.phase = 'activation';
  six.active = { kind: 'demons', card: 'init', type: null, queue: [], figure: null, mp: 0, attacked: false };
  const legalSix = [{ type: 'activate-demons', demon: 'imp' }];
  const group = row('autopilot: choose the demon card, group of 6 imps (plans all 6), 26×26', measure(() => plannerPolicy().choose({ state: six, side: 'invader', legal: legalSix, budgetMs: 40 }), { samples: 11 }).ms, 50);
  const first = inActivation(structuredClone(six), 'd1');
  const rules = doom2016Module.rules;
  const legalFirst = rules.legalActions(first, 'd1');
  row('autopilot: one imp\'s move + attack decision (of the 6), 26×26', measure(() => plannerPolicy().choose({ state: first, side: 'invader', legal: legalFirst, budgetMs: 40 }), { samples: 11 }).ms, 50);
  console.log(['| case | median | target | met |', '|---|---|---|---|', ...rows].join('\n'));
  expect(oddsMs).toBeLessThanOrEqual(5);
  expect(hintDemon).toBeLessThanOrEqual(16);
  expect(group).toBeLessThanOrEqual(50);
});
