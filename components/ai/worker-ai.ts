/**
 * The AI for a page: in a Web Worker (src/ai/worker.ts; in the bundle dist/doom-board-ai-worker.js,
 * beside this module) when one can be created, else in the page with a shorter thinking budget. A
 * worker that fails to load (a missing file, a page that forbids workers) hands every question,
 * those in flight included, to the page's AI, once, and says so.
 */
import { inPageAi, workerAi, type Ai } from '../../src/ai/protocol.ts';
import type { GameState } from '../../src/rules/engine.ts';
import { reportNoWorker, startAiWorker } from '../worker/start-ai-worker.ts';

/** The page's AI, and `warm`: ask the worker a question whose answer is not used, so that its code is compiled before the first real one (a no-op in the page). */
export type PageAi = Ai & { warm(state: GameState): void };

export function pageOrWorkerAi(onFallback: () => void): PageAi {
  let current: Ai | null = null;
  let inPage = false;
  let failed: () => void = () => undefined;
  const failure = new Promise<void>((resolve) => (failed = resolve));
  const fallback = (reason: string): Ai => {
    reportNoWorker(reason);
    current?.terminate();
    current = inPageAi();
    inPage = true;
    onFallback();
    return current;
  };
  try {
    // The form bundlers follow in dist/; from a CDN a same-origin blob worker importing it (components/worker).
    const worker = startAiWorker();
    current = workerAi(worker);
    worker.addEventListener('error', (e) => {
      fallback(e instanceof ErrorEvent && e.message ? e.message : 'its script did not load');
      failed();
    });
  } catch (e) {
    fallback(e instanceof Error ? e.message : String(e));
  }
  /** In the page the AI thinks in short slices: a shorter budget (ms) keeps each task short. */
  const PAGE_BUDGET_MS = 12;
  const slice = (ms: number | undefined) => (inPage ? Math.min(ms ?? PAGE_BUDGET_MS, PAGE_BUDGET_MS) : ms);
  /** Ask the worker; if it fails meanwhile, ask the page instead. */
  const ask = <T>(q: (ai: Ai) => Promise<T>): Promise<T> =>
    inPage ? q(current!) : Promise.race([q(current!), failure.then(() => q(current!))]);
  return {
    // `strong` thinks for up to about a second: in the page it would freeze it, so the page plays `standard`.
    hints: (state, figure, options) => ask((ai) => ai.hints(state, figure, { ...options, budgetMs: slice(options?.budgetMs), ...(inPage && options?.strength === 'strong' ? { strength: undefined } : {}) })),
    decide: (state, side, legal, budgetMs, strength) => ask((ai) => ai.decide(state, side, legal, slice(budgetMs), inPage && strength === 'strong' ? undefined : strength)),
    reset: (side) => ask((ai) => ai.reset(side)),
    terminate: () => current?.terminate(),
    // A searched doom2004 hint (3 plans played out by the planner), its answer dropped; in the page it
    // would take the main thread for as long as it thinks, so there it is not asked.
    warm: (state) => {
      if (!inPage) current!.hints(state, undefined, { limit: 3 }).catch(() => undefined);
    },
  };
}
