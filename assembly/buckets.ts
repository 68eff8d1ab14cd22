// A bucket queue for searches whose step costs are small positive integers (at most
// BUCKET_COUNT - 1): bucket (cost mod BUCKET_COUNT) holds one bit per state. Draining a bucket
// visits its states in increasing index, so a search pops (cost, state) in the same order as a
// binary heap of cost << 18 | state, and finds the same parents. No division, no comparison of keys.
//
// Each bucket keeps two ranges of the words in use: a search whose states fall into two far-apart
// blocks (a rotating large figure's orientations, o·W·H + y·W + x) pushes each block's states into
// its own range (0 below, 1 above), so draining scans the words in use and not the gap between the
// blocks. Range 0 is drained before range 1 and every word of range 1 lies at or after every word
// of range 0, so the order stays increasing (a word in both is drained whole in range 0).
import { BUCKET_COUNT, BUCKET_RANGE, BUCKET_WORDS, BUCKETS } from './board';

@inline function bucketBase(b: i32): usize {
  return BUCKETS + (<usize>(b * BUCKET_WORDS) << 2);
}

// The accesses of a search's inner loops name their table as the load's constant offset (V8 on
// x64: one instruction, where `TABLE + index` took an add before the load; issue 41).

/** Forget every bucket (only needed when a search stopped early; a drained queue is empty). */
export function bucketsReset(): void {
  for (let b = 0; b < BUCKET_COUNT; b++) {
    for (let r = 0; r < 2; r++) {
      const lo = bucketLo(b, r), hi = bucketHi(b, r);
      if (hi >= lo) memory.fill(bucketBase(b) + (<usize>lo << 2), 0, <usize>(hi - lo + 1) << 2);
    }
    bucketEmptied(b);
  }
}

export function bucketPush(state: i32, cost: i32): void {
  bucketPushInline(state, cost);
}

/** bucketPush written into the caller: for the innermost loop of a search (range 0). */
@inline export function bucketPushInline(state: i32, cost: i32): void {
  bucketPushRange(state, cost, 0);
}

/** Push into range `r` (0 or 1) of the bucket: range 1 for states above every state pushed into range 0. */
@inline export function bucketPushRange(state: i32, cost: i32, r: i32): void {
  const b = cost & (BUCKET_COUNT - 1);
  const w = state >> 5;
  const at = <usize>(b * BUCKET_WORDS + w) << 2;
  const word = load<u32>(at, BUCKETS);
  const bit: u32 = 1 << (state & 31);
  if ((word & bit) != 0) return;
  store<u32>(at, word | bit, BUCKETS);
  const range = <usize>(b << 1 | r) << 3;
  if (w < load<i32>(range, BUCKET_RANGE)) store<i32>(range, w, BUCKET_RANGE);
  if (w > load<i32>(range, BUCKET_RANGE + 4)) store<i32>(range, w, BUCKET_RANGE + 4);
}

/**
 * Bucket b's word range r (lo, hi; hi < lo when it is empty). A search drains it with bucketEmptied
 * then bucketWord over the ranges (0, then 1); it has drained the whole queue once BUCKET_COUNT
 * buckets in a row were empty (a step costs less than BUCKET_COUNT, so no entry can lie further ahead).
 */
@inline export function bucketLo(b: i32, r: i32 = 0): i32 {
  return load<i32>(<usize>(b << 1 | r) << 3, BUCKET_RANGE);
}
@inline export function bucketHi(b: i32, r: i32 = 0): i32 {
  return load<i32>(<usize>(b << 1 | r) << 3, BUCKET_RANGE + 4);
}
@inline export function bucketEmptied(b: i32): void {
  const at = <usize>b << 4;
  store<i32>(at, 0x7fffffff, BUCKET_RANGE);
  store<i32>(at, -1, BUCKET_RANGE + 4);
  store<i32>(at, 0x7fffffff, BUCKET_RANGE + 8);
  store<i32>(at, -1, BUCKET_RANGE + 12);
}

/** Read and clear one word of bucket b. */
@inline export function bucketWord(b: i32, w: i32): u32 {
  const at = <usize>(b * BUCKET_WORDS + w) << 2;
  const word = load<u32>(at, BUCKETS);
  if (word != 0) store<u32>(at, 0, BUCKETS);
  return word;
}
