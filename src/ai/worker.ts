/**
 * Web Worker entry of the AI: hints and autopilot decisions off the page's main thread, so the
 * page never blocks while the AI thinks. Load it with
 * `workerAi(new Worker(new URL('../src/ai/worker.ts', import.meta.url), { type: 'module' }))`
 * (src/ai/protocol.ts); the Wasm grid core is loaded here once, before the first answer.
 */
import { loadCore } from '../core/wasm.ts';
import { registerRuleset } from '../rules/registry.ts';
import { doom2016Rules } from '../rules/doom2016/rules.ts';
import { createResponder, type AiRequest } from './protocol.ts';

// The autopilot's search plays doom2016 out through the real rules engine (AUTOPILOT_SEARCH); the
// worker imports nothing at run time, so it carries that engine's rules (the page's AI takes the
// page's). Only the rules: the worker plays on from states it is sent and never starts a game.
registerRuleset('doom2016', {
  rules: doom2016Rules,
  init: () => {
    throw new Error('the AI worker continues games; it does not start them');
  },
});

const respond = createResponder();
const ready = loadCore();
const scope = globalThis as unknown as { addEventListener(t: 'message', f: (e: MessageEvent<AiRequest>) => void): void; postMessage(m: unknown): void };

scope.addEventListener('message', (e) => {
  void ready.then(
    () => scope.postMessage(respond(e.data)),
    (err: unknown) => scope.postMessage({ id: e.data.id, ok: false, error: `the grid core did not load: ${String(err)}` }),
  );
});
