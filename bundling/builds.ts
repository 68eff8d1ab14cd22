/**
 * The Vite configuration of each build step of bundling/outputs.ts. A build's entries and file
 * names come from the table's rows; what is here is how each is built: the plugins
 * (bundling/plugins/), which files are the module's own, minified or not, one file or chunks.
 * scripts/bundle.mjs runs them; the root vite.config.ts is `site` (the dev server and the demo).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LibraryOptions, UserConfig } from 'vite';
import { isEntry, OUTPUTS, type ViteStep } from './outputs.ts';
import { aiWorkerAsset } from './plugins/ai-worker-asset.ts';
import { dataSetHeaders } from './plugins/data-set-headers.ts';
import { dropPureAnnotations } from './plugins/drop-pure-annotations.ts';
import { literalWorkerStart } from './plugins/literal-worker-start.ts';
import { fromMainModule, onDemand } from './plugins/on-demand.ts';
import { ownCommandShape } from './plugins/own-command-shape.ts';
import { rulesPage } from './plugins/rules-page.ts';
import { stripDataSetNotes } from './plugins/strip-data-set-notes.ts';
import { stripSchemaAnnotations } from './plugins/strip-schema-annotations.ts';
import { swaggerUi } from './plugins/swagger-ui.ts';
import { trimTemplateIndentation } from './plugins/trim-templates.ts';
import { inlineWasmAsText } from './plugins/wasm-as-text.ts';
import { yamlAsJson } from './plugins/yaml-as-json.ts';

/** A path from the repository root, absolute. */
export const at = (path: string): string => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** The rows a Vite build writes as entries (one file each, not a family of chunks). */
const entriesOf = (step: ViteStep) => OUTPUTS.filter((o) => o.step === step && isEntry(o));

/** Library mode over a step's rows: one ES module per row, named as its row names it. */
function library(step: ViteStep): LibraryOptions {
  const [one, ...more] = entriesOf(step);
  if (!more.length) return { entry: at(one.from), formats: ['es'], fileName: () => basename(one.file) };
  return {
    entry: Object.fromEntries([one, ...more].map((o) => [basename(o.file, '.js'), at(o.from)])),
    formats: ['es'],
    fileName: (_, name) => `${name}.js`,
  };
}

/** What the element imports on demand: the entries of these builds become `./<their file>` beside it. */
const ON_DEMAND: ViteStep[] = ['rules', 'ui', 'ai'];
const onDemandEntries = () => new Map(ON_DEMAND.flatMap(entriesOf).map((o) => [at(o.from), basename(o.file)] as const));

/**
 * A rules engine's own folder, its data sets (whole: the main module has their names and kinds,
 * plugins/data-set-headers.ts) and its own copy of the command-shape checker
 * (plugins/own-command-shape.ts); everything else comes from the main module (see src/rules/ruleset-runtime.ts).
 */
const RULES_OWN = /[\\/]src[\\/](rules|data)[\\/](doom2016|doom2004|d20)[\\/]|[\\/]command-shape\.ts\?engine/;
/** The UI modules' own files; everything else they import comes from the main module (components/ui-runtime.ts). */
const UI_OWN = /[\\/]components[\\/](editor[\\/]|log[\\/]|modes[\\/]edit-mode\.ts|modes[\\/]editor-entry\.ts|panels[\\/]edit-panel\.ts|panels[\\/]steps-panel\.ts|modes[\\/]table-entry\.ts|panels[\\/]play-table\.ts|interaction[\\/]keep-in-view\.ts|modes[\\/]export-entry\.ts|render[\\/]export\.ts|modes[\\/]legend-entry\.ts|render[\\/]legend-list\.ts|modes[\\/]blast-entry\.ts|interaction[\\/]blast\.ts|modes[\\/]handicap-entry\.ts|replay[\\/])|[\\/]src[\\/]scenario[\\/]handicap\.ts$/;
/**
 * The AI's own files: components/ai, src/ai, and the rules internals it reads (a doom2004 roll, a
 * doom2016 defense deck; pure functions, copied here rather than exported by the main module), and
 * the grid core's reusable result buffers (only the AI's searches use them: the main bundle, at its
 * size budget, leaves them out). Lit, the grid core, the rules registry and createGame come from
 * doom-board.js.
 */
const AI_OWN = /[\\/](components[\\/]ai|components[\\/]worker|src[\\/]ai|src[\\/]rules[\\/](doom2016|doom2004|d20))[\\/]|[\\/]components[\\/]render[\\/]geometry\.ts$|[\\/]src[\\/]core[\\/]result-buffers\.ts$/;

/** Packages the package depends on: the server build leaves them imports. */
const dependencies = () => {
  const pkg = JSON.parse(readFileSync(at('package.json'), 'utf8')) as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
  return [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];
};

