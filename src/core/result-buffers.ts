/**
 * Caller-owned query results for inner loops. `board.reach(f, mp, buffer)` and `board.sightMap(f,
 * buffer)` copy the answer into the buffer's arrays and return the buffer itself, where a plain
 * query copies it into new arrays: fresh memory per result, which cost JavaScript more than a
 * small reach search itself (issue 23). The answer in a buffer stays valid until the next query
 * into that buffer. A buffer takes the size of each board it serves: its arrays stay the same
 * while the size (and for reach the orientation count) does, and its storage grows to the largest
 * board it has served, so one buffer can serve boards of any size.
 */
import type { ReachMap, SightMap } from './types.ts';

/** How the Board shapes a buffer for an answer (not part of the package's exports). */
export const shape = Symbol('shape');

/** `length` elements of `store`, or a new, larger store when it has fewer. */
function fitted<A extends Uint8Array | Int32Array>(store: A, length: number, make: (length: number) => A): A {
  return store.length >= length ? (store.subarray(0, length) as A) : make(length);
}

const bytes = (n: number) => new Uint8Array(n);
const words = (n: number) => new Int32Array(n);

/** A reach result to fill again and again (see the module's comment); read it like any ReachMap. */
export class ReachBuffer implements ReachMap {
  width = 0;
  height = 0;
  orientations = 1;
  cost: Int32Array = new Int32Array(0);
  end: Uint8Array = new Uint8Array(0);
  /** The whole storage: the arrays for two orientations are its first 2 × width × height elements. */
  private stores = { cost: this.cost, end: this.end };
  /** The arrays for one and for two orientations on width × height. */
  private planes: Array<{ cost: Int32Array; end: Uint8Array }> = [];

  [shape](width: number, height: number, orientations: number): this {
    if (width !== this.width || height !== this.height || !this.planes.length) {
      const n = width * height;
      const cost = fitted(this.stores.cost, 2 * n, words);
      const end = fitted(this.stores.end, 2 * n, bytes);
      if (cost.length > this.stores.cost.length) this.stores = { cost, end };
      this.planes = [{ cost: cost.subarray(0, n), end: end.subarray(0, n) }, { cost, end }];
      this.width = width;
      this.height = height;
    }
    this.orientations = orientations;
    ({ cost: this.cost, end: this.end } = this.planes[orientations - 1]);
    return this;
  }
}

/** A sight map to fill again and again (see the module's comment); read it like any SightMap. */
export class SightBuffer implements SightMap {
  los: Uint8Array = new Uint8Array(0);
  cover: Uint8Array = new Uint8Array(0);
  range: Int32Array = new Int32Array(0);
  /** The whole storage, of which the arrays above are the first `los.length` elements. */
  private stores = { los: this.los, cover: this.cover, range: this.range };

  [shape](cells: number): this {
    if (cells !== this.los.length) {
      const { los, cover, range } = this.stores;
      this.los = fitted(los, cells, bytes);
      this.cover = fitted(cover, cells, bytes);
      this.range = fitted(range, cells, words);
      if (this.los.length > los.length) this.stores = { los: this.los, cover: this.cover, range: this.range };
    }
    return this;
  }
}
