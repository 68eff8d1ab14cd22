/** The doom2004 ruleset module (RULES §3): its rules and its starting state. */
import type { RulesetModule } from '../registry.ts';
import { doom2004Rules } from './rules.ts';
import { initDoom2004, type D4State } from './state.ts';

export const doom2004Module: RulesetModule<D4State> = {
  rules: doom2004Rules,
  init: initDoom2004,
};

export type { D4Figure, D4State, D4Unit, D4Attack, D4Die, D4Face, D4MarineStart, Order } from './state.ts';
