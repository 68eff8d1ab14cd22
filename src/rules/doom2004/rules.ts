/**
 * doom2004 rules (RULES §3) as a RulesetEngine: the command dispatcher and `legalActions`, which
 * enumerates exactly what `apply` accepts (the UI and the random tests drive games through it).
 * Every refusal names the rule it enforces.
 */
import { Cell } from '../../core/types.ts';
import type { Command, GameEvent, Refusal, RulesetEngine } from '../types.ts';
import { profileOf, rerollPending, rollAttack, sightOf, targetRefusal, usableWeapons, weaponRefusal } from './attack.ts';
import { explore } from './explore.ts';
import {
  adjacentMarines, DOOR_COST, doorById, doorRefusal, GIVE_COST, giveRefusal, HOP_COST, hopRefusal, moveFigure, pickUp, pickUpRefusal,
  reachable, setDoor,
} from './movement.ts';
import { cellBits, figureAt, unpack, hiddenCells, isRefusal, ORDERS, refuse, type AttackPlan, type D4Figure, type D4State, type Order } from './state.ts';
import {
  ACTIONS, actionRefusal, advance, allMarines, checkWinner, endTurn, respawnSpaces, startActivation, startMarineTurn, tidy, useReady,
} from './turn.ts';
import { hazardDetours } from './route.ts';
import { viewOf } from './view.ts';
import { shapeRefusal } from '../command-shape.ts';
import { DOOM2004_COMMANDS } from './commands.ts';

type Result = GameEvent[] | Refusal;

function figure(s: D4State, id: unknown): D4Figure | Refusal {
  if (typeof id !== 'string') return refuse('command', '"figure" must be a figure id');
  const f = s.figures.find((g) => g.id === id);
  if (f) return f;
  if (s.fragged.some((x) => x.figure.id === id)) return refuse('RULES §3 frags', `${id} has been fragged and is waiting to respawn`);
  if (s.killed.includes(id)) return refuse('RULES §3 frags', `${id} has been killed`);
  return refuse('command', `no figure ${JSON.stringify(id)} on the board`);
}

/** The figure whose turn or activation is in progress, named by the command. */
function onTurn(s: D4State, c: Command): D4Figure | Refusal {
  const f = figure(s, c.figure);
  if (isRefusal(f)) return f;
  if (!s.turn || s.turn.figure !== f.id) {
    return refuse(f.marine ? 'RULES §3 marine actions' : 'RULES §3 invader turn', s.turn ? `it is ${s.turn.figure}'s ${s.turn.action ? 'turn' : 'activation'}, not ${f.id}'s` : `${f.id} is not taking a turn; ${f.marine ? 'announce its action first' : 'activate it first'}`);
  }
  return f;
}

const guardHolders = (s: D4State) => s.figures.filter((f) => f.marine && f.order === 'guard');
/** Guard holders that have at least one legal guard attack now. */
function armedGuards(s: D4State): D4Figure[] {
  const holders = guardHolders(s);
  if (!holders.length) return holders;
  const hidden = hiddenCells(s);
  return holders.filter((g) => attackCommands(s, g, { type: 'guard-attack' }, hidden).length > 0);
}

// ------------------------------------------------------------------ commands

