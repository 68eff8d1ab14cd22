/**
 * The doom2004 and d20 rules' shared query boards (state.ts `queryBoardOf`, doom2004 route.ts
 * `queryMovementBoard`; core/shared-board.ts): through seeded random games of the bundled
 * skirmishes (moves, attacks, doors, reveals, kills), after every command each view answers as a
 * board of the state's own.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Board } from '../../src/core/board.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { randomPolicy } from '../../src/ai/autopilot/policy.ts';
import { createGame, type GameState } from '../../src/rules/index.ts';
import type { Game } from '../../src/rules/game.ts';
import { rulesetModule } from '../../src/rules/registry.ts';
import { boardOf as boardOf2004, queryBoardOf as query2004, type D4State } from '../../src/rules/doom2004/state.ts';
import { movementBoard, queryMovementBoard } from '../../src/rules/doom2004/route.ts';
import { boardOf as boardOf20, queryBoardOf as query20, type D20State } from '../../src/rules/d20/state.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import skirmish2004 from '../../src/scenario/bundled/doom2004-skirmish.json';
import skirmish20 from '../../src/scenario/bundled/d20-skirmish.json';

beforeAll(loadCore);

/** Each figure's reach and sight map as text (every third figure, and the last: the moved ones vary). */
const answers = (n: number, b: Board) => Array.from({ length: n }, (_, i) => i).filter((i) => i % 3 === 0 || i === n - 1).map((i) => { const m = b.sightMap(i); return `${i}: reach ${b.reach(i, 6).cost.join()} | los ${m.los.join('')} | cover ${m.cover.join('')} | range ${m.range.join()}`; }).join('\n');

/** Every command of seeded random games; `check` compares the views after each. */
function play(scenario: unknown, check: (s: GameState, where: string) => void): number {
  let compared = 0;
  for (const seed of [1, 2, 3]) {
    const game = createGame(scenario as Scenario, { seed }) as Game<GameState>;
    const rules = rulesetModule(game.state.ruleset)!.rules;
    const pick = randomPolicy(seed);
    for (let n = 0; n < 150 && game.state.winner === null; n++) {
      const legal = rules.legalActions(game.state);
      if (!legal.length) break;
      game.apply(pick.choose({ state: game.state, side: '', legal, budgetMs: 0 }));
      check(game.state, `seed ${seed}, command ${n}`);
      compared++;
    }
  }
  return compared;
}

test('doom2004: the plain, obstacle-free and movement views answer as fresh boards after every command', () => {
  const compared = play(skirmish2004, (state, where) => {
    const s = state as D4State;
    const n = s.figures.length;
    expect(answers(n, query2004(s)), where).toEqual(answers(n, boardOf2004(s)));
    expect(answers(n, query2004(s, { noObstacles: true })), where).toEqual(answers(n, boardOf2004(s, { noObstacles: true })));
    const f = s.figures[0];
    expect(answers(n, queryMovementBoard(s, f)), where).toEqual(answers(n, movementBoard(s, f)));
  });
  expect(compared).toBeGreaterThan(300);
});

test('d20: the shared board answers as a fresh one after every command', () => {
  const compared = play(skirmish20, (state, where) => {
    const s = state as D20State;
    expect(answers(s.figures.length, query20(s)), where).toEqual(answers(s.figures.length, boardOf20(s)));
  });
  expect(compared).toBeGreaterThan(300);
});
