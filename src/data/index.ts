/**
 * The bundled data sets (dice, weapons, units, ...) by name, e.g. "d20/sample-units".
 *
 * Component numbers are data, never code (RULES.md): every number-bearing entry carries a
 * `source` — a citation of RULES.md §6 or "sample, not official". The files are imported
 * statically so that bundlers ship them; add a new file here and to `BUNDLED` below, or, when only
 * a ruleset's engine reads its entries, to that ruleset's rules-sets.ts.
 */
import d20SampleUnits from './d20/sample-units.json' with { type: 'json' };
import doom2004SampleUnits from './doom2004/sample-units.json' with { type: 'json' };
import { DOOM2004_RULES_SETS } from './doom2004/rules-sets.ts';
import doom2016SampleUnits from './doom2016/sample-units.json' with { type: 'json' };
import { DOOM2016_RULES_SETS } from './doom2016/rules-sets.ts';
import type { DataSet } from './types.ts';
import { deepFreeze } from './freeze.ts';

export type { DataEntry, DataSet } from './types.ts';

export { deepFreeze };

// Made at the first question, not when the module loads: a bundle that never asks (the AI's worker,
// which reaches this module only through code it does not run) then carries none of the sets.
let byName: Map<string, DataSet> | null = null;
const bundled = (): Map<string, DataSet> =>
  (byName ??= new Map(
    [d20SampleUnits, doom2004SampleUnits, doom2016SampleUnits, ...DOOM2004_RULES_SETS, ...DOOM2016_RULES_SETS]
      .map((json) => deepFreeze(json as unknown as DataSet))
      .map((set) => [set.name, set]),
  ));

/** A bundled data set by name ("d20/sample-units"), or undefined. The result is frozen. */
export function getDataSet(name: string): DataSet | undefined {
  return bundled().get(name);
}

/** The names of all bundled data sets, sorted. */
export function listDataSets(): string[] {
  return [...bundled().keys()].sort();
}
