/**
 * doom2016 rules (RULES §2) as a RulesetEngine. Every refusal names the rule it enforces; after
 * every accepted command the mission's end conditions are checked.
 */
import type { Command, GameEvent, Refusal, RulesetEngine } from '../types.ts';
import { attack, defend, press } from './attack.ts';
import { refuse } from './common.ts';
import { activateDemon, activateDemons, end, status, summon } from './invader.ts';
import { legalActions } from './legal.ts';
import { pickUp, play, respawn, sprint, useClass } from './marine.ts';
import { checkWinner } from './mission.ts';
import { move, openDoor, placeDisplaced } from './movement.ts';
import type { Doom2016State } from './types.ts';
import { view } from './view.ts';

const HANDLERS: Record<string, (s: Doom2016State, c: Command) => GameEvent[] | Refusal> = {
  status,
  'activate-demons': activateDemons,
  'activate-demon': activateDemon,
  play,
  sprint,
  'use-class': useClass,
  'pick-up': pickUp,
  respawn,
  move,
  'place-displaced': placeDisplaced,
  'open-door': openDoor,
  attack,
  defend,
  press,
  summon,
  end,
};

export const doom2016Rules: RulesetEngine<Doom2016State> = {
  apply(s, c) {
    if (s.winner !== null) return refuse('game over', `the game is over: ${s.winner} won`);
    const handler = Object.hasOwn(HANDLERS, c.type) ? HANDLERS[c.type] : undefined;
    if (!handler) return refuse('command', `unknown command ${JSON.stringify(c.type)} (doom2016: ${Object.keys(HANDLERS).join(', ')})`);
    const result = handler(s, c);
    if (Array.isArray(result)) checkWinner(s, result);
    return result;
  },
  legalActions,
  view,
  // The card and unit data never change during a game (frozen at setup): copies share it. The rest
  // is plain JSON by design, and a JSON round trip copies it faster than structuredClone.
  clone: ({ data, ...rest }) => ({ ...JSON.parse(JSON.stringify(rest)), data }),
};
