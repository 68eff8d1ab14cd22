/**
 * Starting the AI's Web Worker, and saying once why it could not start.
 *
 * In dist/doom-board-ai.js the start is the form bundlers recognise —
 * `new Worker(new URL('./doom-board-ai-worker.js', import.meta.url), { type: 'module' })` — so that
 * an app importing `doom-board/element` gets the worker file emitted and its URL rewritten by Vite
 * (build and dev), webpack 5 and Parcel, and by Rollup and esbuild with their usual asset plugin
 * or a copy (README, "With a bundler"). The AI's build writes that literal into the built module
 * (bundling/plugins/literal-worker-start.ts): Vite's own worker plugin must not see it while
 * building dist/, where the file beside this one is not the worker. From the sources (the demo
 * under Vite, the tests) the worker is src/ai/worker.ts; the demo's built site gets dist's worker
 * beside its AI chunk.
 */

/** The built worker's file, beside doom-board-ai.js. */
const BUILT = './doom-board-ai-worker.js';
const SOURCE = '../../src/ai/worker.ts';
const FROM_SOURCES = /\.ts($|\?)/.test(import.meta.url);

/**
 * The worker file's URL as this module sees it (for messages, and the one-tag bundle on another
 * origin). `'' + import.meta.url`: a bundler takes `new URL(…, import.meta.url)` with a computed
 * first part for a folder of files to bundle (webpack warns "Critical dependency").
 */
export const aiWorkerUrl = (): URL => new URL(FROM_SOURCES ? SOURCE : BUILT, '' + import.meta.url);

export function startAiWorker(): Worker {
  if (FROM_SOURCES) return new Worker(aiWorkerUrl(), { type: 'module' });
  // The one-tag bundle on a CDN: a worker's script must be same-origin with the page, so a module
  // worker from a blob imports the real one (served with CORS like the bundle). A bundler's build
  // may set import.meta.url to the file's path (webpack: file://…): that is not another origin.
  const here = import.meta.url;
  if (/^https?:/.test(here) && new URL(here).origin !== location.origin) {
    const blob = new Blob([`import ${JSON.stringify(aiWorkerUrl().href)};`], { type: 'text/javascript' });
    return new Worker(URL.createObjectURL(blob), { type: 'module' });
  }
  return new Worker(new URL(BUILT, import.meta.url), { type: 'module' });
}

let told = false;

/**
 * Once per page, in the console: the AI's worker could not start, so the AI thinks in the page, and
 * what usually causes it. (The board says the AI thinks in the page too.)
 */
export function reportNoWorker(reason: string): void {
  if (told) return;
  told = true;
  console.warn(
    `doom-board: the AI's worker, doom-board-ai-worker.js beside doom-board-ai.js, could not start (${reason}): the AI thinks in the page. ` +
      `A bundler must emit the file (esbuild: copy it beside the bundle), a server serve it (with CORS from another origin), the page's CSP allow it.`,
  );
}
