/** The d20 command types and their fields (RULES §4; schemas: ../command-shape.ts). */
import { commandShape, id, ids, space } from '../command-shape.ts';

export const D20_COMMANDS = {
  activate: commandShape('activate', { 'figure!': id }),
  move: commandShape('move', { 'figure!': id, 'to!': space }),
  // Combined fire: every other figure of the side at most (scenarios hold at most 64 figures).
  attack: commandShape('attack', { 'figure!': id, 'target!': id, helpers: ids(64) }),
  end: commandShape('end', { 'figure!': id }),
};
