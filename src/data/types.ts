/** What a data set file holds (see $defs/dataSet in the scenario schema). */
import type { Ruleset } from '../core/types.ts';

/** One entry of a data set (a unit, a weapon, a die, ...); its fields depend on the set's kind. */
export interface DataEntry {
  /** Where the entry's numbers come from: "RULES.md §6 (“quote”)..." or "sample, not official". */
  source?: string;
  /** Footprint [w, h] of a unit larger than 1×1 (units data sets). */
  size?: [number, number];
  [field: string]: unknown;
}

/** A data set file: `{ name, ruleset, kind, source, entries }` (see $defs/dataSet in the scenario schema). */
export interface DataSet {
  /** "<ruleset>/<file name>" for bundled sets. */
  name: string;
  ruleset: Ruleset;
  /** What the entries are: "units", "weapons", "dice", "actionCards", "marineStart", ... */
  kind: string;
  source: string;
  notes?: string;
  entries: Record<string, DataEntry>;
}
