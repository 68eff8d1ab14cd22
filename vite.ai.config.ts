import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { fromMainModule } from './vite.modules.ts';

/**
 * The AI's own files: components/ai, src/ai, and the rules internals it reads (a doom2004 roll, a
 * doom2016 defense deck; pure functions, copied here rather than exported by the main module), and
 * the grid core's reusable result buffers (only the AI's searches use them: the main bundle, at its
 * size budget, leaves them out). Lit, the grid core, the rules registry and createGame come from
 * doom-board.js.
 */
const OWN = /[\\/](components[\\/]ai|components[\\/]worker|src[\\/]ai|src[\\/]rules[\\/](doom2016|doom2004|d20))[\\/]|[\\/]components[\\/]render[\\/]geometry\.ts$|[\\/]src[\\/]core[\\/]result-buffers\.ts$/;

/**
 * The worker's start as bundlers recognise it (components/worker/start-ai-worker.ts): the source's
 * `new Worker(new URL(BUILT, import.meta.url), …)` becomes the literal
 * `new Worker(new URL('./doom-board-ai-worker.js', import.meta.url), { type: 'module' })` after
 * Vite's own worker plugin has run (`enforce: 'post'`), which would otherwise try to build the file
 * beside the source, where there is none. The build fails when the line is not found once.
 */
export function literalWorkerStart(): Plugin {
  const START = /new Worker\(new URL\(BUILT, import\.meta\.url\), \{ type: ["']module["'] \}\)/g;
  return {
    name: 'doom-board:literal-worker-start',
    enforce: 'post',
    transform(code, id) {
      if (!/[\\/]components[\\/]worker[\\/]start-ai-worker\.ts$/.test(id)) return null;
      const found = code.match(START)?.length ?? 0;
      if (found !== 1) this.error(`start-ai-worker.ts: expected one \`new Worker(new URL(BUILT, import.meta.url), { type: 'module' })\`, found ${found}`);
      return { code: code.replace(START, `new Worker(new URL('./doom-board-ai-worker.js', import.meta.url), { type: 'module' })`), map: null };
    },
    // The minifier writes strings as template literals; some bundlers' analysers only follow quoted strings.
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk') chunk.code = chunk.code.replace(/new Worker\(new URL\(`\.\/doom-board-ai-worker\.js`,import\.meta\.url\),\{type:`module`\}\)/g, `new Worker(new URL('./doom-board-ai-worker.js',import.meta.url),{type:'module'})`);
      }
    },
  };
}

// The play mode's AI (odds, hint arrows, autopilot), loaded by dist/doom-board.js when a board has
// the `ai` or `autopilot` attribute. One file: no chunks shared with the other on-demand modules.
export default defineConfig({
  publicDir: false,
  plugins: [fromMainModule('ai', OWN), literalWorkerStart()],
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
