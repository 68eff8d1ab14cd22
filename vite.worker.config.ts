import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { stripDataSetNotes, stripSchemaAnnotations } from './vite.lib.config.ts';
import { inlineWasmAsText } from './vite.modules.ts';

// The AI's Web Worker (src/ai/worker.ts), started by dist/doom-board-ai.js from beside it: one
// self-contained module (a worker cannot share the page's modules), with its own Wasm grid core
// inlined and every rules engine, so that it imports nothing.
export default defineConfig({
  publicDir: false,
  // Like the main module, without the scenario schema's descriptions and the data sets' notes: documentation nothing in the worker reads.
  plugins: [inlineWasmAsText(), stripSchemaAnnotations(), stripDataSetNotes()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: false,
    target: 'es2022',
    lib: {
      entry: fileURLToPath(new URL('./src/ai/worker.ts', import.meta.url)),
      formats: ['es'],
      fileName: () => 'doom-board-ai-worker.js',
    },
    assetsInlineLimit: Number.MAX_SAFE_INTEGER,
    rolldownOptions: { output: { codeSplitting: false, minify: true } },
  },
});
