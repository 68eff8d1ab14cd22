/**
 * The doom2016 situation of the figure activating now (RULES §2.3–2.4): a demon's MP, attack and
 * argent ability; a marine's cards in hand (each card's MP then its attack), the card being
 * resolved, or Sprint for a plain move. Enemies attack back with their unit's attack (demons) or
 * the card a marine most likely holds as its strongest (its hand is hidden from the demons' side).
 */
import { boardOf } from '../../rules/doom2016/state.ts';
import type { Doom2016Figure, Doom2016State } from '../../rules/doom2016/types.ts';
import type { Command } from '../../rules/types.ts';
import { cardValue, doom2016Odds, doom2016Spec, type CardValue, type Doom2016Odds, type Doom2016Spec } from '../odds/doom2016.ts';
import { addMass, choose, faceDist, mean, oddsFrom, type Odds } from '../odds/dist.ts';
import { gap } from '../autopilot/policy.ts';
import { missionKillWorth, objectiveOf } from './objective.ts';
import { doom2016Arrivals } from './arrivals.ts';
import { memo } from '../memo.ts';
import { readableName } from './words.ts';
import type { AttackOption, Cell, Enemy, Situation, SureKill, Threat } from './plan.ts';
import { planMove } from '../../rules/doom2016/movement.ts';
import { isStaggered } from '../../rules/doom2016/geometry.ts';
import { isRefusal } from '../../rules/doom2016/common.ts';
import { ReachBuffer } from '../../core/result-buffers.ts';

const SPRINT_MP = 6;
/** A glory kill heals 2 (RULES §2.4), no more than the damage taken. */
const GLORY_HEAL = 2;

const healthLeft = (s: Doom2016State, f: Doom2016Figure) => (f.side === s.marineSide ? s.marines[f.id].health : s.data.units[f.type].health) - f.damage;

/** Read out at once, so one buffer serves every call (no fresh arrays per plan). */
const reachScratch = new ReachBuffer();

/** Reachable end placements (the grid core's reach), staying put included. */
export function destinationsOf(board: ReturnType<typeof boardOf>, id: string, mp: number): (Cell & { cost: number })[] {
  const i = board.figureIndex(id);
  const f = board.figure(i);
  const out: (Cell & { cost: number })[] = [{ x: f.x, y: f.y, o: 0, cost: 0 }];
  if (mp <= 0) return out;
  const r = board.reach(i, mp, reachScratch);
  const n = r.width * r.height;
  const cost = r.cost, end = r.end; // a reach buffer's are getters
  for (let k = 0; k < cost.length; k++) {
    if (!end[k] || cost[k] <= 0) continue;
    const o = Math.floor(k / n);
    const c = k - o * n;
    out.push({ x: c % r.width, y: Math.floor(c / r.width), o, cost: cost[k] });
  }
  return out;
}

const cardKey = (c: CardValue) => `${c.shields}${c.dodge ? 'd' : ''}`;
/** Every field of a spec (Doom2016Spec), written out (JSON.stringify cost more than many of the odds). */
const specKey = (x: Doom2016Spec) =>
  `${x.dice.map((f) => f.join('.')).join('/')}|${x.deck.map(cardKey).join(',')}|${x.deckSize ?? ''}|${x.discard?.map(cardKey).join(',') ?? '-'}|${x.cover}|${x.defenderStunned ?? ''}|${x.toughness ?? ''}|${x.extraShields ?? ''}|${x.left}|${x.stun ?? ''}|${x.coverPolicy ?? ''}`;

/**
 * doom2016Odds(spec), once per call for the same spec (src/ai/memo.ts): every demon of a card against the
 * same marine, each candidate's plans against the same demon. The key is the whole spec.
 */
const oddsOf = (spec: Doom2016Spec): Doom2016Odds => memo('doom2016Odds', specKey(spec), () => doom2016Odds(spec));

/**
 * The attack a marine makes next, as the demons' side can know it (issue 23): its hand is hidden, so
 * of the cards it may hold (hand and deck alike: the hand is a uniform draw of its size) the attack
 * card most likely to be the strongest in its hand — never the hand itself, which a hint to the
 * invader's seat would otherwise give away. Strength: the expected damage icons of the card's dice.
 */
