/** The example scenarios shipped with the engine (./bundled/*.json), by id (the file name). */
import type { Scenario } from './types.ts';

const files = import.meta.glob('./bundled/*.json', { eager: true, import: 'default' }) as Record<string, Scenario>;

export const bundledScenarios: ReadonlyMap<string, Scenario> = new Map(
  Object.entries(files)
    .map(([path, s]) => [/([^/]+)\.json$/.exec(path)![1], s] as const)
    .sort(([a], [b]) => a.localeCompare(b)),
);
