/**
 * d20 rules (RULES §4) as a RulesetEngine: activate, move, attack (with combined fire), end.
 * Every refusal names the rule it enforces.
 */
import type { Board } from '../../core/board.ts';
import { sharedBoard } from '../../core/shared-board.ts';
import { Cell } from '../../core/types.ts';
import { roll } from '../rng.ts';
import type { Command, GameEvent, Refusal, RulesetEngine } from '../types.ts';
import { queryBoardOf, type D20Figure, type D20State, type D20Unit } from './state.ts';
import { shapeRefusal } from '../command-shape.ts';
import { D20_COMMANDS } from './commands.ts';

const refuse = (rule: string, message: string): Refusal => ({ rule, message });
/** Squares per move when the unit's data gives no speed (RULES §4). */
const DEFAULT_SPEED = 6;

/** Squares a figure may move in its activation: speed and an attack, or 2 × speed (RULES §4). */
const speedOf = (s: D20State, f: D20Figure) => s.units[f.type]?.speed ?? DEFAULT_SPEED;
const allowanceOf = (s: D20State, f: D20Figure, a: NonNullable<D20State['active']>) => (a.attacked ? 1 : 2) * speedOf(s, f) - a.moved;

const touching = (a: D20Figure, b: D20Figure) =>
  a.x <= b.x + b.w && b.x <= a.x + a.w && a.y <= b.y + b.h && b.y <= a.y + a.h;

/**
 * Adjacent for movement (RULES §4): the footprints touch and one single step leads from a cell of
 * one to a cell of the other — no wall between orthogonal neighbours, no diagonal past a wall
 * touching the shared corner. Asked of the grid core: a 1×1 probe on the bare board (no figures,
 * no terrain costs) reaches an orthogonal neighbour for 1, and a diagonal one in a single step of 2.
 */
function adjacent(s: D20State, a: D20Figure, b: D20Figure): boolean {
  if (!touching(a, b)) return false;
  for (let ay = a.y; ay < a.y + a.h; ay++) {
    for (let ax = a.x; ax < a.x + a.w; ax++) {
      for (let by = Math.max(b.y, ay - 1); by <= Math.min(b.y + b.h - 1, ay + 1); by++) {
        for (let bx = Math.max(b.x, ax - 1); bx <= Math.min(b.x + b.w - 1, ax + 1); bx++) {
          if (bx === ax && by === ay) continue;
          const path = bareBoard(s, ax, ay).path(0, 2, { x: bx, y: by, o: 0 });
          if (path && path.steps.length === 2) return true;
        }
      }
    }
  }
  return false;
}

/** The board with its edges only, and one 1×1 probe at (x, y): shared (core/shared-board.ts), only queried. */
function bareBoard(s: D20State, x: number, y: number): Board {
  const { width, height, hEdges, vEdges } = s.board;
  const cells = s.board.cells.map((c) => c & Cell.on);
  return sharedBoard('d20:bare', { ruleset: 'd20', width, height, cells, hEdges, vEdges, figures: [{ id: 'probe', side: 'probe', x, y, w: 1, h: 1 }], teleporting: null });
}

function figure(s: D20State, id: unknown): D20Figure | Refusal {
  if (typeof id !== 'string') return refuse('command', '"figure" must be a figure id');
  const f = s.figures.find((g) => g.id === id);
  if (f) return f;
  if (s.defeated.includes(id)) return refuse('RULES §4 attack', `${id} has been defeated`);
  return refuse('command', `no figure ${JSON.stringify(id)}`);
}

const isRefusal = (x: unknown): x is Refusal => typeof x === 'object' && x !== null && 'rule' in x && 'message' in x;

/** What an attacker sees: computed once per attacker, shared by every target check. */
interface Sighting {
  los: Uint8Array;
  cover: Uint8Array;
  /** Indices of the nearest enemies in LOS (ties all count). */
  nearest: number[];
  /** Enemies adjacent for movement (RULES §4). */
  adjacent: D20Figure[];
}