function respawn(s: D4State, c: Command): Result {
  if (s.phase !== 'marines') return refuse('RULES §3 frags', 'a fragged marine respawns at the start of its own turn, in the marines\' phase');
  if (s.turn) return refuse('RULES §3 marine actions', `${s.turn.figure}'s turn is in progress`);
  const entry = s.fragged.find((x) => x.figure.id === c.figure);
  if (!entry) return refuse('RULES §3 frags', `${JSON.stringify(c.figure)} is not a fragged marine`);
  if (s.done.includes(entry.figure.id)) return refuse('RULES §3 frags', `${entry.figure.id} has had its turn this round`);
  const to = c.to as { x?: unknown; y?: unknown } | null;
  if (!to || typeof to !== 'object' || !Number.isInteger(to.x) || !Number.isInteger(to.y)) return refuse('command', '"to" must be a space {x, y} with integers');
  const spaces = respawnSpaces(s, entry);
  const i = (to.y as number) * s.board.width + (to.x as number);
  if (!spaces.includes(i) || (to.x as number) < 0 || (to.x as number) >= s.board.width) {
    return refuse('RULES §3 frags', `${entry.figure.id} must respawn on a revealed empty space 8–16 spaces from (${entry.x},${entry.y}) (else as close to that as possible); (${to.x},${to.y}) is not one`);
  }
  s.fragged.splice(s.fragged.indexOf(entry), 1);
  const f = entry.figure;
  f.x = to.x as number;
  f.y = to.y as number;
  s.figures.push(f);
  return [{ type: 'respawned', figure: f.id, at: { x: f.x, y: f.y }, from: { x: entry.x, y: entry.y } }];
}

function action(s: D4State, c: Command): Result {
  if (s.phase !== 'marines') return refuse('RULES §3 marine actions', 'it is the invader\'s turn');
  if (s.turn) return refuse('RULES §3 marine actions', `${s.turn.figure}'s turn is in progress`);
  const f = figure(s, c.figure);
  if (isRefusal(f)) return f;
  if (!f.marine) return refuse('RULES §3 marine actions', `${f.id} is an invader`);
  if (s.done.includes(f.id)) return refuse('RULES §3 marine actions', `${f.id} has had its turn this round`);
  const why = actionRefusal(s, f, c.action, c.order, c.adrenaline);
  if (why) return why;
  const events: GameEvent[] = [];
  startMarineTurn(s, f, c.action as (typeof ACTIONS)[number], (c.order as Order) ?? null, c.adrenaline === true, events);
  return events;
}

function activate(s: D4State, c: Command): Result {
  if (s.phase !== 'invaders') return refuse('RULES §3 invader turn', 'it is the marines\' phase');
  if (s.turn) return refuse('RULES §3 invader turn', `${s.turn.figure} is still activating; end its activation first`);
  const f = figure(s, c.figure);
  if (isRefusal(f)) return f;
  if (f.marine) return refuse('RULES §3 invader turn', `${f.id} is a marine`);
  if (s.done.includes(f.id)) return refuse('RULES §3 invader turn', `${f.id} has already been activated this turn`);
  const events: GameEvent[] = [];
  startActivation(s, f, events);
  return events;
}

function move(s: D4State, c: Command): Result {
  const f = onTurn(s, c);
  if (isRefusal(f)) return f;
  const t = s.turn!;
  if (t.action === 'ready' && t.readyUse === 'attack') return refuse('RULES §3 marine actions', `${f.id} took the Ready action and attacked, so it may not move`);
  const events: GameEvent[] = [];
  const cost = moveFigure(s, f, c.to, t.mp, events, c.route);
  if (isRefusal(cost)) return cost;
  t.mp -= cost;
  t.moved = true;
  useReady(t, 'move');
  return events;
}

