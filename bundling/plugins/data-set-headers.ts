import type { Plugin } from 'vite';

/**
 * A data set only a ruleset's engine reads the entries of (src/data/<ruleset>/rules-sets.ts: dice,
 * cards, weapons) is, in the element's main module, its name, ruleset, kind and source: enough to
 * check a scenario that names it. The ruleset's on-demand module carries the whole set and the
 * engine takes it from there when a game starts (src/rules/engine.ts). Units stay whole: checking
 * a scenario reads their footprints.
 */
export function dataSetHeaders(): Plugin {
  return {
    name: 'doom-board:data-set-headers',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/]data[\\/][^?]*\.json$/.test(id)) return null;
      const { name, ruleset, kind, source } = JSON.parse(code);
      if (kind === 'units') return null;
      return { code: JSON.stringify({ name, ruleset, kind, source, entries: {} }), map: null };
    },
  };
}
