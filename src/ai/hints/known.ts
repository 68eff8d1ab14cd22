/**
 * Whether a figure id belongs to a game at all: on the board, dead or fragged and waiting to come
 * back, displaced, defeated (d20), or hidden in an unrevealed area (a slain demon's id is gone).
 * Hints for a misspelt id are then an error, not an empty list that reads as "nothing to do".
 */
import type { GameState } from '../../rules/engine.ts';

export function figureInGame(state: GameState, id: string): boolean {
  if (state.figures.some((f) => f.id === id)) return true;
  switch (state.ruleset) {
    case 'doom2016': {
      const p = state.pending;
      return Object.hasOwn(state.marines, id) || (p?.kind === 'displace' && [p.figure, ...p.waiting].some((f) => f.id === id));
    }
    case 'doom2004':
      return state.fragged.some((e) => e.figure.id === id) || state.areas.some((a) => a.figures.some((f) => f.id === id));
    case 'd20':
      return state.defeated.includes(id);
  }
}
