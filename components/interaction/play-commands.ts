/**
 * Play mode's legal commands sorted by how a person gives them: on the board (a destination, a
 * target), or as buttons; and the figure that must first be put on the board.
 */
import type { Command, GameView } from '../../src/rules/types.ts';

/** Moves and attacks are made on the board (a destination, a target), not with buttons. */
export function isBoardCommand(c: Command): boolean {
  const to = c.to as { x?: unknown } | undefined;
  return c.target !== undefined || (typeof to === 'object' && to !== null && Number.isInteger(to.x));
}

export function uniqueCommands(list: Command[]): Command[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    const k = JSON.stringify(c);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * A figure off the board with a space to be put on (a fragged doom2004 marine's respawn), if any:
 * it is selected so that those spaces light up to be tapped — it cannot be tapped itself.
 */
export function placingFigure(legal: readonly Command[], view: GameView): string | undefined {
  const offBoard = (id: unknown) => typeof id === 'string' && !view.figures.some((f) => f.id === id);
  return legal.find((c) => isBoardCommand(c) && offBoard(c.figure))?.figure as string | undefined;
}
