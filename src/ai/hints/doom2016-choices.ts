/**
 * Hints for the doom2016 decisions that are not an activation's moves nor a defense (issue 23:
 * "plans cover every legal command kind"; before, the element said "No hint for this position" and
 * the API answered 422):
 * - a killed marine's respawn, the demon card, the next demon of a card: each choice played on a
 *   determinized copy and scored by the figure's best plan from there (lookahead.ts);
 * - the attacker's "while attacking" cards (press): the dice rolled and the defense shown, so each
 *   choice's damage is exact but for the extra dice, whose faces are convolved in;
 * - a summon: the group that puts the most health on the board (argent first onto a card whose
 *   demons have an argent ability);
 * - the status phase: argent for a face-up demon card whose demons on the board have an argent
 *   ability and no argent yet (the autopilot's rule), a card without a "while" effect first.
 * Summon and status are the invader's as a whole: their plans name the side as `figure`.
 */
import { rulesetModule } from '../../rules/registry.ts';
import type { Doom2016State } from '../../rules/doom2016/types.ts';
import type { Command } from '../../rules/types.ts';
import { cardValue, damageAgainst } from '../odds/doom2016.ts';
import { faceDist, oddsFrom, sumOf } from '../odds/dist.ts';
import { lookaheadPlans, type Choice, type SituationOf } from './lookahead.ts';
import { missionKillWorth } from './objective.ts';
import type { HintOptions, Plan } from './plan.ts';
import { cellName, wordsOf } from './words.ts';

/** What a card spent is worth, in damage: a little, so that of equal outcomes the card is kept. */
const CARD_KEPT = 0.25;
/** An argent that lets a card's demons use their argent ability, in damage (about one die's worth). */
const ARGENT_WORTH = 1;

const pct = (p: number) => `${Math.round(p * 100)}%`;
const noExposure = () => ({ expected: 0, death: 0, attackers: [] });
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function doom2016ChoicePlans(s: Doom2016State, situationOf: SituationOf, figure: string | undefined, o: HintOptions): Plan[] | null {
  if (s.winner !== null) return null;
  // The rules' own list of choices (through the registry: the AI chunk does not carry the rules).
  const legal = rulesetModule('doom2016')?.rules.legalActions(s) ?? [];
  const p = s.pending;
  const a = s.active;
  const w = wordsOf(s, o.names);
  if (p?.kind === 'attack' && p.step === 'press') return figure === undefined || figure === p.attacker ? pressPlans(s, legal) : null;
  if (p?.kind === 'summon') return figure === undefined || figure === s.invaderSide ? summonPlans(s, legal) : null;
  if (p?.kind === 'displace') {
    const id = p.figure.id;
    if (figure !== undefined && figure !== id) return null;
    const choices = p.options.map(({ x, y }): Choice => ({ commands: [{ type: 'place-displaced', figure: id, to: { x, y } }], figure: id, at: { x, y, o: 0 }, words: `${w.name(id)}: place at ${cellName(x, y)}` }));
    return lookaheadPlans(s, choices, (st, f) => situationOf(standing(st as Doom2016State, f!), f), o);
  }
  if (!p && s.phase === 'status') return figure === undefined || figure === s.invaderSide ? statusPlans(s, legal) : null;
  if (p || !a) return null;
  if (a.kind === 'marine' && a.respawn) {
    if (figure !== undefined && figure !== a.figure) return null;
    const choices = legal.filter((c) => c.type === 'respawn').map((c): Choice => {
      const { x, y } = c.at as { x: number; y: number };
      const there = s.figures.find((f) => f.x <= x && x < f.x + f.w && f.y <= y && y < f.y + f.h);
      return { commands: [c], figure: a.figure, at: { x, y, o: 0 }, words: `${w.name(a.figure)}: respawn at ${cellName(x, y)}${there ? ` (killing ${w.name(there.id)}: a telefrag)` : ''}` };
    });
    return lookaheadPlans(s, choices, situationOf, o);
  }
  if (a.kind !== 'demons') return null;
  if (a.type === null) return cardPlans(s, legal, situationOf, figure, o);
  if (a.figure === null) {
    const choices = a.queue.filter((id) => figure === undefined || id === figure).map((id): Choice => ({ commands: [{ type: 'activate-demon', figure: id }], figure: id, words: `Activate ${w.name(id)} next` }));
    return lookaheadPlans(s, choices, situationOf, o);
  }
  return null;
}

