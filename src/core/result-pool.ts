/**
 * Query results leave Wasm memory as copies in views of a shared pool buffer, the way Node's
 * Buffer pool serves small buffers: V8 allocates every ArrayBuffer's store outside its heap, and that
 * (1–3 µs each on this project's machine) cost more than a small reach search itself. Each result
 * is its own array that nothing writes again; only its `.buffer` is shared with other results. A
 * result larger than a quarter of the pool (64 KiB: a 2×3 figure's reach costs on 49×49 are 19 KB)
 * gets a buffer of its own. A result kept alive keeps its pool alive; posting one to a worker
 * clones the whole pool: post `result.slice()`.
 */
const POOL_BYTES = 1 << 18;

let pool = new Uint8Array(POOL_BYTES);
let used = 0;

type ArrayKind<A> = { new (buffer: ArrayBuffer, offset: number, length: number): A; BYTES_PER_ELEMENT: number };

/** A copy of `length` elements of `kind` at byte address `ptr` of the Wasm memory `buffer`. */
export function copyOut<A>(kind: ArrayKind<A>, buffer: ArrayBuffer, ptr: number, length: number): A {
  const bytes = length * kind.BYTES_PER_ELEMENT;
  if (bytes > POOL_BYTES >> 2) return new kind(buffer.slice(ptr, ptr + bytes), 0, length);
  if (used + bytes > POOL_BYTES) {
    pool = new Uint8Array(POOL_BYTES);
    used = 0;
  }
  pool.set(new Uint8Array(buffer, ptr, bytes), used);
  const out = new kind(pool.buffer, used, length);
  used = (used + bytes + 7) & ~7; // every kind's alignment
  return out;
}

/** Bytes kept in a pool: its buffer and where they start. */
export type Stashed = [ArrayBuffer, number];

let source: Uint8Array | null = null;

/**
 * Copy `bytes` bytes at `ptr` of the Wasm memory `buffer` into the pool without making a typed
 * array for them (a snapshot makes its arrays only when read: src/core/snapshots.ts).
 */
export function stash(buffer: ArrayBuffer, ptr: number, bytes: number): Stashed {
  if (bytes > POOL_BYTES >> 2) return [buffer.slice(ptr, ptr + bytes), 0];
  if (used + bytes > POOL_BYTES) {
    pool = new Uint8Array(POOL_BYTES);
    used = 0;
  }
  if (source?.buffer !== buffer) source = new Uint8Array(buffer);
  pool.set(source.subarray(ptr, ptr + bytes), used);
  const at: Stashed = [pool.buffer, used];
  used = (used + bytes + 7) & ~7; // every kind's alignment
  return at;
}

/** A view of `length` elements of `kind` kept by `stash`. */
export function stashed<A>(kind: ArrayKind<A>, [buffer, at]: Stashed, length: number): A {
  return new kind(buffer, at, length);
}