function attack(s: D4State, c: Command, guard: boolean): Result {
  let f: D4Figure | Refusal;
  if (guard) {
    f = figure(s, c.figure);
    if (isRefusal(f)) return f;
    if (!f.marine || f.order !== 'guard') return refuse('RULES §3 guard', `${f.id} has no guard order`);
  } else {
    f = onTurn(s, c);
    if (isRefusal(f)) return f;
    const t = s.turn!;
    if (t.attacks < 1) {
      return refuse(f.marine ? 'RULES §3 marine actions' : 'RULES §3 invader turn', f.marine
        ? `${f.id}'s ${t.action} action ${t.action === 'ready' && t.readyUse === 'move' ? 'was used to move, so it' : ''} gives no more attacks`.replace(/\s+/g, ' ')
        : `${f.id} attacks once per activation`);
    }
  }
  const why = weaponRefusal(s, f, c.weapon);
  if (why) return why;
  const weapon = f.marine ? (c.weapon as string) : null;
  const p = profileOf(s, f, weapon);
  const range = targetRefusal(s, f, p, c.target, sightOf(s, f, p.has('seeking')));
  if (isRefusal(range)) return range;
  const events: GameEvent[] = [];
  if (c.aimed !== undefined && typeof c.aimed !== 'boolean') return refuse('command', '"aimed" must be true or false');
  let aimed = p.has('aimed');
  if (c.aimed === true) {
    if (guard || f.order !== 'aim') return refuse('RULES §3 aim', `${f.id} has no aim order to discard for an aimed attack`);
    f.order = null;
    events.push({ type: 'order-used', figure: f.id, order: 'aim' });
    aimed = true;
  }
  if (guard) {
    f.order = null;
    events.push({ type: 'order-used', figure: f.id, order: 'guard', interrupting: s.window?.invader });
  } else {
    s.turn!.attacks--;
    useReady(s.turn!, 'attack');
  }
  const target = c.target as { x: number; y: number };
  const plan: AttackPlan = { attacker: f.id, weapon, target: { x: target.x, y: target.y }, dice: p.dice, range, guard, blowThrough: false };
  rollAttack(s, plan, aimed, events);
  return events;
}

function blowThrough(s: D4State, c: Command): Result {
  const ch = s.chain;
  if (!ch) return refuse('RULES §3 blow-through', 'no blow-through attack to continue: it follows straight after an attack with a blow-through weapon');
  const f = figure(s, c.figure);
  if (isRefusal(f)) return f;
  if (f.id !== ch.figure) return refuse('RULES §3 blow-through', `only ${ch.figure} may continue its blow-through attack`);
  if (c.drop !== 'green' && c.drop !== 'blue') return refuse('RULES §3 blow-through', '"drop" must be a green or blue die');
  const k = ch.dice.indexOf(c.drop);
  if (k < 0) return refuse('RULES §3 blow-through', `the attack has no ${c.drop} die left to drop`);
  const dice = ch.dice.filter((_, i) => i !== k);
  if (!dice.length) return refuse('RULES §3 blow-through', 'no die would be left to roll');
  const t = c.target as { x?: unknown; y?: unknown } | null;
  if (!t || typeof t !== 'object' || !Number.isInteger(t.x) || !Number.isInteger(t.y)) return refuse('command', '"target" must be a space {x, y} with integers');
  const [x, y] = [t.x as number, t.y as number];
  if (Math.max(Math.abs(x - ch.last.x), Math.abs(y - ch.last.y)) !== 1) return refuse('RULES §3 blow-through', `(${x},${y}) is not adjacent to the previous target (${ch.last.x},${ch.last.y})`);
  const there = figureAt(s, x, y);
  if (ch.spaces.some(([a, b]) => a === x && b === y) || (there && ch.figures.includes(there.id))) {
    return refuse('RULES §3 blow-through', `(${x},${y})${there ? ` (${there.id})` : ''} was already a target of this attack: never the same target twice`);
  }
  // A marine needs at least one ammo token left to walk the attack on (checked with the weapon).
  const why = weaponRefusal(s, f, f.marine ? ch.weapon : null);
  if (why) return why;
  const p = { ...profileOf(s, f, ch.weapon), dice };
  const range = targetRefusal(s, f, p, c.target, sightOf(s, f, p.has('seeking')));
  if (isRefusal(range)) return range;
  const events: GameEvent[] = [{ type: 'blow-through', figure: f.id, drop: c.drop, target: { x, y } }];
  rollAttack(s, { attacker: f.id, weapon: ch.weapon, target: { x, y }, dice, range, guard: false, blowThrough: true }, false, events);
  return events;
}