function marineThreat(s: Doom2016State, m: Doom2016Figure, me: Doom2016Figure): Threat | null {
  const piles = s.marines[m.id];
  const unseen = piles ? [...piles.hand, ...piles.deck] : [];
  const h = piles?.hand.length ?? 0;
  const icons = (dice: string[]) => dice.reduce((t, c) => t + mean(faceDist((s.data.dice[c]?.faces ?? [{ damage: 0 }]).map((f) => f.damage))), 0);
  const kinds = [...new Set(unseen)].filter((k) => s.data.actionCards[k]?.attack)
    .map((k) => ({ k, n: unseen.filter((x) => x === k).length, score: icons(s.data.actionCards[k].attack!.dice) }))
    .sort((a, b) => b.score - a.score || (a.k < b.k ? -1 : 1));
  // P(the strongest attack card in hand is this one): none of the stronger ones in hand, and one of these.
  let stronger = 0;
  let best: (typeof kinds)[number] | null = null;
  let bestP = 0;
  for (const kind of kinds) {
    const p = (choose(unseen.length - stronger, h) - choose(unseen.length - stronger - kind.n, h)) / choose(unseen.length, h);
    if (p > bestP) [best, bestP] = [kind, p];
    stronger += kind.n;
  }
  if (!best) return null;
  const card = s.data.actionCards[best.k];
  const cache = new Map<boolean, Doom2016Odds>();
  return {
    range: card.attack!.range, move: card.speed,
    odds: (cover) => cache.get(cover) ?? cache.set(cover, oddsOf(doom2016Spec(s, m, me, { dice: card.attack!.dice, cover, stun: false, viewer: me.side }))).get(cover)!,
  };
}

/**
 * The odds of a demon's next attack on the marine `me`, counting the cards it meets then (issue 23):
 * the marine draws to its hand size when its activation ends, before any demon acts, so the top
 * `drawn` cards of its deck go to its hand; of `attacks` attacks on it, the first meet the deck's
 * other cards while any are left, the rest the refilled deck — its discard pile with everything
 * played and revealed by then, any card of its set. (Scored as the top card of the deck now, a
 * marine whose last card was a dodge read four demons as ≈0.0 damage and stood among them.)
 */
function laterAttackOdds(s: Doom2016State, me: Doom2016Figure, spec: Doom2016Spec, drawn: number, attacks: number): Odds {
  const m = s.marines[me.id];
  // The share of the attacks that meet the deck's own cards; the rest meet the refilled deck.
  const q = Math.min(1, (m.deck.length - drawn) / Math.max(1, attacks));
  if (q >= 1) return oddsOf(spec);
  const refilled = oddsOf({ ...spec, deck: [...m.deck, ...m.hand, ...m.played, ...m.discard].map((k) => cardValue(s, me, s.data.actionCards[k].defense)), deckSize: undefined, discard: [] });
  if (q <= 0) return refilled;
  const next = oddsOf(spec);
  const damage: number[] = [];
  next.damage.forEach((p, k) => addMass(damage, k, q * p));
  refilled.damage.forEach((p, k) => addMass(damage, k, (1 - q) * p));
  return oddsFrom(damage, q * next.hit + (1 - q) * refilled.hit, spec.left);
}

/** Demons that may attack the marine `me` before its next activation: those within their move, range and a Sprint of it. */
function laterAttacks(s: Doom2016State, me: Doom2016Figure): number {
  return s.figures.filter((f) => {
    const u = s.data.units[f.type];
    return f.side !== me.side && !!u?.attack && gap(me, f) < u.attack.range + (u.speed ?? 0) + SPRINT_MP;
  }).length;
}

/** The cards the marine `me` draws when its activation ends: its hand refilled after the plays still to come (about two, one after its main action). */
function drawnAtEnd(s: Doom2016State, me: Doom2016Figure): number {
  const m = s.marines[me.id];
  const a = s.active;
  const plays = Math.min(a?.kind === 'marine' && a.mainPlayed ? 1 : 2, m.hand.length);
  return Math.max(0, m.handSize - (m.hand.length - plays));
}

/**
 * What the odds of `me` attacking `target` leave out (RULES §2.4): the cards still to be played on
 * the attack, "while attacking" (the invader's extra dice) and "while defending" (shields: the
 * invader's event cards, a marine's reactions) — each side's own choice, so the odds are the attack
 * before them, and a plan says so where such a card may be played. What may be held is what `me`'s
 * side can know: its own hand; of the other side's, any card of its hand and deck (issue 23).
 */
function unplayedCards(s: Doom2016State, me: Doom2016Figure, target: Doom2016Figure): string | undefined {
  const events = (cards: string[], when: string) => cards.some((k) => s.data.eventCards[k]?.when === when);
  if (me.side === s.marineSide) {
    const inv = s.invader;
    return inv.hand.length && events([...inv.hand, ...inv.deck], 'defending') ? 'before any "while defending" card the invader may play' : undefined;
  }
  const m = s.marines[target.id];
  const parts = [
    ...(events(s.invader.hand, 'attacking') ? ['the invader\'s "while attacking" cards'] : []),
    ...(m?.hand.length && [...m.hand, ...m.deck].some((k) => s.data.actionCards[k]?.action === 'reaction' && s.data.actionCards[k]?.when === 'defending') ? [`a "while defending" card ${readableName(target.id)} may play`] : []),
  ];
  return parts.length ? `before ${parts.join(' or ')}` : undefined;
}

