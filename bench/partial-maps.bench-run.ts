/**
 * A part of a sight map for the callers that need only it (issue 41): `Board.losMap` (which spaces a
 * figure sees: the element's fog on a selection) and `Board.rangeMap` (the range to every space: the
 * rules' summoning places, doom2004's adjacency and seeking ranges), each against the whole
 * `Board.sightMap` on the same board and figure, in alternating batches (bench/measure.ts
 * measurePair; no forced collection between batches). Every answer is compared with the whole map's
 * before timing. Boards: the element bench's 201×201 page board (bench/ui/bench-page.js, the board a
 * selection is timed on), the grid bench's mixed boards, and doom2004 / d20 boards of the same kind.
 * Writes its section of bench/RESULTS.md (between the partial-maps markers).
 *
 *   npx vitest run --config bench/vitest.config.ts bench/partial-maps.bench-run.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { beforeAll, expect, test } from 'vitest';
import { Board } from '../src/core/board.ts';
import type { BoardData } from '../src/core/types.ts';
import { loadCore } from '../src/core/wasm.ts';
import { randomBoard } from '../test/core/random-boards.ts';
import { benchBoard, elementPageBoard } from './boards.ts';
import { measurePair } from './measure.ts';

beforeAll(async () => {
  await loadCore();
});

interface Case {
  name: string;
  board: () => Board;
  /** Figures asked about, in turn (a batch asks each once). */
  figures: (b: Board) => number[];
}

const firstSix = () => [0, 1, 2, 3, 4, 5];
const fromData = (data: BoardData) => () => Board.fromData(data);

const CASES: Case[] = [
  { name: 'doom2016, the element bench\'s 201×201 page board (6 marines)', board: () => elementPageBoard(201), figures: firstSix },
  { name: 'doom2016, the element bench\'s 101×101 page board (6 marines)', board: () => elementPageBoard(101), figures: firstSix },
  { name: 'doom2016, mixed 49×49 (grid bench board)', board: fromData(benchBoard(49, 16, 4901)), figures: firstSix },
  { name: 'doom2016, mixed 201×201 (grid bench board)', board: fromData(benchBoard(201, 60, 20101)), figures: firstSix },
  { name: 'doom2004, 49×49, walls 15%', board: fromData(randomBoard('doom2004', 4904, { minSide: 49, maxSide: 49, wallRate: 0.15, smallFigures: 16, largeFigures: 1 })), figures: firstSix },
  { name: 'd20, 49×49, walls 15%', board: fromData(randomBoard('d20', 4920, { minSide: 49, maxSide: 49, wallRate: 0.15, smallFigures: 16, largeFigures: 1 })), figures: firstSix },
];

const fmt = (ms: number) => (ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(1)} µs`);

test('losMap and rangeMap against the whole sightMap', () => {
  const load = loadavg().map((l) => l.toFixed(1)).join(' / ');
  const rows: string[] = [];
  for (const c of CASES) {
    const board = c.board();
    const figs = c.figures(board);
    // Agreement first: every cell of every asked figure.
    let cells = 0;
    let agree = 0;
    for (const f of figs) {
      const whole = board.sightMap(f);
      const los = board.losMap(f);
      const range = board.rangeMap(f);
      for (let i = 0; i < whole.los.length; i++) {
        cells += 2;
        agree += (los[i] === whole.los[i] ? 1 : 0) + (range[i] === whole.range[i] ? 1 : 0);
      }
    }
    expect(agree, c.name).toBe(cells);
    const batch = (q: (f: number) => unknown) => (calls: number) => {
      for (let k = 0; k < calls; k++) for (const f of figs) q(f);
    };
    const whole = batch((f) => board.sightMap(f));
    const los = measurePair(whole, batch((f) => board.losMap(f)), { rounds: 31 });
    const range = measurePair(whole, batch((f) => board.rangeMap(f)), { rounds: 31 });
    const n = figs.length;
    rows.push(`| ${c.name} | ${fmt(los.a / n)} | ${fmt(los.b / n)} | ${los.ratio.toFixed(2)}× | ${fmt(range.b / n)} | ${range.ratio.toFixed(2)}× | ${agree}/${cells} |`);
    console.log(rows[rows.length - 1]);
  }
  const section = `<!-- partial-maps:start -->
### A part of a sight map: \`Board.losMap\` and \`Board.rangeMap\` (issue 41)

Written by \`npx vitest run --config bench/vitest.config.ts bench/partial-maps.bench-run.ts\` (after
\`npm run asbuild\`). Per call, the median of 31 alternating batches (each figure asked once per call);
the ratio is the median of the batches' ratios against the whole \`sightMap\` in the same batches. No
collection is forced. Agreement: cells where the part equals the whole map's (LOS and range).

- Run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${cpus()[0]?.model ?? process.arch}, ${cpus().length} cores, Node ${process.version}; load average (1 / 5 / 15 min) ${load}

| board (figures asked) | \`sightMap\` | \`losMap\` | losMap / sightMap | \`rangeMap\` | rangeMap / sightMap | agreement |
|---|---|---|---|---|---|---|
${rows.join('\n')}
<!-- partial-maps:end -->
`;
  const file = new URL('./RESULTS.md', import.meta.url);
  const old = readFileSync(file, 'utf8');
  const start = old.indexOf('<!-- partial-maps:start -->');
  const end = old.indexOf('<!-- partial-maps:end -->\n');
  const anchor = old.indexOf('<!-- grid-classes:end -->\n');
  writeFileSync(file, start >= 0 && end > start
    ? old.slice(0, start) + section + old.slice(end + '<!-- partial-maps:end -->\n'.length)
    : anchor >= 0
      ? `${old.slice(0, anchor + '<!-- grid-classes:end -->\n'.length)}\n${section}${old.slice(anchor + '<!-- grid-classes:end -->\n'.length)}`
      : `${old.trimEnd()}\n\n${section}`);
});
