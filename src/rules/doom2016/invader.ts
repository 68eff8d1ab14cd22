/**
 * The invader's decisions (RULES §2.3–2.4): the status phase's argent discards, which ready demon
 * card to exhaust, each demon's end of activation, and summoning from revealed portals.
 */
import type { Command, GameEvent, Refusal } from '../types.ts';
import { actingFigure, isRefusal, refuse } from './common.ts';
import { nearestPlacements } from './geometry.ts';
import { finishActivation, readyDemonTypes, revealNext } from './round.ts';
import type { DemonActivation, Doom2016State } from './types.ts';

export const MAX_ARGENT_DISCARDS = 3;

/** Where argent may go: face-up demon cards, or the invasion card. */
export const argentTargets = (s: Doom2016State) => [
  ...Object.keys(s.demonCards).filter((t) => s.demonCards[t].faceUp),
  ...(s.invader.invasion !== null ? ['invasion'] : []),
];

/**
 * Where argent goes (RULES §2.4: argent may be split), as { target: count }. Given as one target
 * (all `total` of it), a list with one target per argent (['imp', 'imp', 'invasion']), or counts
 * ({ imp: 2, invasion: 1 }: whole numbers ≥ 0); targets from `allowed`. A list or counts place all
 * `total`, or, when `optional` > 0, may leave up to that many of it unplaced.
 */
export function argentSplit(onto: unknown, total: number, allowed: string[], what: string, rule = 'RULES §2.4 argent', optional = 0): Record<string, number> | Refusal {
  const notAllowed = (k: unknown) => refuse(rule, `argent goes onto ${what} (${allowed.join(', ')}), not ${JSON.stringify(k)}`);
  if (typeof onto === 'string') return allowed.includes(onto) ? { [onto]: total } : notAllowed(onto);
  const split: Record<string, number> = {};
  let sum = 0;
  if (Array.isArray(onto)) {
    for (const k of onto) {
      if (typeof k !== 'string' || !allowed.includes(k)) return notAllowed(k);
      split[k] = (split[k] ?? 0) + 1;
    }
    sum = onto.length;
  } else if (typeof onto === 'object' && onto !== null) {
    for (const [k, n] of Object.entries(onto)) {
      if (!allowed.includes(k)) return notAllowed(k);
      if (!Number.isInteger(n) || (n as number) < 0) return refuse(rule, `argent onto ${k} must be a whole number ≥ 0, not ${JSON.stringify(n)}`);
      split[k] = n as number;
      sum += n as number;
    }
  } else return refuse('command', 'argent goes onto a target, a list of targets (one per argent) or { target: count }');
  if (optional > 0 && (sum < total - optional || sum > total)) {
    return refuse(rule, `the split adds up to ${sum}; it must place the group's ${total - optional} argent and at most ${optional} more from the invasion card`);
  }
  if (optional === 0 && sum !== total) return refuse(rule, `the split adds up to ${sum}; it must place all ${total} argent`);
  return split;
}

/** End the status phase: discard up to 3 event cards for 1 argent each, placed `onto` targets (or split). */
export function status(s: Doom2016State, c: Command): GameEvent[] | Refusal {
  if (s.phase !== 'status' || s.pending) return refuse('RULES §2.3 status phase', 'it is not the status phase');
  const discard = c.discard ?? [];
  if (!Array.isArray(discard) || !discard.every((k) => typeof k === 'string')) return refuse('command', '"discard" must be a list of event card ids');
  if (discard.length > MAX_ARGENT_DISCARDS) return refuse('RULES §2.3 argent', `at most ${MAX_ARGENT_DISCARDS} event cards may be discarded for argent`);
  const hand = [...s.invader.hand];
  for (const k of discard as string[]) {
    const i = hand.indexOf(k);
    if (i < 0) return refuse('RULES §2.3 argent', `${k} is not in the invader's hand`);
    hand.splice(i, 1);
  }
  let split: Record<string, number> = {};
  if (discard.length) {
    // One target is the status phase's plain discard (RULES §2.3); a split is RULES §2.4's.
    const rule = typeof c.onto === 'string' ? 'RULES §2.3 argent' : 'RULES §2.4 argent';
    const r = argentSplit(c.onto, discard.length, argentTargets(s), 'a face-up demon card or the invasion card', rule);
    if (isRefusal(r)) return r;
    split = r;
  }
  s.invader.hand = hand;
  s.invader.discard.push(...(discard as string[]));
  for (const [k, n] of Object.entries(split)) {
    if (k === 'invasion') s.invader.invasionArgent += n;
    else s.demonCards[k].argent += n;
  }
  s.phase = 'activation';
  const events: GameEvent[] = [{ type: 'status-done', argent: discard.length, onto: discard.length ? split : null }];
  revealNext(s, events);
  return events;
}

