/**
 * Probes for whoever runs the server (a load balancer, Kubernetes, systemd): `/healthz` says the
 * process answers; `/readyz` says it can take games now — the grid core (Wasm) is loaded, the
 * heavy-work threads are up and the store can be written — and otherwise names every reason.
 */
import { loadCore } from '../core/index.ts';
import type { HeavyWork } from './heavy-work.ts';
import type { GameStore } from './store.ts';

export async function notReadyReasons(store: GameStore, heavy: HeavyWork): Promise<string[]> {
  const reasons: string[] = [];
  try {
    await loadCore();
  } catch (e) {
    reasons.push(`the grid core (Wasm) did not load: ${(e as Error).message}`);
  }
  const work = heavy.notReady();
  if (work) reasons.push(work);
  try {
    await store.check?.();
  } catch (e) {
    reasons.push((e as Error).message);
  }
  return reasons;
}
