/** The d20 ruleset (RULES §4): rules + starting state, as registered with the engine. */
import { entriesOf, type RulesetModule } from '../ruleset-module.ts';
import { d20Rules } from './rules.ts';
import { initD20, type D20State, type D20Unit } from './state.ts';

export const d20Module: RulesetModule<D20State> = {
  rules: d20Rules,
  init: (scenario, data, seed) => initD20(scenario, entriesOf<D20Unit>(data, 'units'), seed),
};
export type { D20State } from './state.ts';
