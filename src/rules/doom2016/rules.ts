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

/** Every field a doom2016 command may have; openapi.yaml's Command lists those of all rulesets (test/api/command-fields.test.ts). */
export const DOOM2016_COMMAND_FIELDS = ['type', 'figure', 'target', 'to', 'at', 'card', 'discard', 'door', 'demon', 'portal', 'group', 'play', 'reveal', 'token', 'ability', 'drop', 'onto', 'argent'];

export const doom2016Rules: RulesetEngine<Doom2016State> = {
  apply(s, c) {
    // RULES §5: a command is refused with a clear reason; a field no doom2016 command has is never stored.
    const extra = Object.keys(c).find((k) => !DOOM2016_COMMAND_FIELDS.includes(k));
    if (extra !== undefined) return refuse('command', `unknown field ${JSON.stringify(extra)} (a doom2016 command has: ${DOOM2016_COMMAND_FIELDS.join(', ')})`);
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
