/**
 * A movement allowance or cost in the ruleset's own words: d20 counts squares of movement (RULES §4,
 * as its log and the API say), the DOOM games MP.
 */
export const movementWords = (ruleset: string | undefined, n: number): string =>
  ruleset === 'd20' ? `${n} ${n === 1 ? 'square' : 'squares'} of movement` : `${n} MP`;
