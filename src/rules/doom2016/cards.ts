/**
 * Decks, hands and discard piles (RULES §2.3–2.4). Rulings: an empty deck is refilled by
 * shuffling its discard pile; a card is never created or lost, only moved between piles.
 */
import { shuffle } from '../rng.ts';
import type { Doom2016State, MarineRecord } from './types.ts';

function refill(s: Doom2016State, pile: { deck: string[]; discard: string[] }): boolean {
  if (pile.deck.length) return true;
  if (!pile.discard.length) return false;
  pile.deck = shuffle(s.rng, pile.discard.splice(0));
  return true;
}

/** Take the top card of a deck (refilled from its discard pile), or null when both are empty. */
export function takeTop(s: Doom2016State, pile: { deck: string[]; discard: string[] }): string | null {
  return refill(s, pile) ? pile.deck.shift()! : null;
}

/** Draw `n` cards into a marine's hand (fewer when deck and discard run out). */
export function drawCards(s: Doom2016State, id: string, n: number): string[] {
  const m = s.marines[id];
  const drawn: string[] = [];
  for (let i = 0; i < n; i++) {
    const c = takeTop(s, m);
    if (c === null) break;
    m.hand.push(c);
    drawn.push(c);
  }
  return drawn;
}

/** Draw up to the marine's hand size. */
export function drawTo(s: Doom2016State, id: string): string[] {
  const m = s.marines[id];
  return drawCards(s, id, Math.max(0, m.handSize - m.hand.length));
}

/** The invader draws event cards up to 6 (RULES §2.3). */
export function drawEvents(s: Doom2016State): number {
  let n = 0;
  while (s.invader.hand.length < 6) {
    const c = takeTop(s, s.invader);
    if (c === null) break;
    s.invader.hand.push(c);
    n++;
  }
  return n;
}

/** A killed marine: hand, played and discard shuffled into the deck, then a fresh hand (RULES §2.4). */
export function reshuffleAll(s: Doom2016State, m: MarineRecord): void {
  m.deck = shuffle(s.rng, [...m.deck, ...m.hand.splice(0), ...m.played.splice(0), ...m.discard.splice(0)]);
}

/** Every card a marine owns, wherever it is (deck conservation). */
export const marineCards = (m: MarineRecord) => [...m.deck, ...m.hand, ...m.played, ...m.discard];
