// Slots of reach answers for ReachBuffers (src/core/result-buffers.ts). Issue 41: writing a search's
// answer into a buffer's JavaScript arrays cost 5.5–6 ns a state (TurboFan checks each typed array
// again at every access), half as much again as the search on large boards. A buffer that holds a
// slot has views of it as its arrays, and the search writes its answer there (reachInto): nothing
// is copied. Like the core's own reach arrays, a slot holds -1 (cost) and 0 (end) at every state
// but those its list names (state | cost << 17 | end << 29), so a search clears only those.
import { H, REACH_COST, REACH_SLOTS, SLOT_BYTES, SLOT_META, SLOT_STATES, SLOTS, W } from './board';
import { LAST_COUNT, clearReached, reachShifted } from './reach';

// A slot repeats the layout of the core's REACH_COST, REACH_END and REACHED (assembly/board.ts).
// Per slot at SLOT_META + 16 k: in use (0/1), states set to -1 so far, states in its list.
const IN_USE: usize = 0;
const CLEAN_TO: usize = 4;
const LISTED: usize = 8;

function costAt(k: i32): usize { return SLOTS + <usize>k * SLOT_BYTES; }
function endAt(k: i32): usize { return costAt(k) + SLOT_STATES * 4; }
function meta(k: i32): usize { return SLOT_META + (<usize>k << 4); }
function isSlot(k: i32): bool { return k >= 0 && k < REACH_SLOTS; }

/** A free slot, now in use, or -1 when every slot is (the buffer then keeps arrays of its own). */
export function reachSlotTake(): i32 {
  for (let k = 0; k < REACH_SLOTS; k++) {
    if (load<i32>(meta(k), IN_USE) == 0) {
      store<i32>(meta(k), 1, IN_USE);
      return k;
    }
  }
  return -1;
}

/** Slot k free again, its answer cleared (the buffer that held it was collected). */
export function reachSlotRelease(k: i32): void {
  if (!isSlot(k)) return;
  const m = meta(k);
  clearReached(costAt(k) - REACH_COST, load<i32>(m, LISTED));
  store<i32>(m, 0, LISTED);
  store<i32>(m, 0, IN_USE);
}

export function reachSlotCostPtr(k: i32): usize { return costAt(k); }
export function reachSlotEndPtr(k: i32): usize { return endAt(k); }

/** Figure f's reach within mp into slot k (its views cover 2·W·H states): the orientation count, 0 for no such slot. */
export function reachInto(f: i32, mp: i32, k: i32): i32 {
  if (!isSlot(k)) return 0;
  const m = meta(k);
  // Memory comes zeroed: costs are set to -1 as far as views have reached (end flags are 0 already).
  const states = W * H * 2, clean = load<i32>(m, CLEAN_TO);
  if (states > clean) {
    memory.fill(costAt(k) + (<usize>clean << 2), 0xff, <usize>(states - clean) << 2);
    store<i32>(m, states, CLEAN_TO);
  }
  const orientations = reachShifted(f, mp, costAt(k) - REACH_COST, load<i32>(m, LISTED));
  store<i32>(m, LAST_COUNT, LISTED);
  return orientations;
}