/** On an invader initiative card: exhaust a ready demon card and activate every demon of its type. */
export function activateDemons(s: Doom2016State, c: Command): GameEvent[] | Refusal {
  const a = s.active;
  if (s.pending || a?.kind !== 'demons' || a.type !== null) return refuse('RULES §2.3 activation', 'no invader initiative card is waiting for a demon card');
  if (typeof c.demon !== 'string' || !readyDemonTypes(s).includes(c.demon)) {
    return refuse('RULES §2.3 demon activation', `${JSON.stringify(c.demon)} is not a ready demon card with figures on the board (ready: ${readyDemonTypes(s).join(', ')})`);
  }
  s.demonCards[c.demon].ready = false;
  a.type = c.demon;
  a.queue = s.figures.filter((f) => f.side === s.invaderSide && f.type === c.demon).map((f) => f.id);
  const events: GameEvent[] = [{ type: 'demon-card-exhausted', demon: c.demon, figures: [...a.queue] }];
  nextDemon(s, a, events);
  return events;
}

/**
 * The next demon of the activated type (RULES §2.3: the invader chooses the order): with two or
 * more still to act the invader picks one (activate-demon); the last one starts at once; with
 * none left the activation ends. Killed demons are dropped.
 */
function nextDemon(s: Doom2016State, a: DemonActivation, events: GameEvent[]): void {
  a.queue = a.queue.filter((id) => s.figures.some((g) => g.id === id));
  a.figure = null;
  if (a.queue.length === 1) return startDemon(s, a, a.queue[0], events);
  if (a.queue.length > 1) {
    events.push({ type: 'demon-choice', demon: a.type, figures: [...a.queue] });
    return;
  }
  finishActivation(s, events);
  revealNext(s, events);
}

function startDemon(s: Doom2016State, a: DemonActivation, id: string, events: GameEvent[]): void {
  const f = s.figures.find((g) => g.id === id)!;
  a.queue.splice(a.queue.indexOf(id), 1);
  a.figure = id;
  a.mp = s.data.units[f.type].speed ?? 0;
  a.attacked = false;
  events.push({ type: 'activation-started', figure: id, mp: a.mp });
}

/** The invader picks which demon of the activated type acts next (RULES §2.3). */
export function activateDemon(s: Doom2016State, c: Command): GameEvent[] | Refusal {
  const a = s.active;
  if (s.pending || a?.kind !== 'demons' || a.type === null || a.figure !== null) {
    return refuse('RULES §2.3 demon activation', 'no demon activation is waiting for the invader to choose the next demon');
  }
  if (typeof c.figure !== 'string' || !a.queue.includes(c.figure)) {
    return refuse('RULES §2.3 demon activation', `${JSON.stringify(c.figure)} is not a ${a.type} still to act this activation (${a.queue.join(', ')})`);
  }
  const events: GameEvent[] = [];
  startDemon(s, a, c.figure, events);
  return events;
}

/** End the acting figure's activation (a marine discards played cards and draws to hand size). */
export function end(s: Doom2016State, c: Command): GameEvent[] | Refusal {
  const acting = actingFigure(s, c);
  if (isRefusal(acting)) return acting;
  const events: GameEvent[] = [];
  if (acting.a.kind === 'marine') {
    finishActivation(s, events);
    revealNext(s, events);
  } else {
    events.push({ type: 'demon-done', figure: acting.f.id });
    nextDemon(s, acting.a, events);
  }
  return events;
}

/**
 * Summon one group of the invasion card from a revealed portal, on or next to it (RULES §2.4). The
 * group's argent goes onto the group's demon cards, with any number of the invasion card's: as
 * `argent` splits them ({ type: count }), else all of both onto the first placed demon's card
 * (Ruling). What is left on the invasion card is discarded, also when no demon could be placed.
 */
