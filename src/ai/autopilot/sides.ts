/** Who decides now: the side of each legal command, and the one side that must choose. */
import type { GameState } from '../../rules/engine.ts';
import type { Command } from '../../rules/types.ts';

/** Marines / invader sides of a DOOM state; the sides of a d20 state. */
export function sidesOf(s: GameState): string[] {
  return s.ruleset === 'd20' ? [...s.sides] : [s.marineSide, s.invaderSide];
}

/** The side a command belongs to (its figure's side; doom2016 commands without a figure are the invader's). */
export function sideOfCommand(s: GameState, c: Command): string {
  if (typeof c.side === 'string') return c.side;
  if (typeof c.figure === 'string') {
    const f = s.figures.find((g) => g.id === c.figure);
    if (f) return f.side;
    if (s.ruleset !== 'd20') return s.marineSide; // a dead / fragged marine (respawn)
  }
  return s.ruleset === 'd20' ? s.sides[s.side] : s.invaderSide;
}

/** The side to choose among `legal` commands: the only side that has any, else the side whose turn it is. */
export function decidingSide(s: GameState, legal: Command[], turnSide: string | null): string | null {
  const sides = new Set(legal.map((c) => sideOfCommand(s, c)));
  if (sides.size === 0) return null;
  if (sides.size === 1) return [...sides][0];
  return turnSide !== null && sides.has(turnSide) ? turnSide : [...sides][0];
}
