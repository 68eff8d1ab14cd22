/**
 * d20 explanations mark what gives cover, as doom2016's do (issue 21): the explanation carries a
 * blocked cover line whose blocker is the wall edge, or the space of the character or low object,
 * that the core found — so the board highlights it.
 */
import { beforeAll, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { loadCore } from '../../src/core/wasm.ts';

beforeAll(async () => {
  await loadCore();
});

test('low objects: the cover line\'s blocker is a low-object space between the two figures', () => {
  const b = Board.create({ ruleset: 'd20', map: ['.....', '..l..', '.....'], figures: [{ id: 'a', side: 'empire', x: 0, y: 1 }, { id: 't', side: 'alliance', x: 4, y: 1 }] });
  const e = b.explain('a', 't');
  expect(e).toMatchObject({ los: true, cover: true });
  const blocked = e.coverLines.filter((l) => l.blocked);
  expect(blocked).toHaveLength(1);
  expect(blocked[0].blocker).toEqual({ clause: '1.1.3', cell: { x: 2, y: 1 } });
});

test('a wall: the blocker is a wall edge', () => {
  // The demo's d20 cover board: the beast below the end of a wall.
  const b = Board.create({ ruleset: 'd20', map: ['........', '........', '........', '........', '........'], edges: [{ from: [5, 4], to: [8, 4], kind: 'wall' }], figures: [{ id: 'a', side: 'empire', x: 0, y: 2 }, { id: 't', side: 'alliance', x: 6, y: 4 }] });
  const e = b.explain('a', 't');
  if (!e.cover) throw new Error(`expected cover: ${e.summary}`);
  const blocker = e.coverLines.find((l) => l.blocked)?.blocker;
  expect(blocker).toMatchObject({ clause: '1.1.1', kind: 'wall' });
});

test('not in cover: no blocked cover line', () => {
  const b = Board.create({ ruleset: 'd20', map: ['.....', '.....', '.....'], figures: [{ id: 'a', side: 'empire', x: 0, y: 1 }, { id: 't', side: 'alliance', x: 4, y: 1 }] });
  const e = b.explain('a', 't');
  expect(e.cover).toBe(false);
  expect(e.coverLines.filter((l) => l.blocked)).toEqual([]);
});
