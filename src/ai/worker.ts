/**
 * Web Worker entry of the AI: hints and autopilot decisions off the page's main thread, so the
 * page never blocks while the AI thinks. Load it with
 * `workerAi(new Worker(new URL('../src/ai/worker.ts', import.meta.url), { type: 'module' }))`
 * (src/ai/protocol.ts); the Wasm grid core is loaded here once, before the first answer.
 */
import { loadCore } from '../core/wasm.ts';
import { registerRuleset } from '../rules/registry.ts';
import { doom2016Rules } from '../rules/doom2016/rules.ts';
import { doom2004Rules } from '../rules/doom2004/rules.ts';
import { createResponder, type AiRequest } from './protocol.ts';

// The autopilot's searches play games out through the real rules engines: doom2016's
// (AUTOPILOT_SEARCH) and doom2004's (DOOM2004_AUTOPILOT_SEARCH; DOOM2004_SEARCH at `strong`). The worker imports
// nothing at run time, so it carries those engines' rules (the page's AI takes the page's). Only the
// rules: the worker plays on from states it is sent and never starts a game.
const continuesOnly = () => {
  throw new Error('the AI worker continues games; it does not start them');
};
registerRuleset('doom2016', { rules: doom2016Rules, init: continuesOnly });
registerRuleset('doom2004', { rules: doom2004Rules, init: continuesOnly });

const respond = createResponder();
const ready = loadCore();
const scope = globalThis as unknown as { addEventListener(t: 'message', f: (e: MessageEvent<AiRequest>) => void): void; postMessage(m: unknown): void };

scope.addEventListener('message', (e) => {
  void ready.then(
    () => scope.postMessage(respond(e.data)),
    (err: unknown) => scope.postMessage({ id: e.data.id, ok: false, error: `the grid core did not load: ${String(err)}` }),
  );
});
