/**
 * The embeddable bundle is one main module (dist/doom-board.js) and modules fetched from beside it
 * only when a board needs them (rules engines, HTTP engine, editor, play table, export, AI). These
 * two plugins draw that line: the main build leaves the on-demand entries out, and each on-demand
 * build takes everything outside its own files from the main module (one Wasm core, one Lit).
 */
import type { Plugin } from 'vite';

/**
 * Main build: an import that resolves to one of `entries` (absolute path → the built file's name,
 * e.g. `doom-board-d20.js`) becomes an external `./<file>`, fetched from beside the main module.
 */
export function onDemand(entries: ReadonlyMap<string, string>): Plugin {
  return {
    name: 'doom-board:on-demand',
    enforce: 'pre',
    async resolveId(source, importer) {
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      const file = resolved && entries.get(resolved.id);
      return file ? { id: `./${file}`, external: true } : null;
    },
  };
}

/** On-demand build: whatever a file matching `own` imports from outside `own` comes from `./doom-board.js`. */
export function fromMainModule(name: string, own: RegExp): Plugin {
  return {
    name: `doom-board:${name}-from-main-module`,
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !own.test(importer)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (!resolved || own.test(resolved.id)) return null;
      return { id: './doom-board.js', external: true };
    },
  };
}
