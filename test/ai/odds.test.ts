/**
 * Exact odds (src/ai/odds): hand-computed small cases per ruleset, and randomized comparison of the
 * convolution with a straightforward enumeration of every roll (and every re-roll).
 */
import { describe, expect, test } from 'vitest';
import { convolve, d20Odds, d20Sequence, diceToReroll, doom2004Odds, doom2016Odds, faceDist, perDieReroll, rerollPolicy, revealsSecond, type CardValue, type Doom2004Spec, type Doom2004Target } from '../../src/ai/odds/index.ts';
import { BEST_SET_LIMIT, bestSetTable, subsetValue } from '../../src/ai/odds/doom2004-best-set.ts';
import type { D4Face } from '../../src/rules/doom2004/state.ts';
import diceData from '../../src/data/doom2004/dice.json';

const s = (shields: number): CardValue => ({ shields, dodge: false });
const dodge: CardValue = { shields: 0, dodge: true };
const close = (a: number[], b: number[]) => {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) expect(a[i] ?? 0, `P(${i})`).toBeCloseTo(b[i] ?? 0, 12);
};

describe('distributions', () => {
  test('a die and a sum by convolution', () => {
    close(faceDist([0, 1, 1, 2]), [0.25, 0.5, 0.25]);
    close(convolve([0.5, 0.5], [0.5, 0.5]), [0.25, 0.5, 0.25]);
    expect(() => faceDist([])).toThrow(/at least one face/);
    expect(() => faceDist([-1])).toThrow(/non-negative/);
  });
});

describe('doom2016 (RULES §2.4)', () => {
  test('damage = icons − shields, at least 0', () => {
    const o = doom2016Odds({ dice: [[0, 1, 1, 1, 2, 2]], deck: [s(1)], cover: false, left: 1 });
    close(o.damage, [4 / 6, 2 / 6]);
    expect(o.hit).toBeCloseTo(1 / 3, 12);
    expect(o.expected).toBeCloseTo(1 / 3, 12);
    expect(o.kill).toBeCloseTo(1 / 3, 12);
  });
  test('a dodge cancels all damage; cards drawn from the known deck', () => {
    close(doom2016Odds({ dice: [[1], [1]], deck: [dodge, s(0)], cover: false, left: 9 }).damage, [0.5, 0, 0.5]);
  });
  test('cover: the defender reveals a second card only when it expects less damage', () => {
    const spec = { dice: [[3]], deck: [s(0), s(2), s(2)], cover: true, left: 9 };
    // First 0 shields (1/3): the rest are 2-shield cards → reveal → 1. First 2 shields: keep (1 vs E = 2).
    const best = doom2016Odds(spec);
    close(best.damage, [0, 1]);
    expect(best.secondCard).toBeCloseTo(1 / 3, 12);
    close(doom2016Odds({ ...spec, coverPolicy: 'never' }).damage, [0, 2 / 3, 0, 1 / 3]);
    close(doom2016Odds({ ...spec, coverPolicy: 'always' }).damage, [0, 2 / 3, 0, 1 / 3]);
    expect(revealsSecond(3, s(0), [s(2), s(2)], 0)).toBe(true);
    // A tie keeps the first card whatever the order of the pool (integer comparison).
    expect(revealsSecond(3, s(2), [s(1), s(0), s(2), dodge, dodge, dodge], 0)).toBe(false);
    expect(revealsSecond(3, s(2), [dodge, s(2), dodge, s(0), dodge, s(1)], 0)).toBe(false);
  });
  test('an empty deck is refilled from the discard pile, the first card included', () => {
    // First: the last deck card (0 shields); the second comes from discard + first = {5, 0}: E 1.5 < 3.
    close(doom2016Odds({ dice: [[3]], deck: [s(0)], discard: [s(5)], cover: true, left: 9 }).damage, [0.5, 0, 0, 0.5]);
    // Deck empty: the first card comes from the shuffled discard.
    close(doom2016Odds({ dice: [[3]], deck: [], discard: [s(1), s(2)], cover: false, left: 9 }).damage, [0, 0.5, 0.5]);
    // No cards at all: no defense card.
    close(doom2016Odds({ dice: [[3]], deck: [], cover: true, left: 9 }).damage, [0, 0, 0, 1]);
  });
  test('a hand the side asking cannot see: the deck is a uniform draw of deckSize from deck and hand', () => {
    // The invader's deck holds one card, a dodge; its hand two 0-shield cards the marines cannot see:
    // to them the top card is a dodge 1 time in 3, not surely (the real deck would say 0%).
    close(doom2016Odds({ dice: [[2]], deck: [dodge], cover: false, left: 9 }).damage, [1]);
    close(doom2016Odds({ dice: [[2]], deck: [dodge, s(0), s(0)], deckSize: 1, cover: false, left: 9 }).damage, [1 / 3, 0, 2 / 3]);
    // A deck of one: the second card (cover) comes from the reshuffled discard with the first in it.
    close(doom2016Odds({ dice: [[3]], deck: [s(0), s(5)], deckSize: 1, discard: [s(5)], cover: true, left: 9 }).damage, [0.75, 0, 0, 0.25]);
    // A deck size the listed cards cannot hold is refused, naming it.
    for (const deckSize of [-1, 1.5, 3]) {
      expect(() => doom2016Odds({ dice: [[2]], deck: [dodge, s(0)], deckSize, cover: false, left: 9 })).toThrow(new RangeError(`deckSize must be a whole number from 0 to the 2 cards listed in deck, got ${deckSize}`));
    }
  });
  test('a stunned defender reveals no card; toughness and played shields still count', () => {
    close(doom2016Odds({ dice: [[2]], deck: [dodge], cover: true, defenderStunned: true, toughness: 1, left: 9 }).damage, [0, 1]);
    close(doom2016Odds({ dice: [[4]], deck: [s(1)], cover: false, toughness: 1, extraShields: 2, left: 9 }).damage, [1]);
  });
  test('a stun attack stuns when it deals damage and does not kill', () => {
    expect(doom2016Odds({ dice: [[0, 2]], deck: [s(0)], cover: false, stun: true, left: 2 }).stun).toBe(0);
    expect(doom2016Odds({ dice: [[0, 2]], deck: [s(0)], cover: false, stun: true, left: 3 }).stun).toBeCloseTo(0.5, 12);
  });
});

