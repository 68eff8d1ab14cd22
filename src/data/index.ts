/**
 * The bundled data sets (dice, weapons, units, ...) by name, e.g. "d20/sample-units".
 *
 * Component numbers are data, never code (RULES.md): every number-bearing entry carries a
 * `source` — a citation of RULES.md §6 or "sample, not official". The files are imported
 * statically so that bundlers ship them; add a new file here and to `BUNDLED` below.
 */
import type { Ruleset } from '../core/types.ts';
import d20SampleUnits from './d20/sample-units.json' with { type: 'json' };
import doom2004Dice from './doom2004/dice.json' with { type: 'json' };
import doom2004MarineStart from './doom2004/marine-start.json' with { type: 'json' };
import doom2004SampleUnits from './doom2004/sample-units.json' with { type: 'json' };
import doom2004Weapons from './doom2004/weapons.json' with { type: 'json' };
import doom2016Dice from './doom2016/dice.json' with { type: 'json' };
import doom2016SampleActionCards from './doom2016/sample-action-cards.json' with { type: 'json' };
import doom2016SampleClassCards from './doom2016/sample-class-cards.json' with { type: 'json' };
import doom2016SampleEventCards from './doom2016/sample-event-cards.json' with { type: 'json' };
import doom2016SampleGloryKillCards from './doom2016/sample-glory-kill-cards.json' with { type: 'json' };
import doom2016SampleInvasionCards from './doom2016/sample-invasion-cards.json' with { type: 'json' };
import doom2016SampleSquadCards from './doom2016/sample-squad-cards.json' with { type: 'json' };
import doom2016SampleUnits from './doom2016/sample-units.json' with { type: 'json' };

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

/** Freeze a value and everything in it: shared read-only data (the registry hands out shared objects). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

const BUNDLED: readonly DataSet[] = [
  d20SampleUnits,
  doom2004Dice,
  doom2004MarineStart,
  doom2004SampleUnits,
  doom2004Weapons,
  doom2016Dice,
  doom2016SampleActionCards,
  doom2016SampleClassCards,
  doom2016SampleEventCards,
  doom2016SampleGloryKillCards,
  doom2016SampleInvasionCards,
  doom2016SampleSquadCards,
  doom2016SampleUnits,
].map((json) => deepFreeze(json as unknown as DataSet));

const BY_NAME = new Map(BUNDLED.map((set) => [set.name, set]));

/** A bundled data set by name ("d20/sample-units"), or undefined. The result is frozen. */
export function getDataSet(name: string): DataSet | undefined {
  return BY_NAME.get(name);
}

/** The names of all bundled data sets, sorted. */
export function listDataSets(): string[] {
  return [...BY_NAME.keys()].sort();
}
