/**
 * The rulesets the engine can play, by id (see ruleset-module.ts for what a ruleset is). Each is
 * registered up front (src/rules/index.ts) or loaded on demand by loadRuleset.
 */
import type { Ruleset } from '../core/types.ts';
import type { RulesetModule } from './ruleset-module.ts';

export type { InitState, RulesetModule } from './ruleset-module.ts';

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
