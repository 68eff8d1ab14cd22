/**
 * Exact doom2016 attack odds (RULES §2.4), matching src/rules/doom2016/attack.ts step by step:
 * dice icons summed by convolution; the defender reveals the top card of its deck (a marine's
 * action deck, else the invader's event deck; an empty deck is refilled by shuffling its discard
 * pile), cards drawn without replacement; in cover it may reveal a second card (the first is
 * discarded, only the second counts); dodge cancels everything; damage = icons − shields −
 * toughness − shields of cards played while defending, at least 0; a stunned defender reveals no
 * card; a stunned attacker has already removed one die; a stun attack stuns when it deals damage.
 *
 * The unknown order of the remaining deck is uniform (it was shuffled by the seeded rng); the
 * defender decides on the second card after seeing the dice and the first card, so `best` reveals
 * exactly when the expected damage of a second card is lower than the first card's.
 */
import type { Defense, Doom2016Figure, Doom2016State } from '../../rules/doom2016/types.ts';
import { addMass, choose, faceDist, oddsFrom, sumOf, type Odds } from './dist.ts';

/** A defense card as it counts against this defender (a demon's special-defense icon applied). */
export interface CardValue {
  shields: number;
  dodge: boolean;
}

export type CoverPolicy = 'best' | 'always' | 'never';

export interface Doom2016Spec {
  /** Each die rolled: the damage icons of its faces (a stunned attacker's removed die left out). */
  dice: readonly (readonly number[])[];
  /**
   * The defender's deck (order unknown) and discard pile (refills the deck when it runs out). When
   * `deckSize` is less than `deck.length`, `deck` lists the cards the deck may hold — the deck and
   * the defender's hand, which the side asking cannot tell apart — of which the deck is a uniform
   * draw of `deckSize`.
   */
  deck: readonly CardValue[];
  deckSize?: number;
  discard?: readonly CardValue[];
  cover: boolean;
  defenderStunned?: boolean;
  toughness?: number;
  /** Shields from cards the defender plays while defending. */
  extraShields?: number;
  /** Damage still needed to kill (health − damage taken). */
  left: number;
  /** The attack stuns (marine stun cards). */
  stun?: boolean;
  coverPolicy?: CoverPolicy;
}

export interface Doom2016Odds extends Odds {
  /** P(the defender ends stunned by this attack). */
  stun: number;
  /** P(the defender reveals a second card), under the cover policy. */
  secondCard: number;
}

const keyOf = (c: CardValue | null) => (c === null ? 'none' : c.dodge ? 'dodge' : `s${c.shields}`);

/** Cards grouped by what they do: value and count. */
function groups(cards: readonly CardValue[]): { card: CardValue; n: number }[] {
  const m = new Map<string, { card: CardValue; n: number }>();
  for (const c of cards) {
    const k = keyOf(c);
    const g = m.get(k);
    if (g) g.n++;
    else m.set(k, { card: { shields: c.dodge ? 0 : c.shields, dodge: c.dodge }, n: 1 });
  }
  return [...m.values()];
}

/** Damage of `icons` against a card (null: no card revealed). */
export function damageAgainst(icons: number, card: CardValue | null, fixedShields: number): number {
  if (card?.dodge) return 0;
  return Math.max(0, icons - (card?.shields ?? 0) - fixedShields);
}

/** What the second card may be, after `first` was drawn from `pool` (deck, or the reshuffled discard). */
function secondPool(deck: readonly CardValue[], deckSize: number, discard: readonly CardValue[], first: CardValue): CardValue[] {
  const fromDeck = deckSize > 0;
  const pool = fromDeck ? deck : discard;
  const k = pool.findIndex((c) => keyOf(c) === keyOf(first));
  const rest = [...pool.slice(0, k), ...pool.slice(k + 1)];
  // The first card is discarded before the second is revealed: it may come back in a refill.
  return rest.length && (!fromDeck || deckSize > 1) ? rest : [...(fromDeck ? discard : []), first];
}

