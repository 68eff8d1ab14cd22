/** The doom2016 command types and their fields (RULES §2; schemas: ../command-shape.ts). */
import { bool, commandShape, id, ids, integer, space, split } from '../command-shape.ts';

/** Where a figure ends a move: a space, and `o: 1` to turn a large figure. */
const placement = { type: 'object', required: ['x', 'y'], additionalProperties: false, properties: { ...(space.properties as object), o: integer(0, 1) } };
const coordinate = integer(0, 255);
const doorEdge = { type: 'object', required: ['x1', 'y1', 'x2', 'y2'], additionalProperties: false, properties: { x1: coordinate, y1: coordinate, x2: coordinate, y2: coordinate } };
/** Cards played at once (a hand holds a few). */
const cards = ids(16);

export const DOOM2016_COMMANDS = {
  status: commandShape('status', { discard: cards, onto: split }),
  'activate-demons': commandShape('activate-demons', { 'demon!': id }),
  'activate-demon': commandShape('activate-demon', { 'figure!': id }),
  play: commandShape('play', { 'figure!': id, 'card!': id }),
  sprint: commandShape('sprint', { 'figure!': id, 'discard!': id }),
  'use-class': commandShape('use-class', { 'figure!': id }),
  'pick-up': commandShape('pick-up', { 'figure!': id, 'token!': id }),
  respawn: commandShape('respawn', { 'figure!': id, 'at!': space }),
  move: commandShape('move', { 'figure!': id, 'to!': placement }),
  'place-displaced': commandShape('place-displaced', { 'figure!': id, 'to!': space }),
  'open-door': commandShape('open-door', { 'figure!': id, 'door!': doorEdge }),
  attack: commandShape('attack', { 'figure!': id, 'target!': id, ability: id, drop: id }),
  defend: commandShape('defend', { 'figure!': id, reveal: bool, play: cards }),
  press: commandShape('press', { 'figure!': id, play: cards }),
  summon: commandShape('summon', { 'portal!': id, 'group!': integer(0, 63), argent: split }),
  end: commandShape('end', { 'figure!': id }),
};
