/**
 * The rulesets the engine can play, by id. A ruleset is its rules (a RulesetEngine) and a function
 * building its starting state from a validated scenario, its resolved data sets and a dice seed.
 */
import type { Ruleset } from '../core/types.ts';
import type { DataSet } from '../data/index.ts';
import type { Scenario } from '../scenario/types.ts';
import { d20Rules } from './d20/rules.ts';
import { initD20, type D20Unit } from './d20/state.ts';
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

const MODULES: Partial<Record<Ruleset, RulesetModule<object>>> = {
  d20: d20 as unknown as RulesetModule<object>,
};

/** The ruleset's module, when it is loaded. */
export const rulesetModule = (id: Ruleset): RulesetModule<object> | undefined => MODULES[id];

export function registerRuleset<S extends object>(id: Ruleset, module: RulesetModule<S>): void {
  MODULES[id] = module as unknown as RulesetModule<object>;
}

// The two DOOM engines are most of the engine's code: an embedding page downloads one only to
// play that ruleset (the library entry, src/rules/index.ts, registers both up front).
const LOADERS: Partial<Record<Ruleset, () => Promise<RulesetModule<object>>>> = {
  doom2016: () => import('./doom2016/index.ts').then((m) => m.doom2016Module as unknown as RulesetModule<object>),
  doom2004: () => import('./doom2004/index.ts').then((m) => m.doom2004Module as unknown as RulesetModule<object>),
};

/** Make sure a ruleset's module is loaded (a no-op for the ones already registered). */
export async function loadRuleset(id: Ruleset): Promise<void> {
  if (MODULES[id]) return;
  const load = LOADERS[id];
  if (!load) throw new Error(`no rules for ${JSON.stringify(id)}`);
  registerRuleset(id, await load());
}