/** Each ready demon card: its demons' best plans summed (the autopilot's rule), played as its first demon's. */
function cardPlans(s: Doom2016State, legal: Command[], situationOf: SituationOf, figure: string | undefined, o: HintOptions): Plan[] {
  const plans: Plan[] = [];
  for (const c of legal.filter((x) => x.type === 'activate-demons')) {
    const type = c.demon as string;
    const demons = s.figures.filter((f) => f.side === s.invaderSide && f.type === type);
    if (figure !== undefined && !demons.some((f) => f.id === figure)) continue;
    const name = s.data.units[type]?.name ?? type;
    // After the card, its one demon acts at once; of several, which goes first is the next choice.
    const words = `Activate the ${name} card${demons.length > 1 ? ` (${plural(demons.length, 'demon')})` : ''}`;
    const each = demons.length === 1
      ? lookaheadPlans(s, [{ commands: [c], figure: demons[0].id, words }], situationOf, o)
      : lookaheadPlans(s, demons.map((f) => ({ commands: [c, { type: 'activate-demon', figure: f.id }], figure: f.id, words: `${words}, ${wordsOf(s, o.names).name(f.id)} first` })), situationOf, o);
    if (!each.length) continue;
    // The card is worth what all its demons do (the autopilot's rule); the plan shown is its best demon's.
    const best = each.reduce((b, x) => (x.score > b.score ? x : b));
    plans.push({ ...best, score: each.reduce((n, x) => n + x.score, 0) });
  }
  return plans.sort((x, y) => y.score - x.score);
}

/**
 * `s` with `id` as the figure acting, with nothing left to do: its plan is to stay, and the plan's
 * exposure says what standing there costs (a displaced figure is placed outside its activation).
 */
function standing(s: Doom2016State, id: string): Doom2016State {
  const f = s.figures.find((g) => g.id === id);
  if (!f) return s;
  const active: Doom2016State['active'] = f.side === s.marineSide
    ? { kind: 'marine', figure: id, card: 'plan', mp: 0, mainPlayed: true, resolving: null, attack: null, stun: false, respawn: false }
    : { kind: 'demons', card: 'plan', type: f.type, queue: [], figure: id, mp: 0, attacked: true };
  return { ...s, phase: 'activation', pending: null, active };
}

/** The attacker's cards "while attacking": the damage each choice deals, the dice and defense known. */
function pressPlans(s: Doom2016State, legal: Command[]): Plan[] {
  const p = s.pending;
  if (p?.kind !== 'attack') return [];
  const t = s.figures.find((f) => f.id === p.defender)!;
  const marineTarget = t.side === s.marineSide;
  const icons = p.dice.reduce((n, d) => n + d.damage, 0);
  const fixed = (marineTarget ? 0 : s.data.units[t.type]?.toughness ?? 0) + p.extraShields;
  const left = (marineTarget ? s.marines[t.id].health : s.data.units[t.type].health) - t.damage;
  const card = p.card === null ? null : cardValue(s, t, marineTarget ? s.data.actionCards[p.card].defense : s.data.eventCards[p.card].defense);
  const worth = missionKillWorth(s, marineTarget ? s.invaderSide : s.marineSide) + 1;
  const shown = card === null ? 'no defense card' : card.dodge ? 'a dodge' : plural(card.shields + fixed, 'shield');
  return legal.filter((c) => c.type === 'press').map((command): Plan => {
    const play = command.play as string[];
    const colours = play.flatMap((k) => s.data.eventCards[k]?.dice ?? []);
    const extra = sumOf(colours.map((c) => faceDist(s.data.dice[c].faces.map((f) => f.damage))));
    const damage: number[] = [];
    extra.forEach((q, k) => {
      const d = damageAgainst(icons + k, card, fixed);
      damage[d] = (damage[d] ?? 0) + q;
    });
    for (let i = 0; i < damage.length; i++) damage[i] ??= 0;
    const odds = oddsFrom(damage, 1 - damage[0], left);
    const name = play.map((k) => s.data.eventCards[k]?.name ?? k).join(', ');
    const certain = damage.filter((x) => x > 0).length === 1;
    const dealt = certain ? `${damage.findIndex((x) => x > 0)} damage` : `${odds.expected.toFixed(1)} damage expected`;
    const kill = odds.kill >= 0.995 ? `, ${t.id} is killed` : odds.kill >= 0.005 ? `, ${pct(odds.kill)} to kill` : '';
    return {
      figure: p.attacker, to: null, option: 'press', target: t.id, odds, exposure: noExposure(), commands: [command],
      score: Math.min(odds.expected, left) + odds.kill * worth - play.length * CARD_KEPT, exact: true,
      reason: `${play.length ? `Play ${name} (+${colours.join(', ')} ${colours.length === 1 ? 'die' : 'dice'})` : 'Play no card'}: ${dealt}${kill} (${icons} damage icon${icons === 1 ? '' : 's'} rolled against ${shown})`,
    };
  })
    // A card that cannot change the damage (a dodge, shields no extra die gets past) is only spent.
    .filter((x, _, all) => !(x.commands[0].play as string[]).length || x.odds!.damage.join() !== all.find((y) => !(y.commands[0].play as string[]).length)?.odds!.damage.join())
    .sort((x, y) => y.score - x.score);
}

