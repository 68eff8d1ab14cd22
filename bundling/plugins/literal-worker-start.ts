import type { Plugin } from 'vite';

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
