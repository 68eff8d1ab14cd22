/**
 * Plain accessors over BoardData for the reference implementation. Out-of-range edges read as
 * walls so that nothing ever sees past the map.
 */
import { Cell, EdgeKind, type BoardData, type FigureData } from '../core/types.ts';

export class RefGrid {
  readonly w: number;
  readonly h: number;
  /** Figure index per cell, -1 when empty. */
  readonly owner: Int32Array;

  constructor(readonly data: BoardData) {
    this.w = data.width;
    this.h = data.height;
    this.owner = new Int32Array(this.w * this.h).fill(-1);
    data.figures.forEach((f, i) => {
      for (const [x, y] of cellsOf(f)) this.owner[y * this.w + x] = i;
    });
  }

  on(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.w && y < this.h && (this.data.cells[y * this.w + x] & Cell.on) !== 0;
  }
  has(x: number, y: number, bits: number): boolean {
    return this.on(x, y) && (this.data.cells[y * this.w + x] & bits) !== 0;
  }
  ownerAt(x: number, y: number): number {
    return this.on(x, y) ? this.owner[y * this.w + x] : -1;
  }
  /** Horizontal edge on line y=Y from corner (x,Y) to (x+1,Y). */
  hEdge(x: number, Y: number): number {
    if (x < 0 || x >= this.w || Y < 0 || Y > this.h) return EdgeKind.wall;
    return this.data.hEdges[Y * this.w + x];
  }
  /** Vertical edge on line x=X from corner (X,y) to (X,y+1). */
  vEdge(X: number, y: number): number {
    if (y < 0 || y >= this.h || X < 0 || X > this.w) return EdgeKind.wall;
    return this.data.vEdges[y * (this.w + 1) + X];
  }
  /** The edge (x,Y)–(x+1,Y) separates a difficult from a non-difficult space (RULES §2.1 outline). */
  outlineH(x: number, Y: number): boolean {
    return this.has(x, Y - 1, Cell.difficult) !== this.has(x, Y, Cell.difficult);
  }
  /** The edge (X,y)–(X,y+1) separates a difficult from a non-difficult space. */
  outlineV(X: number, y: number): boolean {
    return this.has(X - 1, y, Cell.difficult) !== this.has(X, y, Cell.difficult);
  }
  /** The four edges meeting at corner (X,Y), in the order N, E, S, W. */
  rays(X: number, Y: number): [number, number, number, number] {
    return [this.vEdge(X, Y - 1), this.hEdge(X, Y), this.vEdge(X, Y), this.hEdge(X - 1, Y)];
  }
  /** The edge between orthogonal neighbours (x,y) and (x+dx,y+dy). */
  edgeBetween(x: number, y: number, dx: number, dy: number): number {
    if (dx === 1) return this.vEdge(x + 1, y);
    if (dx === -1) return this.vEdge(x, y);
    if (dy === 1) return this.hEdge(x, y + 1);
    return this.hEdge(x, y);
  }
  hostile(a: number, b: number): boolean {
    return this.data.figures[a].side !== this.data.figures[b].side;
  }
}

export function cellsOf(f: { x: number; y: number; w: number; h: number }): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let y = f.y; y < f.y + f.h; y++) for (let x = f.x; x < f.x + f.w; x++) out.push([x, y]);
  return out;
}

export const inRect = (f: { x: number; y: number; w: number; h: number }, x: number, y: number) =>
  x >= f.x && y >= f.y && x < f.x + f.w && y < f.y + f.h;

export const isLarge = (f: FigureData) => f.w * f.h > 1;
