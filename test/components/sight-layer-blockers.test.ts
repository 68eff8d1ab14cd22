/**
 * The element draws only the blockers an explanation names, where it names them (issue 43): on issue
 * 43's board the d20 cover is marked on a wall of the map's edge, never on the edge between the two
 * off-map spaces (1,1)–(2,1). Read from the SVG templates the overlay layer returns, without a browser.
 */
import { beforeAll, expect, test } from 'vitest';
import type { SVGTemplateResult } from 'lit';
import { sightLayer } from '../../components/render/overlays.ts';
import { S } from '../../components/render/geometry.ts';
import { Board } from '../../src/core/board.ts';
import { loadCore } from '../../src/core/wasm.ts';

beforeAll(async () => {
  await loadCore();
});

/** Every nested template whose markup has class `cls`, with its interpolated values. */
function marks(t: unknown, cls: string, out: unknown[][] = []): unknown[][] {
  if (Array.isArray(t)) for (const x of t) marks(x, cls, out);
  else if (t && typeof t === 'object' && 'strings' in t && 'values' in t) {
    const r = t as SVGTemplateResult;
    if (r.strings.join('').includes(cls ? `class="${cls}"` : 'class=')) out.push(r.values);
    for (const v of r.values) marks(v, cls, out);
  }
  return out;
}

test('issue 43\'s board: the blocker edge drawn is the wall the explanation names, on the map\'s edge', () => {
  const b = Board.create({
    ruleset: 'd20', map: ['. .', '. .', '...'], edges: [],
    figures: [{ id: 'A', side: 'marines', x: 2, y: 0 }, { id: 'B', side: 'demons', x: 1, y: 2 }],
  });
  const e = b.explain('A', 'B');
  expect(e.cover).toBe(true);
  const named = e.coverLines.filter((l) => l.blocker && 'edge' in l.blocker).map((l) => l.blocker!);
  expect(named).toHaveLength(1);
  const edges = marks(sightLayer(e), 'blocker-edge');
  const drawn = edges.map(([x1, y1, x2, y2]) => ({ x1: (x1 as number) / S, y1: (y1 as number) / S, x2: (x2 as number) / S, y2: (y2 as number) / S }));
  expect(drawn).toEqual(named.map((n) => ('edge' in n ? n.edge : null)));
  expect(drawn).not.toContainEqual({ x1: 1, y1: 1, x2: 2, y2: 1 });
  // Drawn where the board has a wall with a space on the map beside it.
  const [{ x1, y1, x2, y2 }] = drawn;
  const on = (x: number, y: number) => ['. .', '. .', '...'][y]?.[x] === '.';
  const sides = y1 === y2 ? [[Math.min(x1, x2), y1 - 1], [Math.min(x1, x2), y1]] : [[x1 - 1, Math.min(y1, y2)], [x1, Math.min(y1, y2)]];
  expect(sides.some(([x, y]) => on(x, y))).toBe(true);
  // One cover line is drawn: the explanation's, from A's corner (2,0) into B's space.
  const lines = marks(sightLayer(e), '').filter((v) => v[0] === 'cover-line');
  expect(lines).toHaveLength(1);
  expect(lines[0][1]).toBe(2 * S);
  expect(lines[0][2]).toBe(0);
});
