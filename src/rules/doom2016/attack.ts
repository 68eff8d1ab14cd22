/**
 * Attacks (RULES §2.4): name a defender in range and LOS → roll → the defender reveals a defense
 * card (a second one in cover) and plays "while defending" cards → the attacker plays "while
 * attacking" cards → damage = icons − shields (toughness +1 each), a dodge cancels everything.
 * The two choices are pending steps of the state, skipped when the side has nothing to choose.
 */
import { roll } from '../rng.ts';
import type { Command, GameEvent, Refusal } from '../types.ts';
import { takeTop } from './cards.ts';
import { actingFigure, figureById, isRefusal, refuse } from './common.ts';
import { sufferDamage } from './damage.ts';
import { queryBoardOf } from './state.ts';
import type { Attack, Defense, DieColor, Doom2016Figure, Doom2016State, PendingAttack } from './types.ts';

function rollDice(s: Doom2016State, colors: DieColor[]): { color: DieColor; damage: number }[] {
  return colors.map((color) => {
    const faces = s.data.dice[color]?.faces;
    if (!faces?.length) throw new Error(`no faces for the ${color} die in the dice data`);
    return { color, damage: faces[roll(s.rng, faces.length) - 1].damage };
  });
}

/** The attack an acting figure has now: its card's (marine) or its unit's plus an argent ability (demon). */
function attackOf(s: Doom2016State, f: Doom2016Figure, c: Command): { attack: Attack; stun: boolean; ability: string | null } | Refusal {
  const a = s.active!;
  if (a.kind === 'marine') {
    if (c.ability !== undefined) return refuse('command', 'marines have no attack abilities; play a card with an attack');
    if (!a.attack) return refuse('RULES §2.3 marine activation', `${f.id} is not resolving a card with an attack (play one first; each card's attack is used once)`);
    return { attack: a.attack, stun: a.stun, ability: null };
  }
  if (a.attacked) return refuse('RULES §2.3 demon activation', `${f.id} has already attacked this activation (demons attack once)`);
  const unit = s.data.units[f.type];
  const base = { dice: [...unit.attack!.dice], range: unit.attack!.range };
  if (c.ability === undefined) return { attack: base, stun: false, ability: null };
  const ability = unit.abilities?.find((x) => x.name === c.ability);
  if (!ability?.argent) return refuse('RULES §2.3 demon activation', `${f.type} has no argent ability ${JSON.stringify(c.ability)}`);
  if (!s.mission.argentAbilities) return refuse('RULES §2.3 argent', 'argent abilities are not used in this mission');
  if (s.demonCards[f.type].argent < 1) return refuse('RULES §2.3 argent', `the ${f.type} card has no argent to spend`);
  return { attack: { dice: [...base.dice, ...(ability.dice ?? [])], range: base.range + (ability.range ?? 0) }, stun: false, ability: ability.name };
}

export function attack(s: Doom2016State, c: Command): GameEvent[] | Refusal {
  const acting = actingFigure(s, c);
  if (isRefusal(acting)) return acting;
  const { f, a } = acting;
  const t = figureById(s, c.target);
  if (isRefusal(t)) return t;
  if (t.side === f.side) return refuse('RULES §2.4 attack', `${t.id} is not an enemy of ${f.id}`);
  const how = attackOf(s, f, c);
  if (isRefusal(how)) return how;
  const board = queryBoardOf(s);
  const sight = board.sight(board.figureIndex(f.id), board.figureIndex(t.id));
  if (!sight.los) return refuse('RULES §2.1 LOS', `${f.id} has no line of sight to ${t.id}`);
  if (sight.range < 0 || sight.range > how.attack.range) return refuse('RULES §2.1 range', `${t.id} is at range ${sight.range < 0 ? 'unreachable' : sight.range}, beyond the attack's range ${how.attack.range}`);
  if (c.drop !== undefined && (typeof c.drop !== 'string' || !how.attack.dice.includes(c.drop))) return refuse('command', `"drop" must be one of the attack's dice (${how.attack.dice.join(', ')})`);

  const events: GameEvent[] = [];
  if (how.ability) {
    s.demonCards[f.type].argent--;
    events.push({ type: 'argent-spent', demon: f.type, ability: how.ability, left: s.demonCards[f.type].argent });
  }
  const dice = [...how.attack.dice];
  if (f.stunned) {
    // A stunned attacker removes one die (its choice, else the last) and is no longer stunned.
    const k = typeof c.drop === 'string' ? dice.lastIndexOf(c.drop) : dice.length - 1;
    const [dropped] = dice.splice(k, 1);
    f.stunned = false;
    events.push({ type: 'stun-die-removed', figure: f.id, die: dropped });
  }
  if (a.kind === 'marine') a.attack = null;
  else a.attacked = true;
  const rolled = rollDice(s, dice);
  let card: string | null = null;
  if (t.stunned) {
    t.stunned = false;
    events.push({ type: 'stunned-no-defense', figure: t.id });
  } else {
    card = revealDefense(s, t);
  }
  s.pending = {
    kind: 'attack', step: 'defend', attacker: f.id, defender: t.id, dice: rolled, cover: sight.cover, card,
    canReveal: sight.cover && card !== null, stun: how.stun, extraShields: 0, played: [],
  };
  events.push({ type: 'attack-rolled', figure: f.id, target: t.id, range: sight.range, cover: sight.cover, dice: rolled, defenseCard: card });
  advance(s, events);
  return events;
}

