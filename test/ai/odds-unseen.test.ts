/**
 * Issue 39 (speed): doom2016 odds against a defender in cover whose deck is a uniform draw from the
 * cards the asking side cannot see are the mean over every make-up the deck may have. The odds now
 * sum each make-up without building its cards (odds/doom2016.ts `oddsOfMakeUp`); they must be the
 * same numbers to the last bit as the mean of the odds of each make-up's deck taken as known, summed
 * in the same order (the former computation, rebuilt here from the public doom2016Odds).
 */
import { describe, expect, test } from 'vitest';
import { doom2016Odds, type CardValue, type Doom2016Spec } from '../../src/ai/odds/doom2016.ts';
import { addMass, choose } from '../../src/ai/odds/dist.ts';
import { lcg } from '../../src/ai/autopilot/policy.ts';

const keyOf = (c: CardValue) => (c.dodge ? 'dodge' : `s${c.shields}`);

/** The mean over make-ups, each deck's odds from doom2016Odds with the deck known. */
function reference(spec: Doom2016Spec) {
  const gs: { card: CardValue; n: number }[] = [];
  for (const c of spec.deck) {
    const g = gs.find((x) => keyOf(x.card) === keyOf(c));
    if (g) g.n++;
    else gs.push({ card: { shields: c.dodge ? 0 : c.shields, dodge: c.dodge }, n: 1 });
  }
  const size = spec.deckSize!;
  const all = choose(spec.deck.length, size);
  const damage: number[] = [0];
  let stun = 0;
  let second = 0;
  const counts = gs.map(() => 0);
  const visit = (i: number, left: number, ways: number): void => {
    if (i === gs.length) {
      if (left) return;
      const deck = gs.flatMap((g, j) => Array.from({ length: counts[j] }, () => g.card));
      const o = doom2016Odds({ ...spec, deck, deckSize: undefined });
      const w = ways / all;
      o.damage.forEach((p, k) => addMass(damage, k, p * w));
      stun += o.stun * w;
      second += o.secondCard * w;
      return;
    }
    for (let c = 0; c <= Math.min(gs[i].n, left); c++) {
      counts[i] = c;
      visit(i + 1, left - c, ways * choose(gs[i].n, c));
    }
  };
  visit(0, size, 1);
  return { damage, stun, second };
}

describe('doom2016 odds over the make-ups of an unseen deck', () => {
  test('the same numbers, bit for bit, as the mean of each make-up\'s odds (500 random specs)', () => {
    const r = lcg(2016);
    const card = (): CardValue => (r() < 0.15 ? { shields: 0, dodge: true } : { shields: Math.floor(r() * 4), dodge: false });
    const die = () => Array.from({ length: 6 }, () => Math.floor(r() * 4));
    let checked = 0;
    for (let n = 0; n < 500; n++) {
      const deck = Array.from({ length: 2 + Math.floor(r() * 8) }, card);
      const spec: Doom2016Spec = {
        dice: Array.from({ length: 1 + Math.floor(r() * 3) }, die), deck, deckSize: 1 + Math.floor(r() * (deck.length - 1)),
        discard: Array.from({ length: Math.floor(r() * 4) }, card), cover: true, toughness: Math.floor(r() * 2),
        extraShields: r() < 0.2 ? 1 : 0, left: 1 + Math.floor(r() * 8), stun: r() < 0.3, coverPolicy: r() < 0.8 ? 'best' : r() < 0.5 ? 'always' : 'never',
      };
      const got = doom2016Odds(spec);
      const want = reference(spec);
      expect(got.damage, `spec ${n}`).toEqual(want.damage);
      expect(got.stun).toBe(want.stun);
      expect(got.secondCard).toBe(want.second);
      checked++;
    }
    expect(checked).toBe(500);
  });
});
