/**
 * The AI in a Web Worker (src/ai/worker.ts): hints and an autopilot decision answered off the main
 * thread, in Chromium, while the page stays responsive: the main thread keeps running its own tasks
 * while the worker thinks (counted, not timed: a shared machine can stretch any task).
 */
import { expect, test } from '@playwright/test';

test('hints and autopilot decisions from the worker (the decisions the autopilot in the page makes, search included); the main thread runs while the worker thinks', async ({ page }) => {
  await page.goto('/d20.html');
  const root = process.cwd();
  const out = await page.evaluate(async (root) => {
    const long: number[] = [];
    new PerformanceObserver((l) => l.getEntries().forEach((e) => long.push(e.duration))).observe({ type: 'longtask', buffered: false });
    const fs = (p: string) => `/@fs${root}/${p}`;
    const [{ loadCore }, rules, { workerAi, inPageAi }, scenario] = await Promise.all([
      import(/* @vite-ignore */ fs('src/core/wasm.ts')),
      import(/* @vite-ignore */ fs('src/rules/index.ts')),
      import(/* @vite-ignore */ fs('src/ai/protocol.ts')),
      fetch(fs('src/scenario/bundled/doom2016-tutorial.json')).then((r) => r.json()),
    ]);
    await loadCore();
    const game = rules.createGame(scenario, { seed: 4 });
    const ai = workerAi(new Worker(fs('src/ai/worker.ts'), { type: 'module' }));
    // The same autopilot in the page: the worker's search must play out the rollouts the page's does.
    const local = inPageAi();
    const differ: number[] = [];
    // Play the invader's first decisions with the worker, the marines with their first legal command.
    let decisions = 0;
    let plans = 0;
    const t0 = performance.now();
    // A main-thread task loop (message to self): its ticks while a worker call is awaited are main-thread
    // tasks run during the worker's thinking. Work done on the main thread would run none.
    let ticks = 0;
    let ticking = true;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      ticks++;
      if (ticking) channel.port2.postMessage(0);
    };
    channel.port2.postMessage(0);
    let ticksWhileWorkerThought = 0;
    const inWorker = async <T,>(call: () => T): Promise<Awaited<T>> => {
      const before = ticks;
      const answer = await call();
      ticksWhileWorkerThought += ticks - before;
      return answer;
    };
    for (let i = 0; i < 300 && decisions < 24; i++) {
      const view = game.view();
      const legal = game.legalActions();
      if (!legal.length) break;
      if (view.side === 'invader') {
        const c = await inWorker(() => ai.decide(game.state, 'invader', legal, 40));
        if (JSON.stringify(await local.decide(game.state, 'invader', legal, 40)) !== JSON.stringify(c)) differ.push(decisions);
        if (!game.apply(c).ok) break;
        decisions++;
      } else {
        const mine = game.legalActions();
        const attack = mine.find((c: { type: string }) => c.type === 'play') ?? mine.find((c: { type: string }) => c.type === 'end') ?? mine[0];
        game.apply(attack);
      }
    }
    const active = game.view().active;
    if (active) plans = (await inWorker(() => ai.hints(game.state, undefined, { budgetMs: 12 }))).length;
    ticking = false;
    ai.terminate();
    return { decisions, plans, ms: performance.now() - t0, long, differ, ticksWhileWorkerThought };
  }, root);
  console.log(JSON.stringify({ ...out, long: out.long.map(Math.round) }));
  expect(out.decisions).toBeGreaterThan(0);
  expect(out.differ).toEqual([]);
  // The main thread was free while the worker thought: on average at least one of its own tasks ran
  // during each worker call (hundreds do on an idle machine). Long tasks (logged above) are the page's
  // own work — the game applying commands and the in-page autopilot the answers are compared with.
  expect(out.ticksWhileWorkerThought).toBeGreaterThanOrEqual(out.decisions);
});