/** Whether a defender in cover reveals a second card, under `policy`. */
export function revealsSecond(icons: number, first: CardValue, second: readonly CardValue[], fixedShields: number, policy: CoverPolicy = 'best'): boolean {
  if (policy !== 'best') return policy === 'always' && second.length > 0;
  if (!second.length) return false;
  // Integer comparison (sum over the pool vs first × pool size): a tie must not depend on card order.
  let sum = 0;
  for (const c of second) sum += damageAgainst(icons, c, fixedShields);
  return sum < damageAgainst(icons, first, fixedShields) * second.length;
}

/**
 * revealsSecond with the second card's pool as groups (value and count): the same integer sums,
 * without a pass over every card for each icon count (the odds' inner loop).
 */
function revealsSecondOf(icons: number, first: CardValue, second: readonly { card: CardValue; n: number }[], cards: number, fixedShields: number, policy: CoverPolicy = 'best'): boolean {
  if (policy !== 'best') return policy === 'always' && cards > 0;
  if (!cards) return false;
  let sum = 0;
  for (const g of second) sum += g.n * damageAgainst(icons, g.card, fixedShields);
  return sum < damageAgainst(icons, first, fixedShields) * cards;
}

/**
 * Odds when the deck is a uniform draw of `deckSize` from the unseen cards (the defender's hand
 * hidden from the side asking): the mean over every make-up the deck may have, each weighted by
 * how many draws give it. A defender in cover chooses its second card knowing its own hand, so the
 * make-ups cannot be merged into one pool; without cover the top card is a uniform unseen one.
 */
