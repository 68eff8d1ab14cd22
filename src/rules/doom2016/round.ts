/**
 * The round (RULES §2.3): the status phase builds the initiative deck, readies demon cards and
 * fills the invader's hand; the activation phase reveals initiative cards one by one.
 */
import type { GameEvent } from '../types.ts';
import { shuffle } from '../rng.ts';
import { drawEvents, drawTo } from './cards.ts';
import { respawnSpots } from './geometry.ts';
import type { Doom2016State } from './types.ts';

export const demonsOnBoard = (s: Doom2016State) => s.figures.filter((f) => f.side === s.invaderSide);
export const demonTypesOnBoard = (s: Doom2016State) => [...new Set(demonsOnBoard(s).map((f) => f.type))];

/** Initiative cards: "marine:<id>" (a lone marine's second one "marine:<id>#2"), "invader:<n>". */
export function startStatusPhase(s: Doom2016State, events: GameEvent[]): void {
  s.phase = 'status';
  const cards: string[] = [];
  const ids = Object.keys(s.marines);
  // RULES §2.3: a lone marine gets two initiative cards (a rule, not a squad card's data).
  const copies = ids.length === 1 ? 2 : 1;
  for (const id of ids) for (let i = 1; i <= copies; i++) cards.push(i === 1 ? `marine:${id}` : `marine:${id}#${i}`);
  demonTypesOnBoard(s).forEach((_, i) => cards.push(`invader:${i + 1}`));
  s.initiative = { deck: shuffle(s.rng, cards), discard: [] };
  for (const card of Object.values(s.demonCards)) card.ready = true;
  const drawn = drawEvents(s);
  events.push({ type: 'status-phase', round: s.round, initiative: s.initiative.deck.length, eventsDrawn: drawn });
}

export const marineOf = (card: string) => card.slice('marine:'.length).replace(/#\d+$/, '');

/** Reveal initiative cards until one needs a player (or start the next round's status phase). */
export function revealNext(s: Doom2016State, events: GameEvent[]): void {
  while (s.winner === null) {
    const card = s.initiative.deck.shift();
    if (card === undefined) {
      s.round++;
      s.active = null;
      startStatusPhase(s, events);
      return;
    }
    events.push({ type: 'initiative-revealed', card });
    if (card.startsWith('marine:')) {
      const id = marineOf(card);
      const m = s.marines[id];
      m.classExhausted = false;
      s.active = { kind: 'marine', figure: id, card, mp: 0, mainPlayed: false, resolving: null, attack: null, stun: false, respawn: m.dead };
      if (!m.dead || respawnSpots(s).length) {
        events.push({ type: 'activation-started', figure: id });
        return;
      }
      // RULES §2.4: with no active teleporter free of marines, the dead marine's activation is skipped.
      events.push({ type: 'activation-skipped', figure: id, reason: 'no active teleporter free of marines to respawn on' });
    } else {
      s.active = { kind: 'demons', card, type: null, queue: [], figure: null, mp: 0, attacked: false };
      if (readyDemonTypes(s).length) {
        events.push({ type: 'invader-activation', card });
        return;
      }
      events.push({ type: 'activation-skipped', card, reason: 'no ready demon card with figures on the board' });
    }
    finishActivation(s, events);
  }
}

/** Ready demon cards whose type has figures on the board: the invader must exhaust one. */
export function readyDemonTypes(s: Doom2016State): string[] {
  return demonTypesOnBoard(s).filter((t) => s.demonCards[t]?.ready);
}

/** Discard the initiative card of the finished activation (a marine also discards and draws). */
export function finishActivation(s: Doom2016State, events: GameEvent[]): void {
  const a = s.active;
  if (!a) return;
  if (a.kind === 'marine') {
    const m = s.marines[a.figure];
    m.discard.push(...m.played.splice(0));
    const drawn = drawTo(s, a.figure);
    events.push({ type: 'activation-ended', figure: a.figure, drew: drawn.length });
  } else if (a.type !== null) {
    events.push({ type: 'activation-ended', demon: a.type });
  }
  s.initiative.discard.push(a.card);
  s.active = null;
}