const miss: D4Face = { miss: true };
const f = (range: number, damage: number, ammo = false): D4Face => ({ range, damage, ...(ammo ? { ammo } : {}) });

describe('doom2004 (RULES §3 roll, orders)', () => {
  const die = [miss, f(1, 1), f(3, 2)];
  test('a miss fails; range total must reach the range; wounds = floor(damage / armor)', () => {
    const o = doom2004Odds({ dice: [{ colour: 'a', faces: die }], range: 2, targets: [{ armor: 1, left: 2 }] });
    expect(o.hit).toBeCloseTo(1 / 3, 12);
    close(o.damage, [2 / 3, 0, 1 / 3]);
    expect(o.kill).toBeCloseTo(1 / 3, 12);
  });
  test('accuracy adds to the range total, deadly to the damage', () => {
    const o = doom2004Odds({ dice: [{ colour: 'a', faces: die }], range: 2, accuracy: 1, deadly: 1, targets: [{ armor: 2, left: 2 }] });
    expect(o.hit).toBeCloseTo(2 / 3, 12);
    close(o.damage, [1 / 3, 2 / 3]); // 2 or 3 damage against armor 2: one wound
    close(o.hitDamage, [0, 0, 1 / 3, 1 / 3]);
  });
  test('armor 0: every point is a wound; melee ignores range', () => {
    const o = doom2004Odds({ dice: [{ colour: 'a', faces: die }], range: 99, melee: true, targets: [{ armor: 0, left: 1 }] });
    expect(o.hit).toBeCloseTo(2 / 3, 12);
    close(o.damage, [1 / 3, 1 / 3, 1 / 3]);
  });
  test('aim re-rolls misses, dodge re-rolls hits', () => {
    const coin = [{ colour: 'c', faces: [miss, f(5, 1)] }];
    const aimSpec = { dice: coin, range: 1, targets: [{ armor: 0, left: 5 }], reroll: 'aim' as const };
    const aim = doom2004Odds(aimSpec);
    expect(aim.rule).toBe('best-set');
    expect(aim.hit).toBeCloseTo(3 / 4, 12);
    expect(diceToReroll(aimSpec, [0])).toEqual([0]);
    expect(diceToReroll(aimSpec, [1])).toEqual([]);
    const dodged = doom2004Odds({ ...aimSpec, reroll: 'dodge' });
    expect(dodged.hit).toBeCloseTo(1 / 4, 12);
    expect(diceToReroll({ ...aimSpec, reroll: 'dodge' }, [1])).toEqual([0]);
    // The per-die policy, when asked for, is followed as before.
    const policy = rerollPolicy({ ...aimSpec, dice: [...coin, ...coin] });
    expect(policy.c).toEqual([true, false]);
    expect(doom2004Odds({ ...aimSpec, policy }).rule).toBe('per-die');
    expect(perDieReroll(['c', 'c'], [0, 1], policy)).toEqual([0]);
    expect(diceToReroll({ ...aimSpec, dice: [...coin, ...coin], policy }, [0, 1])).toEqual([0]);
  });
  test('aim: a roll that already falls short of the range is re-rolled (the per-die rule kept it)', () => {
    // Aimed pistol (yellow + green) at range 5: yellow 2/2 and green 2/1 reach 4. The per-die rule
    // keeps both faces (each is worth keeping on average); the best set re-rolls the green die.
    const { yellow, green } = diceData.entries as unknown as Record<string, { faces: D4Face[] }>;
    const spec: Doom2004Spec = { dice: [{ colour: 'yellow', faces: yellow.faces }, { colour: 'green', faces: green.faces }], range: 5, targets: [{ armor: 1, left: 3 }], reroll: 'aim' };
    const roll = [yellow.faces.findIndex((x) => x.range === 2 && x.damage === 2), green.faces.findIndex((x) => x.range === 2 && x.damage === 1)];
    expect(roll).not.toContain(-1);
    expect(perDieReroll(['yellow', 'green'], roll, rerollPolicy(spec))).toEqual([]);
    expect(diceToReroll(spec, roll)).toEqual([1]);
    const t = bestSetTable(spec);
    const shown = roll.map((k, i) => spec.dice[i].faces[k]);
    const value = (mask: number) => subsetValue(t, mask, shown.map((x) => !!x.miss), shown.map((x) => x.range ?? 0), shown.map((x) => x.damage ?? 0));
    expect(value(0)).toBe(0);
    expect(value(2)).toBeGreaterThan(1);
  });
  test('exploding barrels: 1 wound per barrel next to a figure, after the attack\'s own wounds, on any damage', () => {
    const die = { colour: 'b', faces: [f(5, 0), f(5, 2), miss] };
    // The nominated figure (armor 2, 2 left) is also next to a barrel; a second figure only next to two.
    const o = doom2004Odds({ dice: [die], range: 1, targets: [{ armor: 2, left: 2, barrels: 1 }, { armor: 5, left: 3, struck: false, barrels: 2 }] });
    // 0 damage: no explosion; 2 damage: 1 wound + 1 barrel wound kills the first, 2 barrel wounds on the second.
    close(o.damage, [2 / 3, 0, 1 / 3]);
    expect(o.kill).toBeCloseTo(1 / 3, 12);
    close(o.targets[1].damage, [2 / 3, 0, 1 / 3]);
    close(o.kills, [2 / 3, 1 / 3]);
    // A figure the attack already killed takes no barrel wound (it is off the board).
    const dead = doom2004Odds({ dice: [{ colour: 'k', faces: [f(5, 3)] }], range: 1, targets: [{ armor: 0, left: 2, barrels: 2 }] });
    close(dead.damage, [0, 0, 0, 1]);
    // Barrel wounds stop at the one that kills.
    const barrelsOnly = doom2004Odds({ dice: [{ colour: 'k', faces: [f(5, 1)] }], range: 1, targets: [{ armor: 9, left: 1, struck: false, barrels: 3 }] });
    close(barrelsOnly.damage, [0, 1]);
  });
  test('the best set is computed for every weapon of the data; the per-die policy only beyond the limit', () => {
    const dice = diceData.entries as unknown as Record<string, { faces: D4Face[] }>;
    const four = ['red', 'red', 'blue', 'yellow'].map((c) => ({ colour: c, faces: dice[c].faces }));
    expect(doom2004Odds({ dice: four, range: 4, targets: [{ armor: 1, left: 3 }], reroll: 'aim' }).rule).toBe('best-set');
    const twelve = Array.from({ length: 12 }, (_, i) => four[i % 4]);
    expect(6 ** 12 * 2 ** 12).toBeGreaterThan(BEST_SET_LIMIT);
    expect(doom2004Odds({ dice: twelve, range: 14, targets: [{ armor: 2, left: 6 }], reroll: 'aim' }).rule).toBe('per-die');
  });
  test('blast: every figure takes the same damage, each against its own armor', () => {
    const o = doom2004Odds({ dice: [{ colour: 'b', faces: [f(5, 2), f(5, 3)] }], range: 1, targets: [{ armor: 0, left: 1 }, { armor: 3, left: 1 }] });
    close(o.kills, [0, 0.5, 0.5]);
    expect(o.targets[1].kill).toBeCloseTo(0.5, 12);
  });
  test('one ammo token when any die shows the ammo icon', () => {
    const d = { colour: 'x', faces: [f(1, 1, true), f(1, 1, true), f(1, 1), f(1, 1), f(1, 1), f(1, 1)] };
    expect(doom2004Odds({ dice: [d, d], range: 1, targets: [] }).ammo).toBeCloseTo(5 / 9, 12);
  });
});