function heal(s: D4State, c: Command): Result {
  const f = figure(s, c.figure);
  if (isRefusal(f)) return f;
  if (!f.marine || f.order !== 'heal') return refuse('RULES §3 heal', `${f.id} has no heal order (only a medic may place one)`);
  const t = figure(s, c.target);
  if (isRefusal(t)) return t;
  if (t !== f && !adjacentMarines(s, f).includes(t)) return refuse('RULES §3 heal', `${t.id} is neither ${f.id} nor a marine adjacent to it`);
  if (t.wounds === 0) return refuse('RULES §3 heal', `${t.id} is at full health`);
  f.order = null;
  t.wounds--;
  return [{ type: 'healed', figure: f.id, target: t.id, wounds: t.wounds }];
}

function door(s: D4State, c: Command, open: boolean): Result {
  const f = onTurn(s, c);
  if (isRefusal(f)) return f;
  const d = doorById(s, c.door);
  if (isRefusal(d)) return d;
  const why = doorRefusal(s, f, d, open);
  if (why) return why;
  if (s.turn!.mp < DOOR_COST) return refuse('RULES §3 movement actions', `${open ? 'opening' : 'closing'} a door costs ${DOOR_COST} spaces of movement; ${f.id} has ${s.turn!.mp}`);
  s.turn!.mp -= DOOR_COST;
  useReady(s.turn!, 'move');
  setDoor(s, d, open);
  return [{ type: open ? 'door-opened' : 'door-closed', figure: f.id, door: d.id, key: d.key }];
}

function pick(s: D4State, c: Command): Result {
  const f = onTurn(s, c);
  if (isRefusal(f)) return f;
  const t = s.tokens.find((x) => x.id === c.token);
  if (!t) return refuse('command', `no token ${JSON.stringify(c.token)} on the board`);
  const why = pickUpRefusal(s, f, t);
  if (why) return why;
  const events: GameEvent[] = [];
  pickUp(s, f, t, events);
  return events;
}

function give(s: D4State, c: Command): Result {
  const f = onTurn(s, c);
  if (isRefusal(f)) return f;
  const g = giveRefusal(s, f, c.to, c.weapon, c.ammo);
  if (isRefusal(g)) return g;
  if (s.turn!.mp < GIVE_COST) return refuse('RULES §3 movement actions', `giving a token costs ${GIVE_COST} space of movement; ${f.id} has none left`);
  s.turn!.mp -= GIVE_COST;
  useReady(s.turn!, 'move');
  if (typeof c.weapon === 'string') {
    f.weapons.splice(f.weapons.indexOf(c.weapon), 1);
    if (!g.weapons.includes(c.weapon)) g.weapons.push(c.weapon);
    return [{ type: 'gave', figure: f.id, to: g.id, weapon: c.weapon }];
  }
  const a = c.ammo as string;
  f.ammo[a]--;
  g.ammo[a] = (g.ammo[a] ?? 0) + 1;
  return [{ type: 'gave', figure: f.id, to: g.id, ammo: a }];
}

function hop(s: D4State, c: Command): Result {
  const f = onTurn(s, c);
  if (isRefusal(f)) return f;
  const i = hopRefusal(s, f, c.to);
  if (isRefusal(i)) return i;
  if (s.turn!.mp < HOP_COST) return refuse('RULES §3 movement actions', `a duct hop costs ${HOP_COST} space of movement; ${f.id} has none left`);
  const from = { x: f.x, y: f.y };
  s.turn!.mp -= HOP_COST;
  s.turn!.moved = true;
  f.x = i % s.board.width;
  f.y = Math.floor(i / s.board.width);
  return [{ type: 'hopped', figure: f.id, from, to: { x: f.x, y: f.y } }];
}

function end(s: D4State, c: Command): Result {
  const f = onTurn(s, c);
  if (isRefusal(f)) return f;
  const events: GameEvent[] = [];
  endTurn(s, events);
  return events;
}

function endInvaderTurn(s: D4State, c: Command): Result {
  if (s.phase !== 'invaders') return refuse('RULES §3 invader turn', 'it is the marines\' phase');
  if (c.side !== undefined && c.side !== s.invaderSide) return refuse('RULES §3 invader turn', `only ${s.invaderSide} ends the invader's turn`);
  if (s.turn) return refuse('RULES §3 invader turn', `${s.turn.figure} is still activating; end its activation first`);
  const events: GameEvent[] = [{ type: 'invader-turn-ended', side: s.invaderSide }];
  advance(s, events, true);
  return events;
}

