/**
 * The doom2004 situation (RULES §3) of the figure taking its turn (or about to: an invader is
 * activated, a marine announces Advance): its movement, each usable weapon (invaders: their own
 * dice) against the space of each enemy, with exact odds including aim / dodge re-rolls and the
 * figures a blast would also hit. Enemies attack back with their dice (invaders) or their best
 * usable weapon (marines).
 */
import { profileOf, sightOf, targetRefusal, usableWeapons, type Sight } from '../../rules/doom2004/attack.ts';
import { maxRange, strength } from '../../rules/doom2004/dice.ts';
import { movementBoard } from '../../rules/doom2004/movement.ts';
import { boardOf, cellBits, dataOf, hiddenCells, rangeFrom, type D4Figure, type D4State } from '../../rules/doom2004/state.ts';
import { actionAllowance } from '../../rules/doom2004/turn.ts';
import type { Command } from '../../rules/types.ts';
import { Board } from '../../core/board.ts';
import { ReachBuffer } from '../../core/result-buffers.ts';
import { Cell as CellBits, EdgeKind, type SightMap } from '../../core/types.ts';
import { doom2004Odds, type Doom2004Odds, type Doom2004Spec } from '../odds/doom2004.ts';
import { doom2004SpecOf } from '../odds/doom2004-state.ts';
import { dieKey } from '../odds/doom2004-best-set.ts';
import { faceDist, mean } from '../odds/dist.ts';
import { boardKey, lasting, memo, perCellLimit } from '../memo.ts';
import { missionKillWorth, objectiveOf } from './objective.ts';
import type { AttackOption, Cell, Enemy, Friendly, Situation, Threat } from './plan.ts';

const chebyshev = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));

const left = (f: D4Figure) => f.health - f.wounds;
/** The invaders' hunting share (Situation.hunt): of the mission's share of a frag, per space closed in. */
const HUNT = 0.15;
/** Score of spending an adrenaline token (it is gone for a later turn). */
const ADRENALINE_COST = 0.5;
/** The approach maps' searches, copied out at once (no fresh arrays per search). */
const reachScratch = new ReachBuffer();

/**
 * doom2004Odds(spec), once for the same spec (src/ai/memo.ts `lasting`, kept across calls: read
 * it only): the same threat for each candidate and each decision of a turn, the same attack from
 * every destination that leaves its victims alike. The key holds every field the odds read
 * (Doom2004Spec), and nothing else.
 */
function oddsOf(spec: Doom2004Spec): Doom2004Odds {
  const targets = spec.targets.map((t) => `${t.armor}/${t.left}/${t.struck === false ? 0 : 1}/${t.barrels ?? 0}`).join(',');
  const key = `${spec.dice.map(dieKey).join(',')}|${spec.range}|${spec.accuracy ?? 0}|${spec.deadly ?? 0}|${spec.melee ? 1 : 0}|${targets}|${spec.reroll ?? ''}|${spec.policy ? JSON.stringify(spec.policy) : ''}`;
  // The dice are named by their faces' identity (dieKey: ids never reused), the rest by value.
  return lasting('doom2004Odds', key, () => doom2004Odds(spec));
}

/**
 * The rules' rangeFrom (a blast's area from its target space), once per call for the same board
 * (its terrain named once per situation: hashing the board's text per query cost more than the query).
 */
function blastRange(s: D4State): (x: number, y: number) => Int32Array {
  const terrain = memo('doom2004Terrain', `${s.board.width}|${s.board.cells}|${s.board.hEdges}|${s.board.vEdges}`, () => ({}));
  const near = new Map<number, Int32Array>();
  return (x, y) => {
    const k = y * s.board.width + x;
    let r = near.get(k);
    if (!r) near.set(k, (r = memo('doom2004Range', k, () => rangeFrom(s, x, y), terrain, perCellLimit(s.board.width * s.board.height))));
    return r;
  };
}

