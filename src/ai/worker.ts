/**
 * Web Worker entry of the AI: hints and autopilot decisions off the page's main thread, so the
 * page never blocks while the AI thinks. Load it with
 * `workerAi(new Worker(new URL('../src/ai/worker.ts', import.meta.url), { type: 'module' }))`
 * (src/ai/protocol.ts); the Wasm grid core is loaded here once, before the first answer.
 */
import { loadCore } from '../core/wasm.ts';
import { createResponder, type AiRequest } from './protocol.ts';

const respond = createResponder();
const ready = loadCore();
const scope = globalThis as unknown as { addEventListener(t: 'message', f: (e: MessageEvent<AiRequest>) => void): void; postMessage(m: unknown): void };

scope.addEventListener('message', (e) => {
  void ready.then(
    () => scope.postMessage(respond(e.data)),
    (err: unknown) => scope.postMessage({ id: e.data.id, ok: false, error: `the grid core did not load: ${String(err)}` }),
  );
});