function sighting(s: D20State, attacker: D20Figure): Sighting {
  const ai = s.figures.indexOf(attacker);
  const seen = queryBoardOf(s).sightToFigures(ai);
  let best = -1;
  let nearest: number[] = [];
  s.figures.forEach((f, i) => {
    if (f.side === attacker.side || !seen.los[i] || seen.range[i] < 0) return;
    if (best < 0 || seen.range[i] < best) {
      best = seen.range[i];
      nearest = [];
    }
    if (seen.range[i] === best) nearest.push(i);
  });
  const adjacentEnemies = s.figures.filter((f) => f.side !== attacker.side && adjacent(s, attacker, f));
  return { los: seen.los, cover: seen.cover, nearest, adjacent: adjacentEnemies };
}

/** Why `attacker` may not attack `target` now (null when it may). */
export function targetingRefusal(s: D20State, attacker: D20Figure, target: D20Figure, unit: D20Unit, seen = sighting(s, attacker)): Refusal | null {
  if (target.side === attacker.side) return refuse('RULES §4 targeting', `${target.id} is not an enemy of ${attacker.id}`);
  const ti = s.figures.indexOf(target);
  if (!seen.los[ti]) return refuse('RULES §4 LOS', `${attacker.id} has no line of sight to ${target.id}`);
  const isAdjacent = adjacent(s, attacker, target);
  if ((unit.abilities ?? []).includes('melee') && !isAdjacent) {
    return refuse('RULES §4 Melee Attack', `${attacker.id} has Melee Attack and may only attack adjacent enemies (adjacent for movement: one step apart, not across a wall, door or impassable edge, nor diagonally past the end of one)`);
  }
  const adjacentEnemies = seen.adjacent;
  if (adjacentEnemies.length && !isAdjacent) {
    return refuse('RULES §4 adjacent enemies', `${attacker.id} has an adjacent enemy (${adjacentEnemies.map((f) => f.id).join(', ')}) and must attack one of them`);
  }
  if (seen.cover[ti] && !seen.nearest.includes(ti)) {
    return refuse('RULES §4 cover', `${target.id} is in cover and is not the nearest enemy of ${attacker.id}`);
  }
  return null;
}

function advancePhase(s: D20State, events: GameEvent[]): void {
  s.used = 0;
  const ready = (i: number) => s.figures.some((f) => f.side === s.sides[i] && !f.activated);
  for (let k = 1; k <= s.sides.length; k++) {
    const i = (s.side + k) % s.sides.length;
    if (ready(i)) {
      s.side = i;
      events.push({ type: 'phase-started', side: s.sides[i], round: s.round });
      return;
    }
  }
  s.round++;
  for (const f of s.figures) f.activated = false;
  s.side = s.sides.findIndex((_, i) => ready(i));
  events.push({ type: 'round-started', round: s.round }, { type: 'phase-started', side: s.sides[s.side], round: s.round });
}

function checkWinner(s: D20State, events: GameEvent[]): void {
  const alive = new Set(s.figures.map((f) => f.side));
  if (alive.size <= 1) {
    s.winner = alive.size === 1 ? [...alive][0] : null;
    events.push({ type: 'game-over', winner: s.winner });
  }
}

function activate(s: D20State, c: Command): GameEvent[] | Refusal {
  if (s.active) return refuse('RULES §4 activation', `${s.active.id} is still activating; end its activation first`);
  const f = figure(s, c.figure);
  if (isRefusal(f)) return f;
  if (f.side !== s.sides[s.side]) return refuse('RULES §4 activation', `it is ${s.sides[s.side]}'s phase, not ${f.side}'s`);
  if (f.activated) return refuse('RULES §4 activation', `${f.id} has already been activated this round`);
  f.activated = true;
  s.active = { id: f.id, moved: 0, attacked: false };
  return [{ type: 'activated', figure: f.id }];
}