describe('d20 (RULES §4)', () => {
  test('natural 20 hits for double damage, natural 1 misses, cover +4, helpers +4 each', () => {
    const o = d20Odds({ attack: 5, damage: 10, defense: 14, cover: false, hp: 20 });
    expect(o.hit).toBeCloseTo(12 / 20, 12); // 9..20
    close(o.damage, [8 / 20, ...Array(9).fill(0), 11 / 20, ...Array(9).fill(0), 1 / 20]);
    expect(o.kill).toBeCloseTo(1 / 20, 12);
    expect(d20Odds({ attack: 5, damage: 10, defense: 14, cover: true, hp: 20 }).hit).toBeCloseTo(8 / 20, 12);
    expect(d20Odds({ attack: 5, damage: 10, defense: 14, cover: true, helpers: 1, hp: 20 }).hit).toBeCloseTo(12 / 20, 12);
    expect(d20Odds({ attack: 0, damage: 1, defense: 40, cover: false, hp: 1 }).hit).toBeCloseTo(1 / 20, 12);
    expect(d20Odds({ attack: 40, damage: 1, defense: 10, cover: false, hp: 1 }).hit).toBeCloseTo(19 / 20, 12);
  });
  test('several attacks on one target convolve', () => {
    const one = { attack: 5, damage: 10, defense: 14, cover: false, hp: 20 };
    const two = d20Sequence([one, one]);
    expect(two.hit).toBeCloseTo(1 - (8 / 20) ** 2, 12);
    expect(two.kill).toBeCloseTo(1 - (8 / 20) ** 2 - 2 * (8 / 20) * (11 / 20), 12);
  });
});

