/**
 * The grid core's memory buffer, read once and kept: WebAssembly.Memory's `buffer` getter cost
 * 0.1–0.3 µs a call on this project's machine, a tenth of a small reach query (issue 41). A grow
 * detaches the buffer it replaces (its byteLength becomes 0), so the kept one is checked by that.
 */
import type { CoreExports } from './wasm.ts';

let kept: ArrayBuffer | null = null;
let of: CoreExports | null = null;

export function coreBuffer(core: CoreExports): ArrayBuffer {
  if (of !== core || !kept || kept.byteLength === 0) {
    kept = core.memory.buffer;
    of = core;
  }
  return kept;
}
