// A binary min-heap of packed keys (cost << 18 | state) in linear memory.
import { HEAP, HEAP_CAP } from './board';

let SIZE: i32 = 0;

export const STATE_BITS: i32 = 18;
export const STATE_MASK: i32 = (1 << STATE_BITS) - 1;

@inline export function heapClear(): void { SIZE = 0; }
@inline export function heapEmpty(): bool { return SIZE == 0; }

export function heapPush(key: i32): bool {
  if (SIZE >= HEAP_CAP) return false;
  let i = SIZE++;
  while (i > 0) {
    const p = (i - 1) >> 1;
    const pk = load<i32>(HEAP + (<usize>p << 2));
    if (pk <= key) break;
    store<i32>(HEAP + (<usize>i << 2), pk);
    i = p;
  }
  store<i32>(HEAP + (<usize>i << 2), key);
  return true;
}

export function heapPop(): i32 {
  const top = load<i32>(HEAP);
  const last = load<i32>(HEAP + (<usize>(--SIZE) << 2));
  let i = 0;
  for (;;) {
    let c = 2 * i + 1;
    if (c >= SIZE) break;
    const ck = load<i32>(HEAP + (<usize>c << 2));
    if (c + 1 < SIZE && load<i32>(HEAP + (<usize>(c + 1) << 2)) < ck) c++;
    const k = load<i32>(HEAP + (<usize>c << 2));
    if (k >= last) break;
    store<i32>(HEAP + (<usize>i << 2), k);
    i = c;
  }
  if (SIZE > 0) store<i32>(HEAP + (<usize>i << 2), last);
  return top;
}
