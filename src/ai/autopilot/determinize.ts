/**
 * One guess at what a side cannot see (issue 23): deck orders are unknown to everyone, and the
 * opponent's hand is unknown to the side deciding. A determinized copy reshuffles every deck and
 * redeals the opponent's hands from their hand and deck together (same hand sizes), and reseeds the
 * dice — so a search over copies never peeks at the real order of cards or the dice to come.
 */
import type { GameState } from '../../rules/engine.ts';
import type { Doom2016State } from '../../rules/doom2016/types.ts';
import { seedRng, shuffle, type RngState } from '../../rules/rng.ts';

// Cards are sorted before the shuffle, so the guess depends on which cards are hidden, never on
// their real order.
const reorder = (r: RngState, cards: string[]) => shuffle(r, [...cards].sort());

/** Hand and deck pooled, shuffled, and the hand dealt again at its size. */
function redeal(r: RngState, pile: { deck: string[]; hand: string[] }): void {
  const all = reorder(r, [...pile.hand, ...pile.deck]);
  pile.hand = all.slice(0, pile.hand.length);
  pile.deck = all.slice(pile.hand.length);
}

/** Mutates `copy` (a state the caller owns) into one determinization for `side`, by `seed`. */
export function determinize(copy: GameState, side: string, seed: number): void {
  const r = seedRng(seed);
  copy.rng = seedRng(seed ^ 0x5bd1e995);
  if (copy.ruleset !== 'doom2016') return; // doom2004 and d20 hide nothing but the dice
  const s = copy as Doom2016State;
  for (const m of Object.values(s.marines)) {
    if (side === s.marineSide) m.deck = reorder(r, m.deck);
    else redeal(r, m);
  }
  if (side === s.invaderSide) s.invader.deck = reorder(r, s.invader.deck);
  else redeal(r, s.invader);
  s.glory.deck = reorder(r, s.glory.deck);
  s.initiative.deck = reorder(r, s.initiative.deck);
}
