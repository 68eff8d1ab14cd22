/**
 * Hints for the defender's choice in a doom2016 attack (RULES §2.4 attacks, §2.1 cover; issue 23:
 * "plans cover every legal command kind" — a solo marine defends against every demon's attack and
 * the Hint said "No hint for this position"). The dice are rolled and the first defense card is
 * shown, so each choice's damage is known exactly, or (a second card in cover) its distribution
 * over the cards the defender's own deck may give: the defender knows its deck, not its order.
 * Ranked by the damage taken; of equals, the one that keeps its cards. What may still come after
 * ("while attacking" cards) is said, as the attack plans say it.
 */
import type { Doom2016Figure, Doom2016State, PendingAttack } from '../../rules/doom2016/types.ts';
import type { Command } from '../../rules/types.ts';
import { cardValue, damageAgainst, type CardValue } from '../odds/doom2016.ts';
import { oddsFrom } from '../odds/dist.ts';
import { missionKillWorth } from './objective.ts';
import type { Plan } from './plan.ts';

/** What a card spent on shields is worth, in damage: a little, so that of equal outcomes the card is kept. */
const CARD_KEPT = 0.25;

const pct = (p: number) => `${Math.round(p * 100)}%`;

export function doom2016DefendPlans(s: Doom2016State, figure?: string): Plan[] | null {
  const p = s.pending;
  if (p?.kind !== 'attack' || p.step !== 'defend') return null;
  const t = s.figures.find((f) => f.id === p.defender);
  if (!t || (figure !== undefined && figure !== t.id)) return null;
  const marine = t.side === s.marineSide;
  const icons = p.dice.reduce((n, d) => n + d.damage, 0);
  const fixed = (marine ? 0 : s.data.units[t.type]?.toughness ?? 0) + p.extraShields;
  const left = (marine ? s.marines[t.id].health : s.data.units[t.type].health) - t.damage;
  const defenseOf = (k: string) => cardValue(s, t, marine ? s.data.actionCards[k].defense : s.data.eventCards[k].defense);
  const shieldsOf = (k: string) => (marine ? s.data.actionCards[k].shields : s.data.eventCards[k].shields) ?? 0;
  const nameOf = (k: string) => (marine ? s.data.actionCards[k]?.name : s.data.eventCards[k]?.name) ?? k;
  const now = p.card === null ? null : defenseOf(p.card);
  // A second card comes from the defender's deck (its make-up known to it, not its order); from an empty deck, the reshuffled discard pile.
  const piles = marine ? s.marines[t.id] : s.invader;
  const pool = p.card === null ? [] : piles.deck.length ? piles.deck : [...piles.discard, p.card];
  const hand = marine
    ? s.marines[t.id].hand.filter((k) => s.data.actionCards[k].action === 'reaction' && s.data.actionCards[k].when === 'defending')
    : s.invader.hand.filter((k) => s.data.eventCards[k].when === 'defending');
  const plays: string[][] = [[], ...[...new Set(hand)].map((k) => [k])];
  const reveals = p.canReveal && p.card !== null && pool.length ? [false, true] : [false];
  const later = laterCards(s, p, t);
  const deathWorth = missionKillWorth(s, marine ? s.invaderSide : s.marineSide);
  const plans: Plan[] = [];
  for (const reveal of reveals) {
    for (const play of plays) {
      const extra = play.reduce((n, k) => n + shieldsOf(k), 0);
      const cards: (CardValue | null)[] = reveal ? pool.map(defenseOf) : [now];
      const damage: number[] = [];
      for (const c of cards) {
        const d = damageAgainst(icons, c, fixed + extra);
        damage[d] = (damage[d] ?? 0) + 1 / cards.length;
      }
      for (let i = 0; i < damage.length; i++) damage[i] ??= 0;
      const odds = oddsFrom(damage, 1 - (damage[0] ?? 0), left);
      const command: Command = { type: 'defend', figure: t.id, reveal, play };
      const how = [reveal ? 'reveal a second defense card' : null, play.length ? `play ${play.map(nameOf).join(', ')} (+${extra} shield${extra === 1 ? '' : 's'})` : null].filter(Boolean).join(' and ');
      const shown = reveal ? `the second card` : now === null ? 'no defense card (stunned)' : now.dodge ? 'a dodge' : `${now.shields} shield${now.shields === 1 ? '' : 's'}`;
      // With no second card the dice and the card fix the damage: said as a number, not an expectation.
      const certain = damage.filter((x) => x > 0).length === 1;
      const taken = certain ? `${damage.findIndex((x) => x > 0)} damage` : `${odds.expected.toFixed(1)} damage expected`;
      const killed = odds.kill >= 0.995 ? `, ${t.id} is killed` : odds.kill >= 0.005 ? `, ${pct(odds.kill)} to be killed` : '';
      plans.push({
        figure: t.id, to: null, option: 'defend', target: p.attacker, odds,
        exposure: { expected: 0, death: 0, attackers: [] }, commands: [command],
        score: -odds.expected - odds.kill * deathWorth - play.length * CARD_KEPT, exact: true,
        // The cards still to come in their own parentheses: the element says a note the plans share once.
        reason: `${how ? `${how[0].toUpperCase()}${how.slice(1)}` : 'Take the attack as it is'}: ${taken}${killed} (${icons} damage icon${icons === 1 ? '' : 's'} against ${shown}${fixed + extra ? ` and ${fixed + extra} more shield${fixed + extra === 1 ? '' : 's'}` : ''})${later ? ` (${later})` : ''}`,
      });
    }
  }
  return plans.sort((a, b) => b.score - a.score);
}

/** The attacker's "while attacking" cards still to come, as its side's opponent can know them (any card of its hand or deck). */
function laterCards(s: Doom2016State, p: PendingAttack, t: Doom2016Figure): string {
  const attacker = s.figures.find((f) => f.id === p.attacker);
  if (!attacker || attacker.side !== s.invaderSide || t.side !== s.marineSide) return '';
  const cards = [...s.invader.hand, ...s.invader.deck];
  return s.invader.hand.length && cards.some((k) => s.data.eventCards[k]?.when === 'attacking') ? 'before any "while attacking" card the invader may play' : '';
}