/** Top of the defender's deck: a marine's action deck, else the invader's event deck. */
function revealDefense(s: Doom2016State, t: Doom2016Figure): string | null {
  return t.side === s.marineSide ? takeTop(s, s.marines[t.id]) : takeTop(s, s.invader);
}

const defenseOf = (s: Doom2016State, t: Doom2016Figure, card: string): Defense =>
  t.side === s.marineSide ? s.data.actionCards[card].defense : s.data.eventCards[card].defense;

function discardCard(s: Doom2016State, owner: Doom2016Figure, card: string): void {
  if (owner.side === s.marineSide) s.marines[owner.id].discard.push(card);
  else s.invader.discard.push(card);
}

/** Cards a side may play in a step: marine reactions while defending; invader events either way. */
export function playableCards(s: Doom2016State, p: PendingAttack, step: PendingAttack['step']): string[] {
  const who = s.figures.find((g) => g.id === (step === 'defend' ? p.defender : p.attacker))!;
  const when = step === 'defend' ? 'defending' : 'attacking';
  if (who.side === s.marineSide) {
    return when === 'defending' ? s.marines[who.id].hand.filter((k) => s.data.actionCards[k].action === 'reaction' && s.data.actionCards[k].when === 'defending') : [];
  }
  return s.invader.hand.filter((k) => s.data.eventCards[k].when === when);
}

/** Skip steps in which the side has nothing to choose; resolve when both are done. */
function advance(s: Doom2016State, events: GameEvent[]): void {
  const p = s.pending as PendingAttack;
  if (p.step === 'defend' && !p.canReveal && !playableCards(s, p, 'defend').length) p.step = 'press';
  if (p.step === 'press' && !playableCards(s, p, 'press').length) resolve(s, events);
}

function checkPlay(s: Doom2016State, p: PendingAttack, step: PendingAttack['step'], play: unknown): string[] | Refusal {
  if (play === undefined) return [];
  if (!Array.isArray(play) || !play.every((k) => typeof k === 'string')) return refuse('command', '"play" must be a list of card ids');
  const allowed = [...playableCards(s, p, step)];
  for (const k of play as string[]) {
    const i = allowed.indexOf(k);
    if (i < 0) return refuse('RULES §2.4 attack', `${k} is not a card in hand that may be played ${step === 'defend' ? 'while defending' : 'while attacking'}`);
    allowed.splice(i, 1);
  }
  const names = (play as string[]).map((k) => s.data.eventCards[k]?.name ?? s.data.actionCards[k]?.name);
  if (new Set(names).size !== names.length) return refuse('RULES §2.3 event cards', 'identical cards may not be played at the same time');
  return play as string[];
}

function removeFromHand(s: Doom2016State, owner: Doom2016Figure, cards: string[]): void {
  const hand = owner.side === s.marineSide ? s.marines[owner.id].hand : s.invader.hand;
  for (const k of cards) hand.splice(hand.indexOf(k), 1);
}

