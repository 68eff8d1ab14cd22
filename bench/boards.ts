/**
 * Seeded benchmark boards: ≈15% edge walls, some terrain, small figures, two active teleporters
 * (random boards would scatter dozens), and one 2×3 figure placed where it has room to move.
 */
import { checkFigures, parseBoard, type FigureInput } from '../src/core/board-input.ts';
import { Board } from '../src/core/board.ts';
import type { BoardData } from '../src/core/types.ts';
import { ReferenceBoard } from '../src/reference/index.ts';
import { randomBoardInput, rng } from '../test/core/random-boards.ts';
import { scenario40 } from './ui/bench-page.js';

export function benchBoard(side: number, smallFigures: number, seed: number): BoardData {
  const raw = randomBoardInput('doom2016', seed, { minSide: side, maxSide: side, wallRate: 0.15, smallFigures, largeFigures: 0 });
  let teleporters = 0;
  const map = raw.map.map((row) => row.replace(/t/g, () => (++teleporters <= 2 ? 't' : '.')));
  const input = { ...raw, map };
  const base = parseBoard({ ...input, figures: [] });
  const r = rng(seed + 1);
  const figures: FigureInput[] = [...(input.figures ?? [])];
  // Of 200 random legal spots, keep the one from which the 2×3 figure reaches most placements.
  let best: { data: BoardData; room: number } | null = null;
  for (let attempt = 0; attempt < 200; attempt++) {
    const big: FigureInput = { id: 'cyberdemon', side: 'demons', x: Math.floor(r() * (side - 2)), y: Math.floor(r() * (side - 3)), w: 2, h: 3 };
    let ok = true;
    checkFigures(side, side, base.cells, base.hEdges, base.vEdges, [...figures, big], () => (ok = false));
    if (!ok) continue;
    const data = parseBoard({ ...input, figures: [...figures, big] });
    const room = new ReferenceBoard(data).reach(data.figures.length - 1, 8).cost.filter((c) => c >= 0).length;
    if (!best || room > best.room) best = { data, room };
  }
  if (!best) throw new Error(`no room for a 2×3 figure on bench board ${seed}`);
  return best.data;
}


/** Open boards (issue 41): see test/core/random-boards.ts. */
export { openBoard } from '../test/core/random-boards.ts';

/** The element bench's page board of `side`² spaces (bench/ui/bench-page.js), its marines teleporting as the element's do. */
export function elementPageBoard(side: number): Board {
  const sc = scenario40(side);
  return Board.create({ ruleset: 'doom2016', map: sc.map, edges: sc.edges, figures: sc.figures.map((f) => ({ id: f.id, side: f.side, x: f.x, y: f.y, ...(f.side === 'marines' ? { teleports: true } : {}) })) });
}
