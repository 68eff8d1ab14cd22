/**
 * The rulesets the engine can play, by id. A ruleset is its rules (a RulesetEngine) and a function
 * building its starting state from a validated scenario, its resolved data sets and a dice seed.
 */
import type { Ruleset } from '../core/types.ts';
import type { DataSet } from '../data/index.ts';
import type { Scenario } from '../scenario/types.ts';
import { ScenarioError } from '../scenario/validate.ts';
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
  if (!set) throw new ScenarioError([`data.${role}: the scenario names no ${role} data set`]);
  return set.entries as unknown as Record<string, T>;
}

const MODULES: Partial<Record<Ruleset, RulesetModule<object>>> = {};

/** The ruleset's module, when it is loaded. */
export const rulesetModule = (id: Ruleset): RulesetModule<object> | undefined => MODULES[id];

export function registerRuleset<S extends object>(id: Ruleset, module: RulesetModule<S>): void {
  MODULES[id] = module as unknown as RulesetModule<object>;
}

// Each ruleset's engine is its own module: an embedding page downloads one only to play that
// ruleset (the library entry, src/rules/index.ts, registers all three up front).
const LOADERS: Partial<Record<Ruleset, () => Promise<RulesetModule<object>>>> = {
  doom2016: () => import('./doom2016/index.ts').then((m) => m.doom2016Module as unknown as RulesetModule<object>),
  doom2004: () => import('./doom2004/index.ts').then((m) => m.doom2004Module as unknown as RulesetModule<object>),
  d20: () => import('./d20/index.ts').then((m) => m.d20Module as unknown as RulesetModule<object>),
};

/** Make sure a ruleset's module is loaded (a no-op for the ones already registered). */
export async function loadRuleset(id: Ruleset): Promise<void> {
  if (MODULES[id]) return;
  const load = LOADERS[id];
  if (!load) throw new Error(`no rules for ${JSON.stringify(id)}`);
  registerRuleset(id, await load());
}
