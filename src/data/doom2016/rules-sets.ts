/**
 * The doom2016 data sets whose entries only its rules engine reads (dice and cards). The element's main
 * module carries their names and kinds, enough to check a scenario (bundling/plugins/data-set-headers.ts);
 * the doom2016 engine's module carries them whole (src/rules/doom2016/index.ts), so a page downloads them
 * only to play doom2016.
 */
import type { DataSet } from '../types.ts';
import doom2016Dice from './dice.json' with { type: 'json' };
import doom2016SampleActionCards from './sample-action-cards.json' with { type: 'json' };
import doom2016SampleClassCards from './sample-class-cards.json' with { type: 'json' };
import doom2016SampleEventCards from './sample-event-cards.json' with { type: 'json' };
import doom2016SampleGloryKillCards from './sample-glory-kill-cards.json' with { type: 'json' };
import doom2016SampleInvasionCards from './sample-invasion-cards.json' with { type: 'json' };
import doom2016SampleSquadCards from './sample-squad-cards.json' with { type: 'json' };

export const DOOM2016_RULES_SETS = [doom2016Dice, doom2016SampleActionCards, doom2016SampleClassCards, doom2016SampleEventCards, doom2016SampleGloryKillCards, doom2016SampleInvasionCards, doom2016SampleSquadCards] as unknown as readonly DataSet[];
