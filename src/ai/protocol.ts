/**
 * The AI's message protocol (src/ai/worker.ts) and the same API in the page (for Node, tests, and
 * pages without workers). Messages carry plain game states: the worker never sees a Game object.
 */
import type { GameState } from '../rules/engine.ts';
import type { Command } from '../rules/types.ts';
import { plannerPolicy, type Policy } from './autopilot/index.ts';
import { STRONG_SEARCHES } from './autopilot/planner.ts';
import { hints, type HintOptions, type Plan } from './hints/index.ts';
import { strengthOf, type AiStrength } from './strength.ts';

export type { AiStrength } from './strength.ts';

export type AiRequest =
  | { id: number; op: 'hints'; state: GameState; figure?: string; options?: HintOptions }
  | { id: number; op: 'decide'; state: GameState; side: string; legal: Command[]; budgetMs: number; strength?: AiStrength }
  | { id: number; op: 'reset'; side?: string };

/** A request without its id (distributes over the union). */
type Ask = AiRequest extends infer R ? (R extends AiRequest ? Omit<R, 'id'> : never) : never;

export type AiResponse = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

/** What the page asks the AI (in a worker, or in the page). */
export interface Ai {
  hints(state: GameState, figure?: string, options?: HintOptions): Promise<Plan[]>;
  /** The autopilot's next command for `side` among `legal` (its commands only), as hard as `strength` says (default `standard`). */
  decide(state: GameState, side: string, legal: Command[], budgetMs?: number, strength?: AiStrength): Promise<Command>;
  /** Forget a side's plan in progress (after an undo or a refused command). */
  reset(side?: string): Promise<void>;
  terminate(): void;
}

/** Answers requests; keeps one autopilot per side and strength (a plan in progress spans several commands). */
export function createResponder(): (req: AiRequest) => AiResponse {
  const pilots = new Map<string, { side: string; policy: Policy }>();
  return (req) => {
    try {
      switch (req.op) {
        case 'hints':
          return { id: req.id, ok: true, result: hints(req.state, req.figure, req.options) };
        case 'decide': {
          const strong = strengthOf(req.strength) === 'strong';
          const key = `${strong ? 'strong' : 'standard'}:${req.side}`;
          let p = pilots.get(key);
          if (!p) pilots.set(key, (p = { side: req.side, policy: plannerPolicy(strong ? { search: STRONG_SEARCHES() } : {}) }));
          return { id: req.id, ok: true, result: p.policy.choose({ state: req.state, side: req.side, legal: req.legal, budgetMs: req.budgetMs }) };
        }
        case 'reset':
          for (const p of pilots.values()) if (req.side === undefined || p.side === req.side) p.policy.reset?.();
          return { id: req.id, ok: true, result: null };
      }
    } catch (e) {
      return { id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) };
    }
  };
}

/** The AI in this page (blocks while it thinks: use `workerAi` in a browser). */
export function inPageAi(): Ai {
  const respond = createResponder();
  let n = 0;
  const ask = async <T>(req: Ask): Promise<T> => {
    const r = respond({ ...req, id: ++n } as AiRequest);
    if (!r.ok) throw new Error(r.error);
    return r.result as T;
  };
  return {
    hints: (state, figure, options) => ask({ op: 'hints', state, figure, options }),
    decide: (state, side, legal, budgetMs = 40, strength) => ask({ op: 'decide', state, side, legal, budgetMs, ...(strength ? { strength } : {}) }),
    reset: (side) => ask({ op: 'reset', side }),
    terminate: () => undefined,
  };
}

/**
 * What `workerAi` needs of a worker: a browser's `Worker` is one, and so is any port that answers the
 * same messages (typed here, not as the DOM's Worker, so that a Node-only TypeScript project can use
 * the engine's types without the DOM library).
 */
export interface AiWorkerLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (e: { data: AiResponse }) => void): void;
  terminate(): void;
}

/**
 * The AI in a Web Worker: `worker` from `new Worker(new URL('doom-board-ai-worker.js', import.meta.url), { type: 'module' })`,
 * the package's `dist/doom-board-ai-worker.js` served beside the page.
 */
export function workerAi(worker: AiWorkerLike): Ai {
  let n = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  worker.addEventListener('message', (e: { data: AiResponse }) => {
    const w = waiting.get(e.data.id);
    if (!w) return;
    waiting.delete(e.data.id);
    if (e.data.ok) w.resolve(e.data.result);
    else w.reject(new Error(e.data.error));
  });
  const ask = <T>(req: Ask): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = ++n;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...req, id });
    });
  return {
    hints: (state, figure, options) => ask({ op: 'hints', state, figure, options }),
    decide: (state, side, legal, budgetMs = 40, strength) => ask({ op: 'decide', state, side, legal, budgetMs, ...(strength ? { strength } : {}) }),
    reset: (side) => ask({ op: 'reset', side }),
    terminate: () => worker.terminate(),
  };
}