function activeFigure(s: D20State, c: Command): D20Figure | Refusal {
  const f = figure(s, c.figure);
  if (isRefusal(f)) return f;
  if (!s.active || s.active.id !== f.id) return refuse('RULES §4 activation', `${f.id} is not the figure being activated`);
  return f;
}

function move(s: D20State, c: Command): GameEvent[] | Refusal {
  const f = activeFigure(s, c);
  if (isRefusal(f)) return f;
  const to = c.to as { x?: unknown; y?: unknown } | undefined;
  if (!to || !Number.isInteger(to.x) || !Number.isInteger(to.y)) return refuse('command', '"to" must be {x, y} with integers');
  const a = s.active!;
  const allowance = allowanceOf(s, f, a);
  const path = queryBoardOf(s).path(s.figures.indexOf(f), Math.max(0, allowance), { x: to.x as number, y: to.y as number, o: 0 });
  if (!path || path.cost === 0) {
    return refuse('RULES §4 movement', `${f.id} cannot end a move at (${to.x},${to.y}) with ${allowance} squares of movement left (speed ${speedOf(s, f)}: speed and an attack, or 2 × speed; diagonals cost 2, low objects and difficult terrain double, enemies block, no ending on a figure)`);
  }
  const from = { x: f.x, y: f.y };
  f.x = to.x as number;
  f.y = to.y as number;
  a.moved += path.cost;
  return [{ type: 'moved', figure: f.id, from, to: { x: f.x, y: f.y }, cost: path.cost, path: path.steps.map(({ x, y }) => ({ x, y })) }];
}

function attack(s: D20State, c: Command): GameEvent[] | Refusal {
  const f = activeFigure(s, c);
  if (isRefusal(f)) return f;
  const a = s.active!;
  if (a.attacked) return refuse('RULES §4 activation', `${f.id} has already attacked this activation`);
  if (a.moved > speedOf(s, f)) return refuse('RULES §4 activation', `${f.id} moved ${a.moved} squares (more than its speed ${speedOf(s, f)}) and may not attack`);
  const t = figure(s, c.target);
  if (isRefusal(t)) return t;
  const unit = s.units[f.type];
  const seen = sighting(s, f);
  const why = targetingRefusal(s, f, t, unit, seen);
  if (why) return why;
  const helperIds = c.helpers === undefined ? [] : c.helpers;
  if (!Array.isArray(helperIds)) return refuse('command', '"helpers" must be a list of figure ids');
  const helpers: D20Figure[] = [];
  const board = queryBoardOf(s);
  for (const id of helperIds) {
    const h = figure(s, id);
    if (isRefusal(h)) return h;
    const bad = (m: string) => refuse('RULES §4 combined fire', m);
    if (h.side !== f.side) return bad(`${h.id} is not on ${f.id}'s side`);
    if (h === f || helpers.includes(h)) return bad(`${h.id} is named twice`);
    if (h.activated) return bad(`${h.id} has already been activated this round`);
    if (!board.sight(s.figures.indexOf(h), s.figures.indexOf(t)).los) return bad(`${h.id} has no line of sight to ${t.id}`);
    helpers.push(h);
  }
  const cover = seen.cover[s.figures.indexOf(t)] === 1;
  const natural = roll(s.rng, 20);
  const bonus = 4 * helpers.length;
  const total = natural + unit.attack + bonus;
  const defense = s.units[t.type].defense + (cover ? 4 : 0);
  const hit = natural === 20 || (natural !== 1 && total >= defense);
  const damage = hit ? (natural === 20 ? 2 : 1) * unit.damage : 0;
  for (const h of helpers) h.activated = true;
  a.attacked = true;
  const events: GameEvent[] = [{
    type: 'attacked', figure: f.id, target: t.id, natural, attack: unit.attack, bonus, total, defense, cover, hit, damage,
    helpers: helpers.map((h) => h.id), rule: natural === 20 ? 'natural 20: hit, double damage' : natural === 1 ? 'natural 1: miss' : undefined,
  }];
  if (damage > 0) {
    t.hp -= damage;
    events.push({ type: 'damaged', figure: t.id, damage, hp: Math.max(0, t.hp) });
    if (t.hp <= 0) {
      s.figures.splice(s.figures.indexOf(t), 1);
      s.defeated.push(t.id);
      events.push({ type: 'defeated', figure: t.id });
      checkWinner(s, events);
    }
  }
  return events;
}

