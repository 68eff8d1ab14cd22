/** The README's usage example, kept runnable. */
import { expect, test } from 'vitest';
import { Board, ReachBuffer, SightBuffer, loadCore } from '../../src/core/index.ts';

test('the README example runs as documented', async () => {
  await loadCore();
  const board = Board.create({
    ruleset: 'doom2016',
    map: ['......', '..d...', '......'],
    edges: [
      { from: [3, 0], to: [3, 2], kind: 'wall' },
      { from: [0, 1], to: [1, 1], kind: 'door' },
    ],
    figures: [
      { id: 'alpha', side: 'marines', x: 0, y: 1, teleports: true },
      { id: 'imp', side: 'demons', x: 5, y: 1 },
      { id: 'pinky', side: 'demons', x: 4, y: 0, w: 1, h: 2 },
    ],
  });
  expect(board.sight('alpha', 'imp')).toEqual({ los: true, cover: true, range: 5 });
  expect(board.explain('alpha', 'imp').summary).toMatch(/^alpha has line of sight to imp .*in cover.*range 5\.$/);
  expect(board.sightMap('alpha').los.length).toBe(18);
  expect(Array.from(board.losMap('alpha'))).toEqual(Array.from(board.sightMap('alpha').los));
  expect(Array.from(board.rangeMap('alpha'))).toEqual(Array.from(board.sightMap('alpha').range));
  expect(board.sightToFigures('alpha').range[2]).toBe(4);
  expect(board.reach('alpha', 4).cost[1 * 6 + 2]).toBe(3); // 2 steps, +1 difficult
  expect(board.path('alpha', 4, { x: 3, y: 2, o: 0 })?.cost).toBe(3); // under the wall's end
  const threats = board.threatMap('marines', { w: 1, h: 1 }, 'alpha');
  expect(threats.enemies).toEqual([1, 2]); // imp and pinky
  expect([threats.stand[1 * 6 + 0], threats.stand[1 * 6 + 5]]).toEqual([1, 0]); // alpha's space is free, the imp's is not
  expect(board.placementProblem(4, 1, 2, 1)).toBe('cell (4,1) is already occupied by "pinky"');
  expect(board.placementProblem(0, 2, 2, 1)).toBeNull(); // a 2×1 figure fits there
  expect(board.reach('alpha', 1).cost[0]).toBe(-1); // the closed door is in the way
  board.openDoor(0, 0, 0, 1);
  expect(board.reach('alpha', 1).cost[0]).toBe(1);
  board.moveFigure('alpha', 1, 1);
  expect(board.figure('alpha')).toMatchObject({ x: 1, y: 1 });
  board.moveFigure('alpha', 0, 1);
  board.closeDoor(0, 0, 0, 1);
  expect(board.reach('alpha', 1).cost[0]).toBe(-1); // the door is in the way again
  expect(() => board.closeDoor(0, 0, 0, 1)).toThrow('door (0,0)–(0,1): there is already a door there');
  const reachBuffer = new ReachBuffer(), sightBuffer = new SightBuffer();
  expect(board.reach('alpha', 4, reachBuffer)).toBe(reachBuffer);
  expect(reachBuffer.cost[1 * 6 + 2]).toBe(3);
  expect(board.sightMap('imp', sightBuffer)).toBe(sightBuffer);
  expect(Array.from(sightBuffer.range)).toEqual(Array.from(board.sightMap('imp').range));
  // d20: an earlier map's LOS, only cover and range again — the same answer as a fresh sightMap.
  const d20Board = Board.create({ ruleset: 'd20', map: ['.....', '.....'], figures: [
    { id: 'trooper', side: 'empire', x: 0, y: 0 }, { id: 'rebel', side: 'alliance', x: 4, y: 1 }] });
  const earlier = d20Board.sightMap('trooper');
  d20Board.moveFigure('rebel', 2, 1);
  const shared = d20Board.sightMapWithLos('trooper', earlier.los);
  const fresh = d20Board.sightMap('trooper');
  expect([Array.from(shared.los), Array.from(shared.cover), Array.from(shared.range)]).toEqual([Array.from(fresh.los), Array.from(fresh.cover), Array.from(fresh.range)]);
  // The rebel now stands between the trooper and the far corner: cover there changed, LOS did not.
  expect([earlier.cover[1 * 5 + 4], shared.cover[1 * 5 + 4]]).toEqual([0, 1]);
});
