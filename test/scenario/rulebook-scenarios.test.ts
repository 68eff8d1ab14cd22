/**
 * The rulebook example positions ship as bundled scenarios (src/scenario/bundled/rulebook-*.json);
 * loaded through the scenario format they give the rulebook's answers, as the core tests do.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { validateScenario } from '../../src/scenario/index.ts';

beforeAll(async () => {
  await loadCore();
});

function board(name: string): Board {
  const s = validateScenario(JSON.parse(readFileSync(new URL(`../../src/scenario/bundled/${name}.json`, import.meta.url), 'utf8')));
  return Board.create({ ruleset: s.ruleset, map: s.map, edges: s.edges, figures: s.figures.map(({ id, side, x, y, w, h }) => ({ id, side, x, y, w, h })) });
}

describe('bundled rulebook examples', () => {
  test('doom2016 cover example: LOS to all three; cacodemon not in cover; imp and soldier in cover', () => {
    const b = board('rulebook-doom2016-cover');
    expect(b.sight('alpha', 'cacodemon')).toMatchObject({ los: true, cover: false });
    expect(b.sight('alpha', 'imp')).toMatchObject({ los: true, cover: true });
    expect(b.sight('alpha', 'soldier')).toMatchObject({ los: true, cover: true });
    expect(b.explain('alpha', 'imp').coverLines.some((l) => l.blocker?.clause === '1.1.3')).toBe(true);
    expect(b.explain('alpha', 'soldier').coverLines.some((l) => l.blocker?.clause === '1.1.1' && l.blocker.kind === 'blocking')).toBe(true);
  });
  test('doom2016 attack example: the imp sees Alpha at range 3', () => {
    expect(board('rulebook-doom2016-attack').sight('imp', 'alpha')).toEqual({ los: true, cover: false, range: 3 });
  });
  test('doom2016 movement example: diagonal 1, +1 into the demon, may not end there, the last point moves on', () => {
    const b = board('rulebook-doom2016-movement');
    expect(b.path('alpha', 4, { x: 3, y: 0, o: 0 })).toEqual({ cost: 4, steps: [{ x: 0, y: 1, o: 0 }, { x: 1, y: 0, o: 0 }, { x: 2, y: 0, o: 0 }, { x: 3, y: 0, o: 0 }] });
    expect(b.path('alpha', 4, { x: 2, y: 0, o: 0 })).toBeNull();
  });
  test('doom2004 pistol example: range 4 by the shortest path, LOS centre to centre', () => {
    expect(board('rulebook-doom2004-pistol').sight('marine', 'demon')).toEqual({ los: true, cover: false, range: 4 });
  });
  test('doom2004 LOS diagram: the demon is seen; obstacle, wall corner and the demon hide the others', () => {
    const b = board('rulebook-doom2004-los');
    expect(['demon', 'zombie', 'archvile', 'cyberdemon'].map((t) => b.sight('marine', t).los)).toEqual([true, false, false, false]);
  });
});
