/** Run a check against both implementations of the grid queries: the Wasm core and the TypeScript reference. */
import { Board } from '../../src/core/board.ts';
import { parseBoard, type BoardInput } from '../../src/core/board-input.ts';
import type { GridQueries } from '../../src/core/types.ts';
import { ReferenceBoard } from '../../src/reference/index.ts';

export function both(input: BoardInput, check: (b: GridQueries, id: (s: string) => number, impl: string) => void): void {
  const data = parseBoard(input);
  const id = (s: string) => data.figures.findIndex((f) => f.id === s);
  check(Board.fromData(data), id, 'wasm');
  check(new ReferenceBoard(data), id, 'reference');
}
