/** The doom2004 ruleset module (RULES §3): its rules and its starting state. */
import { DOOM2004_RULES_SETS } from '../../data/doom2004/rules-sets.ts';
import type { RulesetModule } from '../ruleset-module.ts';
import { explore } from './explore.ts';
import { doom2004Rules } from './rules.ts';
import { initDoom2004 } from './setup.ts';
import type { D4State } from './state.ts';
import { advance } from './turn.ts';

export const doom2004Module: RulesetModule<D4State> = {
  rules: doom2004Rules,
  dataSets: DOOM2004_RULES_SETS,
  init(scenario, data, seed) {
    const s = initDoom2004(scenario, data, seed);
    // Areas the marines already see at the start are revealed before the first command.
    explore(s, []);
    // A side with nothing to do (no figure yet) passes at once.
    advance(s, []);
    return s;
  },
};

export type { D4Figure, D4State, D4Unit, D4Attack, D4Die, D4Face, D4MarineStart, Order } from './state.ts';
