/**
 * A board shown by the element goes into the grid core while the page is idle (components/state/
 * warm-board.ts), so a person's first click pays only for its own queries: the board is current in
 * the core after the idle work, its answers are those of a fresh board, and a board replaced before
 * the page was idle is left alone.
 */
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { warmWhenIdle } from '../../components/state/warm-board.ts';
import { Board } from '../../src/core/board.ts';
import { loadCore } from '../../src/core/wasm.ts';

beforeAll(async () => {
  await loadCore();
});

const input = () => ({
  ruleset: 'doom2016' as const,
  map: ['......', '......', '..dd..', '......'],
  edges: [{ from: [3, 0] as [number, number], to: [3, 2] as [number, number], kind: 'wall' as const }],
  figures: [{ id: 'alpha', side: 'marines', x: 0, y: 0 }, { id: 'imp', side: 'invader', x: 5, y: 3 }],
});
const idle = () => new Promise((r) => setTimeout(r, 120));

describe('a board is put into the grid core while the page is idle', () => {
  test('prepare() makes the board current: its next query uploads nothing, and its answers are a fresh board\'s', () => {
    const a = Board.create(input());
    const b = Board.create(input());
    a.reach('alpha', 8);
    b.prepare();
    const upload = vi.spyOn(b as unknown as { upload: () => void }, 'upload');
    const restore = vi.spyOn(b as unknown as { restore: () => void }, 'restore');
    const reach = b.reach('alpha', 8);
    expect(upload).not.toHaveBeenCalled();
    expect(restore).not.toHaveBeenCalled();
    const fresh = Board.create(input());
    expect(Array.from(reach.cost)).toEqual(Array.from(fresh.reach('alpha', 8).cost));
    expect(Array.from(b.sightMap('alpha').los)).toEqual(Array.from(fresh.sightMap('alpha').los));
    // The board it took the core from still answers as before.
    expect(Array.from(a.reach('alpha', 8).cost)).toEqual(Array.from(reach.cost));
  });

  test('the board still shown is prepared once the page is idle, and its first figure\'s selection is computed and drawn once', async () => {
    const board = Board.create(input());
    const other = Board.create(input());
    other.sightMap(0);
    const prepare = vi.spyOn(board, 'prepare');
    const los = vi.spyOn(board, 'losMap');
    const reach = vi.spyOn(board, 'reach');
    const draw = vi.fn();
    warmWhenIdle(board, () => true, draw);
    expect(prepare).not.toHaveBeenCalled(); // not while the board is being drawn
    await idle();
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(los).toHaveBeenCalledWith('alpha');
    expect(reach).toHaveBeenCalledWith('alpha', 8);
    // The drawing is made from the selection a click on the first figure shows: its fog and its reach.
    expect(draw).toHaveBeenCalledTimes(1);
    const selection = draw.mock.calls[0][0];
    expect(Array.from(selection.los)).toEqual(Array.from(Board.create(input()).sightMap('alpha').los));
    expect(selection.cells.length).toBeGreaterThan(0);
    const upload = vi.spyOn(board as unknown as { upload: () => void }, 'upload');
    board.sightMap('imp');
    expect(upload).not.toHaveBeenCalled();
  });

  test('a board replaced before the page was idle is not put into the core', async () => {
    const board = Board.create(input());
    const prepare = vi.spyOn(board, 'prepare');
    warmWhenIdle(board, () => false);
    await idle();
    expect(prepare).not.toHaveBeenCalled();
  });

  test('a board without figures is put into the core, with no query', async () => {
    const board = Board.create({ ...input(), figures: [] });
    const los = vi.spyOn(board, 'losMap');
    const prepare = vi.spyOn(board, 'prepare');
    const draw = vi.fn();
    warmWhenIdle(board, () => true, draw);
    await idle();
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(los).not.toHaveBeenCalled();
    expect(draw).not.toHaveBeenCalled();
  });
});
