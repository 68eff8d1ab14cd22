/**
 * distinctPlans (src/ai/hints/distinct.ts): the element's Hint and `hints?distinct=true` show
 * different choices — another target, card or kind of move — and never one place twice by plain
 * moves (issue 23 review: doom2004 showed "Move to (3,3)" by Advance, by Sprint and by Ready).
 */
import { describe, expect, test } from 'vitest';
import { distinctPlans } from '../../src/ai/hints/distinct.ts';
import type { Plan } from '../../src/ai/hints/plan.ts';

/** A plan as the ranking gives it: `action` names the doom2004 action that starts it. */
const plan = (reason: string, o: { to?: [number, number]; target?: string; action?: string }): Plan => ({
  figure: 'marine-1', to: o.to ? { x: o.to[0], y: o.to[1], o: 0 } : null, option: o.target ? 'pistol' : null, target: o.target ?? null,
  odds: null, exposure: { expected: 0, death: 0, attackers: [] }, score: 0, exact: true, reason,
  commands: [...(o.action ? [{ type: 'action', figure: 'marine-1', action: o.action }] : []), ...(o.to ? [{ type: 'move', figure: 'marine-1', to: { x: o.to[0], y: o.to[1] } }] : []), ...(o.target ? [{ type: 'attack', figure: 'marine-1', target: o.target }] : [{ type: 'end', figure: 'marine-1' }])],
} as unknown as Plan);

describe('distinctPlans', () => {
  const advance33 = plan('Move to (3,3) (Advance)', { to: [3, 3], action: 'advance' });
  const sprint33 = plan('Move to (3,3) (Sprint)', { to: [3, 3], action: 'sprint' });
  const ready33 = plan('Move to (3,3) (Ready, dodge order)', { to: [3, 3], action: 'ready' });
  const sprint54 = plan('Move to (5,4) (Sprint)', { to: [5, 4], action: 'sprint' });
  const stayAdvance = plan('Stay (Advance)', { action: 'advance' });
  const stayReady = plan('Stay (Ready)', { action: 'ready' });
  const shoot = plan('Attack imp-1', { to: [3, 3], target: 'imp-1', action: 'advance' });

  test('one place by three actions is one choice: the next places and kinds come first', () => {
    expect(distinctPlans([advance33, sprint33, ready33, sprint54, stayReady], 3).map((p) => p.reason)).toEqual(['Move to (3,3) (Advance)', 'Move to (5,4) (Sprint)', 'Stay (Ready)']);
    expect(distinctPlans([stayAdvance, stayReady, advance33], 2).map((p) => p.reason)).toEqual(['Stay (Advance)', 'Move to (3,3) (Advance)']);
  });

  test('an attack from a place a move goes to is still a choice of its own', () => {
    expect(distinctPlans([advance33, shoot, sprint33], 2)).toEqual([advance33, shoot]);
  });

  test('with fewer places than asked, the same place by another action fills the rest, best first', () => {
    expect(distinctPlans([advance33, sprint33, ready33], 3)).toEqual([advance33, sprint33, ready33]);
    expect(distinctPlans([advance33, sprint33, ready33, sprint54], 3)).toEqual([advance33, sprint54, sprint33]);
  });
});