// ------------------------------------------------------------------ randomized: convolution vs enumeration

function rng(seed: number) {
  let t = seed >>> 0;
  return () => ((t = (Math.imul(t, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** Every combination of faces (each index 0..n-1 per die). */
function* rolls(sizes: number[]): Generator<number[]> {
  const idx = sizes.map(() => 0);
  for (;;) {
    yield [...idx];
    let k = 0;
    while (k < sizes.length && ++idx[k] === sizes[k]) idx[k++] = 0;
    if (k === sizes.length) return;
  }
}

const ownWounds = (dmg: number, t: Doom2004Target) => (t.struck === false ? 0 : t.armor ? Math.floor(dmg / t.armor) : dmg);

/** Wounds as the engine's events count them: the attack's, then one per barrel while the figure stands. */
function engineWounds(dmg: number, t: Doom2004Target): number {
  let w = ownWounds(dmg, t);
  for (let b = 0; dmg > 0 && b < (t.barrels ?? 0) && w < t.left; b++) w++;
  return w;
}

function resolve(spec: Doom2004Spec, faces: readonly D4Face[]): { isHit: boolean; dmg: number } {
  const isHit = !faces.some((x) => x.miss) && (!!spec.melee || faces.reduce((t, x) => t + (x.range ?? 0), 0) + (spec.accuracy ?? 0) >= spec.range);
  return { isHit, dmg: faces.reduce((t, x) => t + (x.damage ?? 0), 0) + (spec.deadly ?? 0) };
}

/** A random doom2004 spec: 1–4 dice of 3 colours, blasts, figures next to barrels, any re-roll. */
function randomSpec(r: () => number): Doom2004Spec {
  const colours = ['p', 'q', 'w'];
  const faceSets: Record<string, D4Face[]> = {};
  for (const c of colours) faceSets[c] = Array.from({ length: 2 + Math.floor(r() * 3) }, () => (r() < 0.15 ? miss : f(Math.floor(r() * 4), Math.floor(r() * 4), r() < 0.2)));
  const dice = Array.from({ length: 1 + Math.floor(r() * 4) }, () => { const c = colours[Math.floor(r() * 3)]; return { colour: c, faces: faceSets[c] }; });
  const targets = Array.from({ length: 1 + Math.floor(r() * 3) }, (_, k): Doom2004Target => ({
    armor: Math.floor(r() * 3), left: 1 + Math.floor(r() * 3),
    ...(r() < 0.4 ? { barrels: 1 + Math.floor(r() * 2) } : {}),
    ...(k > 0 && r() < 0.3 ? { struck: false, barrels: 1 + Math.floor(r() * 2) } : {}),
  }));
  return {
    dice, range: Math.floor(r() * 6), accuracy: Math.floor(r() * 2), deadly: Math.floor(r() * 2), melee: r() < 0.15, targets,
    reroll: ([null, 'aim', 'dodge'] as const)[Math.floor(r() * 3)],
  };
}

describe('randomized: convolution equals enumeration', () => {
  test('doom2016: 200 random dice sets, decks and cover', () => {
    const r = rng(2016);
    for (let n = 0; n < 200; n++) {
      const dice = Array.from({ length: 1 + Math.floor(r() * 4) }, () => Array.from({ length: 1 + Math.floor(r() * 4) }, () => Math.floor(r() * 4)));
      const card = (): CardValue => (r() < 0.25 ? dodge : s(Math.floor(r() * 3)));
      const deck = Array.from({ length: Math.floor(r() * 4) }, card);
      const discard = Array.from({ length: Math.floor(r() * 3) }, card);
      const cover = r() < 0.6;
      const toughness = Math.floor(r() * 2);
      const want: number[] = [];
      const add = (k: number, p: number) => { while (want.length <= k) want.push(0); want[k] += p; };
      const dmg = (i: number, c: CardValue | null) => (c?.dodge ? 0 : Math.max(0, i - (c?.shields ?? 0) - toughness));
      for (const roll of rolls(dice.map((d) => d.length))) {
        const p = roll.reduce((q, k, i) => q / dice[i].length, 1);
        const icons = roll.reduce((t, k, i) => t + dice[i][k], 0);
        // Enumerate every order of the deck's first card (then of the second), as the engine draws them.
        const pool = deck.length ? deck : discard;
        if (!pool.length) { add(dmg(icons, null), p); continue; }
        pool.forEach((first, j) => {
          const pj = p / pool.length;
          const rest = pool.filter((_, k) => k !== j);
          const second = rest.length ? rest : [...(deck.length ? discard : []), first];
          if (cover && revealsSecond(icons, first, second, toughness)) second.forEach((c) => add(dmg(icons, c), pj / second.length));
          else add(dmg(icons, first), pj);
        });
      }
      close(doom2016Odds({ dice, deck, discard, cover, toughness, left: 3 }).damage, want);
    }
  });

  test('doom2016: the odds over unseen cards equal the mean over every deck they may form (200 random cases)', () => {
    const r = rng(2017);
    const subsets = <T,>(xs: T[], k: number): T[][] => (k === 0 ? [[]] : xs.length < k ? [] : [...subsets(xs.slice(1), k - 1).map((t) => [xs[0], ...t]), ...subsets(xs.slice(1), k)]);
    for (let n = 0; n < 200; n++) {
      const dice = Array.from({ length: 1 + Math.floor(r() * 3) }, () => Array.from({ length: 1 + Math.floor(r() * 4) }, () => Math.floor(r() * 4)));
      const card = (): CardValue => (r() < 0.3 ? dodge : s(Math.floor(r() * 3)));
      const unseen = Array.from({ length: 1 + Math.floor(r() * 5) }, card);
      const deckSize = Math.floor(r() * (unseen.length + 1));
      const discard = Array.from({ length: Math.floor(r() * 3) }, card);
      const spec = { dice, discard, cover: r() < 0.6, toughness: Math.floor(r() * 2), left: 3 };
      // Every choice of which unseen cards are the deck is equally likely (the hand was dealt from a shuffled deck).
      const decks = subsets(unseen.map((_, i) => i), deckSize);
      const want: number[] = [];
      for (const d of decks) {
        doom2016Odds({ ...spec, deck: d.map((i) => unseen[i]) }).damage.forEach((p, k) => {
          while (want.length <= k) want.push(0);
          want[k] += p / decks.length;
        });
      }
      close(doom2016Odds({ ...spec, deck: unseen, deckSize }).damage, want);
    }
  });

  test('doom2004: 200 random dice sets with aim / dodge re-rolls (best set, or a per-die policy), blasts and barrels', () => {
    const r = rng(2004);
    const rules = { 'best-set': 0, 'per-die': 0, none: 0 };
    for (let n = 0; n < 200; n++) {
      const spec = randomSpec(r);
      const perDie = spec.reroll && r() < 0.25;
      const policy = perDie ? rerollPolicy(spec) : undefined;
      const full = { ...spec, ...(policy ? { policy } : {}) };
      const o = doom2004Odds(full);
      rules[o.rule]++;
      const { dice, targets } = spec;
      let hit = 0;
      let ammo = 0;
      const wounds = targets.map((): number[] => []);
      const kills: number[] = [];
      const add = (d: number[], k: number, p: number) => { while (d.length <= k) d.push(0); d[k] += p; };
      const sizes = dice.map((d) => d.faces.length);
      for (const roll of rolls(sizes)) {
        const p0 = roll.reduce((q, k, i) => q / sizes[i], 1);
        const again = diceToReroll(full, roll);
        for (const sub of rolls(again.map((i) => sizes[i]))) {
          const p = again.reduce((q, i) => q / sizes[i], p0);
          const final = [...roll];
          again.forEach((i, k) => (final[i] = sub[k]));
          const faces = final.map((k, i) => dice[i].faces[k]);
          if (faces.some((x) => x.ammo)) ammo += p;
          const { isHit, dmg } = resolve(spec, faces);
          if (isHit) hit += p;
          let dead = 0;
          targets.forEach((t, k) => {
            const w = isHit ? engineWounds(dmg, t) : 0;
            add(wounds[k], w, p);
            if (w >= t.left) dead++;
          });
          add(kills, dead, p);
        }
      }
      expect(o.hit).toBeCloseTo(hit, 12);
      expect(o.ammo).toBeCloseTo(ammo, 12);
      targets.forEach((_, k) => close(o.targets[k].damage, wounds[k]));
      close(o.kills, kills);
    }
    expect(rules['best-set']).toBeGreaterThan(50);
    expect(rules['per-die']).toBeGreaterThan(10);
  });

  test('doom2004: the chosen re-roll is the best set of dice (aim: the most, dodge: the least expected value) for 300 random rolls', () => {
    const r = rng(23);
    let matters = 0;
    for (let n = 0; n < 300; n++) {
      const spec = { ...randomSpec(r), reroll: r() < 0.5 ? 'aim' as const : 'dodge' as const };
      const roll = spec.dice.map((d) => Math.floor(r() * d.faces.length));
      const judged = spec.reroll === 'aim' ? spec.targets : spec.targets.slice(0, 1);
      // Brute force: every subset, every outcome of its dice, the value summed by hand.
      const value = (mask: number) => {
        const idx = spec.dice.flatMap((_, i) => (mask & (1 << i) ? [i] : []));
        let v = 0;
        for (const sub of rolls(idx.map((i) => spec.dice[i].faces.length))) {
          const p = idx.reduce((q, i) => q / spec.dice[i].faces.length, 1);
          const final = [...roll];
          idx.forEach((i, k) => (final[i] = sub[k]));
          const { isHit, dmg } = resolve(spec, final.map((k, i) => spec.dice[i].faces[k]));
          if (!isHit) continue;
          for (const t of judged) {
            const w = ownWounds(dmg, t) + (dmg > 0 ? t.barrels ?? 0 : 0);
            v += p * (Math.min(w, t.left) + (w >= t.left ? 1 : 0));
          }
        }
        return v;
      };
      const values = Array.from({ length: 1 << spec.dice.length }, (_, m) => value(m));
      const chosen = diceToReroll(spec, roll).reduce((m, i) => m | (1 << i), 0);
      const best = spec.reroll === 'aim' ? Math.max(...values) : Math.min(...values);
      expect(values[chosen], JSON.stringify({ spec, roll, values, chosen })).toBeCloseTo(best, 10);
      if (Math.max(...values) - Math.min(...values) > 1e-9) matters++;
    }
    expect(matters).toBeGreaterThan(100);
  });

  test('the re-roll policy never does worse than no re-roll for the side that chooses', () => {
    const r = rng(44);
    for (let n = 0; n < 100; n++) {
      const faces = Array.from({ length: 6 }, () => (r() < 0.2 ? miss : f(Math.floor(r() * 4), Math.floor(r() * 4))));
      const dice = Array.from({ length: 1 + Math.floor(r() * 4) }, () => ({ colour: 'z', faces }));
      const spec = { dice, range: Math.floor(r() * 8), targets: [{ armor: 1, left: 3 }] };
      // The value both sides judge by: wounds capped at what kills, plus the kill.
      const value = (w: number[]) => w.reduce((t, p, k) => t + p * (Math.min(k, 3) + (k >= 3 ? 1 : 0)), 0);
      const none = value(doom2004Odds(spec).damage);
      expect(value(doom2004Odds({ ...spec, reroll: 'aim' }).damage)).toBeGreaterThanOrEqual(none - 1e-12);
      expect(value(doom2004Odds({ ...spec, reroll: 'dodge' }).damage)).toBeLessThanOrEqual(none + 1e-12);
    }
  });
});

describe('d20 odds: a spec out of bounds is named, not computed', () => {
  test('refuses a damage of 1e9 (it made an array that ran Node out of memory), a negative damage, NaN and a cover that is no boolean', () => {
    const base = { attack: 1, damage: 1, defense: 10, cover: false, hp: 5 };
    expect(() => d20Odds({ ...base, damage: 1e9 })).toThrow('d20 odds: damage must be a whole number from 0 to 10000, got 1000000000');
    expect(() => d20Odds({ ...base, damage: -3 })).toThrow(/damage must be a whole number/);
    expect(() => d20Odds({ ...base, attack: NaN })).toThrow('d20 odds: attack must be a whole number from -1000 to 1000, got NaN');
    expect(() => d20Odds({ ...base, hp: 0 })).toThrow(/hp must be a whole number from 1/);
    expect(() => d20Odds({ ...base, cover: 'yes' as never })).toThrow('d20 odds: cover must be true or false, got "yes"');
    expect(d20Odds(base).hit).toBeGreaterThan(0);
  });
});
