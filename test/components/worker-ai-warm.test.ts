// The element's doom2004 warm-up (components/ai/worker-ai.ts `warm`): asked of a worker it is one
// unused searched hint; where no worker starts and the AI thinks in the page, it asks nothing —
// a searched hint there would hold the main thread for as long as it thinks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ai } from '../../src/ai/protocol.ts';
import type { GameState } from '../../src/rules/engine.ts';

const asked = vi.hoisted(() => ({ page: [] as unknown[][], worker: [] as unknown[][] }));

vi.mock('../../src/ai/protocol.ts', () => {
  const fake = (log: unknown[][]): Ai => ({
    hints: async (...args: unknown[]) => (log.push(args), []),
    decide: async () => null as never,
    reset: async () => undefined,
    terminate: () => undefined,
  }) as unknown as Ai;
  return { inPageAi: () => fake(asked.page), workerAi: () => fake(asked.worker) };
});

const { pageOrWorkerAi } = await import('../../components/ai/worker-ai.ts');
const state = { ruleset: 'doom2004' } as unknown as GameState;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  asked.page.length = 0;
  asked.worker.length = 0;
});

describe('the AI warm-up', () => {
  it('asks a started worker one searched hint of the position, its answer unused', async () => {
    vi.stubGlobal('Worker', class { addEventListener(): void {} terminate(): void {} });
    const onFallback = vi.fn();
    const ai = pageOrWorkerAi(onFallback);
    ai.warm(state);
    await Promise.resolve();
    expect(onFallback).not.toHaveBeenCalled();
    expect(asked.worker).toEqual([[state, undefined, { limit: 3 }]]);
    expect(asked.page).toEqual([]);
  });

  it('asks nothing when the AI thinks in the page (no worker could start)', async () => {
    vi.stubGlobal('Worker', class { constructor() { throw new Error('workers are forbidden here'); } });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onFallback = vi.fn();
    const ai = pageOrWorkerAi(onFallback);
    ai.warm(state);
    await Promise.resolve();
    expect(onFallback).toHaveBeenCalledTimes(1);
    expect(asked.page).toEqual([]);
    expect(asked.worker).toEqual([]);
    // The page's AI still answers what is asked for real.
    await ai.hints(state, 'marine-1');
    expect(asked.page).toHaveLength(1);
  });
});