const WINDOW_COMMANDS = ['guard-attack', 'blow-through', 'heal', 'pass'];

function dispatch(s: D4State, c: Command): { result: Result; opensWindow: boolean } {
  const r = (result: Result, opensWindow = false) => ({ result, opensWindow });
  if (s.pending) {
    if (c.type !== 'reroll') return r(refuse(`RULES §3 ${s.pending.stage}`, `${s.pending.by} must first choose the dice to re-roll (${s.pending.stage === 'aim' ? 'aimed attack' : 'dodge'}); send {type: "reroll", figure, dice: [...]}`));
    const events: GameEvent[] = [];
    const why = rerollPending(s, c.figure, c.dice, events);
    return r(why ?? events);
  }
  if (c.type === 'reroll') return r(refuse('RULES §3 aim', 'no rolled dice wait for a re-roll'));
  if (c.type !== 'blow-through') s.chain = null;
  if (s.window && !WINDOW_COMMANDS.includes(c.type)) {
    return r(refuse('RULES §3 guard', `the marines may interrupt ${s.window.invader} now with a guard order: guard-attack or pass first`));
  }
  switch (c.type) {
    case 'respawn': return r(respawn(s, c));
    case 'action': return r(action(s, c));
    case 'activate': return r(activate(s, c), true);
    case 'move': return r(move(s, c), true);
    case 'attack': return r(attack(s, c, false));
    case 'guard-attack':
      if (!s.window) return r(refuse('RULES §3 guard', 'a guard attack interrupts the invader\'s turn; there is nothing to interrupt now'));
      return r(attack(s, c, true));
    case 'blow-through': return r(blowThrough(s, c));
    case 'heal': return r(heal(s, c));
    case 'pass':
      if (!s.window) return r(refuse('RULES §3 guard', 'there is no interrupt to pass on'));
      s.window = null;
      return r([{ type: 'passed', side: s.marineSide }]);
    case 'open-door': return r(door(s, c, true), true);
    case 'close-door': return r(door(s, c, false), true);
    case 'pick-up': return r(pick(s, c));
    case 'give': return r(give(s, c));
    case 'hop': return r(hop(s, c), true);
    case 'end': return r(end(s, c));
    case 'end-turn': return r(endInvaderTurn(s, c));
    default:
      return r(refuse('command', `unknown command ${JSON.stringify(c.type)} (doom2004: respawn, action, activate, move, attack, guard-attack, blow-through, reroll, heal, pass, open-door, close-door, pick-up, give, hop, end, end-turn)`));
  }
}

// ------------------------------------------------------------------ legal actions

/** Attack commands of `f` at every space holding a figure or a barrel that it may attack. */
function attackCommands(s: D4State, f: D4Figure, base: Command, hidden: Set<number>): Command[] {
  const out: Command[] = [];
  const W = s.board.width;
  const targets: number[] = [];
  unpack(s.board.cells).forEach((c, i) => {
    if (hidden.has(i)) return;
    const g = figureAt(s, i % W, Math.floor(i / W));
    if ((g && g !== f) || (c & Cell.barrel) !== 0) targets.push(i);
  });
  if (!targets.length) return out;
  let plain: ReturnType<typeof sightOf> | null = null;
  let seeking: ReturnType<typeof sightOf> | null = null;
  for (const w of usableWeapons(s, f)) {
    const p = profileOf(s, f, w);
    const sight = p.has('seeking') ? (seeking ??= sightOf(s, f, true)) : (plain ??= sightOf(s, f, false));
    for (const i of targets) {
      const target = { x: i % W, y: Math.floor(i / W) };
      if (isRefusal(targetRefusal(s, f, p, target, sight, hidden))) continue;
      const c: Command = { ...base, figure: f.id, target, ...(f.marine ? { weapon: w } : {}) };
      out.push(c);
      if (base.type === 'attack' && f.order === 'aim') out.push({ ...c, aimed: true });
    }
  }
  return out;
}

