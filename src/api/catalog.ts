/** Bundled scenarios, data sets and rulesets as the API lists them. */
import { RULESETS, type Ruleset } from '../core/types.ts';
import { getDataSet, listDataSets } from '../data/index.ts';
import type { Scenario } from '../scenario/index.ts';

const files = import.meta.glob('../scenario/bundled/*.json', { eager: true, import: 'default' }) as Record<string, Scenario>;

export const bundledScenarios: ReadonlyMap<string, Scenario> = new Map(
  Object.entries(files)
    .map(([path, s]) => [/([^/]+)\.json$/.exec(path)![1], s] as const)
    .sort(([a], [b]) => a.localeCompare(b)),
);

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