/** Whether argent on `type`'s card would let its demons on the board use an argent ability now. */
function needsArgent(s: Doom2016State, type: string): boolean {
  const card = s.demonCards[type];
  return !!card && s.mission.argentAbilities && card.argent === 0 && s.figures.some((f) => f.type === type) && (s.data.units[type]?.abilities ?? []).some((x) => x.argent);
}

function summonPlans(s: Doom2016State, legal: Command[]): Plan[] {
  return legal.filter((c) => c.type === 'summon').map((command): Plan => {
    const portal = s.tokens.find((t) => t.id === command.portal);
    const invasion = s.invader.invasion === null ? undefined : s.data.invasionCards[s.invader.invasion];
    const group = invasion?.groups[portal?.color as string]?.[command.group as number];
    const types = group?.demons ?? [];
    const health = types.reduce((n, type) => n + (s.data.units[type]?.health ?? 0), 0);
    const argent = command.argent as string[] | Record<string, number> | undefined;
    const onto = Array.isArray(argent) ? argent : Object.keys(argent ?? {});
    const useful = onto.some((type) => (s.data.units[type]?.abilities ?? []).some((x) => x.argent));
    const counts = [...new Set(types)].map((type) => plural(types.filter((x) => x === type).length, s.data.units[type]?.name ?? type));
    return {
      figure: s.invaderSide, to: portal ? { x: portal.x, y: portal.y, o: 0 } : null, option: 'summon', target: null, odds: null,
      exposure: noExposure(), commands: [command], score: health + (useful ? ARGENT_WORTH : 0), exact: true,
      reason: `Summon ${counts.join(' and ') || 'the group'} at the ${portal?.color ?? ''} portal (${health} health)${onto.length ? `, the argent onto the ${[...new Set(onto)].map((k) => s.data.units[k]?.name ?? k).join(' and ')} card${useful ? ' for its argent ability' : ''}` : ''}`,
    };
  }).sort((x, y) => y.score - x.score);
}

function statusPlans(s: Doom2016State, legal: Command[]): Plan[] {
  const cost = (k: string) => (s.data.eventCards[k]?.when ? 2 : 1) * CARD_KEPT;
  return legal.filter((c) => c.type === 'status').map((command): Plan => {
    const discard = command.discard as string[];
    const onto = typeof command.onto === 'string' ? discard.map(() => command.onto as string) : (command.onto as string[] | undefined) ?? [];
    const helps = [...new Set(onto)].filter((type) => needsArgent(s, type));
    const score = helps.length * ARGENT_WORTH - discard.reduce((n, k) => n + cost(k), 0);
    const names = discard.map((k) => s.data.eventCards[k]?.name ?? k).join(' and ');
    const where = [...new Set(onto)].map((k) => (k === 'invasion' ? 'the invasion card' : `the ${s.data.units[k]?.name ?? k} card`)).join(' and ');
    return {
      figure: s.invaderSide, to: null, option: 'status', target: null, odds: null, exposure: noExposure(), commands: [command], score, exact: true,
      reason: discard.length
        ? `Discard ${names} for argent onto ${where}${helps.length ? ` (its demons' argent ability needs one)` : ' (nothing uses it now)'}`
        : 'Keep the hand (no argent)',
    };
  }).sort((x, y) => y.score - x.score);
}