export function summon(s: Doom2016State, c: Command): GameEvent[] | Refusal {
  const p = s.pending;
  if (p?.kind !== 'summon') return refuse('RULES §2.4 portals', 'no portal is waiting to summon');
  if (typeof c.portal !== 'string' || !p.portals.includes(c.portal)) return refuse('RULES §2.4 portals', `${JSON.stringify(c.portal)} is not a revealed portal (${p.portals.join(', ')})`);
  const portal = s.tokens.find((t) => t.id === c.portal)!;
  const groups = summonGroups(s, portal.color as string);
  if (!Number.isInteger(c.group) || (c.group as number) < 0 || (c.group as number) >= groups.length) {
    return refuse('RULES §2.4 portals', `group must be 0–${groups.length - 1}: the ${portal.color} groups of the invasion card`);
  }
  const group = groups[c.group as number];
  const onCard = s.invader.invasionArgent;
  const argent = group.argent + onCard;
  const split = c.argent === undefined ? null : argentSplit(c.argent, argent, [...new Set(group.demons)], "the group's demon cards", 'RULES §2.4 argent', onCard);
  if (isRefusal(split)) return split;
  const events: GameEvent[] = [];
  const placed: string[] = [];
  for (const type of group.demons) {
    const [w, h] = s.data.units[type].size ?? [1, 1];
    // RULES §2.4: on or next to the portal, never further. Ruling: with no such space free the demon is not placed.
    const spot = nearestPlacements(s, portal.x, portal.y, w, h, s.invaderSide, 1, 1)[0];
    if (!spot) {
      events.push({ type: 'summon-failed', demon: type, reason: 'RULES §2.4: no free space on or next to the portal' });
      continue;
    }
    let n = 1;
    while (s.figures.some((f) => f.id === `${type}-${n}`) || s.marines[`${type}-${n}`]) n++;
    s.figures.push({ id: `${type}-${n}`, side: s.invaderSide, type, x: spot.x, y: spot.y, w, h, damage: 0, stunned: false });
    s.demonCards[type] ??= { ready: true, faceUp: true, argent: 0 };
    s.demonCards[type].faceUp = true;
    placed.push(`${type}-${n}`);
  }
  // Ruling: without a split, all of it goes onto the card of the group's first placed demon; when
  // none could be placed, the group's own argent goes onto its first demon's card and the invasion
  // card's is not moved (so discarded, below).
  const first = placed.length ? s.figures.find((f) => f.id === placed[0])!.type : null;
  const spread = split ?? (first ? { [first]: argent } : group.argent ? { [group.demons[0]]: group.argent } : {});
  const moved = Object.values(spread).reduce((a, n) => a + n, 0);
  // RULES §2.4: what is left on the invasion card after the summoning is discarded.
  const discarded = argent - moved;
  s.invader.invasionArgent = 0;
  for (const [type, n] of Object.entries(spread)) {
    s.demonCards[type] ??= { ready: true, faceUp: false, argent: 0 };
    s.demonCards[type].argent += n;
  }
  s.tokens.splice(s.tokens.indexOf(portal), 1);
  p.portals.splice(p.portals.indexOf(portal.id), 1);
  if (!p.portals.length) s.pending = null;
  events.unshift({ type: 'summoned', portal: portal.id, color: portal.color, group: c.group, figures: placed, argent: spread, discarded });
  return events;
}

export const summonGroups = (s: Doom2016State, color: string) =>
  (s.invader.invasion !== null ? s.data.invasionCards[s.invader.invasion]?.groups[color] : undefined) ?? [];

/** Reveal every portal when a marine first opens a door; a portal with no group to summon just goes. */
export function revealPortals(s: Doom2016State, events: GameEvent[]): void {
  const portals = s.tokens.filter((t) => t.kind === 'portal');
  for (const t of portals.filter((p) => !summonGroups(s, p.color as string).length)) {
    s.tokens.splice(s.tokens.indexOf(t), 1);
    events.push({ type: 'portal-empty', portal: t.id, color: t.color });
  }
  const ready = portals.filter((p) => summonGroups(s, p.color as string).length).map((p) => p.id);
  events.push({ type: 'portals-revealed', portals: ready });
  if (ready.length) s.pending = { kind: 'summon', portals: ready };
}
