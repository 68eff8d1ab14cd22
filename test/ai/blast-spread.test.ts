/**
 * Issue 39, traced weakness: doom2004 marines bunched up in the cyberdemon's reach after opening a
 * door, and one attack (blast 1: every figure within 1 of the target takes the same damage, RULES §3)
 * fragged two of them. A friend within an enemy's blast of a space counts in that space's cost (it
 * is hit too, and the attack is not shared), so a marine that has another space as safe ends apart.
 */
import { beforeAll, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame } from '../../src/rules/index.ts';
import type { D4State } from '../../src/rules/doom2004/state.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { hints, type Plan } from '../../src/ai/hints/index.ts';

beforeAll(async () => {
  await loadCore();
});

const DATA = { units: 'doom2004/sample-units', weapons: 'doom2004/weapons', dice: 'doom2004/dice', marineStart: 'doom2004/marine-start' };

/** A 9×4 room, the cyberdemon (2×2, blast 1) at its east end, marine-1 at (2,2), marine-2 (if any) at (0,1). */
function room(withFriend: boolean): D4State {
  return createGame<D4State>({
    ruleset: 'doom2004', map: Array(4).fill('.........'), edges: [],
    figures: [
      { id: 'marine-1', side: 'marines', type: 'marine', x: 2, y: 2 },
      ...(withFriend ? [{ id: 'marine-2', side: 'marines', type: 'marine', x: 0, y: 1 }] : []),
      { id: 'cyberdemon-1', side: 'invaders', type: 'cyberdemon', x: 7, y: 1 },
    ],
    sides: ['marines', 'invaders'], data: DATA,
  } as unknown as Scenario, { seed: 3 }).state;
}

const endsAt = (p: Plan, s: D4State) => p.then?.to ?? p.to ?? s.figures.find((f) => f.id === p.figure)!;
const gapTo = (c: { x: number; y: number }, f: { x: number; y: number }) => Math.max(Math.abs(c.x - f.x), Math.abs(c.y - f.y));

test('after attacking, a marine steps back to the far corner away from its friend, not next to it, when both are as far from the cyberdemon', () => {
  // Alone, the step back goes to the first of the farthest spaces, (0,0): next to where marine-2 will stand.
  const alone = room(false);
  const [a] = hints(alone, 'marine-1');
  expect(a.target).toBe('cyberdemon-1');
  expect(gapTo(endsAt(a, alone), { x: 0, y: 1 })).toBeLessThanOrEqual(1);
  // With marine-2 there, one blast would hit both: it ends 2 or more spaces from it.
  const together = room(true);
  const [b] = hints(together, 'marine-1');
  expect(b.target).toBe('cyberdemon-1');
  expect(gapTo(endsAt(b, together), { x: 0, y: 1 })).toBeGreaterThan(1);
  // The exposure shown stays the marine's own (the same attack, the same damage to it).
  expect(b.exposure.expected).toBeCloseTo(a.exposure.expected, 6);
});
