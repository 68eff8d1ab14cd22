import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { fromMainModule } from './vite.modules.ts';

/**
 * The AI's own files: components/ai, src/ai, and the rules internals it reads (a doom2004 roll, a
 * doom2016 defense deck; pure functions, copied here rather than exported by the main module), and
 * the grid core's reusable result buffers (only the AI's searches use them: the main bundle, at its
 * size budget, leaves them out). Lit, the grid core, the rules registry and createGame come from
 * doom-board.js.
 */
const OWN = /[\\/](components[\\/]ai|src[\\/]ai|src[\\/]rules[\\/](doom2016|doom2004|d20))[\\/]|[\\/]components[\\/]render[\\/]geometry\.ts$|[\\/]src[\\/]core[\\/]result-buffers\.ts$/;

// The play mode's AI (odds, hint arrows, autopilot), loaded by dist/doom-board.js when a board has
// the `ai` or `autopilot` attribute. One file: no chunks shared with the other on-demand modules.
export default defineConfig({
  publicDir: false,
  plugins: [fromMainModule('ai', OWN)],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: false,
    target: 'es2022',
    lib: {
      entry: fileURLToPath(new URL('./components/ai/ai-entry.ts', import.meta.url)),
      formats: ['es'],
      fileName: () => 'doom-board-ai.js',
    },
    rolldownOptions: { output: { codeSplitting: false, minify: true } },
  },
});
