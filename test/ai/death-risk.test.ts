/**
 * Issue 23: a figure's own death counts in its plans. The tutorial's invader wins at 2 kill tokens
 * with 4 marines, so a marine one hit from death that stands where a demon can attack loses half the
 * game, not 1 health: each destination costs P(the enemies' next attacks kill it there) × what its
 * death is worth to the enemy's mission (objective.ts missionKillWorth), on top of the damage.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { hints } from '../../src/ai/hints/index.ts';
import { doom2016AttackOdds } from '../../src/ai/odds/doom2016.ts';
import type { Doom2016State } from '../../src/rules/doom2016/types.ts';
import { inActivation } from '../../bench/ai-scenarios.ts';
import { hallState } from './hall.ts';

beforeAll(async () => {
  await loadCore();
});

/**
 * A 20×3 open hall: a lone marine with `damage` taken, a cacodemon (range 4, speed 3) four
 * spaces east and a possessed soldier at the far end; the invader has 3 of the 4 kill tokens it needs against
 * one marine, so the marine's death would end the game.
 */
function hall(damage: number): Doom2016State {
  const s = hallState([
    { id: 'alpha', side: 'marines', type: 'marine', x: 10, y: 1, state: { damage } },
    { id: 'cacodemon-1', side: 'invader', type: 'cacodemon', x: 14, y: 1 },
    { id: 'possessed-soldier-2', side: 'invader', type: 'possessed-soldier', x: 19, y: 2 },
  ]);
  // The door is already open, so the kill table is what the mission is about.
  s.doorsOpened = 1;
  s.invader.kills = 3;
  s.marines.alpha.hand = ['har-burst', 'uac-dash', 'uac-armor'];
  return inActivation(s, 'alpha');
}

describe('death risk in the plans (doom2016)', () => {
  test('the risk shown is P(the damage reaches the health left): 0 at full health, the cacodemon’s P(≥1) with 1 left', () => {
    const s = hall(9);
    const plans = hints(s, 'alpha', { budgetMs: Infinity, limit: 500 });
    const stay = plans.find((p) => p.to === null && p.option === null)!;
    expect(stay).toBeDefined();
    // Where it stands the cacodemon attacks from range 4: P(death) is its P(≥ 1 damage).
    const direct = stay.exposure.attackers.find((a) => a.id === 'cacodemon-1')!;
    expect(direct.now).toBe(true);
    const me = s.figures.find((f) => f.id === 'alpha')!;
    const caco = s.figures.find((f) => f.id === 'cacodemon-1')!;
    const odds = doom2016AttackOdds(s, caco, me, { cover: false });
    expect(stay.exposure.death).toBeCloseTo(1 - odds.damage[0], 9);
    // The reason says it in words: "(≈… damage, N% to be killed)".
    expect(stay.reason).toContain(`, ${Math.round(100 * (1 - odds.damage[0]))}% to be killed)`);
    // The same spot at full health: no single attack of the cacodemon deals 10.
    const fresh = hints(hall(0), 'alpha', { budgetMs: Infinity, limit: 500 }).find((p) => p.to === null && p.option === null)!;
    expect(fresh.exposure.expected).toBeCloseTo(stay.exposure.expected, 9);
    expect(fresh.exposure.death).toBe(0);
    expect(fresh.reason).not.toContain('to be killed');
  });

  test('one hit from death, the top plan keeps out of reach; at full health it attacks', () => {
    const wounded = hints(hall(9), 'alpha', { budgetMs: Infinity })[0];
    expect(wounded.exposure.death, wounded.reason).toBe(0);
    expect(wounded.exposure.attackers).toEqual([]);
    const fresh = hints(hall(0), 'alpha', { budgetMs: Infinity })[0];
    expect(fresh.target, fresh.reason).toBe('cacodemon-1');
  });
});

