/** Bundled scenarios, data sets and rulesets as the API lists them. */
import { RULESETS, type Ruleset } from '../core/types.ts';
import { getDataSet, listDataSets } from '../data/index.ts';
import { bundledScenarios } from '../scenario/bundled.ts';

export { bundledScenarios };

export function scenarioSummaries() {
  return [...bundledScenarios].map(([id, s]) => ({ id, ruleset: s.ruleset, title: s.title ?? id }));
}

export function dataSetSummaries() {
  return listDataSets().map((name) => {
    const d = getDataSet(name)!;
    return { name, ruleset: d.ruleset, kind: d.kind, source: d.source, entries: Object.keys(d.entries).length };
  });
}

export const rulesets = (): { id: Ruleset; playable: boolean }[] => RULESETS.map((id) => ({ id, playable: true }));
