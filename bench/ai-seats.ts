/** The bundled scenarios' seats the AI benches play: [scenario name, scenario, seat X, the other seat]. */
import type { Scenario } from '../src/scenario/types.ts';
import tutorial from '../src/scenario/bundled/doom2016-tutorial.json';
import skirmish from '../src/scenario/bundled/doom2004-skirmish.json';
import d20 from '../src/scenario/bundled/d20-skirmish.json';

export const SEATS: [string, Scenario, string, string][] = [
  ['doom2016 tutorial', tutorial as unknown as Scenario, 'marines', 'invader'],
  ['doom2016 tutorial', tutorial as unknown as Scenario, 'invader', 'marines'],
  ['doom2004 skirmish', skirmish as unknown as Scenario, 'marines', 'invaders'],
  ['doom2004 skirmish', skirmish as unknown as Scenario, 'invaders', 'marines'],
  ['d20 skirmish', d20 as unknown as Scenario, 'alliance', 'empire'],
  ['d20 skirmish', d20 as unknown as Scenario, 'empire', 'alliance'],
];
