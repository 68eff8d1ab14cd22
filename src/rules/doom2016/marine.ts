/**
 * A marine's activation (RULES §2.3): play 1 main and any number of bonus cards (MP = speed,
 * then the card's attack), or Sprint instead of the main action; class card; items; respawn.
 */
import { shuffle } from '../rng.ts';
import type { Command, GameEvent, Refusal } from '../types.ts';
import { drawCards } from './cards.ts';
import { actingFigure, isRefusal, refuse } from './common.ts';
import { killFigure } from './damage.ts';
import { activeTeleporters, covers, figureAt } from './geometry.ts';
import { slug } from './state.ts';
import type { Doom2016State, MarineActivation } from './types.ts';

export const MEDKIT_HEAL = 5; // RULES §6
const SPRINT_MP = 6;

function marineActing(s: Doom2016State, c: Command) {
  const acting = actingFigure(s, c);
  if (isRefusal(acting)) return acting;
  if (acting.a.kind !== 'marine') return refuse('RULES §2.3 activation', `${acting.f.id} is a demon`);
  return { f: acting.f, a: acting.a as MarineActivation, m: s.marines[acting.f.id] };
}

export function play(s: Doom2016State, c: Command): GameEvent[] | Refusal {
  const ctx = marineActing(s, c);
  if (isRefusal(ctx)) return ctx;
  const { f, a, m } = ctx;
  if (typeof c.card !== 'string' || !m.hand.includes(c.card)) return refuse('RULES §2.3 marine activation', `${JSON.stringify(c.card)} is not a card in ${f.id}'s hand`);
  const card = s.data.actionCards[c.card];
  if (card.action === 'reaction') return refuse('RULES §2.3 reactions', `${card.name} is a reaction: it is played during other activations as its text says`);
  if (card.action === 'main' && a.mainPlayed) return refuse('RULES §2.3 main action', `${f.id} has already used its main action this activation (a second main action is not allowed)`);
  m.hand.splice(m.hand.indexOf(c.card), 1);
  m.played.push(c.card);
  if (card.action === 'main') a.mainPlayed = true;
  a.mp += card.speed;
  a.resolving = c.card;
  a.attack = card.attack ? { dice: [...card.attack.dice], range: card.attack.range } : null;
  a.stun = card.stun === true;
  return [{ type: 'card-played', figure: f.id, card: c.card, action: card.action, mp: a.mp, attack: a.attack }];
}

export function sprint(s: Doom2016State, c: Command): GameEvent[] | Refusal {
  const ctx = marineActing(s, c);
  if (isRefusal(ctx)) return ctx;
  const { f, a, m } = ctx;
  if (a.mainPlayed) return refuse('RULES §2.3 main action', `${f.id} has already used its main action (Sprint replaces it)`);
  if (typeof c.discard !== 'string' || !m.hand.includes(c.discard)) return refuse('RULES §2.3 sprint', `Sprint discards a card from ${f.id}'s hand; ${JSON.stringify(c.discard)} is not one`);
  m.hand.splice(m.hand.indexOf(c.discard), 1);
  m.discard.push(c.discard);
  a.mainPlayed = true;
  a.mp += SPRINT_MP;
  a.resolving = null;
  a.attack = null;
  return [{ type: 'sprinted', figure: f.id, discarded: c.discard, mp: a.mp }];
}

export function useClass(s: Doom2016State, c: Command): GameEvent[] | Refusal {
  const ctx = marineActing(s, c);
  if (isRefusal(ctx)) return ctx;
  const { f, a, m } = ctx;
  if (m.classCard === null) return refuse('RULES §2.3 class cards', `${f.id} has no class card`);
  if (m.classExhausted) return refuse('RULES §2.3 class cards', `${f.id}'s class card is exhausted until its next activation`);
  const card = s.data.classCards[m.classCard];
  m.classExhausted = true;
  a.mp += card.mp ?? 0;
  const drawn = card.draw ? drawCards(s, f.id, card.draw) : [];
  return [{ type: 'class-card-used', figure: f.id, card: m.classCard, mp: a.mp, drew: drawn.length }];
}

export function pickUp(s: Doom2016State, c: Command): GameEvent[] | Refusal {
  const ctx = marineActing(s, c);
  if (isRefusal(ctx)) return ctx;
  const { f, m } = ctx;
  const token = s.tokens.find((t) => t.id === c.token);
  if (!token || token.kind === 'portal') return refuse('command', `no item ${JSON.stringify(c.token)} on the board`);
  if (!covers(f, token.x, token.y)) return refuse('RULES §2.4 items', `${f.id} must stand on ${token.id} to pick it up`);
  s.tokens.splice(s.tokens.indexOf(token), 1);
  if (token.kind === 'medkit') {
    const healed = Math.min(f.damage, MEDKIT_HEAL);
    f.damage -= healed;
    return [{ type: 'picked-up', figure: f.id, token: token.id, kind: 'medkit', healed }];
  }
  // A weapon token: its whole set of action cards, shuffled, goes on top of the action deck.
  const owned = new Set(Object.values(s.marines).flatMap((r) => [...r.deck, ...r.hand, ...r.played, ...r.discard]));
  const set = Object.keys(s.data.actionCards).filter((k) => slug(s.data.actionCards[k].set) === token.weapon && !owned.has(k));
  m.deck.unshift(...shuffle(s.rng, set));
  return [{ type: 'picked-up', figure: f.id, token: token.id, kind: 'weapon', weapon: token.weapon, cards: set.length }];
}

/** Respawn at the start of the activation on an active teleporter, telefragging any demon there (RULES §2.4). */
export function respawn(s: Doom2016State, c: Command): GameEvent[] | Refusal {
  const a = s.active;
  if (s.pending || a?.kind !== 'marine' || a.figure !== c.figure || !a.respawn) return refuse('RULES §2.4 respawn', `${JSON.stringify(c.figure)} is not a killed marine starting its activation`);
  const at = c.at as { x?: unknown; y?: unknown } | undefined;
  if (!at || !Number.isInteger(at.x) || !Number.isInteger(at.y)) return refuse('command', '"at" must be {x, y}');
  const [x, y] = [at.x as number, at.y as number];
  if (!activeTeleporters(s).some((t) => t.x === x && t.y === y)) return refuse('RULES §2.4 respawn', `(${x},${y}) is not an active teleporter`);
  const there = figureAt(s, x, y);
  if (there?.side === s.marineSide) return refuse('RULES §2.4 respawn', `the teleporter at (${x},${y}) is held by the marine ${there.id}: not available`);
  const events: GameEvent[] = [];
  if (there) killFigure(s, there, events, { by: a.figure, how: 'telefrag' });
  s.figures.push({ id: a.figure, side: s.marineSide, type: s.marines[a.figure].type, x, y, w: 1, h: 1, damage: 0, stunned: false });
  s.marines[a.figure].dead = false;
  a.respawn = false;
  events.unshift({ type: 'respawned', figure: a.figure, at: { x, y } });
  return events;
}

