/**
 * What a ruleset is to the engine: its rules (a RulesetEngine) and a function building its starting
 * state from a validated scenario, its resolved data sets and a dice seed. The rulesets import this
 * module, never the registry (which loads them), so no import runs back up.
 */
import type { DataSet } from '../data/index.ts';
import type { Scenario } from '../scenario/types.ts';
import { ScenarioError } from '../scenario/validate.ts';
import type { RulesetEngine } from './types.ts';

/** A ruleset's starting state from a validated scenario, its data sets by role, and the seed. */
export type InitState<S> = (scenario: Scenario, data: Record<string, DataSet>, seed: number) => S;

export interface RulesetModule<S extends object> {
  rules: RulesetEngine<S>;
  init: InitState<S>;
  /**
   * The bundled data sets whose entries only this ruleset's engine reads (src/data/<ruleset>/rules-sets.ts),
   * carried whole by its module: the element's main module knows them by name and kind only.
   */
  dataSets?: readonly DataSet[];
}

/** Entries of the data set in `role`; throws naming the missing role. */
export function entriesOf<T>(data: Record<string, DataSet>, role: string): Record<string, T> {
  const set = data[role];
  if (!set) throw new ScenarioError([`data.${role}: the scenario names no ${role} data set`]);
  return set.entries as unknown as Record<string, T>;
}
