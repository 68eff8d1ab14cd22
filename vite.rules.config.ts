import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { fromMainModule } from './vite.modules.ts';

/** A rules engine's own folder; everything else comes from the main module (see src/rules/ruleset-runtime.ts)… */
const FOLDER = /[\\/]src[\\/]rules[\\/](doom2016|doom2004|d20)[\\/]|[\\/]command-shape\.ts\?engine/;

/**
 * …but the command-shape checker: each engine carries its own copy (a module id per engine, so no
 * shared chunk), the main module plays no rules and need not carry it on every page.
 */
const ownCommandShape = (): Plugin => ({
  name: 'doom-board:command-shape-per-engine',
  enforce: 'pre',
  resolveId(source, importer) {
    const engine = importer && /[\\/]src[\\/]rules[\\/](doom2016|doom2004|d20)[\\/]/.exec(importer)?.[1];
    if (!engine || !source.endsWith('/command-shape.ts')) return null;
    return `${resolve(dirname(importer), source)}?engine=${engine}`;
  },
});

const entry = (name: string) => fileURLToPath(new URL(`./src/rules/${name}/index.ts`, import.meta.url));

// The doom2016, doom2004 and d20 rules engines, loaded by dist/doom-board.js when a board plays them,
// and the HTTP engine (openapi-fetch), loaded when a board has an `api` attribute.
export default defineConfig({
  publicDir: false,
  plugins: [ownCommandShape(), fromMainModule('rules', FOLDER)],
  // openapi-fetch asks `typeof process` to detect Node: as a property of globalThis, so that a
  // bundler building an app from these files (Parcel) sees no Node global to polyfill.
  define: { process: 'globalThis.process' },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: false,
    target: 'es2022',
    lib: {
      entry: { doom2016: entry('doom2016'), doom2004: entry('doom2004'), d20: entry('d20'), http: fileURLToPath(new URL('./components/engine-client-http.ts', import.meta.url)) },
      formats: ['es'],
      fileName: (_, name) => `doom-board-${name}.js`,
    },
    rolldownOptions: { output: { minify: true } },
  },
});
