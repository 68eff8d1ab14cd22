/**
 * Creating and replaying games of the registered rulesets (see registry.ts). Embedding code calls
 * `await loadRuleset(id)` first; src/rules/index.ts is the full library with every ruleset loaded.
 */
import { BoardError } from '../core/board-input.ts';
import { getDataSet, type DataSet } from '../data/index.ts';
import type { Scenario } from '../scenario/types.ts';
import { ScenarioError, resolveData, validateScenario } from '../scenario/validate.ts';
import type { D20State } from './d20/state.ts';
import type { Doom2016State } from './doom2016/types.ts';
import type { D4State } from './doom2004/state.ts';
import { Game, replayWith } from './game.ts';
import { rulesetModule, type RulesetModule } from './registry.ts';
import type { Command } from './types.ts';

export { loadRuleset } from './registry.ts';

/** The state of a game of any ruleset (`state.ruleset` tells which). */
export type GameState = D20State | Doom2016State | D4State;

export interface GameOptions {
  /** The dice seed; defaults to the scenario's seed, else 1. */
  seed?: number;
  /** Data sets by role that replace the scenario's (e.g. your own "units" with the official numbers). */
  data?: Record<string, DataSet>;
  /** Shorthand for the entries of a "units" data set. */
  units?: Record<string, unknown>;
}

/**
 * The scenario's data sets with each bundled one the ruleset's module carries taken from the module:
 * in the element's main module a card or dice set is its name and kind only (src/data/<ruleset>/rules-sets.ts).
 * An inline set of the same name stays as given.
 */
function wholeSets(sets: Record<string, DataSet>, module: RulesetModule<object>): Record<string, DataSet> {
  const out = { ...sets };
  for (const [role, set] of Object.entries(sets)) {
    const whole = set === getDataSet(set.name) ? module.dataSets?.find((s) => s.name === set.name) : undefined;
    if (whole) out[role] = whole;
  }
  return out;
}

function setup(input: Scenario, options: GameOptions): { module: RulesetModule<object>; scenario: Scenario; initial: object } {
  const scenario = validateScenario(input);
  const module = rulesetModule(scenario.ruleset);
  if (!module) throw new Error(`createGame: the ${scenario.ruleset} rules are not loaded (await loadRuleset(${JSON.stringify(scenario.ruleset)}) first)`);
  const data = { ...wholeSets(resolveData(scenario), module), ...options.data };
  if (options.units) {
    data.units = { name: 'options.units', ruleset: scenario.ruleset, kind: 'units', source: 'given by the caller', entries: options.units as DataSet['entries'] };
  }
  // The dice take 32 bits of the seed: anything else (NaN, 1.5, 2^32, "abc") played as another seed's game, so a replay could not tell.
  const seed = options.seed ?? scenario.seed ?? 1;
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new RangeError(`createGame: seed must be a whole number from 0 to 4294967295, got ${typeof seed === 'number' ? seed : JSON.stringify(seed)}`);
  }
  try {
    return { module, scenario, initial: module.init(scenario, data, seed) };
  } catch (e) {
    // The rules' own checks name paths in the scenario too (a figure the board cannot hold).
    throw e instanceof BoardError ? new ScenarioError(e.problems) : e;
  }
}

/**
 * The one validation of a scenario for play: the schema, the board, the data, and the ruleset's own
 * setup checks — exactly what createGame and replay run, so what it accepts they start. Returns the
 * normalised scenario; throws ScenarioError naming every problem with its JSON path. The ruleset
 * must be loaded (loadRuleset).
 */
export function validateGame(input: Scenario, options: GameOptions = {}): Scenario {
  return setup(input, options).scenario;
}

/** Start a game; throws ScenarioError (naming every bad field) for an invalid scenario. */
export function createGame<S extends GameState = GameState>(input: Scenario, options: GameOptions = {}): Game<S> {
  const { module, initial } = setup(input, options);
  return new Game(module.rules, initial) as unknown as Game<S>;
}

/** Rebuild a game from its scenario, seed and commands: the same state as the live game. */
export function replay<S extends GameState = GameState>(scenario: Scenario, seed: number, commands: Command[], options: Omit<GameOptions, 'seed'> = {}): Game<S> {
  const { module, initial } = setup(scenario, { ...options, seed });
  return replayWith(module.rules, initial, commands) as unknown as Game<S>;
}
