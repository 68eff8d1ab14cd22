import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { inlineWasmAsText } from './vite.modules.ts';

// The package's engine entry (`import … from 'doom-board'`): lib/engine.js, one ES module with every
// ruleset, the AI and the Wasm core inlined, so it loads in Node, workers, Deno-style runtimes and
// browsers, and under any bundler, with no plugin and no file to fetch. Not minified: it is read.
export default defineConfig({
  publicDir: false,
  plugins: [inlineWasmAsText()],
  build: {
    outDir: fileURLToPath(new URL('./lib', import.meta.url)),
    emptyOutDir: false,
    target: 'es2022',
    minify: false,
    lib: {
      entry: fileURLToPath(new URL('./src/index.ts', import.meta.url)),
      formats: ['es'],
      fileName: () => 'engine.js',
    },
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
