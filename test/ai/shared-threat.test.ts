/**
 * Issue 23: an enemy attacks one figure per activation. Where a friend of the acting figure also
 * stands within an enemy's reach, the plans count that enemy's threat to the figure at 1 / (1 + the
 * friends it can reach) (hints/plan.ts `sharedThreat`, doom2016 and doom2004); the exposure the hint
 * shows stays the whole threat. Before, a marine that saw any demon able to reach it walked away
 * from the fight, its friends took every attack, and the tutorial's marines lost with 6 or 7 of the
 * 8 demons dead (bench/RESULTS.md, AI).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { hints } from '../../src/ai/hints/index.ts';
import { defaultCaution } from '../../src/ai/hints/plan.ts';
import type { Doom2016State } from '../../src/rules/doom2016/types.ts';
import { inActivation } from '../../bench/ai-scenarios.ts';
import { hallState } from './hall.ts';

beforeAll(async () => {
  await loadCore();
});

/** A 20×3 open hall: alpha at (10,1), a cacodemon (range 4, speed 3) four spaces east, bravo at `bravo`. */
function hall(bravo: { x: number; y: number }): Doom2016State {
  const s = hallState([
    { id: 'alpha', side: 'marines', type: 'marine', x: 10, y: 1 },
    { id: 'bravo', side: 'marines', type: 'marine', ...bravo },
    { id: 'cacodemon-1', side: 'invader', type: 'cacodemon', x: 14, y: 1 },
  ]);
  s.doorsOpened = 1;
  s.marines.alpha.hand = ['har-burst', 'uac-dash', 'uac-armor'];
  return inActivation(s, 'alpha');
}

const stayOf = (s: Doom2016State) => hints(s, 'alpha', { budgetMs: Infinity, limit: 60 }).find((p) => p.to === null && p.option === null)!;

describe('a threat shared with the friends the enemy can also attack (doom2016)', () => {
  test('the same place scores better when a friend stands in the cacodemon’s reach too; the exposure shown is the same', () => {
    const alone = stayOf(hall({ x: 0, y: 0 })); // bravo 14 spaces from the cacodemon: out of its reach
    const shared = stayOf(hall({ x: 12, y: 0 })); // bravo 2 spaces from it, in sight
    expect(alone && shared).toBeTruthy();
    // What the hint shows: the cacodemon attacks alpha from where it stands, the whole threat.
    expect(shared.exposure).toEqual(alone.exposure);
    expect(alone.exposure.attackers.map((a) => [a.id, a.now])).toEqual([['cacodemon-1', true]]);
    // What the score counts: half of it (one friend shares it), at the default caution.
    const expected = alone.exposure.expected;
    expect(expected).toBeGreaterThan(0.5);
    const deathPart = (shared.score - alone.score) - defaultCaution('doom2016') * expected * 0.5;
    // At full health the death term is (near) nothing; the difference is the halved damage.
    expect(Math.abs(deathPart)).toBeLessThan(0.05);
    expect(shared.score).toBeGreaterThan(alone.score);
  });
});
