/**
 * Issue 23, "numbers shown are exact for the plan shown, or labelled": a doom2016 attack's odds are
 * the dice and the defense card revealed; the cards either side may still play on the attack ("while
 * attacking": the invader's extra dice; "while defending": its shields, a marine's Armor) are each
 * side's own choice and are not in them. A plan's reason says so exactly where such a card may be
 * played, as far as the side asking can know (its own hand; any card of the other side's hand and deck).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { hints } from '../../src/ai/hints/index.ts';
import type { Doom2016State } from '../../src/rules/doom2016/types.ts';
import { inActivation } from '../../bench/ai-scenarios.ts';
import { hallState } from './hall.ts';

beforeAll(async () => {
  await loadCore();
});

/** Alpha and a cacodemon three spaces apart in the open hall. */
function hall(): Doom2016State {
  const s = hallState([
    { id: 'alpha', side: 'marines', type: 'marine', x: 5, y: 1 },
    { id: 'cacodemon-1', side: 'invader', type: 'cacodemon', x: 8, y: 1 },
  ]);
  s.doorsOpened = 1;
  s.marines.alpha.hand = ['har-burst', 'uac-dash', 'uac-steady-aim'];
  return s;
}

const FURY = ['overwhelming-1', 'search-1', 'bloodlust-1'];
const SHIELDS = ['overwhelming-2', 'search-2', 'bloodlust-2'];
const attackPlan = (s: Doom2016State, figure: string) => {
  const plan = hints(s, figure, { budgetMs: Infinity, limit: 500, search: false }).find((p) => p.target && p.odds);
  expect(plan, 'an attack plan').toBeDefined();
  return plan!;
};

describe('doom2016 attack plans name the cards their odds leave out', () => {
  test('a marine: the invader\'s "while defending" cards, while its hidden hand may hold one', () => {
    const s = hall();
    s.invader.hand = [...FURY, 'overwhelming-4'];
    s.invader.deck = [...FURY.map((k) => k.replace('-1', '-5'))];
    expect(attackPlan(inActivation(structuredClone(s), 'alpha'), 'alpha').reason).toContain('(before any "while defending" card the invader may play)');
    // A shield card only in the deck: the marines cannot tell the hand from the deck, so it may be held.
    s.invader.hand = [...FURY];
    s.invader.deck = [...SHIELDS];
    expect(attackPlan(inActivation(structuredClone(s), 'alpha'), 'alpha').reason).toContain('before any "while defending" card');
    // No shield card anywhere it could be, or no hand at all: nothing left out.
    s.invader.deck = FURY.map((k) => k.replace('-1', '-3'));
    expect(attackPlan(inActivation(structuredClone(s), 'alpha'), 'alpha').reason).not.toContain('before');
    s.invader.hand = [];
    s.invader.deck = [...SHIELDS];
    expect(attackPlan(inActivation(structuredClone(s), 'alpha'), 'alpha').reason).not.toContain('before');
  });

  test('a demon: its own "while attacking" cards (the invader sees its hand) and the marine\'s Armor it may hold', () => {
    const s = hall();
    s.invader.hand = [FURY[0]];
    s.invader.deck = [...SHIELDS];
    s.marines.alpha.deck = s.marines.alpha.deck.filter((k) => k !== 'uac-armor');
    s.marines.alpha.discard.push('uac-armor');
    expect(attackPlan(inActivation(structuredClone(s), 'cacodemon-1'), 'cacodemon-1').reason).toContain('(before the invader\'s "while attacking" cards)');
    // Armor back in the marine's deck: it may be in its hidden hand.
    s.marines.alpha.discard.pop();
    s.marines.alpha.deck.push('uac-armor');
    expect(attackPlan(inActivation(structuredClone(s), 'cacodemon-1'), 'cacodemon-1').reason).toContain('(before the invader\'s "while attacking" cards or a "while defending" card Alpha may play)');
    // The invader holds only shield cards (a Fury only in its deck is not in its hand: it knows).
    s.invader.hand = [...SHIELDS];
    s.invader.deck = [...FURY];
    expect(attackPlan(inActivation(structuredClone(s), 'cacodemon-1'), 'cacodemon-1').reason).toContain('(before a "while defending" card Alpha may play)');
    s.marines.alpha.deck = s.marines.alpha.deck.filter((k) => k !== 'uac-armor');
    expect(attackPlan(inActivation(structuredClone(s), 'cacodemon-1'), 'cacodemon-1').reason).not.toContain('before');
  });
});
