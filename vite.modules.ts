/**
 * The embeddable bundle is one main module (dist/doom-board.js) and modules fetched from beside it
 * only when a board needs them (rules engines, HTTP engine, editor, play table, export). These two
 * plugins draw that line: the main build leaves the on-demand entries out, and each on-demand build
 * takes everything outside its own files from the main module (one Wasm core, one Lit).
 */
import type { Plugin } from 'vite';

/** Main build: an import that resolves to `entry` (its first capture group names the module) becomes `./doom-board-<name>.js`. */
export function onDemand(name: string, entry: RegExp): Plugin {
  return {
    name: `doom-board:${name}-on-demand`,
    enforce: 'pre',
    async resolveId(source, importer) {
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      const m = resolved && entry.exec(resolved.id);
      return m ? { id: `./doom-board-${m[1]}.js`, external: true } : null;
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
