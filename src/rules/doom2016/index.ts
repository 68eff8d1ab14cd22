/** The doom2016 ruleset (RULES §2): rules + starting state, as registered with the engine. */
import { DOOM2016_RULES_SETS } from '../../data/doom2016/rules-sets.ts';
import type { RulesetModule } from '../ruleset-module.ts';
import { doom2016Rules } from './rules.ts';
import { initDoom2016 } from './state.ts';
import type { Doom2016State } from './types.ts';

export const doom2016Module: RulesetModule<Doom2016State> = { rules: doom2016Rules, init: initDoom2016, dataSets: DOOM2016_RULES_SETS };
export type { Doom2016State } from './types.ts';