/**
 * Issue 23: the demons' next attacks meet the marine's deck as it will be then. A marine draws to its
 * hand size when its activation ends, before any demon acts: a deck whose only card is a dodge goes
 * to its hand, and the attacks meet the refilled deck. Scored as the top card now, four demons read
 * as ≈0.0 damage and the marine stood among them (a traced loss against the Monte-Carlo peer).
 */
describe('the defense the demons’ next attacks meet (doom2016)', () => {
  const deckOf = (s: Doom2016State) => s.marines.alpha;

  test('a last dodge card in the deck is drawn before the demons act: the exposure counts the refilled deck', () => {
    const s = hall(0);
    const m = deckOf(s);
    // Suppressing Fire's defense is a dodge; the rest of the deck goes to the discard pile.
    expect(s.data.actionCards['har-suppress'].defense.dodge).toBe(true);
    m.discard = [...m.deck, ...m.discard];
    m.deck = ['har-suppress'];
    const cards = [...m.deck, ...m.hand, ...m.played, ...m.discard];
    const me = s.figures.find((f) => f.id === 'alpha')!;
    const caco = s.figures.find((f) => f.id === 'cacodemon-1')!;
    // The next reveal alone would be the dodge: no damage at all.
    expect(doom2016AttackOdds(s, caco, me, { cover: false }).expected).toBe(0);
    // What the cacodemon meets after alpha's draw: any card of its set (the deck refilled from them).
    const refilled = structuredClone(s);
    refilled.marines.alpha.deck = [...cards];
    refilled.marines.alpha.hand = [];
    refilled.marines.alpha.played = [];
    refilled.marines.alpha.discard = [];
    const want = doom2016AttackOdds(refilled, caco, me, { cover: false }).expected;
    expect(want).toBeGreaterThan(1);
    const stay = hints(s, 'alpha', { budgetMs: Infinity, limit: 500 }).find((p) => p.to === null && p.option === null)!;
    expect(stay.exposure.attackers.map((a) => a.id)).toEqual(['cacodemon-1']);
    expect(stay.exposure.expected).toBeCloseTo(want, 9);
    expect(stay.reason).toContain(`≈${want.toFixed(1)} damage`);
  });

  test('one card left after the draw and two demons within reach: half the attacks meet it, half the refilled deck', () => {
    const s = hall(0);
    const m = deckOf(s);
    // Hand size 4 with 3 in hand: about two more plays, so the end of the activation draws 3 of these 4.
    expect([m.handSize, m.hand.length]).toEqual([4, 3]);
    m.discard = [...m.deck.slice(4), ...m.discard];
    m.deck = m.deck.slice(0, 4);
    const cards = [...m.deck, ...m.hand, ...m.played, ...m.discard];
    const me = s.figures.find((f) => f.id === 'alpha')!;
    const caco = s.figures.find((f) => f.id === 'cacodemon-1')!;
    const refilled = structuredClone(s);
    Object.assign(refilled.marines.alpha, { deck: [...cards], hand: [], played: [], discard: [] });
    const next = doom2016AttackOdds(s, caco, me, { cover: false }).expected;
    const later = doom2016AttackOdds(refilled, caco, me, { cover: false }).expected;
    expect(next).not.toBeCloseTo(later, 3);
    const stay = hints(s, 'alpha', { budgetMs: Infinity, limit: 500 }).find((p) => p.to === null && p.option === null)!;
    expect(stay.exposure.expected).toBeCloseTo((next + later) / 2, 9);
  });

  test('a deck with cards to spare after the draw: the attacks meet the deck’s cards, as the odds of the next reveal say', () => {
    const s = hall(0);
    const me = s.figures.find((f) => f.id === 'alpha')!;
    const caco = s.figures.find((f) => f.id === 'cacodemon-1')!;
    expect(deckOf(s).deck.length).toBeGreaterThan(4);
    const stay = hints(s, 'alpha', { budgetMs: Infinity, limit: 500 }).find((p) => p.to === null && p.option === null)!;
    expect(stay.exposure.expected).toBeCloseTo(doom2016AttackOdds(s, caco, me, { cover: false }).expected, 9);
  });
});
