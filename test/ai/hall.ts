/**
 * A 20×3 open hall with the doom2016 tutorial's data and objectives, for the plans' unit tests
 * (death risk, shared threat): the figures given, no walls, no tokens, seed 3.
 */
import { createGame, type Game, type GameState } from '../../src/rules/index.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import type { Doom2016State } from '../../src/rules/doom2016/types.ts';
import tutorial from '../../src/scenario/bundled/doom2016-tutorial.json';

export function hallState(figures: object[]): Doom2016State {
  const scenario = {
    ...(tutorial as unknown as Scenario),
    map: ['....................', '....................', '....................'],
    edges: [],
    tokens: [],
    figures,
  } as unknown as Scenario;
  const g = createGame(scenario, { seed: 3 }) as Game<GameState>;
  return structuredClone(g.state) as Doom2016State;
}