function demonThreat(s: Doom2016State, d: Doom2016Figure, me: Doom2016Figure, later?: { drawn: number; attacks: number }): Threat | null {
  const unit = s.data.units[d.type];
  if (!unit.attack) return null;
  const cache = new Map<boolean, Odds>();
  const odds = (cover: boolean) => {
    const spec = doom2016Spec(s, d, me, { dice: [...unit.attack!.dice], cover, stun: false, viewer: me.side });
    return later ? laterAttackOdds(s, me, spec, later.drawn, later.attacks) : oddsOf(spec);
  };
  return {
    range: unit.attack.range, move: unit.speed ?? 0,
    odds: (cover) => cache.get(cover) ?? cache.set(cover, odds(cover)).get(cover)!,
  };
}

export function doom2016Situation(s: Doom2016State, figure?: string): Situation | null {
  const a = s.active;
  if (!a || s.pending || s.phase !== 'activation') return null;
  const id = a.kind === 'marine' ? a.figure : a.figure;
  if (!id || (figure !== undefined && figure !== id)) return null;
  if (a.kind === 'marine' && a.respawn) return null;
  const me = s.figures.find((f) => f.id === id);
  if (!me) return null;
  const board = boardOf(s);
  const without = boardOf(s, [id]);
  const marine = me.side === s.marineSide;
  const staggerAt = (f: Doom2016Figure) => s.data.units[f.type]?.stagger;
  const later = marine ? { drawn: drawnAtEnd(s, me), attacks: laterAttacks(s, me) } : undefined;
  const enemies: Enemy[] = s.figures.filter((f) => f.side !== me.side).map((f) => ({
    id: f.id, figure: f, left: healthLeft(s, f), threat: f.side === s.marineSide ? marineThreat(s, f, me) : demonThreat(s, f, me, later), unplayed: unplayedCards(s, me, f),
    ...(marine && staggerAt(f) !== undefined && f.damage < staggerAt(f)! ? { stagger: staggerAt(f)! - f.damage } : {}),
  }));
  const byId = new Map(s.figures.map((f) => [f.id, f]));
  const option = (key: string, label: string, mp: number, range: number, prefix: Command[], dice: string[], stun: boolean, extra: Partial<Command> = {}): AttackOption => {
    const cache = new Map<string, Doom2016Odds>();
    return {
      key, label, mp, range, prefix,
      attack(e, cover) {
        const k = `${e.id}:${cover}`;
        let odds = cache.get(k);
        if (!odds) cache.set(k, (odds = oddsOf(doom2016Spec(s, me, byId.get(e.id)!, { dice, cover, stun, viewer: me.side }))));
        return { odds, command: { type: 'attack', figure: id, target: e.id, ...extra } };
      },
    };
  };
  const options: AttackOption[] = [];
  let moveOnly: NonNullable<Situation['moveOnly']>;
  const moreMoves: NonNullable<Situation['moreMoves']> = [];
  if (a.kind === 'demons') {
    const unit = s.data.units[me.type];
    if (!a.attacked && unit.attack) {
      // A demon keeps the MP it did not spend before attacking, and an ability may give more then
      // (the imp's hit and run): it moves on after the attack.
      const afterMp = (unit.abilities ?? []).reduce((t, ab) => t + (!ab.argent && ab.mp ? ab.mp : 0), 0);
      const scoot = (o: AttackOption): AttackOption => ({ ...o, retreatMp: (cost) => o.mp - cost + afterMp });
      options.push(scoot(option('attack', unit.name ?? me.type, a.mp, unit.attack.range, [], [...unit.attack.dice], false)));
      if (s.mission.argentAbilities && s.demonCards[me.type]?.argent >= 1) {
        for (const ab of unit.abilities ?? []) {
          if (ab.argent) options.push(scoot(option(ab.name, ab.name, a.mp, unit.attack.range + (ab.range ?? 0), [], [...unit.attack.dice, ...(ab.dice ?? [])], false, { ability: ab.name })));
        }
      }
    }
    moveOnly = { mp: a.mp, prefix: [], label: '' };
  } else {
    const m = s.marines[id];
    // Shoot and scoot (RULES §2.3: MP are spent as the marine likes, and bonus cards may be played
    // after the attack): the MP left after it, and the bonus cards that give MP and no attack. (A
    // Sprint after a bonus card's attack, while the main action is unused, was tried too: it won
    // 111 of 200 games against the peer, 119 without it; bench/RESULTS.md, AI.)
    const movers = (except?: string) => {
      const ks = [...m.hand];
      if (except !== undefined) ks.splice(ks.indexOf(except), 1);
      const cards = ks.filter((k) => { const c = s.data.actionCards[k]; return c.action === 'bonus' && !c.attack && c.speed > 0; });
      return cards.length ? { mp: cards.reduce((t, k) => t + s.data.actionCards[k].speed, 0), commands: cards.map((k) => ({ type: 'play', figure: id, card: k })), label: `playing ${cards.map((k) => s.data.actionCards[k].name).join(' and ')}` } : undefined;
    };
    const scoot = (o: AttackOption, except?: string): AttackOption => {
      const cards = movers(except);
      return { ...o, retreatMp: (cost) => o.mp - cost + (cards?.mp ?? 0), ...(cards ? { retreatCards: cards } : {}) };
    };
    if (a.attack) options.push(scoot(option(a.resolving ?? 'card', s.data.actionCards[a.resolving ?? '']?.name ?? 'the card', a.mp, a.attack.range, [], [...a.attack.dice], a.stun)));
    for (const k of new Set(m.hand)) {
      const card = s.data.actionCards[k];
      if (!card.attack || card.action === 'reaction' || (card.action === 'main' && a.mainPlayed)) continue;
      options.push(scoot(option(k, card.name, a.mp + card.speed, card.attack.range, [{ type: 'play', figure: id, card: k }], [...card.attack.dice], card.stun === true), k));
    }
    // A plain move: Sprint (discarding the card worth least: one without an attack, else the one
    // whose dice deal least on average) when the main action is unused.
    const worth = (k: string) => {
      const card = s.data.actionCards[k];
      return card?.attack ? 1 + card.attack.dice.reduce((t, c) => t + mean(faceDist((s.data.dice[c]?.faces ?? [{ damage: 0 }]).map((f) => f.damage))), 0) : 0;
    };
    const cheapest = [...m.hand].sort((x, y) => worth(x) - worth(y))[0];
    moveOnly = !a.mainPlayed && cheapest !== undefined
      ? { mp: a.mp + SPRINT_MP, baseMp: a.mp, prefix: [{ type: 'sprint', figure: id, discard: cheapest }], label: `Sprint, discarding ${s.data.actionCards[cheapest]?.name ?? cheapest}`, prefixToMove: true }
      : { mp: a.mp, prefix: [], label: '' };
    // After the main action: the bonus cards that give MP buy a longer move (a step back after attacking).
    const more = a.mainPlayed ? movers() : undefined;
    if (more) moreMoves.push({ mp: a.mp + more.mp, baseMp: a.mp, prefix: more.commands, label: more.label, prefixToMove: true });
  }
  // Glory kills (RULES §2.4): with the movement there is, else a card's (keeping its attack), else Sprint.
  const sureKills = (): SureKill[] => {
    if (!marine || a.kind !== 'marine') return [];
    const ways: { mp: number; prefix: Command[]; label: string }[] = [
      { mp: a.mp, prefix: [], label: '' },
      ...options.filter((o) => o.prefix.length).map((o) => ({ mp: o.mp, prefix: o.prefix, label: `playing ${o.label}` })),
      ...(moveOnly.prefixToMove ? [{ mp: moveOnly.mp, prefix: moveOnly.prefix, label: moveOnly.label }] : []),
    ];
    const out: SureKill[] = [];
    for (const d of s.figures) {
      if (d.side === me.side || !isStaggered(s, d)) continue;
      let found: SureKill | null = null;
      for (const w of ways) {
        for (let y = d.y; y < d.y + d.h && !found; y++) {
          for (let x = d.x; x < d.x + d.w && !found; x++) {
            const to = { x, y, o: 0 };
            const plan = w.mp > 0 ? planMove(s, me, w.mp, to) : null;
            if (plan && !isRefusal(plan) && plan.glory === d.id) {
              found = { to, target: d.id, cost: plan.cost, label: w.label, bonus: Math.min(GLORY_HEAL, me.damage), commands: [...w.prefix, { type: 'move', figure: id, to }, { type: 'end', figure: id }] };
            }
          }
        }
        if (found) break;
      }
      if (found) out.push(found);
    }
    return out;
  };
  return {
    ruleset: 'doom2016', state: s, me, myLeft: healthLeft(s, me), board, without, sureKills,
    destinations: (mp) => destinationsOf(board, id, mp),
    moveCommand: (to) => ({ type: 'move', figure: id, to: { x: to.x, y: to.y, o: to.o } }),
    options, enemies,
    finish: [{ type: 'end', figure: id }],
    moveOnly, moreMoves,
    objective: objectiveOf(s, me),
    killWorth: missionKillWorth(s, me.side),
    deathWorth: missionKillWorth(s, marine ? s.invaderSide : s.marineSide),
    sharedThreat: true,
    arriving: marine ? doom2016Arrivals(s, me, (f) => ({ id: f.id, figure: f, left: s.data.units[f.type].health, threat: demonThreat(s, f, me, later) })) : null,
  };
}