/** Expected damage of a weapon's dice (a rough strength to pick an enemy marine's weapon). */
function strengthOf(s: D4State, f: D4Figure, weapon: string | null): number {
  const d = dataOf(s);
  return profileOf(s, f, weapon).dice.reduce((t, c) => t + mean(faceDist(d.dice[c].faces.map((x) => (x.miss ? 0 : x.damage ?? 0)))), 0);
}

function threatOf(s: D4State, e: D4Figure, me: D4Figure): Threat | null {
  const weapons = usableWeapons(s, e);
  if (!weapons.length) return null;
  const weapon = weapons.reduce((b, w) => (strengthOf(s, e, w) > strengthOf(s, e, b) ? w : b));
  const p = profileOf(s, e, weapon);
  const d = dataOf(s);
  const base: Doom2004Spec = {
    dice: p.dice.map((colour) => ({ colour, faces: d.dice[colour].faces })),
    range: 1, accuracy: strength(p.attack, 'accuracy'), deadly: strength(p.attack, 'deadly'), melee: p.has('melee'), targets: [{ armor: me.armor, left: left(me) }],
    reroll: me.marine && me.order === 'dodge' ? 'dodge' : null,
  };
  const cache = new Map<number, Doom2004Odds>();
  return {
    range: p.has('melee') ? 1 : maxRange(s, p.attack, p.dice),
    move: e.speed,
    ...(strength(p.attack, 'blast') > 0 ? { blast: strength(p.attack, 'blast') } : {}),
    odds: (_cover, range) => cache.get(range) ?? cache.set(range, oddsOf({ ...base, range })).get(range)!,
  };
}