/** The defender's choices: reveal a second card (in cover) and play cards "while defending". */
export function defend(s: Doom2016State, c: Command): GameEvent[] | Refusal {
  const p = s.pending;
  if (p?.kind !== 'attack' || p.step !== 'defend') return refuse('RULES §2.4 attack', 'no attack is waiting for the defender');
  if (c.figure !== p.defender) return refuse('RULES §2.4 attack', `the defender is ${p.defender}`);
  if (c.reveal !== undefined && typeof c.reveal !== 'boolean') return refuse('command', '"reveal" must be true or false');
  if (c.reveal && !p.canReveal) return refuse('RULES §2.1 cover', `${p.defender} is not in cover (or revealed no card) and may not reveal a second defense card`);
  const t = s.figures.find((g) => g.id === p.defender)!;
  const play = checkPlay(s, p, 'defend', c.play);
  if (isRefusal(play)) return play;
  const events: GameEvent[] = [];
  if (c.reveal) {
    // Cover: the first card is discarded and only the second counts.
    discardCard(s, t, p.card!);
    p.card = revealDefense(s, t);
    events.push({ type: 'second-defense-card', figure: t.id, card: p.card });
  }
  p.canReveal = false;
  removeFromHand(s, t, play);
  for (const k of play) {
    p.extraShields += (t.side === s.marineSide ? s.data.actionCards[k].shields : s.data.eventCards[k].shields) ?? 0;
    p.played.push(k);
  }
  if (play.length) events.push({ type: 'cards-played', figure: t.id, cards: play, while: 'defending' });
  p.step = 'press';
  advance(s, events);
  return events;
}

/** The attacker's choices: cards played "while attacking" (extra dice). */
export function press(s: Doom2016State, c: Command): GameEvent[] | Refusal {
  const p = s.pending;
  if (p?.kind !== 'attack' || p.step !== 'press') return refuse('RULES §2.4 attack', 'no attack is waiting for the attacker');
  if (c.figure !== p.attacker) return refuse('RULES §2.4 attack', `the attacker is ${p.attacker}`);
  const f = s.figures.find((g) => g.id === p.attacker)!;
  const play = checkPlay(s, p, 'press', c.play);
  if (isRefusal(play)) return play;
  const events: GameEvent[] = [];
  removeFromHand(s, f, play);
  for (const k of play) {
    const extra = rollDice(s, s.data.eventCards[k].dice ?? []);
    p.dice.push(...extra);
    p.played.push(k);
    events.push({ type: 'cards-played', figure: f.id, cards: [k], while: 'attacking', dice: extra });
  }
  resolve(s, events);
  return events;
}

function resolve(s: Doom2016State, events: GameEvent[]): void {
  const p = s.pending as PendingAttack;
  s.pending = null;
  const f = s.figures.find((g) => g.id === p.attacker);
  const t = s.figures.find((g) => g.id === p.defender)!;
  const defense = p.card === null ? { shields: 0, dodge: false, special: false } : defenseOf(s, t, p.card);
  const demon = t.side === s.invaderSide ? s.data.units[t.type] : null;
  const special = demon && defense.special ? demon.specialDefense ?? {} : {};
  const toughness = demon?.toughness ?? 0;
  const icons = p.dice.reduce((n, d) => n + d.damage, 0);
  const shields = defense.shields + (special.shields ?? 0) + toughness + p.extraShields;
  const dodge = defense.dodge || special.dodge === true;
  const damage = dodge ? 0 : Math.max(0, icons - shields);
  events.push({ type: 'attack-resolved', figure: p.attacker, target: t.id, icons, shields, dodge, damage, card: p.card, special: defense.special === true });
  if (p.card !== null) discardCard(s, t, p.card);
  for (const k of p.played) {
    if (s.data.eventCards[k] && !s.data.actionCards[k]) s.invader.discard.push(k);
    else if (t.side === s.marineSide) s.marines[t.id].discard.push(k);
    else s.invader.discard.push(k);
  }
  const killed = sufferDamage(s, t, damage, events, p.attacker);
  if (!killed && p.stun && damage > 0 && !t.stunned) {
    t.stunned = true;
    events.push({ type: 'stunned', figure: t.id });
  }
  // Hit and run (and the like): MP gained after attacking.
  const a = s.active;
  if (f && a?.kind === 'demons' && a.figure === f.id) {
    for (const ability of s.data.units[f.type].abilities ?? []) {
      if (!ability.argent && ability.mp) {
        a.mp += ability.mp;
        events.push({ type: 'ability', figure: f.id, ability: ability.name, mp: ability.mp });
      }
    }
  }
}
