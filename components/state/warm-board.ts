/**
 * A board's first query pays for putting the board into the grid core (its upload, or its restore
 * when another board had the core) and, first on a page, for the core's code running cold (V8 runs
 * Wasm in its baseline tier until a function is hot). The page does both while it is idle after
 * drawing the board, so a person's first click pays only for its own queries.
 */
import type { Board } from '../../src/core/board.ts';

/** Run `work` when the page is idle (Safari has no requestIdleCallback: soon after, then). */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 50);
}

/** When the page is idle and `board` is still the one shown (`current`), put it into the core and run its first figure's sight map and reach once. */
export function warmWhenIdle(board: Board, current: () => boolean): void {
  whenIdle(() => {
    if (!current()) return;
    try {
      board.prepare();
      if (board.data.figures.length) {
        board.sightMap(0);
        board.reach(0, 8);
      }
    } catch {
      // Whatever stops this stops the first real query too, which says so where it is shown.
    }
  });
}
