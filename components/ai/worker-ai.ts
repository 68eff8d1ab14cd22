/**
 * The AI for a page: in a Web Worker (src/ai/worker.ts; in the bundle dist/doom-board-ai-worker.js,
 * beside this module) when one can be created, else in the page with a shorter thinking budget. A
 * worker that fails to load (a missing file, a page that forbids workers) hands every question,
 * those in flight included, to the page's AI, once, and says so.
 */
import { inPageAi, workerAi, type Ai } from '../../src/ai/protocol.ts';

/** Where the worker is: the source file under Vite (this module is a .ts), else the built file beside this module. */
const WORKER_FILE = /\.ts($|\?)/.test(import.meta.url) ? '../../src/ai/worker.ts' : './doom-board-ai-worker.js';

export function pageOrWorkerAi(onFallback: () => void): Ai {
  let current: Ai | null = null;
  let inPage = false;
  let failed: () => void = () => undefined;
  const failure = new Promise<void>((resolve) => (failed = resolve));
  const fallback = (): Ai => {
    current?.terminate();
    current = inPageAi();
    inPage = true;
    onFallback();
    return current;
  };
  try {
    // A variable URL: bundlers must not rewrite it (the worker is built on its own).
    const url = new URL(WORKER_FILE, import.meta.url);
    // A worker's script must be same-origin with the page: from a CDN, start a same-origin module
    // worker (a blob) that imports the real one, which the CDN serves with CORS like the bundle.
    const script = url.origin === location.origin ? url : URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};`], { type: 'text/javascript' }));
    const worker = new Worker(script, { type: 'module' });
    current = workerAi(worker);
    worker.addEventListener('error', () => {
      fallback();
      failed();
    });
  } catch {
    fallback();
  }
  /** In the page the AI thinks in short slices: a shorter budget (ms) keeps each task short. */
  const PAGE_BUDGET_MS = 12;
  const slice = (ms: number | undefined) => (inPage ? Math.min(ms ?? PAGE_BUDGET_MS, PAGE_BUDGET_MS) : ms);
  /** Ask the worker; if it fails meanwhile, ask the page instead. */
  const ask = <T>(q: (ai: Ai) => Promise<T>): Promise<T> =>
    inPage ? q(current!) : Promise.race([q(current!), failure.then(() => q(current!))]);
  return {
    hints: (state, figure, options) => ask((ai) => ai.hints(state, figure, { ...options, budgetMs: slice(options?.budgetMs) })),
    decide: (state, side, legal, budgetMs) => ask((ai) => ai.decide(state, side, legal, slice(budgetMs))),
    reset: (side) => ask((ai) => ai.reset(side)),
    terminate: () => current?.terminate(),
  };
}