export function doom2004Situation(s: D4State, figure?: string): Situation | null {
  if (s.winner !== null || s.pending || s.window) return null;
  let me: D4Figure | undefined;
  /**
   * The ways to take the turn (RULES §3 marine actions): each gives movement and attacks and the
   * commands that start it. A marine not yet on its turn weighs Advance (move and attack), Attack
   * (two attacks, no move), Ready with a dodge order (move or attack; the attackers re-roll until its
   * next turn), Sprint (move twice as far), and the same with an adrenaline token (+4 movement).
   */
  interface Way { mp: number; attacks: number; prefix: Command[]; label: string; dodge?: boolean; cost?: number; attackMp?: number; noRetreat?: boolean }
  const ways: Way[] = [];
  if (s.turn) {
    me = s.figures.find((f) => f.id === s.turn!.figure);
    if (!me || (figure !== undefined && figure !== me.id)) return null;
    const t = s.turn;
    const ready = t.action === 'ready';
    // Ready: move or attack, not both (an unused Ready attacks from where the figure stands).
    ways.push({
      mp: ready && t.readyUse === 'attack' ? 0 : t.mp,
      attacks: ready && t.readyUse === 'move' ? 0 : t.attacks,
      attackMp: ready ? 0 : undefined, noRetreat: ready || undefined, prefix: [], label: '',
    });
  } else {
    const mine = s.phase === 'marines' ? s.marineSide : s.invaderSide;
    me = s.figures.find((f) => f.side === mine && !s.done.includes(f.id) && (figure === undefined || f.id === figure));
    if (!me) return null;
    const id = me.id;
    if (me.marine) {
      const action = (a: string, adrenaline: boolean, order?: string): Command[] => [{ type: 'action', figure: id, action: a, ...(order ? { order } : {}), ...(adrenaline ? { adrenaline: true } : {}) }];
      for (const adrenaline of me.adrenaline > 0 ? [false, true] : [false]) {
        const cost = adrenaline ? ADRENALINE_COST : undefined;
        const tag = adrenaline ? ', adrenaline' : '';
        ways.push({ ...actionAllowance(me, 'advance', adrenaline), prefix: action('advance', adrenaline), label: `Advance${tag}`, cost });
        ways.push({ ...actionAllowance(me, 'attack', adrenaline), prefix: action('attack', adrenaline), label: `Attack action: two attacks${tag}`, cost, noRetreat: !adrenaline || undefined });
        ways.push({ ...actionAllowance(me, 'sprint', adrenaline), prefix: action('sprint', adrenaline), label: `Sprint${tag}`, cost });
        if (!adrenaline && me.order !== 'aim') ways.push({ ...actionAllowance(me, 'ready', false), attackMp: 0, noRetreat: true, prefix: action('ready', false, 'dodge'), label: 'Ready, dodge order', dodge: true });
      }
    } else {
      ways.push({ mp: me.speed, attacks: 1, prefix: [{ type: 'activate', figure: id }], label: '' });
    }
  }
  const f = me;
  const board = boardOf(s);
  const without = boardOf(s, { figures: s.figures.filter((g) => g !== f).map(({ id, side, x, y, w, h }) => ({ id, side, x, y, w, h })) });
  const enemies: Enemy[] = s.figures.filter((g) => g.side !== f.side).map((g) => ({ id: g.id, figure: g, left: left(g), threat: threatOf(s, g, f) }));
  // A dodge order makes each attacker re-roll (RULES §3 orders): the expected damage it leaves, as a
  // share of the plain one (range 1, every enemy that threatens), scales the exposure of Ready plans.
  let dodgeScale = 1;
  if (ways.some((w) => w.dodge)) {
    const dodging = { ...f, order: 'dodge' as const };
    let plain = 0;
    let dodged = 0;
    for (const g of s.figures) {
      if (g.side === f.side) continue;
      const t = threatOf(s, g, f);
      const d = threatOf(s, g, dodging);
      if (!t || !d) continue;
      plain += t.odds(false, 1).expected;
      dodged += d.odds(false, 1).expected;
    }
    if (plain > 0) dodgeScale = dodged / plain;
  }
  const byId = new Map(s.figures.map((g) => [g.id, g]));
  const options: AttackOption[] = [];
  const weapons = ways.some((w) => w.attacks > 0) ? usableWeapons(s, f) : [];
  let hasBarrels = false;
  for (let i = 0; i < s.board.cells.length && !hasBarrels; i++) hasBarrels = (cellBits(s, i) & CellBits.barrel) !== 0;
  // A friend's wounds cost what the enemy's earn; a friend killed (a marine fragged: a frag point
  // for the invader) costs its share of the enemy's win too.
  const enemySide = f.marine ? s.invaderSide : s.marineSide;
  const friendlyCost = (victims: string[], o: Doom2004Odds): Friendly => {
    const out = { wounds: 0, cost: 0 };
    victims.forEach((id, i) => {
      const v = byId.get(id);
      if (!v || v.side !== f.side) return;
      out.wounds += o.targets[i].expected;
      out.cost += o.targets[i].expected + o.targets[i].kill * (1 + (v.marine ? missionKillWorth(s, enemySide) : 0));
    });
    return out;
  };
  const blast = blastRange(s);
  for (const w of weapons) {
    const p = profileOf(s, f, w);
    const specs = new Map<string, ReturnType<typeof doom2004SpecOf>>();
    const odds = new Map<string, Doom2004Odds>();
    const aimed = f.marine && f.order === 'aim' && !p.has('aimed');
    // An attack that can hurt its own side: a blast (its area plus a barrel chain's first step), or
    // any attack on a board with barrels.
    const dangerous = strength(p.attack, 'blast') > 0 || hasBarrels;
    const reachOfHarm = strength(p.attack, 'blast') + 2;
    const attack: AttackOption['attack'] = (e, _cover, range, at, space) => {
      const g = byId.get(e.id)!;
      const cell = space ? { x: space.x, y: space.y } : { x: g.x, y: g.y };
      const sk = `${e.id}:${cell.x},${cell.y}`;
      let spec = specs.get(sk);
      let specKey = sk;
      if (!spec) specs.set(sk, (spec = doom2004SpecOf(s, f, w, cell, { range, aimed, rangeFrom: blast })));
      // Where the attacker will stand decides whether its own blast or a barrel reaches it.
      if ((at.x !== f.x || at.y !== f.y) && (spec.victims.includes(f.id) || (dangerous && chebyshev(at, cell) <= reachOfHarm))) {
        specKey = `${sk}@${at.x},${at.y}`;
        let there = specs.get(specKey);
        if (!there) {
          const moved = { ...f, x: at.x, y: at.y };
          specs.set(specKey, (there = doom2004SpecOf({ ...s, figures: s.figures.map((x) => (x === f ? moved : x)) }, moved, w, cell, { range, aimed, rangeFrom: blast })));
        }
        spec = there;
      }
      const k = `${specKey}:${range}`;
      let o = odds.get(k);
      if (!o) odds.set(k, (o = oddsOf({ ...spec, range })));
      return { odds: o, command: { type: 'attack', figure: f.id, target: cell, ...(f.marine ? { weapon: w } : {}), ...(aimed ? { aimed: true } : {}) }, friendly: friendlyCost(spec.victims, o) };
    };
    for (const way of ways) {
      if (way.attacks <= 0) continue;
      const name = w ?? f.type;
      options.push({
        key: name, label: way.label ? `${name} (${way.label})` : name, mp: way.attackMp ?? way.mp, range: p.has('melee') ? 1 : maxRange(s, p.attack, p.dice), melee: p.has('melee'),
        prefix: [...way.prefix], attacks: way.attacks, cost: way.cost, noRetreat: way.noRetreat, exposureScale: way.dodge ? dodgeScale : undefined, attack,
      });
    }
  }
  const moves = ways.filter((w) => w.mp > 0 || !w.attacks).map((w) => ({
    mp: w.mp, prefix: [...w.prefix], label: w.label, cost: w.cost, exposureScale: w.dodge ? dodgeScale : undefined,
  }));
  const mp = ways[0].mp;
  // Which space of an enemy to attack from a destination: the rules' own target check (LOS from the
  // centre of the attacker's space, range, seeking), the nearest legal space first.
  const hidden = hiddenCells(s);
  const sights = new Map<string, Sight>();
  const targetSpace = (at: Cell, e: Enemy, o: AttackOption, here: () => SightMap) => {
    const p = profileOf(s, f, o.key === f.type && !f.marine ? null : o.key);
    const seeking = p.has('seeking');
    const moved = { ...f, x: at.x, y: at.y };
    const state = { ...s, figures: s.figures.map((g) => (g === f ? moved : g)) };
    const k = `${at.x},${at.y}:${seeking}`;
    let sight = sights.get(k);
    // The probe board's map is the rules' own (boardOf with the figure moved); seeking attacks need
    // the rules' second map through obstacles.
    if (!sight) {
      const m = seeking ? null : here();
      sights.set(k, (sight = m ? { los: m.los, range: m.range, seekingRange: null } : sightOf(state, moved, seeking)));
    }
    const g = e.figure;
    let best: { x: number; y: number; range: number } | null = null;
    for (let y = g.y; y < g.y + g.h; y++) {
      for (let x = g.x; x < g.x + g.w; x++) {
        const r = targetRefusal(state, moved, p, { x, y }, sight, hidden);
        if (typeof r === 'number' && (!best || r < best.range)) best = { x, y, range: r };
      }
    }
    return best;
  };
  const reached = new Map<number | string, (Cell & { cost: number })[]>();
  let moveBoard: Board | null = null;
  let awayBoard: Board | null = null;
  let openDoors: Board | null = null;
  let doorSide: Set<number> | null = null;
  return {
    ruleset: 'doom2004', state: s, me: f, myLeft: left(f), board, without, targetSpace,
    destinations(m, from) {
      // A refined plan's step back starts at its destination: the rules' movement from there, on a
      // movement board with the figure moved there, as the rules move it for a leg from elsewhere
      // (route.ts leg(); the probe board is not the rules' movement board).
      const away = from && (from.x !== f.x || from.y !== f.y) ? from : null;
      // Asked again for the same MP (each refined plan's retreat): one movement board, one search per
      // MP, shared with the other candidates' situations of the call on the same board (memo.ts).
      const rk = away ? `${m}@${away.x},${away.y}` : m;
      let out = reached.get(rk);
      if (out) return out;
      const W = s.board.width;
      const here = { x: away?.x ?? f.x, y: away?.y ?? f.y, o: 0, cost: 0 };
      if (m > 0) {
        // reachable() (the rules' movement) on a board made once (per place moved from).
        const i = s.figures.indexOf(f);
        let board: Board;
        if (away) {
          board = awayBoard ??= movementBoard(s, f);
          board.moveFigure(i, away.x, away.y);
        } else board = moveBoard ??= movementBoard(s, f);
        const search = () => {
          const list = [here];
          const { cost, end } = board.reach(i, m, reachScratch);
          for (let k = 0; k < end.length; k++) if (end[k] && cost[k] > 0) list.push({ x: k % W, y: Math.floor(k / W), o: 0, cost: cost[k] });
          return list;
        };
        const key = boardKey(board);
        out = key === null ? search() : memo('doom2004Reach', `${key}#${i}#${m}`, search, undefined, perCellLimit(s.board.width * s.board.height));
      } else out = [here];
      reached.set(rk, out);
      return out;
    },
    moveCommand: (to) => ({ type: 'move', figure: f.id, to: { x: to.x, y: to.y } }),
    options, enemies,
    approachMap(e) {
      // The movement board with every closed door open: how far each space is from the enemy. One
      // board for every enemy of the situation (each upload cost more than its search; issue 39).
      if (!openDoors) {
        const data = without.data;
        const open = (edges: Uint8Array) => edges.map((k) => (k === EdgeKind.door ? EdgeKind.none : k));
        // Nobody teleports here: the enemy's distance on foot is what an approaching figure walks.
        openDoors = Board.fromData({ ...data, hEdges: open(data.hEdges), vEdges: open(data.vEdges), figures: data.figures.map((g) => ({ ...g, teleports: false })) });
      }
      const b = openDoors;
      const cost = b.reach(b.figureIndex(e.id), 400, reachScratch).cost.slice(0, s.board.width * s.board.height);
      // Half a step closer next to a closed door: among equally near spaces, the one from which it opens.
      doorSide ??= new Set(s.doors.filter((d) => !d.open).flatMap((d) => d.cells));
      const near = doorSide;
      return cost.map((c, i) => (c < 0 ? c : 2 * c - (near.has(i) ? 1 : 0)));
    },
    // Movement is one pool before and after attacking (RULES §3): shoot, then step back.
    retreatMp: (cost) => mp - cost,
    finish: [{ type: 'end', figure: f.id }],
    // With no movement and only attacks left, staying (ending) is still a plan: none of the attacks may be worth making.
    moveOnly: moves[0] ?? { mp: 0, prefix: [], label: '' },
    moreMoves: moves.slice(1),
    objective: objectiveOf(s, f),
    killWorth: missionKillWorth(s, f.side),
    // The marines' plans only: with it the invaders stalled against the Monte-Carlo peer (67% of 100
    // games with 33 draws, 93% without; bench/RESULTS.md, AI).
    sharedThreat: !!f.marine,
    // The invaders hunt (plan.ts `hunt`) when they have no attack: at 5 of 6 frag points a space
    // closed in is worth 1.5, at none 0.25 (0.1 otherwise).
    ...(f.marine ? {} : { hunt: HUNT }),
  };
}