function healCommands(s: D4State): Command[] {
  const out: Command[] = [];
  for (const f of s.figures) {
    if (!f.marine || f.order !== 'heal') continue;
    for (const t of [f, ...adjacentMarines(s, f)]) if (t.wounds > 0) out.push({ type: 'heal', figure: f.id, target: t.id });
  }
  return out;
}

function blowThroughCommands(s: D4State, hidden: Set<number>): Command[] {
  const ch = s.chain;
  if (!ch) return [];
  const f = s.figures.find((g) => g.id === ch.figure);
  if (!f || weaponRefusal(s, f, f.marine ? ch.weapon : null)) return [];
  const out: Command[] = [];
  const W = s.board.width;
  for (const drop of ['green', 'blue'] as const) {
    const k = ch.dice.indexOf(drop);
    if (k < 0 || ch.dice.length < 2) continue;
    const p = { ...profileOf(s, f, ch.weapon), dice: ch.dice.filter((_, i) => i !== k) };
    const sight = sightOf(s, f, p.has('seeking'));
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const [x, y] = [ch.last.x + dx, ch.last.y + dy];
        if ((dx === 0 && dy === 0) || x < 0 || y < 0 || x >= W || y >= s.board.height) continue;
        const there = figureAt(s, x, y);
        const barrel = (cellBits(s, y * W + x) & Cell.barrel) !== 0;
        if ((!there && !barrel) || there === f) continue;
        if (ch.spaces.some(([a, b]) => a === x && b === y) || (there && ch.figures.includes(there.id))) continue;
        if (isRefusal(targetRefusal(s, f, p, { x, y }, sight, hidden))) continue;
        out.push({ type: 'blow-through', figure: f.id, target: { x, y }, drop });
      }
    }
  }
  return out;
}

function legal(s: D4State): Command[] {
  if (s.winner !== null) return [];
  if (s.pending) {
    const n = s.pending.faces.length;
    const out: Command[] = [];
    for (let m = 0; m < 1 << n; m++) out.push({ type: 'reroll', figure: s.pending.by, dice: [...Array(n).keys()].filter((i) => (m >> i) & 1) });
    return out;
  }
  const hidden = hiddenCells(s);
  const out: Command[] = [...blowThroughCommands(s, hidden), ...healCommands(s)];
  if (s.window) {
    for (const g of guardHolders(s)) out.push(...attackCommands(s, g, { type: 'guard-attack' }, hidden));
    out.push({ type: 'pass', side: s.marineSide });
    return out;
  }
  if (!s.turn) {
    if (s.phase === 'marines') {
      for (const m of allMarines(s)) {
        if (s.done.includes(m.id)) continue;
        const fr = s.fragged.find((x) => x.figure === m);
        if (fr) {
          for (const i of respawnSpaces(s, fr)) out.push({ type: 'respawn', figure: m.id, to: { x: i % s.board.width, y: Math.floor(i / s.board.width) } });
          continue;
        }
        for (const adrenaline of m.adrenaline > 0 ? [false, true] : [false]) {
          const extra = adrenaline ? { adrenaline: true } : {};
          for (const a of ACTIONS) {
            if (a !== 'ready') out.push({ type: 'action', figure: m.id, action: a, ...extra });
            else for (const o of ORDERS) if (!actionRefusal(s, m, a, o, adrenaline)) out.push({ type: 'action', figure: m.id, action: a, order: o, ...extra });
          }
        }
      }
    } else {
      for (const f of s.figures) if (!f.marine && !s.done.includes(f.id)) out.push({ type: 'activate', figure: f.id });
      out.push({ type: 'end-turn', side: s.invaderSide });
    }
    return out;
  }
  const t = s.turn;
  const f = s.figures.find((g) => g.id === t.figure)!;
  const W = s.board.width;
  if (!(t.action === 'ready' && t.readyUse === 'attack')) {
    const reach = reachable(s, f, t.mp);
    for (const i of reach.keys()) out.push({ type: 'move', figure: f.id, to: { x: i % W, y: Math.floor(i / W) } });
    // Where the cheapest way enters a damaging obstacle and a dearer one avoids them: both (route.ts).
    for (const i of hazardDetours(s, f, t.mp, reach)) out.push({ type: 'move', figure: f.id, to: { x: i % W, y: Math.floor(i / W) }, route: 'avoid-hazards' });
  }
  if (t.attacks > 0) out.push(...attackCommands(s, f, { type: 'attack' }, hidden));
  if (t.mp >= DOOR_COST) {
    for (const d of s.doors) if (!doorRefusal(s, f, d, !d.open)) out.push({ type: d.open ? 'close-door' : 'open-door', figure: f.id, door: d.id });
  }
  for (const tok of s.tokens) if (!pickUpRefusal(s, f, tok)) out.push({ type: 'pick-up', figure: f.id, token: tok.id });
  if (f.marine && t.mp >= GIVE_COST) {
    for (const g of adjacentMarines(s, f)) {
      for (const w of f.weapons) out.push({ type: 'give', figure: f.id, to: g.id, weapon: w });
      for (const [a, n] of Object.entries(f.ammo)) if (n > 0) out.push({ type: 'give', figure: f.id, to: g.id, ammo: a });
    }
  }
  if (!f.marine && t.mp >= HOP_COST) {
    for (const d of s.ducts) {
      const to = { x: d % W, y: Math.floor(d / W) };
      if (!isRefusal(hopRefusal(s, f, to))) out.push({ type: 'hop', figure: f.id, to });
    }
  }
  out.push({ type: 'end', figure: f.id });
  return out;
}

