/**
 * The doom2004 data sets whose entries only its rules engine reads (dice, weapons and the marines' start). The element's main
 * module carries their names and kinds, enough to check a scenario (bundling/plugins/data-set-headers.ts);
 * the doom2004 engine's module carries them whole (src/rules/doom2004/index.ts), so a page downloads them
 * only to play doom2004.
 */
import type { DataSet } from '../types.ts';
import doom2004Dice from './dice.json' with { type: 'json' };
import doom2004MarineStart from './marine-start.json' with { type: 'json' };
import doom2004Weapons from './weapons.json' with { type: 'json' };

export const DOOM2004_RULES_SETS = [doom2004Dice, doom2004MarineStart, doom2004Weapons] as unknown as readonly DataSet[];
