import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { inlineWasmAsText, onDemand } from './vite.modules.ts';

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

/**
 * The element's templates (Lit html/svg/css) keep the source's indentation as text, which the
 * minifier cannot touch: a line break followed by indentation becomes a line break alone. Outside
 * template literals the minifier drops that whitespace anyway; no template here keeps whitespace
 * as it is written (no <pre>; `.hint` keeps line breaks, but its text comes at run time). The
 * stylesheet (theme.ts, CSS alone) is minified too.
 */
/**
 * The stylesheet without comments and without the spaces CSS does not need: round braces,
 * semicolons, commas and child combinators, and after a colon (a space before one can be a
 * descendant combinator, so those stay). `${…}` parts have no spaces to lose.
 */
export function minifyCss(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s*([{};,>])\s*/g, '$1').replace(/:\s+/g, ':').replace(/;}/g, '}');
}

export function trimTemplateIndentation(): Plugin {
  const OWN = /[\\/]components[\\/][^?]*\.ts$/;
  return {
    name: 'doom-board:trim-template-indentation',
    enforce: 'pre',
    transform(code, id) {
      if (!OWN.test(id)) return null;
      const trimmed = code.replace(/\n[ \t]+/g, '\n');
      return { code: /[\\/]theme\.ts$/.test(id) ? trimmed.replace(/css`[^`]*`/g, minifyCss) : trimmed, map: null };
    },
  };
}

/**
 * The minifier keeps `@__PURE__` annotations for bundlers that tree-shake this output further.
 * doom-board.js is loaded as it is (and defines the element when imported, so a bundler keeps
 * most of it anyway): there they are only bytes.
 */
export function dropPureAnnotations(): Plugin {
  return {
    name: 'doom-board:drop-pure-annotations',
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') chunk.code = chunk.code.replaceAll('/* @__PURE__ */', '');
    },
  };
}

// The rules engines and the HTTP engine (the `api` attribute) are built by vite.rules.config.ts, the
// editor, play table and export by vite.ui.config.ts; this build imports them on demand.
const RULES = /[\\/]src[\\/]rules[\\/](doom2016|doom2004|d20)[\\/]index\.ts$/;
const HTTP_ENGINE = /[\\/]components[\\/]engine-client-(http)\.ts$/;
const UI = /[\\/]components[\\/]modes[\\/](editor|table|export|legend|blast|handicap)-entry\.ts$/;
// Replay mode (vite.ui.config.ts too).
const REPLAY = /[\\/]components[\\/](replay)[\\/]replay-entry\.ts$/;
// The play mode's AI (vite.ai.config.ts; its worker: vite.worker.config.ts).
const AI = /[\\/]components[\\/]ai[\\/](ai)-entry\.ts$/;

// The embeddable bundle: one self-contained ES module, dist/doom-board.js, with Lit, the engine,
// and the Wasm core (imported with `?init`, inlined as bytes).
export default defineConfig({
  publicDir: false,
  plugins: [inlineWasmAsText(), stripSchemaAnnotations(), stripDataSetNotes(), trimTemplateIndentation(), onDemand('rules', RULES), onDemand('http', HTTP_ENGINE), onDemand('ui', UI), onDemand('replay', REPLAY), onDemand('ai', AI), dropPureAnnotations()],
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
