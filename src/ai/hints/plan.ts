/**
 * Ranking plans for one figure, the same way for every ruleset. A ruleset adapter (doom2016.ts,
 * doom2004.ts, d20.ts) describes the situation: where the figure can go, its attack options with
 * their exact odds (src/ai/odds), the enemies and how they would attack it back. This module
 * tries every (destination, attack, target), scores it, and refines the best ones exactly.
 *
 * Geometry in batches: one sight map per enemy (on the board without the acting figure) answers
 * "can I attack it from there" (LOS and range are symmetric, RULES §1.1) and "can it attack me
 * there" (its LOS, cover and range to that cell) for every destination at once. The cover of the
 * target as seen from a destination is not symmetric, so it is first estimated and then computed
 * exactly (move the figure on a board copy, one sight query) for the best plans: a fixed number of
 * them, never as many as time allows (issue 44: the same state gives the same plans on any machine,
 * however slow or loaded); `refine: false` asks for the estimates alone (`exact: false`).
 */
import type { SightMap } from '../../core/types.ts';
import type { Command } from '../../rules/types.ts';
import type { Odds } from '../odds/dist.ts';
import { distanceOf, footprint, seenAt, sharersOf, threatAt, type Exposed } from './exposure.ts';
import { sightMapOf } from '../memo.ts';
import { describe } from './reason.ts';
import { shaped } from './shape.ts';
import { wordsOf } from './words.ts';
import type { Arrival, AttackOption, Cell, Enemy, Friendly, HintOptions, Plan, SeenEnemies, Sighting, Situation } from './types.ts';

export type { AttackOption, Cell, Enemy, Exposure, Friendly, HintOptions, PlainMove, Plan, SeenEnemies, Sighting, Situation, SureKill, Threat } from './types.ts';

/**
 * The caution hints and the autopilot use unless told otherwise, per ruleset: what the autopilot
 * plays best at, so that a player's hints are the advice the autopilot would follow. d20 weighs the
 * damage a figure may take at 2.5 × the damage it deals: one hit costs a character half its hit
 * points or more, so keeping out of reach and in cover is worth more than a shot (measured with the
 * exact sight maps: the alliance against greedy 81.5% at caution 1, 90% at 1.5, 95.5% at 2.5, 92.5%
 * at 3.5, 71.5% at 5; bench/RESULTS.md, AI). doom2004: 0.5 (its death risk and mission shares carry
 * the rest). doom2016: 0.25 — the tutorial's marines against the flat Monte-Carlo peer 42.5% at
 * 0.25 and 33.0% at 0.5 (200 games; 44% at 0, 29% at 1, 14% at 2 in 100), against greedy 93.5% and
 * 93.0%: a marine that holds back leaves the demons their attacks for free.
 */
export function defaultCaution(ruleset: string): number {
  return ruleset === 'd20' ? 2.5 : ruleset === 'doom2016' ? 0.25 : 0.5;
}

/** Score per space of range closed on the nearest enemy by a plain move. */
const APPROACH = 0.1;

/** P(an attack deals at least `k` damage). */
const atLeast = (o: Odds, k: number) => o.damage.reduce((t, p, i) => (i >= k ? t + p : t), 0);
/** What staggering a demon is worth, as a share of killing it (value() in rankPlans). */
export const STAGGER_SHARE = 0.5;

/** An attack that cannot hurt: no chance to hit, or no damage and no kill however it lands. */
const worthless = (o: Odds) => o.hit <= 0 || (o.expected <= 0 && o.kill <= 0);

const friendlyOf = (f: Friendly | undefined) => (f && f.wounds > 0 ? { friendlyWounds: f.wounds } : {});

/**
 * A plain move's commands: the prefix, the move, what is done on arrival, then the finish unless an
 * arrival ends the activation. Loops, not spreads: spreading the arrivals (an empty array one time,
 * commands the next) sent TurboFan's rankPlans back to the interpreter again and again (bench/RESULTS.md,
 * "rankPlans compiled apart").
 */
