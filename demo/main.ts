import { loadCore, Board } from '../src/core/index.ts';

type BoardInput = Parameters<typeof Board.create>[0];

/** An 8×6 doom2016 room: one difficult space, a blocking-terrain edge, a marine and two demons. */
const scenario: BoardInput = {
  ruleset: 'doom2016',
  map: [
    '........',
    '........',
    '........',
    '...d....',
    '........',
    '........',
  ],
  edges: [{ from: [5, 2], to: [7, 2], kind: 'blocking' }],
  figures: [
    { id: 'alpha', side: 'marines', x: 1, y: 4 },
    { id: 'imp', side: 'demons', x: 6, y: 1 },
    { id: 'soldier', side: 'demons', x: 6, y: 4 },
  ],
};

const EDGE_CHARS: Record<string, [horizontal: string, vertical: string]> = {
  wall: ['-', '|'],
  door: ['D', 'D'],
  blocking: ['#', '#'],
  impassable: [':', ':'],
};

/**
 * Draw the board in doubled coordinates: cells at odd (x, y), edges between them, corners at even.
 * Figures show as the upper-cased first letter of their id.
 */
function renderAscii(input: BoardInput): string {
  const height = input.map.length;
  const width = Math.max(...input.map.map((row) => row.length));
  const onMap = (x: number, y: number) => y >= 0 && y < height && x >= 0 && x < width && (input.map[y][x] ?? ' ') !== ' ';
  const grid = Array.from({ length: 2 * height + 1 }, () => Array<string>(2 * width + 1).fill(' '));

  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!onMap(x, y)) continue;
      grid[2 * y + 1][2 * x + 1] = input.map[y][x];
      // The map border (and any on/off-map boundary) is a wall.
      if (!onMap(x, y - 1)) grid[2 * y][2 * x + 1] = '-';
      if (!onMap(x, y + 1)) grid[2 * y + 2][2 * x + 1] = '-';
      if (!onMap(x - 1, y)) grid[2 * y + 1][2 * x] = '|';
      if (!onMap(x + 1, y)) grid[2 * y + 1][2 * x + 2] = '|';
    }
  }
  for (const edge of input.edges ?? []) {
    const [x1, y1] = edge.from;
    const [x2, y2] = edge.to;
    const [h, v] = EDGE_CHARS[edge.kind] ?? ['?', '?'];
    if (y1 === y2) for (let x = Math.min(x1, x2); x < Math.max(x1, x2); x++) grid[2 * y1][2 * x + 1] = h;
    else for (let y = Math.min(y1, y2); y < Math.max(y1, y2); y++) grid[2 * y + 1][2 * x1] = v;
  }
  for (const f of input.figures ?? []) {
    for (let dy = 0; dy < (f.h ?? 1); dy++)
      for (let dx = 0; dx < (f.w ?? 1); dx++) grid[2 * (f.y + dy) + 1][2 * (f.x + dx) + 1] = f.id[0].toUpperCase();
  }
  // Corners: continue a straight run of one kind, '+' where edges turn or meet.
  const isEdge = (c: string | undefined): c is string => c !== undefined && c !== ' ';
  for (let y = 0; y <= 2 * height; y += 2) {
    for (let x = 0; x <= 2 * width; x += 2) {
      const vertical = [grid[y - 1]?.[x], grid[y + 1]?.[x]].filter(isEdge);
      const horizontal = [grid[y][x - 1], grid[y][x + 1]].filter(isEdge);
      const all = [...vertical, ...horizontal];
      if (all.length === 0) continue;
      const straight = (vertical.length === 0 || horizontal.length === 0) && all.every((c) => c === all[0]);
      grid[y][x] = straight ? all[0] : '+';
    }
  }
  return grid.map((row) => row.join('').trimEnd()).join('\n');
}

async function main(): Promise<void> {
  const mapEl = document.getElementById('map')!;
  const legendEl = document.getElementById('legend')!;
  const answersEl = document.getElementById('answers')!;
  const errorEl = document.getElementById('error')!;
  try {
    mapEl.textContent = renderAscii(scenario);
    legendEl.textContent =
      'Legend: A = alpha (marine), I = imp, S = soldier, d = difficult terrain, # = blocking terrain, - and | = walls.';

    await loadCore();
    const board = Board.create(scenario);
    const marine = 'alpha';
    for (const demon of (scenario.figures ?? []).filter((f) => f.side === 'demons')) {
      const a = board.explain(marine, demon.id);
      const li = document.createElement('li');
      li.textContent =
        `${demon.id}: ${a.los ? 'line of sight' : 'no line of sight'}, ` +
        `${a.cover ? 'in cover' : 'not in cover'}, range ${a.range} — ${a.summary}`;
      answersEl.append(li);
    }
    answersEl.dataset.ready = 'true';
  } catch (err) {
    errorEl.textContent = err instanceof Error ? err.message : String(err);
    console.error(err);
  }
}

void main();