/** Every field a doom2004 command may have (of any type; each type's own are in commands.ts). */
export const DOOM2004_COMMAND_FIELDS = [...new Set(Object.values(DOOM2004_COMMANDS).flatMap((c) => Object.keys(c.properties as object)))];

export const doom2004Rules: RulesetEngine<D4State> = {
  apply(s, c) {
    // RULES §5: a command is refused with a clear reason; a field its type does not have, or an
    // oversized value, is never stored (the API's document holds the same schemas).
    const malformed = shapeRefusal('doom2004', DOOM2004_COMMANDS, c, s.board);
    if (malformed) return malformed;
    if (s.winner !== null) return refuse('game over', `the game is over: ${s.winner} won`);
    const { result, opensWindow } = dispatch(s, c);
    if (!Array.isArray(result)) return result;
    const events = result;
    // RULES §3 guard: the marine player must get the chance to interrupt after each invader step,
    // whatever the step did to the invader (one killed by a damaging obstacle included, issue 45):
    // its turn ends, but the invader's turn goes on only once the window is passed or used.
    const invader = opensWindow && s.phase === 'invaders' && s.turn && !s.turn.action ? s.turn.figure : null;
    tidy(s, events, invader !== null);
    explore(s, events);
    checkWinner(s, events);
    if (s.winner !== null) return events;
    // Only guards with an attack to make are asked: a window nobody can use is no choice (issue 21).
    const guards = invader ? armedGuards(s) : [];
    if (guards.length) {
      s.window = { invader: invader! };
      events.push({ type: 'interrupt-window', invader, guards: guards.map((f) => f.id) });
    }
    if (s.window && !s.pending && !s.chain && !guardHolders(s).length) s.window = null;
    // A phase left with nothing to do moves on once no window holds it (tidy waited for this).
    if (!s.window && !s.pending) advance(s, events);
    return events;
  },
  legalActions(s, actor) {
    const out = legal(s);
    return actor === undefined ? out : out.filter((c) => c.figure === actor || c.side === actor);
  },
  view: viewOf,
};

