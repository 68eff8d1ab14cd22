/**
 * Store failures as the problems they are for a client: the store cannot serve now (503 with
 * Retry-After: retry later), a commit failed with its outcome unknown (503: retry with the same
 * Idempotency-Key to learn it), a game that does not replay (500 game-damaged: not retryable).
 */
import { ApiError } from './problem.ts';
import { GameDamagedError, StoreUnavailableError } from './store.ts';

export function storeProblem(e: unknown): ApiError | null {
  if (e instanceof StoreUnavailableError) {
    const retry = { 'retry-after': String(e.retryAfter) };
    if (e.outcomeUnknown) {
      return new ApiError(503, 'outcome-unknown',
        'the game store failed while committing this change, which may or may not have been stored: send the same request again with the same Idempotency-Key ' +
          'to learn the outcome (the original answer if it was stored, else it is made now); without a key, read the game (GET …/events) to see whether it holds the change.',
        { retryAfter: e.retryAfter }, retry);
    }
    return new ApiError(503, 'store-unavailable', `${e.said}; retry in ${e.retryAfter} s`, { retryAfter: e.retryAfter }, retry);
  }
  if (e instanceof GameDamagedError) {
    return new ApiError(500, 'game-damaged', `${e.message}. It cannot be played or read until an operator restores it (\`doom-board check\` lists the damaged games); retrying will not help.`);
  }
  return null;
}
