/**
 * Issue 39, traced weakness: doom2004 invaders at 5 of 6 frag points stayed in place for 36 rounds
 * while the marines waited in a corner room. An invader with no attack this activation hunts
 * (hints/plan.ts `hunt`): a space closed in on the marines is worth a share of what the next frag
 * brings the mission, so close to its win it takes the risk of closing in rather than waiting out of
 * reach, and early in the game it still holds back.
 */
import { beforeAll, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame } from '../../src/rules/index.ts';
import type { D4State } from '../../src/rules/doom2004/state.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { hints } from '../../src/ai/hints/index.ts';
import skirmish from '../../src/scenario/bundled/doom2004-skirmish.json';

beforeAll(async () => {
  await loadCore();
});

/** A 20×5 hall (the skirmish's objectives: 6 frags win): three armed marines at the west end, a zombie 12 spaces east. */
function hall(frags: number): D4State {
  const sk = skirmish as unknown as Scenario;
  const s = structuredClone(createGame({
    ruleset: 'doom2004', map: Array(5).fill('.'.repeat(20)), edges: [], sides: sk.sides, data: sk.data, objectives: sk.objectives,
    figures: [
      { id: 'marine-1', side: 'marines', type: 'marine', x: 0, y: 1, state: { weapons: ['plasma-gun'], ammo: { plasma: 3 } } },
      { id: 'marine-2', side: 'marines', type: 'marine', x: 0, y: 3, state: { weapons: ['shotgun'], ammo: { shell: 3 } } },
      { id: 'marine-3', side: 'marines', type: 'marine', x: 1, y: 2, state: { weapons: ['chaingun'], ammo: { bullet: 3 } } },
      { id: 'zombie-1', side: 'invaders', type: 'zombie', x: 12, y: 2 },
    ],
  } as unknown as Scenario, { seed: 1 }).state) as D4State;
  s.phase = 'invaders';
  s.fragPoints = frags;
  return s;
}

test('with no attack this turn, a zombie holds back early in the game and closes in on the marines one frag from the win', () => {
  const [early] = hints(hall(0), 'zombie-1');
  expect(early.target).toBeNull();
  const [late] = hints(hall(5), 'zombie-1');
  expect(late.target).toBeNull();
  // `approach`: the range to the nearest marine from where the plan ends.
  expect(early.approach).toBeGreaterThanOrEqual(10);
  expect(late.approach).toBeLessThanOrEqual(8);
  expect(late.exposure.expected).toBeGreaterThan(early.exposure.expected);
});
