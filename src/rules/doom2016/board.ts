/**
 * The grid core's view of a doom2016 state: a board built from it, and the one board the rules
 * share for queries. Apart from state.ts so that the round's geometry (round.ts → geometry.ts) can
 * use it without importing the state module that starts the round.
 */
import { Board } from '../../core/board.ts';
import { sharedBoard, sourceData, type BoardSource } from '../../core/shared-board.ts';
import type { Doom2016State } from './types.ts';

/**
 * The grid core's view of the state, shared and only to be queried, never changed (core/shared-board.ts):
 * the board of the last call while the map and the figures (ids, sides, order) are the same, its
 * figures moved to where the state has them. The legal commands, a move's path and an attack's sight
 * each built a board of their own (an upload and the core's derived tables): a third of the
 * autopilot's rollouts.
 */
export function queryBoardOf(s: Doom2016State): Board {
  return sharedBoard('doom2016', sourceOf(s, s.figures));
}

/**
 * The map with `probe` the only figure on it, shared and only to be queried like queryBoardOf's:
 * ranges from the probe's cell with no figure in the way (where summoned demons are placed).
 */
export function probeBoardOf(s: Doom2016State, probe: Doom2016State['figures'][number]): Board {
  return sharedBoard('doom2016-probe', sourceOf(s, [probe]));
}

/** The grid core's view of the state (marines use active teleporters); a board of its own, which the caller may change. */
export function boardOf(s: Doom2016State, without: string[] = []): Board {
  return Board.fromData(sourceData(sourceOf(s, without.length ? s.figures.filter((f) => !without.includes(f.id)) : s.figures)));
}

function sourceOf(s: Doom2016State, figures: Doom2016State['figures']): BoardSource {
  const { width, height, cells, hEdges, vEdges } = s.board;
  return { ruleset: 'doom2016', width, height, cells, hEdges, vEdges, figures, teleporting: s.marineSide };
}
