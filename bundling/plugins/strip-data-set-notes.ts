import type { Plugin } from 'vite';

/**
 * A bundled data set's `notes` (src/data/*: what its fields mean, for people reading the file) is
 * documentation that nothing in the element reads: the embeddable bundle leaves it out. Every
 * entry keeps its `source` (official or sample). The package's engine entry and the HTTP API's
 * catalog carry the whole files.
 */
export function stripDataSetNotes(): Plugin {
  return {
    name: 'doom-board:strip-data-set-notes',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/]data[\\/][^?]*\.json$/.test(id)) return null;
      const { notes: _, ...set } = JSON.parse(code);
      return { code: JSON.stringify(set), map: null };
    },
  };
}
