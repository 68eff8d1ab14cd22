/**
 * How hard the AI thinks (issue 39), for the autopilot and the hints alike. `standard` (the
 * default): the planner, searched in doom2016 and doom2004 within the 50 ms an answer may take
 * (doom2004: its 3 best plans played out once by the planner on both sides, DOOM2004_AUTOPILOT_SEARCH).
 * `strong`: in doom2004 each decision and hint plays the planner's 4 best plans out up to twice
 * (autopilot/search.ts DOOM2004_SEARCH): about +30 points over the planner alone in duplicate (the
 * default's search about +19), at up to a few tenths of a second of CPU an answer — for a worker (or
 * Node), not a page's main thread. Elsewhere the two are the same.
 */
export type AiStrength = 'standard' | 'strong';

/** `strength` when it is one (undefined: `standard`); else an error naming it and the two there are. */
export function strengthOf(strength: unknown): AiStrength {
  if (strength === undefined || strength === 'standard') return 'standard';
  if (strength === 'strong') return 'strong';
  throw new Error(`strength must be "standard" or "strong", got ${JSON.stringify(strength)}`);
}
