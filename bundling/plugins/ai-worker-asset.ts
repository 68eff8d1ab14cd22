import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The AI's Web Worker for the built site. The demo's pages are built from the sources, and the AI
 * module looks for its worker beside itself (`./doom-board-ai-worker.js`), as it does in dist/: the
 * site gets the worker dist/ has (`npm run bundle` builds it first), so its pages think off the main
 * thread like an embedding page does.
 */
export function aiWorkerAsset(): Plugin {
  const file = fileURLToPath(new URL('../../dist/doom-board-ai-worker.js', import.meta.url));
  return {
    name: 'doom-board:ai-worker',
    apply: 'build',
    generateBundle() {
      if (!existsSync(file)) this.error(`${file} is missing: run \`npm run bundle\` before building the site`);
      this.emitFile({ type: 'asset', fileName: 'assets/doom-board-ai-worker.js', source: readFileSync(file) });
    },
  };
}
