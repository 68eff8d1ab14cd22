/** The doom2004 command types and their fields (RULES §3; schemas: ../command-shape.ts). */
import { bool, commandShape, id, integer, oneOfWords, space } from '../command-shape.ts';
import { MAX_WAYPOINTS } from './route.ts';
import { ACTIONS } from './turn.ts';
import { ORDERS } from './state.ts';

const attack = { 'figure!': id, 'target!': space, weapon: id, aimed: bool };
/** Which way a move goes (route.ts): the cheapest (default), the cheapest avoiding damaging obstacles, or waypoints. */
const route = {
  description: 'Which way: `cheapest` (the default: a cheapest path, among them one entering no damaging obstacle when there is one), `avoid-hazards` (the cheapest path entering no damaging obstacle), or waypoints `[{x, y}, …]`: spaces passed in that order, each leg as the default goes.',
  anyOf: [oneOfWords(['cheapest', 'avoid-hazards']), { type: 'array', minItems: 1, maxItems: MAX_WAYPOINTS, items: space }],
};

export const DOOM2004_COMMANDS = {
  respawn: commandShape('respawn', { 'figure!': id, 'to!': space }),
  action: commandShape('action', { 'figure!': id, 'action!': oneOfWords(ACTIONS), order: oneOfWords(ORDERS), adrenaline: bool }),
  activate: commandShape('activate', { 'figure!': id }),
  move: commandShape('move', { 'figure!': id, 'to!': space, route }),
  attack: commandShape('attack', attack),
  'guard-attack': commandShape('guard-attack', attack),
  'blow-through': commandShape('blow-through', { 'figure!': id, 'target!': space, 'drop!': id }),
  // Positions of the rolled dice (an attack rolls a handful).
  reroll: commandShape('reroll', { 'figure!': id, 'dice!': { type: 'array', maxItems: 16, items: integer(0, 15) } }),
  heal: commandShape('heal', { 'figure!': id, 'target!': id }),
  pass: commandShape('pass', { side: id }),
  'open-door': commandShape('open-door', { 'figure!': id, 'door!': id }),
  'close-door': commandShape('close-door', { 'figure!': id, 'door!': id }),
  'pick-up': commandShape('pick-up', { 'figure!': id, 'token!': id }),
  give: commandShape('give', { 'figure!': id, 'to!': id, weapon: id, ammo: id }),
  hop: commandShape('hop', { 'figure!': id, 'to!': space }),
  end: commandShape('end', { 'figure!': id }),
  'end-turn': commandShape('end-turn', { side: id }),
};
