/**
 * The rules engine API: createGame(scenario, { seed }), game.state / legalActions / apply / undo,
 * replay(scenario, seed, commands). Call `await loadCore()` (src/core) first: every geometric
 * decision goes through the grid core.
 */
import type { Scenario } from '../scenario/types.ts';
import { resolveData, validateScenario } from '../scenario/validate.ts';
import { d20Rules } from './d20/rules.ts';
import { initD20, type D20State, type D20Unit } from './d20/state.ts';
import { Game, replayWith } from './game.ts';
import type { Command } from './types.ts';

export { Game } from './game.ts';
export type { ApplyResult, Command, GameEvent, Refusal } from './types.ts';
export type { D20State, D20Unit } from './d20/state.ts';

export interface GameOptions {
  /** The dice seed; defaults to the scenario's seed, else 1. */
  seed?: number;
  /** Unit data by type, when the scenario does not carry it inline. */
  units?: Record<string, unknown>;
}

function unitsOf(scenario: Scenario, options: GameOptions): Record<string, unknown> {
  if (options.units) return options.units;
  const units = resolveData(scenario).units;
  if (!units) throw new Error('createGame: the scenario names no unit data (data.units)');
  return units.entries as Record<string, unknown>;
}

/** Start a game; throws ScenarioError (naming every bad field) for an invalid scenario. */
export function createGame(input: Scenario, options: GameOptions = {}): Game<D20State> {
  const scenario = validateScenario(input);
  const seed = options.seed ?? scenario.seed ?? 1;
  if (scenario.ruleset !== 'd20') throw new Error(`createGame: the ${scenario.ruleset} rules are not implemented yet`);
  return new Game(d20Rules, initD20(scenario, unitsOf(scenario, options) as Record<string, D20Unit>, seed));
}

/** Rebuild a game from its scenario, seed and commands: the same state as the live game. */
export function replay(scenario: Scenario, seed: number, commands: Command[], options: Omit<GameOptions, 'seed'> = {}): Game<D20State> {
  const fresh = createGame(scenario, { ...options, seed });
  return replayWith(d20Rules, fresh.state, commands);
}
