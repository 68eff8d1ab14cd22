/**
 * The `strong` autopilot's decisions as a page meets them (bench/ai-strong-worker.mjs): whole
 * doom2004 skirmish games in which one seat asks the AI's built Web Worker (dist/doom-board-ai-worker.js)
 * for `strong` decisions and the other seat the same worker for `standard` ones; each strong
 * decision's wall time from the page's request to its answer, and at every 5th of them a strong hint's
 * (the Hint button's question: 60 plans of the figure acting, or the side's next).
 */
import { loadCore } from '../src/core/wasm.ts';
import { createGame } from '../src/rules/index.ts';
import type { GameState } from '../src/rules/engine.ts';
import type { Game } from '../src/rules/game.ts';
import type { Scenario } from '../src/scenario/types.ts';
import { workerAi } from '../src/ai/protocol.ts';
import { decidingSide, sideOfCommand } from '../src/ai/autopilot/sides.ts';
import skirmish from '../src/scenario/bundled/doom2004-skirmish.json';
import d20Skirmish from '../src/scenario/bundled/d20-skirmish.json';

export interface StrongGame {
  seat: string;
  seed: number;
  commands: number;
  winner: string | null;
  /** Each strong decision's wall time, ms. */
  ms: number[];
  /** The strong hints' wall time, ms. */
  hintMs: number[];
  /** The other seat's (`standard`) decisions' wall time, ms, in the same fresh worker: its first answers meet cold code. */
  standardMs: number[];
}

export async function playStrong(seat: string, seed: number, workerUrl: string): Promise<StrongGame> {
  await loadCore();
  const ai = workerAi(new Worker(workerUrl, { type: 'module' }));
  const g = createGame(skirmish as unknown as Scenario, { seed }) as Game<GameState>;
  const ms: number[] = [];
  const hintMs: number[] = [];
  const standardMs: number[] = [];
  let n = 0;
  try {
    for (; n < 3000 && g.state.winner === null && g.state.round <= 60; n++) {
      const legal = g.legalActions();
      const side = decidingSide(g.state, legal, g.view().side);
      if (side === null) break;
      const mine = legal.filter((c) => sideOfCommand(g.state, c) === side);
      const t0 = performance.now();
      const c = await ai.decide(g.state, side, mine, 40, side === seat ? 'strong' : 'standard');
      if (side !== seat) standardMs.push(performance.now() - t0);
      if (side === seat) {
        ms.push(performance.now() - t0);
        if (ms.length % 5 === 0) {
          const t1 = performance.now();
          await ai.hints(g.state, undefined, { limit: 60, strength: 'strong' });
          hintMs.push(performance.now() - t1);
        }
      }
      if (!g.apply(c).ok) break;
    }
  } finally {
    ai.terminate();
  }
  return { seat, seed, commands: n, winner: g.state.winner, ms, hintMs, standardMs };
}

/**
 * A fresh worker's first answers, its start apart: one unsearched answer first (a d20 skirmish
 * decision: the worker starts and compiles the Wasm core), then the skirmish's first `n` standard
 * decisions (the marines' and the invaders' as they come), each timed — the searched code's first
 * runs, cold, in a worker that is up. `warm`: first the element's warm-up (components/ai/worker-ai.ts
 * `warm`: a searched hint of the first position, its answer unused), untimed.
 */
export async function bootedFirstAnswers(workerUrl: string, n = 12, warm = false): Promise<{ bootMs: number; ms: number[] }> {
  await loadCore();
  const ai = workerAi(new Worker(workerUrl, { type: 'module' }));
  try {
    const d20 = createGame(d20Skirmish as unknown as Scenario, { seed: 1 }) as Game<GameState>;
    const legal20 = d20.legalActions();
    const t0 = performance.now();
    await ai.decide(d20.state, decidingSide(d20.state, legal20, d20.view().side)!, legal20, 40, 'standard');
    const bootMs = performance.now() - t0;
    const g = createGame(skirmish as unknown as Scenario, { seed: 1 }) as Game<GameState>;
    if (warm) await ai.hints(g.state, undefined, { limit: 3 });
    const ms: number[] = [];
    while (ms.length < n && g.state.winner === null) {
      const legal = g.legalActions();
      const side = decidingSide(g.state, legal, g.view().side);
      if (side === null) break;
      const t1 = performance.now();
      const c = await ai.decide(g.state, side, legal.filter((x) => sideOfCommand(g.state, x) === side), 40, 'standard');
      ms.push(performance.now() - t1);
      if (!g.apply(c).ok) break;
    }
    return { bootMs, ms };
  } finally {
    ai.terminate();
  }
}