function plainCommands(prefix: readonly Command[], move: Command | null, arrivals: readonly Arrival[], finish: readonly Command[]): Command[] {
  // A literal, not prefix.slice(): an empty prefix's copy holds small integers, and the first command pushed deoptimised.
  const out: Command[] = [];
  for (let i = 0; i < prefix.length; i++) out.push(prefix[i]);
  if (move) out.push(move);
  let last = false;
  for (let i = 0; i < arrivals.length; i++) {
    out.push(arrivals[i].command);
    last ||= !!arrivals[i].last;
  }
  if (!last) for (let i = 0; i < finish.length; i++) out.push(finish[i]);
  return out;
}

/**
 * Rank plans for the situation's figure. Deterministic for a given situation: ties are broken by
 * destination, option and target order, never by time (issue 44: no clock is read here).
 */
export function rankPlans(situation: Situation, o: HintOptions = {}): Plan[] {
  let s = shaped(situation);
  const limit = o.limit ?? 5;
  const caution = o.caution ?? defaultCaution(s.ruleset);
  const width = s.board.data.width;
  const maps = new Map<string, SightMap>();
  const wi = (id: string) => s.without.figureIndex(id);
  // Enemies too far to be attacked or to attack back (range is at least the Chebyshev distance)
  // need no sight map: they cannot matter to any plan.
  // Movement after an attack, per option (none: no retreat); its largest is how far a retreat may go.
  const mpAfter = (opt: AttackOption) => (opt.noRetreat ? undefined : opt.retreatMp ?? s.retreatMp);
  const retreatRadius = Math.max(0, ...s.options.map((x) => mpAfter(x)?.(0) ?? 0));
  const reachMp = Math.max(0, ...s.options.map((x) => x.mp), s.moveOnly?.mp ?? 0, ...(s.moreMoves ?? []).map((m) => m.mp), retreatRadius);
  const reachRange = Math.max(0, ...s.options.map((x) => x.range));
  const gap = (e: Enemy) => {
    const f = e.figure;
    const dx = Math.max(0, f.x - (s.me.x + s.me.w - 1), s.me.x - (f.x + f.w - 1));
    const dy = Math.max(0, f.y - (s.me.y + s.me.h - 1), s.me.y - (f.y + f.h - 1));
    return Math.max(dx, dy) - Math.max(s.me.w, s.me.h) + 1;
  };
  const near = (e: Enemy) => {
    const d = gap(e) - reachMp;
    return d <= reachRange || (e.threat !== null && d <= e.threat.range + e.threat.move);
  };
  const enemies = s.enemies.filter(near);
  // With nobody near, the nearest enemy still gives plain moves a direction.
  if (!enemies.length && s.enemies.length) enemies.push(s.enemies.reduce((b, e) => (gap(e) < gap(b) ? e : b)));
  for (const e of enemies) maps.set(e.id, sightMapOf(s.without, wi(e.id)));
  const zones = new Map<string, Uint8Array | null>();
  if (s.threatZone) for (const e of enemies) zones.set(e.id, s.threatZone(e));
  const sub: Situation = { ...s, enemies };
  s = sub;
  // Enemies that can arrive (arrivals.ts) threaten like the others and are never targets: `threats`
  // is the situation as the exposure sees it.
  const arriving = (s.arriving?.enemies ?? []).filter(near);
  for (const e of arriving) maps.set(e.id, s.arriving!.sightMap(e.id));
  const threats: Situation = arriving.length ? { ...s, enemies: [...enemies, ...arriving] } : s;
  const sharers = s.sharedThreat ? sharersOf(threats, maps, width) : null;

  // Destinations per movement allowance, computed once each.
  const byMp = new Map<number, (Cell & { cost: number })[]>();
  const dests = (mp: number) => {
    let d = byMp.get(mp);
    if (!d) byMp.set(mp, (d = s.destinations(mp)));
    return d;
  };
  const exposure = new Map<string, Exposed>();
  const keyOf = (c: Cell) => `${c.x},${c.y},${c.o}`;
  const exposureAt = (c: Cell) => {
    const k = keyOf(c);
    let x = exposure.get(k);
    if (!x) exposure.set(k, (x = threatAt(threats, maps, footprint(s.me, c), width, zones, sharers)));
    return x;
  };
  // Scores are in the ruleset's damage units: damage dealt (capped at what kills) plus, for a kill,
  // the damage the victim would have dealt back next time; minus `caution` × the damage the figure
  // may take at its destination (RULES-neutral: the same trade-off in every ruleset).
  // `fraction` instead scores the share of each figure's health: dealt / target's health left + the
  // kill, minus caution × taken / own health left.
  const fraction = o.scoring === 'fraction';
  const deathWorth = s.deathWorth ?? 0;
  // A death costs its share of the enemy's mission (in `fraction` units a tenth of it, as a kill earns).
  const danger = ({ scored: x }: Exposed) => (fraction ? (caution * x.expected) / Math.max(1, s.myLeft) + (x.death * deathWorth) / 10 : caution * x.expected + x.death * deathWorth);
  // A kill is worth the damage the victim would deal next time and 1. The mission's share of the win
  // is earned by the damage towards it (dealt / health left × the share): a tough last enemy is
  // worth wearing down, not only a lucky kill (issue 23: doom2004 marines no longer wait out a
  // cyberdemon no single attack can kill).
  const mission = s.killWorth ?? 0;
  const killWorth = (e: Enemy) => (e.threat ? e.threat.odds(false, 1).expected : 0) + 1;
  // n attacks on the same target (doom2004 Attack action), taken as independent: n × the damage
  // (capped at what kills) and 1 − (1 − P(kill))^n to kill.
  const value = (odds: Odds, e: Enemy, n = 1) => {
    const dealt = Math.min(n * odds.expected, e.left);
    const kill = 1 - (1 - odds.kill) ** n;
    // Staggering a demon sets up a glory kill: worth STAGGER_SHARE of a kill (another marine must
    // still get there before it acts).
    const staggered = e.stagger ? Math.max(0, atLeast(odds, e.stagger) - odds.kill) : 0;
    return fraction
      ? dealt / Math.max(1, e.left) + kill * (1 + mission / 10)
      : dealt + (kill + STAGGER_SHARE * staggered) * killWorth(e) + (mission * dealt) / Math.max(1, e.left);
  };
  const optionScore = (odds: Odds, e: Enemy, opt: AttackOption, x: Exposed, cost: number) =>
    value(odds, e, opt.attacks ?? 1) - danger(x) * (opt.exposureScale ?? 1) - (opt.cost ?? 0) - cost * 1e-4;
  let approachWeight = fraction ? 0.01 : APPROACH;

  // Shoot and scoot: an attack from a destination reached for `cost` may be followed by a move of
  // mpAfter(cost); its exposure is the least over the places it can surely still reach: those
  // within mpAfter(cost) − cost of where the figure stands (a lower bound of what it can reach;
  // the best plans are checked from the destination itself when refined, `exactRetreat`).
  // `cost`: the least cost at which this exposure is reached (the list keeps the least so far); `own`: the place's.
  type Retreat = { cost: number; x: Exposed; to: Cell; own: number };
  let retreat: Retreat[] = [];
  if (retreatRadius > 0) {
    retreat = dests(retreatRadius).map((d) => ({ cost: d.cost, x: exposureAt(d), to: { x: d.x, y: d.y, o: d.o }, own: d.cost })).sort((a, b) => a.cost - b.cost);
    for (let i = 1; i < retreat.length; i++) if (retreat[i - 1].x.scored.expected < retreat[i].x.scored.expected) retreat[i] = { ...retreat[i - 1], cost: retreat[i].cost };
  }
  /** The commands of a retreat to `to` costing `cost` from the destination: the cards first when the MP left is not enough. */
  const retreatTo = (opt: AttackOption, left: number, to: Cell, cost: number): NonNullable<Plan['then']> =>
    opt.retreatCards && cost > left - opt.retreatCards.mp
      ? { to, commands: [...opt.retreatCards.commands, s.moveCommand(to)], label: opt.retreatCards.label }
      : { to, commands: [s.moveCommand(to)] };
  const exposureAfter = (d: Cell & { cost: number }, opt: AttackOption): { x: Exposed; then?: Plan['then'] } => {
    const here = exposureAt(d);
    const after = mpAfter(opt);
    if (!retreat.length || !after) return { x: here };
    const left = after(d.cost);
    const r = left - d.cost;
    let best: Retreat | null = null;
    for (const e of retreat) {
      if (e.cost > r) break;
      if (e.x.scored.expected < (best ?? { x: here }).x.scored.expected) best = e;
    }
    // The bound reaches from where the figure stands, at most `e.cost + d.cost` from the destination.
    return best ? { x: best.x, then: retreatTo(opt, left, best.to, best.own + d.cost) } : { x: here };
  };
  /**
   * The retreat of a refined plan, checked from its destination (the probe board has the figure
   * there): the estimate's place when the figure reaches it with the MP left (the usual case: one
   * reach, no new exposures), else the least exposed place it does reach, if less exposed than the
   * destination. (The least over every reachable place, for every refined plan, made the 26×26
   * imp's searched decision take 85.6 ms in Node against 54.2 ms this way; bench/RESULTS.md, AI.)
   */
  const exactRetreat = (d: Cell & { cost: number }, opt: AttackOption, estimate: Plan['then']): { x: Exposed; then?: Plan['then'] } => {
    const here = exposureAt(d);
    const after = mpAfter(opt);
    if (!after) return { x: here };
    const left = after(d.cost);
    const reached = left > 0 ? s.destinations(left, d).filter((e) => e.cost > 0) : [];
    const hit = estimate && reached.find((e) => e.x === estimate.to.x && e.y === estimate.to.y && e.o === estimate.to.o);
    if (hit) return { x: exposureAt(hit), then: retreatTo(opt, left, estimate.to, hit.cost) };
    let best: { x: Exposed; to: Cell; cost: number } | null = null;
    for (const e of reached) {
      const x = exposureAt(e);
      if (x.scored.expected < (best ?? { x: here }).x.scored.expected) best = { x, to: { x: e.x, y: e.y, o: e.o }, cost: e.cost };
    }
    return best ? { x: best.x, then: retreatTo(opt, left, best.to, best.cost) } : { x: here };
  };

  // An attack draft keeps its destination and command (`lazy`) until it is refined or returned
  // (`built`): most of them are neither, and their commands were a good share of a doom2004 plan's time.
  type Lazy = { d: Cell & { cost: number }; command: Plan['commands'][number] };
  type Draft = Omit<Plan, 'reason' | 'exposure'> & { exposure: Exposed; label: string | null; enemy: Enemy | null; opt: AttackOption | null; order: number; moveCost?: number; lazy?: Lazy };
  const built = (r: Draft): Draft => {
    const l = r.lazy;
    if (!l || !r.opt) return r;
    const to = l.d.cost > 0 ? { x: l.d.x, y: l.d.y, o: l.d.o } : null;
    r.to = to;
    r.commands = [...r.opt.prefix, ...(to ? [s.moveCommand(to)] : []), l.command];
    if (!r.then) delete r.then;
    if (r.friendlyWounds === undefined) delete r.friendlyWounds;
    delete r.lazy;
    return r;
  };
  const drafts: Draft[] = [];
  let order = 0;
  // What each enemy makes of a destination, once for every option that reaches it (options of the
  // same movement share their destinations' list: dests()).
  const seenFrom = new Map<Cell, Map<string, Sighting>>();
  // Each phase is a function of its own, compiled by TurboFan apart: as one 9 KB function, rankPlans
  // took 0.7 s of a helper thread per optimising compile (bench/RESULTS.md, "rankPlans compiled apart").
  const attackDrafts = () => {
    for (const opt of s.options) {
      for (const d of dests(opt.mp)) {
        let seen = seenFrom.get(d);
        if (!seen) {
          const cells = footprint(s.me, d);
          seenFrom.set(d, (seen = new Map<string, Sighting>()));
          for (const e of s.enemies) seen.set(e.id, seenAt(maps.get(e.id)!, width, cells));
        }
        // Where it may step back to after the attack: the same whichever enemy it attacks.
        let after: ReturnType<typeof exposureAfter> | null = null;
        for (const e of s.enemies) {
          const v = seen.get(e.id)!;
          if (!v.los || v.range < 0 || v.range > opt.range || (opt.melee && v.range !== 1)) continue;
          if (s.mayTarget && !s.mayTarget(d, e, seen)) continue;
          // Estimate: the target is in cover from here when a figure here would be in cover from it.
          const a = opt.attack(e, v.cover, v.range, d);
          // An attack that cannot deal any damage (0% to hit: e.g. more shields than the dice's
          // icons) is worth nothing: it is no plan (a move is, issue 23).
          if (!a || worthless(a.odds)) continue;
          const { x, then } = (after ??= exposureAfter(d, opt));
          // The keys in the order a built plan shows them (`to`, `then`, `commands`, `friendlyWounds`: set by built()).
          drafts.push({
            figure: s.me.id, to: null, option: opt.key, target: e.id, odds: a.odds, exposure: x, then, moveCost: d.cost, commands: [],
            score: optionScore(a.odds, e, opt, x, d.cost) - (a.friendly?.cost ?? 0), exact: false, friendlyWounds: friendlyOf(a.friendly).friendlyWounds,
            label: opt.label, enemy: e, opt, order: order++, lazy: { d, command: a.command },
          });
        }
      }
    }
  };
  attackDrafts();
  // Sure kills (glory kills) outrank every chance of one: the whole kill, certain (issue 23).
  for (const k of s.sureKills?.() ?? []) {
    const e = situation.enemies.find((x) => x.id === k.target);
    if (!e) continue;
    const left = Math.max(0, e.left);
    const odds: Odds = { hit: 1, expected: left, kill: 1, damage: [...Array(left).fill(0), 1] };
    // The victim no longer threatens the space it dies in (and the kill's heal counts towards surviving).
    const x = threatAt({ ...threats, myLeft: s.myLeft + k.bonus, enemies: threats.enemies.filter((a) => a.id !== k.target) }, maps, footprint(s.me, k.to), width, zones, sharers);
    drafts.push({
      figure: s.me.id, to: k.to, option: 'glory kill', target: k.target, odds, exposure: x, commands: k.commands,
      score: value(odds, e) + k.bonus - danger(x) - k.cost * 1e-4, exact: true, label: k.label, enemy: null, opt: null, order: order++,
    });
  }
  // Hunting (Situation.hunt): with no attack this activation, closing in is all there is to do.
  if (!fraction && s.hunt && !drafts.length) approachWeight = Math.max(APPROACH, s.hunt * (s.killWorth ?? 0));
  const approach = new Map<string, Int32Array>();
  const summons: { d: Draft; cost: number }[] = [];
  const plainDrafts = () => {
    for (const plain of [...(s.moveOnly ? [s.moveOnly] : []), ...(s.moreMoves ?? [])]) {
      // Plain moves: towards the nearest enemy, weighed against exposure.
      for (const d of dests(plain.mp)) {
        const cells = footprint(s.me, d);
        let nearest = Infinity;
        let gapNearest = Infinity;
        for (const e of s.enemies) {
          const r = seenAt(maps.get(e.id)!, width, cells).range;
          if (r >= 0) nearest = Math.min(nearest, r);
        }
        for (const e of situation.enemies) {
          const f = e.figure;
          gapNearest = Math.min(gapNearest, Math.max(0, f.x - d.x, d.x - (f.x + f.w - 1), f.y - d.y, d.y - (f.y + f.h - 1)));
        }
        if (!Number.isFinite(nearest) && s.approachMap) {
          let through = Infinity;
          for (const e of situation.enemies) {
            let m = approach.get(e.id);
            if (!m) approach.set(e.id, (m = s.approachMap(e)));
            for (const [x, y] of cells) if (m[y * width + x] >= 0) through = Math.min(through, m[y * width + x]);
          }
          if (Number.isFinite(through)) gapNearest = through;
        }
        // No enemy on the board: the mission's goal gives the direction (the door to open, the area
        // to explore, the key), and what is done on arrival counts (issue 23).
        const seeking = !Number.isFinite(gapNearest);
        let walk = Number.isFinite(nearest) ? nearest : 50 + gapNearest;
        if (seeking) {
          const goal = s.objective ? distanceOf(s.objective.distance(), width, cells) : Infinity;
          walk = 50 + (Number.isFinite(goal) ? goal : 50);
        }
        const counted = (a: Arrival) => seeking || !a.seeking || (a.seeking === 'unseen' && !Number.isFinite(nearest));
        let arrivals = s.objective ? s.objective.arrive(d, plain.mp - d.cost).filter(counted) : [];
        // Staying: what is done there without the movement the prefix buys (a pick-up is free; a door needs 1 MP) goes without it.
        const bare = d.cost === 0 && plain.prefixToMove && plain.baseMp !== undefined && s.objective ? s.objective.arrive(d, plain.baseMp).filter(counted) : null;
        const prefixNeeded = !bare || bare.length < arrivals.length;
        if (!prefixNeeded) arrivals = bare!;
        // The first door waits for the squad (objective.ts DOOR_GATHER): said in the reason.
        const waitsFor = seeking && s.objective?.waitsFor ? s.objective.waitsFor(d, plain.mp - d.cost) : [];
        const worth = arrivals.reduce((t, a) => t + a.worth, 0);
        const heal = arrivals.reduce((t, a) => t + (a.heal ?? 0), 0);
        // A medkit picked up there: the risk of dying there is the healed figure's. With no enemy on
        // the board, the arriving ones count only where the plan brings them (the door that summons):
        // counted on the way there too, they kept the tutorial's marines from the door (a draw).
        const bring = arrivals.some((a) => a.last);
        const seen = seeking && !bring ? s : threats;
        const x = heal || seen !== threats ? threatAt({ ...seen, myLeft: s.myLeft + heal }, maps, footprint(s.me, d), width, zones, sharers) : exposureAt(d);
        const to = d.cost > 0 ? { x: d.x, y: d.y, o: d.o } : null;
        const prefix = !to && (!arrivals.length || !prefixNeeded) && plain.prefixToMove ? [] : plain.prefix;
        drafts.push({
          figure: s.me.id, to, option: null, target: null, odds: null, exposure: x,
          commands: plainCommands(prefix, to && s.moveCommand(to), arrivals, s.finish),
          // Walk towards the nearest enemy (by range; by straight distance when no path leads there).
          score: worth - danger(x) * (plain.exposureScale ?? 1) - (plain.cost ?? 0) - walk * approachWeight - d.cost * 1e-4, exact: true, label: prefix.length ? plain.label : '', enemy: null, opt: null, order: order++,
          approach: nearest, arrive: arrivals.map((a) => a.command), ...(waitsFor.length ? { waitsFor } : {}),
        });
        // What the arriving enemies cost a plan that brings them (a door that summons) beyond the same place without them.
        if (arriving.length && bring) summons.push({ d: drafts.at(-1)!, cost: danger(x) - danger(threatAt({ ...s, myLeft: s.myLeft + heal }, maps, footprint(s.me, d), width, zones, sharers)) });
      }
    }
  };
  plainDrafts();
  // The mission needs the door opened (its summon is the way on): the arriving demons choose where
  // it is opened from, not whether — the least of their costs is given back to every such plan.
  const given = Math.min(...summons.map((x) => x.cost));
  for (const x of summons) x.d.score += given;
  const rank = (a: Draft, b: Draft) => b.score - a.score || a.order - b.order;
  drafts.sort(rank);

  // Refine the best attack plans exactly, in rank order: a fixed number of them.
  const probe = s.board;
  const meIndex = probe.figureIndex(s.me.id);
  const home = { x: s.me.x, y: s.me.y };
  let moved = false;
  let rotated = false;
  // The acting figure's sight map where it stands on the probe board (for targetSpace), per placement.
  let sightHere: SightMap | null = null;
  const place = (x: number, y: number, o: number) => {
    probe.moveFigure(meIndex, x, y, (o === 1) !== rotated);
    rotated = o === 1;
    sightHere = null;
  };
  // Where the targeting rules were judged by symmetry (d20), or the space to target is chosen by the
  // rules' own checks (doom2004), a plan is kept only once refined, and the rules are judged again on
  // exact answers from its destination; what is left unrefined is not returned.
  const estimated = !!s.checkTargets || !!s.targetSpace;
  // The target's answer is the pair query's; the others (the cover rule's "nearest") are asked
  // only when a rule needs them, in one query of every figure.
  const exactSeen = (target: string, v: Sighting): SeenEnemies => {
    let all: Map<string, Sighting> | null = null;
    return {
      get(id: string) {
        if (id === target) return v;
        if (!all) {
          const t = probe.sightToFigures(meIndex);
          all = new Map(s.enemies.map((e) => {
            const i = probe.figureIndex(e.id);
            return [e.id, { los: t.los[i] === 1, cover: t.cover[i] === 1, range: t.range[i] }];
          }));
        }
        return all.get(id);
      },
    };
  };
  // The answer: the best `limit`, each with its reason.
  const words = wordsOf(s.state, o.names);
  const finish = (answer: Draft[]): Plan[] => answer.sort(rank).slice(0, limit).map(built).map(({ label: _label, enemy, opt, order: _, moveCost: ___, exposure: { scored: __, ...exposure }, ...rest }) => {
    const p = { ...rest, exposure };
    return { ...p, reason: describe(p, words, enemy?.unplayed) };
  });
  // Asked for the estimates alone (`refine: false`): unchecked attack plans are dropped where
  // estimates may be illegal (d20, doom2004).
  if (o.refine === false) return finish(drafts.filter((d) => !estimated || !d.enemy).slice(0, limit * 3));
  const refine = (): Draft[] => {
    const refined: Draft[] = [];
    for (const d of drafts) {
      if (refined.length >= limit * 3) break;
      if (!d.enemy || !d.opt) {
        refined.push(d);
        continue;
      }
      built(d);
      const at = d.to ?? { x: home.x, y: home.y, o: 0 };
      try {
        if (d.to) {
          place(at.x, at.y, at.o);
          moved = true;
        } else if (moved) {
          place(home.x, home.y, 0);
          moved = false;
        }
        const v = probe.sight(meIndex, probe.figureIndex(d.enemy.id));
        if (!v.los || v.range < 0 || v.range > d.opt.range || (d.opt.melee && v.range !== 1)) continue;
        if (estimated && s.mayTarget && !s.mayTarget(at, d.enemy, exactSeen(d.enemy.id, v))) continue;
        const space = s.targetSpace ? s.targetSpace(at, d.enemy, d.opt, () => (sightHere ??= probe.sightMap(meIndex))) : undefined;
        if (space === null) continue;
        const a = d.opt.attack(d.enemy, v.cover, space ? space.range : v.range, at, space);
        if (!a || worthless(a.odds)) continue;
        d.odds = a.odds;
        d.commands = [...d.commands.slice(0, -1), a.command];
        if (mpAfter(d.opt)) {
          const r = exactRetreat({ ...at, cost: d.moveCost ?? 0 }, d.opt, d.then);
          d.exposure = r.x;
          if (r.then) d.then = r.then;
          else delete d.then;
        }
        d.score = optionScore(a.odds, d.enemy, d.opt, d.exposure, d.to ? 1 : 0) - (a.friendly?.cost ?? 0);
        d.exact = true;
        if (a.friendly?.wounds) d.friendlyWounds = a.friendly.wounds;
        else delete d.friendlyWounds;
      } catch {
        continue;
      }
      refined.push(d);
    }
    if (moved) place(home.x, home.y, 0);
    return refined;
  };
  return finish(refine());
}
