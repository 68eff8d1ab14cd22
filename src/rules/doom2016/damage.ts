/**
 * Damage, kills, kill tokens and glory kills (RULES §2.4).
 */
import type { GameEvent } from '../types.ts';
import { drawCards, drawTo, reshuffleAll, takeTop } from './cards.ts';
import type { Doom2016Figure, Doom2016State } from './types.ts';

export const healthOf = (s: Doom2016State, f: Doom2016Figure) =>
  f.side === s.marineSide ? s.marines[f.id].health : s.data.units[f.type].health;

/** Remove a killed figure: a marine gives the invader a kill token and reshuffles its cards. */
export function killFigure(s: Doom2016State, f: Doom2016Figure, events: GameEvent[], cause: { by: string; how: string }): void {
  s.figures.splice(s.figures.indexOf(f), 1);
  events.push({ type: 'killed', figure: f.id, by: cause.by, how: cause.how, at: { x: f.x, y: f.y } });
  if (f.side === s.marineSide) {
    const m = s.marines[f.id];
    s.invader.kills++;
    m.dead = true;
    reshuffleAll(s, m);
    drawTo(s, f.id);
    events.push({ type: 'kill-token', kills: s.invader.kills });
  } else if (!s.figures.some((g) => g.type === f.type && g.side === s.invaderSide)) {
    // No figure of that type left: its demon card turns face down.
    s.demonCards[f.type].faceUp = false;
    events.push({ type: 'demon-card-face-down', demon: f.type });
  }
}

/** Suffer damage; returns true when the figure is killed. */
export function sufferDamage(s: Doom2016State, f: Doom2016Figure, amount: number, events: GameEvent[], by: string): boolean {
  if (amount <= 0) return false;
  f.damage += amount;
  events.push({ type: 'damaged', figure: f.id, damage: amount, total: f.damage, health: healthOf(s, f) });
  if (f.damage < healthOf(s, f)) return false;
  killFigure(s, f, events, { by, how: 'damage' });
  return true;
}

/** A marine entering a staggered demon's space kills it, draws a glory kill card and heals (RULES §2.4). */
export function gloryKill(s: Doom2016State, marine: Doom2016Figure, demon: Doom2016Figure, a: { mp: number }, events: GameEvent[]): void {
  killFigure(s, demon, events, { by: marine.id, how: 'glory kill' });
  const card = takeTop(s, s.glory);
  const data = card === null ? null : s.data.gloryKillCards[card];
  // Every glory kill card heals 2 (RULES §6); without a glory deck the heal still happens.
  const heal = Math.min(marine.damage, data?.heal ?? 2);
  marine.damage -= heal;
  const drawn = data?.draw ? drawCards(s, marine.id, data.draw) : [];
  if (data?.mp) a.mp += data.mp;
  if (card !== null) s.glory.discard.push(card);
  events.push({ type: 'glory-kill', figure: marine.id, demon: demon.id, card, healed: heal, mp: data?.mp ?? 0, drew: drawn.length });
}
