// The stack of slope windows shared by the shadow-casting sight maps (sight2016.ts, sight2004.ts):
// each is a row and an interval of slopes [lo, hi] as exact fractions, 20 bytes in SCRATCH.
import { SCRATCH, SCRATCH_CAP } from './board';

const WINDOW: i32 = 20;
export const WINDOW_CAP: i32 = (SCRATCH_CAP * 4) / WINDOW;
let SP: i32 = 0;

@inline export function clearWindows(): void {
  SP = 0;
}

@inline export function windowCount(): i32 {
  return SP;
}

/** Keep the window [ln/ld, hn/hd] for rows from r on (the caller checks it fits: windowCount() < WINDOW_CAP). */
@inline export function pushWindow(r: i32, ln: i32, ld: i32, hn: i32, hd: i32): void {
  const at = SCRATCH + <usize>(SP * WINDOW);
  store<i32>(at, r);
  store<i32>(at, ln, 4);
  store<i32>(at, ld, 8);
  store<i32>(at, hn, 12);
  store<i32>(at, hd, 16);
  SP++;
}

/** Take the last window off the stack: its address (row at 0, lo at 4 and 8, hi at 12 and 16). */
@inline export function popWindow(): usize {
  SP--;
  return SCRATCH + <usize>(SP * WINDOW);
}
