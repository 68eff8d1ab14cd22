/**
 * Things in a valid scenario that are probably slips of the pen. The board still loads (a short
 * row simply ends in off-map cells), but an author should hear about it.
 */
import type { Scenario } from './types.ts';

/** One sentence per suspicious spot, naming it by its JSON path. */
export function scenarioWarnings(scenario: Pick<Scenario, 'map'>): string[] {
  const widest = Math.max(0, ...scenario.map.map((row) => row.length));
  return scenario.map.flatMap((row, y) =>
    row.length < widest
      ? [`map[${y}]: ${row.length} characters where the widest row has ${widest}; its last ${widest - row.length} cells are off the map`]
      : [],
  );
}
