import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/** The schema's descriptions are documentation: the validator never reads them, the bundle need not carry them. */
export function stripSchemaAnnotations(): Plugin {
  const ANNOTATIONS = ['description', 'examples', '$comment'];
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (!v || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      // A key named like an annotation inside "properties" is a property schema (an object): keep it.
      if (ANNOTATIONS.includes(k) && (typeof x === 'string' || k === 'examples')) continue;
      out[k] = strip(x);
    }
    return out;
  };
  return {
    name: 'doom-board:strip-schema-annotations',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('scenario.schema.json')) return null;
      return { code: JSON.stringify(strip(JSON.parse(code))), map: null };
    },
  };
}

const RULES = /[\\/]src[\\/]rules[\\/](doom2016|doom2004|d20)[\\/]index\.ts$/;
/** The HTTP engine (the `api` attribute) is built beside it too: dist/doom-board-http.js. */
const HTTP_ENGINE = /[\\/]components[\\/]engine-client-(http)\.ts$/;

/**
 * The DOOM rules engines are most of the engine's code: the main module imports them on demand
 * from beside it (dist/doom-board-doom2016.js, built by vite.rules.config.ts) instead of carrying them.
 */
function rulesOnDemand(): Plugin {
  return {
    name: 'doom-board:rules-on-demand',
    enforce: 'pre',
    async resolveId(source, importer) {
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      const m = resolved && (RULES.exec(resolved.id) ?? HTTP_ENGINE.exec(resolved.id));
      return m ? { id: `./doom-board-${m[1]}.js`, external: true } : null;
    },
  };
}

const UI = /[\\/]components[\\/]modes[\\/](editor|table|export)-entry\.ts$/;

/** The editor and the play table are fetched from beside the main module (dist/doom-board-editor.js, dist/doom-board-table.js, built by vite.ui.config.ts). */
function uiOnDemand(): Plugin {
  return {
    name: 'doom-board:ui-on-demand',
    enforce: 'pre',
    async resolveId(source, importer) {
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      const m = resolved && UI.exec(resolved.id);
      return m ? { id: `./doom-board-${m[1]}.js`, external: true } : null;
    },
  };
}

// The embeddable bundle: one self-contained ES module, dist/doom-board.js, with Lit, the engine,
// the d20 rules and the Wasm core (imported with `?init`, inlined as bytes).
export default defineConfig({
  publicDir: false,
  plugins: [stripSchemaAnnotations(), rulesOnDemand(), uiOnDemand()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    lib: {
      entry: fileURLToPath(new URL('./components/index.ts', import.meta.url)),
      formats: ['es'],
      fileName: () => 'doom-board.js',
    },
    // Everything in one file: no code-split chunks, no separate .wasm asset.
    assetsInlineLimit: Number.MAX_SAFE_INTEGER,
    // Library mode keeps whitespace in ES output unless the output itself is minified.
    rolldownOptions: { output: { codeSplitting: false, minify: true } },
  },
});
