/**
 * A board's first query pays for putting the board into the grid core (its upload, or its restore
 * when another board had the core) and, first on a page, for the core's code running cold (V8 runs
 * Wasm in its baseline tier until a function is hot). The page does both while it is idle after
 * drawing the board, so a person's first click pays only for its own queries. The selection's
 * drawing is made once too (its paths as strings, not put on the page): on a 201×201 board the
 * first click's script ran at half speed without it.
 */
import type { Board } from '../../src/core/board.ts';
import { selectionOf, type Selection } from '../interaction/selection.ts';

/** Run `work` when the page is idle (Safari has no requestIdleCallback: soon after, then). */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 50);
}

/**
 * When the page is idle and `board` is still the one shown (`current`), put it into the core and
 * compute its first figure's selection (LOS map and reach) once; `draw` makes that selection's
 * drawing and throws it away.
 */
export function warmWhenIdle(board: Board, current: () => boolean, draw?: (selection: Selection) => void): void {
  whenIdle(() => {
    if (!current()) return;
    try {
      board.prepare();
      const first = board.data.figures[0];
      if (!first) return;
      const selection = selectionOf(board, first.id, 8);
      draw?.(selection);
    } catch {
      // Whatever stops this stops the first real query too, which says so where it is shown.
    }
  });
}