function oddsOverUnseen(spec: Doom2016Spec, deckSize: number, icons: number[]): Doom2016Odds {
  const gs = groups(spec.deck);
  const all = choose(spec.deck.length, deckSize);
  const damage: number[] = [0];
  let stun = 0;
  let second = 0;
  const counts = gs.map(() => 0);
  const visit = (i: number, left: number, ways: number): void => {
    if (i === gs.length) {
      if (left) return;
      const o = oddsOfMakeUp(spec, gs, counts, deckSize, icons);
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
  visit(0, deckSize, 1);
  return { ...oddsFrom(damage, 1 - damage[0], spec.left), stun, secondCard: second };
}

/**
 * oddsOfDeck for a defender in cover whose deck is the make-up `counts` of the groups `gs` (issue 39,
 * speed: once per make-up, so without building the deck's cards, their groups and the second card's
 * pool as arrays each time). The same sums in the same order as oddsOfDeck on that deck — the groups
 * of a deck built group by group are those groups, in their order — so the same numbers to the last
 * bit (test/ai/odds.test.ts compares them).
 */
function oddsOfMakeUp(spec: Doom2016Spec, gs: readonly { card: CardValue; n: number }[], counts: readonly number[], deckSize: number, icons: number[]): { damage: number[]; stun: number; secondCard: number } {
  const fixed = (spec.toughness ?? 0) + (spec.extraShields ?? 0);
  const discard = spec.discard ?? [];
  const damage: number[] = [0];
  let second = 0;
  let total = 0;
  for (const c of counts) total += c;
  for (let j = 0; j < gs.length; j++) {
    if (!counts[j]) continue;
    const card = gs[j].card;
    const pFirst = counts[j] / total;
    // The second card: one of the rest of the deck (the groups less the card drawn), or, with the
    // deck's only card drawn, one of the discard pile and that card (secondPool).
    let secondGroups: { card: CardValue; n: number }[];
    let cards: number;
    if (deckSize > 1) {
      secondGroups = [];
      for (let k = 0; k < gs.length; k++) {
        const n = counts[k] - (k === j ? 1 : 0);
        if (n > 0) secondGroups.push({ card: gs[k].card, n });
      }
      cards = deckSize - 1;
    } else {
      const seconds = [...discard, card];
      secondGroups = groups(seconds);
      cards = seconds.length;
    }
    for (let i = 0; i < icons.length; i++) {
      const p = icons[i] * pFirst;
      if (p === 0) continue;
      if (revealsSecondOf(i, card, secondGroups, cards, fixed, spec.coverPolicy)) {
        second += p;
        for (const g of secondGroups) addMass(damage, damageAgainst(i, g.card, fixed), (p * g.n) / cards);
      } else {
        addMass(damage, damageAgainst(i, card, fixed), p);
      }
    }
  }
  let stun = 0;
  if (spec.stun) for (let k = 1; k < damage.length && k < spec.left; k++) stun += damage[k];
  return { damage, stun, secondCard: second };
}

export function doom2016Odds(spec: Doom2016Spec): Doom2016Odds {
  if (spec.deckSize !== undefined && (!Number.isInteger(spec.deckSize) || spec.deckSize < 0 || spec.deckSize > spec.deck.length)) {
    throw new RangeError(`deckSize must be a whole number from 0 to the ${spec.deck.length} cards listed in deck, got ${spec.deckSize}`);
  }
  // The dice's icons, summed once (every make-up of an unseen deck meets the same dice).
  const icons = sumOf(spec.dice.map((faces) => faceDist(faces)));
  if (spec.cover && !spec.defenderStunned && spec.deckSize !== undefined && spec.deckSize > 0 && spec.deckSize < spec.deck.length) return oddsOverUnseen(spec, spec.deckSize, icons);
  return oddsOfDeck(spec, icons);
}

/** doom2016Odds for a deck whose make-up is known (or whose top card is a uniform unseen one), the icons summed. */
function oddsOfDeck(spec: Doom2016Spec, icons: number[]): Doom2016Odds {
  const fixed = (spec.toughness ?? 0) + (spec.extraShields ?? 0);
  const discard = spec.discard ?? [];
  const deckSize = spec.deckSize ?? spec.deck.length;
  // The top card of a deck that is a uniform draw from the unseen cards is a uniform one of them.
  const pool = deckSize ? spec.deck : discard;
  const damage: number[] = [0];
  let second = 0;
  const firsts = spec.defenderStunned || !pool.length ? [{ card: null as CardValue | null, n: 1 }] : groups(pool);
  const total = firsts.reduce((s, g) => s + g.n, 0);
  for (const { card, n } of firsts) {
    const pFirst = n / total;
    const seconds = spec.cover && card !== null ? secondPool(spec.deck, deckSize, discard, card) : [];
    const secondGroups = groups(seconds);
    for (let i = 0; i < icons.length; i++) {
      const p = icons[i] * pFirst;
      if (p === 0) continue;
      if (card !== null && spec.cover && revealsSecondOf(i, card, secondGroups, seconds.length, fixed, spec.coverPolicy)) {
        second += p;
        for (const g of secondGroups) addMass(damage, damageAgainst(i, g.card, fixed), (p * g.n) / seconds.length);
      } else {
        addMass(damage, damageAgainst(i, card, fixed), p);
      }
    }
  }
  const hit = 1 - damage[0];
  const odds = oddsFrom(damage, hit, spec.left);
  let stun = 0;
  if (spec.stun) for (let k = 1; k < damage.length && k < spec.left; k++) stun += damage[k];
  return { ...odds, stun, secondCard: second };
}

// ------------------------------------------------------------------ reading a game state

/** A defense card's value against `t` (a demon's special-defense icon adds its card's effect). */
export function cardValue(s: Doom2016State, t: Doom2016Figure, d: Defense): CardValue {
  const demon = t.side === s.invaderSide ? s.data.units[t.type] : null;
  const special = demon && d.special ? demon.specialDefense ?? {} : {};
  return { shields: d.shields + (special.shields ?? 0), dodge: d.dodge || special.dodge === true };
}

/**
 * The defender's deck and discard pile as card values (what a reveal draws from). Seen by `viewer`
 * (a side; default: everything in the state): a side other than the defender's cannot tell the
 * defender's deck from its hand, so both are the cards the deck may hold (`deckSize` of them are in
 * it) — the odds then never peek at a hidden hand. Without it a marine that knew the invader's
 * last deck card was a dodge saw 0% on every attack, never attacked, and so never drew it.
 */
export function defensePiles(s: Doom2016State, t: Doom2016Figure, viewer?: string): { deck: CardValue[]; discard: CardValue[]; deckSize: number } {
  const marine = t.side === s.marineSide;
  const piles = marine ? s.marines[t.id] : s.invader;
  const defense = (k: string) => (marine ? s.data.actionCards[k].defense : s.data.eventCards[k].defense);
  const unseen = viewer !== undefined && viewer !== t.side ? [...piles.deck, ...piles.hand] : piles.deck;
  return { deck: unseen.map((k) => cardValue(s, t, defense(k))), discard: piles.discard.map((k) => cardValue(s, t, defense(k))), deckSize: piles.deck.length };
}

export interface Doom2016AttackOptions {
  /** The attack's dice colours; default: the demon's attack (+ `ability`) or the marine's card being resolved. */
  dice?: string[];
  ability?: string;
  /** The die a stunned attacker removes (default the last, as the engine does). */
  drop?: string;
  /** Whether the defender is in cover from the attacker (from the grid core's sight). */
  cover: boolean;
  /** The attack stuns (default: the marine card being resolved says so). */
  stun?: boolean;
  extraDice?: string[];
  extraShields?: number;
  coverPolicy?: CoverPolicy;
  /** The side the odds are for (defensePiles): another side than the defender's does not see its hand. */
  viewer?: string;
}

/** The dice colours `attacker` attacks with now (before a stun removes one). */
export function attackDice(s: Doom2016State, attacker: Doom2016Figure, ability?: string): string[] {
  if (attacker.side === s.marineSide) {
    const a = s.active;
    return a?.kind === 'marine' && a.figure === attacker.id && a.attack ? [...a.attack.dice] : [];
  }
  const unit = s.data.units[attacker.type];
  const extra = ability ? unit.abilities?.find((x) => x.name === ability)?.dice ?? [] : [];
  return [...unit.attack!.dice, ...extra];
}

/** The spec of `attacker` attacking `target` in state `s` (as src/rules/doom2016/attack.ts resolves it). */
export function doom2016Spec(s: Doom2016State, attacker: Doom2016Figure, target: Doom2016Figure, o: Doom2016AttackOptions): Doom2016Spec {
  const colours = o.dice ? [...o.dice] : attackDice(s, attacker, o.ability);
  if (attacker.stunned && colours.length) colours.splice(o.drop ? colours.lastIndexOf(o.drop) : colours.length - 1, 1);
  colours.push(...(o.extraDice ?? []));
  const faces = (c: string) => {
    const f = s.data.dice[c]?.faces;
    if (!f?.length) throw new Error(`no faces for the ${c} die in the dice data`);
    return f.map((x) => x.damage);
  };
  const health = target.side === s.marineSide ? s.marines[target.id].health : s.data.units[target.type].health;
  const a = s.active;
  const stun = o.stun ?? (attacker.side === s.marineSide && a?.kind === 'marine' && a.figure === attacker.id && a.stun);
  const demon = target.side === s.invaderSide ? s.data.units[target.type] : null;
  return {
    dice: colours.map(faces),
    ...defensePiles(s, target, o.viewer),
    cover: o.cover,
    defenderStunned: target.stunned,
    toughness: demon?.toughness ?? 0,
    extraShields: o.extraShields ?? 0,
    left: health - target.damage,
    stun,
    coverPolicy: o.coverPolicy,
  };
}

export const doom2016AttackOdds = (s: Doom2016State, attacker: Doom2016Figure, target: Doom2016Figure, o: Doom2016AttackOptions): Doom2016Odds =>
  doom2016Odds(doom2016Spec(s, attacker, target, o));
