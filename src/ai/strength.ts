/**
 * How hard the AI thinks (issue 39), for the autopilot and the hints alike. `standard` (the
 * default): the planner, searched in doom2016, within a frame-sized budget. `strong`: in doom2004
 * each decision and hint also plays the planner's 4 best plans out with the planner on both sides
 * (autopilot/search.ts DOOM2004_SEARCH): about +30 points over the planner alone in duplicate, at up
 * to about a second of CPU an answer — for a worker (or Node), not a page's main thread. Elsewhere
 * the two are the same.
 */
export type AiStrength = 'standard' | 'strong';

/** `strength` when it is one (undefined: `standard`); else an error naming it and the two there are. */
export function strengthOf(strength: unknown): AiStrength {
  if (strength === undefined || strength === 'standard') return 'standard';
  if (strength === 'strong') return 'strong';
  throw new Error(`strength must be "standard" or "strong", got ${JSON.stringify(strength)}`);
}
