/**
 * The rulesets the engine can play, by id. A ruleset is its rules (a RulesetEngine) and a function
 * building its starting state from a validated scenario, its resolved data sets and a dice seed.
 */
import type { Ruleset } from '../core/types.ts';
import type { DataSet } from '../data/index.ts';
import type { Scenario } from '../scenario/types.ts';
import { d20Rules } from './d20/rules.ts';
import { initD20, type D20Unit } from './d20/state.ts';
import { doom2004Module } from './doom2004/index.ts';
import { doom2016Module } from './doom2016/index.ts';
import type { RulesetEngine } from './types.ts';

/** A ruleset's starting state from a validated scenario, its data sets by role, and the seed. */
export type InitState<S> = (scenario: Scenario, data: Record<string, DataSet>, seed: number) => S;

export interface RulesetModule<S extends object> {
  rules: RulesetEngine<S>;
  init: InitState<S>;
}

/** Entries of the data set in `role`; throws naming the missing role. */
export function entriesOf<T>(data: Record<string, DataSet>, role: string): Record<string, T> {
  const set = data[role];
  if (!set) throw new Error(`createGame: the scenario names no ${role} data (data.${role})`);
  return set.entries as unknown as Record<string, T>;
}

const d20: RulesetModule<ReturnType<typeof initD20>> = {
  rules: d20Rules,
  init: (scenario, data, seed) => initD20(scenario, entriesOf<D20Unit>(data, 'units'), seed),
};

export const RULESET_MODULES: Partial<Record<Ruleset, RulesetModule<object>>> = {
  d20: d20 as unknown as RulesetModule<object>,
  doom2016: doom2016Module as unknown as RulesetModule<object>,
  doom2004: doom2004Module as unknown as RulesetModule<object>,
};
