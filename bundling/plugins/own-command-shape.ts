import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The command-shape checker, one copy per rules engine: each engine's import of it gets a module id
 * of its own (`…/command-shape.ts?engine=doom2016`), so no shared chunk is made, and the main module,
 * which plays no rules, need not carry it on every page.
 */
export const ownCommandShape = (): Plugin => ({
  name: 'doom-board:command-shape-per-engine',
  enforce: 'pre',
  resolveId(source, importer) {
    const engine = importer && /[\\/]src[\\/]rules[\\/](doom2016|doom2004|d20)[\\/]/.exec(importer)?.[1];
    if (!engine || !source.endsWith('/command-shape.ts')) return null;
    return `${resolve(dirname(importer), source)}?engine=${engine}`;
  },
});