function end(s: D20State, c: Command): GameEvent[] | Refusal {
  const f = activeFigure(s, c);
  if (isRefusal(f)) return f;
  s.active = null;
  s.used++;
  const events: GameEvent[] = [{ type: 'activation-ended', figure: f.id }];
  const sideReady = s.figures.some((g) => g.side === s.sides[s.side] && !g.activated);
  if (s.used >= 2 || !sideReady) advancePhase(s, events);
  return events;
}

/** Every field a d20 command may have (of any type; each type's own are in commands.ts). */
export const D20_COMMAND_FIELDS = [...new Set(Object.values(D20_COMMANDS).flatMap((c) => Object.keys(c.properties as object)))];

export const d20Rules: RulesetEngine<D20State> = {
  apply(s, c) {
    // RULES §5: a command is refused with a clear reason; a field its type does not have, or an
    // oversized value, is never stored (the API's document holds the same schemas).
    const malformed = shapeRefusal('d20', D20_COMMANDS, c, s.board);
    if (malformed) return malformed;
    if (s.winner !== null || s.figures.length === 0 || new Set(s.figures.map((f) => f.side)).size <= 1) {
      return refuse('game over', `the game is over${s.winner ? `: ${s.winner} won` : ''}`);
    }
    switch (c.type) {
      case 'activate':
        return activate(s, c);
      case 'move':
        return move(s, c);
      case 'attack':
        return attack(s, c);
      case 'end':
        return end(s, c);
      default:
        return refuse('command', `unknown command ${JSON.stringify(c.type)} (d20: activate, move, attack, end)`);
    }
  },
  view(s) {
    const side = s.winner === null ? s.sides[s.side] : null;
    return {
      ruleset: 'd20',
      board: s.board,
      figures: s.figures.map(({ id, side, type, x, y, w, h, hp, activated }) => ({
        id, side, type, x, y, w, h, damage: s.units[type].hp - hp, health: s.units[type].hp, markers: activated ? ['activated'] : [],
      })),
      tokens: [],
      round: s.round,
      side,
      active: s.active?.id ?? null,
      winner: s.winner,
      status: s.winner !== null
        ? `${s.winner} won`
        : `Round ${s.round} — ${side}: ${s.active ? `${s.active.id} is activating` : `activation ${s.used + 1} of 2`}`,
    };
  },
  legalActions(s, actor) {
    if (s.winner !== null || new Set(s.figures.map((f) => f.side)).size <= 1) return [];
    const out: Command[] = [];
    if (!s.active) {
      for (const f of s.figures) if (f.side === s.sides[s.side] && !f.activated) out.push({ type: 'activate', figure: f.id });
    } else {
      const f = s.figures.find((g) => g.id === s.active!.id)!;
      const a = s.active;
      const board = queryBoardOf(s);
      const fi = s.figures.indexOf(f);
      const allowance = allowanceOf(s, f, a);
      const reach = board.reach(fi, Math.max(0, allowance));
      for (let i = 0; i < reach.end.length; i++) {
        if (!reach.end[i] || reach.cost[i] <= 0) continue;
        out.push({ type: 'move', figure: f.id, to: { x: i % reach.width, y: Math.floor(i / reach.width) } });
      }
      if (!a.attacked && a.moved <= speedOf(s, f)) {
        const seen = sighting(s, f);
        for (const t of s.figures) if (!targetingRefusal(s, f, t, s.units[f.type], seen)) out.push({ type: 'attack', figure: f.id, target: t.id });
      }
      out.push({ type: 'end', figure: f.id });
    }
    return actor === undefined ? out : out.filter((c) => c.figure === actor);
  },
};