/** Each Vite build, as a fresh configuration (plugins keep state within one build). */
export const VITE_BUILDS: Record<ViteStep, () => UserConfig> = {
  // The element: one self-contained module (Wasm core inlined as text, no code-split chunks), which
  // imports the on-demand modules from beside it; the templates' indentation, the schema's and data
  // sets' documentation and the minifier's @__PURE__ marks left out (bytes nothing reads).
  element: () => ({
    publicDir: false,
    plugins: [inlineWasmAsText(), stripSchemaAnnotations(), stripDataSetNotes(), dataSetHeaders(), trimTemplateIndentation(), onDemand(onDemandEntries()), dropPureAnnotations()],
    build: {
      outDir: at('dist'),
      emptyOutDir: true,
      target: 'es2022',
      lib: library('element'),
      assetsInlineLimit: Number.MAX_SAFE_INTEGER,
      // Library mode keeps whitespace in ES output unless the output itself is minified.
      rolldownOptions: { output: { codeSplitting: false, minify: true } },
    },
  }),

  rules: () => ({
    publicDir: false,
    plugins: [stripDataSetNotes(), ownCommandShape(), fromMainModule('rules', RULES_OWN)],
    // openapi-fetch asks `typeof process` to detect Node: as a property of globalThis, so that a
    // bundler building an app from these files (Parcel) sees no Node global to polyfill.
    define: { process: 'globalThis.process' },
    build: { outDir: at('dist'), emptyOutDir: false, target: 'es2022', lib: library('rules'), rolldownOptions: { output: { minify: true } } },
  }),

  ui: () => ({
    publicDir: false,
    plugins: [fromMainModule('ui', UI_OWN)],
    build: { outDir: at('dist'), emptyOutDir: false, target: 'es2022', lib: library('ui'), rolldownOptions: { output: { minify: true } } },
  }),

  // One file: no chunks shared with the other on-demand modules. Its worker is started in the
  // literal form bundlers follow.
  ai: () => ({
    publicDir: false,
    plugins: [fromMainModule('ai', AI_OWN), literalWorkerStart()],
    build: { outDir: at('dist'), emptyOutDir: false, target: 'es2022', lib: library('ai'), rolldownOptions: { output: { codeSplitting: false, minify: true } } },
  }),

  // Self-contained, so that it imports nothing; like the element, without the scenario schema's
  // descriptions and the data sets' notes.
  'ai-worker': () => ({
    publicDir: false,
    plugins: [inlineWasmAsText(), stripSchemaAnnotations(), stripDataSetNotes()],
    build: {
      outDir: at('dist'),
      emptyOutDir: false,
      target: 'es2022',
      lib: library('ai-worker'),
      assetsInlineLimit: Number.MAX_SAFE_INTEGER,
      rolldownOptions: { output: { codeSplitting: false, minify: true } },
    },
  }),

  // One ES module that loads in Node, workers, Deno-style runtimes and browsers, and under any
  // bundler, with no plugin and no file to fetch. Not minified: it is read.
  engine: () => ({
    publicDir: false,
    plugins: [inlineWasmAsText()],
    build: {
      outDir: at('lib'),
      emptyOutDir: true,
      target: 'es2022',
      minify: false,
      lib: library('engine'),
      rolldownOptions: { output: { codeSplitting: false } },
    },
  }),

  // Plain Node modules, built once, so the server starts with no TypeScript transform or bundler at
  // run time. Packages the package depends on stay imports; everything of its own (the engine, the
  // API, the OpenAPI document) is built in.
  server: () => {
    const external = dependencies();
    return {
      publicDir: false,
      plugins: [inlineWasmAsText(), yamlAsJson()],
      build: {
        ssr: true,
        outDir: at('lib'),
        emptyOutDir: false,
        target: 'node20',
        minify: false,
        rolldownOptions: {
          input: Object.fromEntries(entriesOf('server').map((o) => [basename(o.file, '.js'), at(o.from)])),
          external: (id) => builtinModules.includes(id) || id.startsWith('node:') || external.some((d) => id === d || id.startsWith(`${d}/`)),
          output: {
            entryFileNames: '[name].js',
            chunkFileNames: 'chunks/[name]-[hash].js',
            banner: (chunk) => (chunk.name === 'cli' && chunk.isEntry ? '#!/usr/bin/env node' : ''),
          },
        },
      },
    };
  },

  // The demo site, and `vite` (the dev server) through the root vite.config.ts. Its pages live in
  // demo/ (one HTML file per wiki page) and import ../components, ../src and ../build (the Wasm
  // core, via `?init`).
  site: () => ({
    root: at('demo'),
    // A missing file is a 404, not the index page (scenario URLs must fail loudly).
    appType: 'mpa',
    plugins: [yamlAsJson(), swaggerUi(), aiWorkerAsset(), rulesPage()],
    server: { fs: { allow: [at('')] } },
    // Pre-bundle Lit at start-up so that the first page load never triggers a re-optimisation reload.
    optimizeDeps: { include: ['lit', 'lit/directives/guard.js', 'openapi-fetch', 'msw/browser'] },
    build: {
      outDir: at('dist-demo'),
      emptyOutDir: true,
      rolldownOptions: {
        input: Object.fromEntries(readdirSync(at('demo')).filter((f) => f.endsWith('.html')).map((f) => [f.replace(/\.html$/, ''), at(`demo/${f}`)])),
      },
    },
  }),
};
