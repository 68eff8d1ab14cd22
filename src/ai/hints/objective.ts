/**
 * The mission's goals for a figure that has no enemy on the board to walk to (issue 23): where to
 * go (a walking distance to the nearest goal) and what to do on arriving (open the door, pick up a
 * token), so that plain moves pursue the objective instead of all scoring alike.
 *
 * - doom2016 (RULES §2.4, the tutorial's "eliminate after a door is opened"): marines walk to the
 *   closed doors and open them; tokens under the destination are picked up.
 * - doom2004 (RULES §3 exploring, security doors, tokens): marines walk to the nearest of the
 *   unrevealed areas, the keys of locked security doors and the equipment tokens (health only when
 *   wounded), pick up what is under them (free), and open the doors next to them when nothing else
 *   is to be done there.
 * Invaders and d20 characters have no goal besides the enemy: no objective.
 */
import type { GameState } from '../../rules/engine.ts';
import type { Doom2016Figure, Doom2016State } from '../../rules/doom2016/types.ts';
import type { D4Figure, D4State } from '../../rules/doom2004/state.ts';
import { pickUpRefusal } from '../../rules/doom2004/movement.ts';
import { DOOR_COST, HEALTH_TOKEN_HEAL } from '../../rules/doom2004/movement.ts';
import { MEDKIT_HEAL } from '../../rules/doom2016/marine.ts';
import { summonGroups } from '../../rules/doom2016/invader.ts';
import { EdgeKind } from '../../core/types.ts';
import { walkDistance, type Box } from '../autopilot/walk.ts';
import type { Arrival, Cell, Objective } from './types.ts';

export type { Arrival, Objective } from './types.ts';

/** Worth of opening a door the mission needs opened, and of picking up a token. */
const DOOR_WORTH = 1;
const TOKEN_WORTH = 0.3;
const KEY_WORTH = 2;
/** A point of health healed, in damage units: what a point of damage taken costs (the hints' default caution). */
const HEAL_WORTH = 0.5;

const cellsAt = (f: { w: number; h: number }, to: Cell): [number, number][] => {
  const [w, h] = to.o ? [f.h, f.w] : [f.w, f.h];
  const out: [number, number][] = [];
  for (let y = to.y; y < to.y + h; y++) for (let x = to.x; x < to.x + w; x++) out.push([x, y]);
  return out;
};

/** The closed doors next to the footprint's cells (doom2016 door commands: the two cells either side). */
function doom2016DoorsAt(s: Doom2016State, cells: [number, number][]) {
  const out: { x1: number; y1: number; x2: number; y2: number }[] = [];
  const { width: w, height: h, hEdges, vEdges } = s.board;
  for (const [x, y] of cells) {
    if (y > 0 && hEdges[y * w + x] === EdgeKind.door) out.push({ x1: x, y1: y, x2: x, y2: y - 1 });
    if (y + 1 < h && hEdges[(y + 1) * w + x] === EdgeKind.door) out.push({ x1: x, y1: y, x2: x, y2: y + 1 });
    if (x > 0 && vEdges[y * (w + 1) + x] === EdgeKind.door) out.push({ x1: x, y1: y, x2: x - 1, y2: y });
    if (x + 1 < w && vEdges[y * (w + 1) + x + 1] === EdgeKind.door) out.push({ x1: x, y1: y, x2: x + 1, y2: y });
  }
  return out;
}

/** The cells next to a closed door (a marine there can open it), as walking goals. */
function doom2016DoorGoals(s: Doom2016State): Box[] {
  const all: [number, number][] = [];
  for (let y = 0; y < s.board.height; y++) for (let x = 0; x < s.board.width; x++) all.push([x, y]);
  return doom2016DoorsAt(s, all).map((d) => ({ x: d.x1, y: d.y1, w: 1, h: 1 }));
}

/**
 * doom2016: how near a door (in spaces walked) every marine must be before one of them opens the
 * first door while the portals wait for it (`summon: 'first-door'`): the summoned demons (the
 * tutorial's two cacodemons among them) then meet the whole squad, not the opener and whoever is
 * near. Measured (bench/RESULTS.md, AI, "The squad gathers before the door"): the tutorial's
 * marines against the invader, both played by the planner without search, won 46 of 1,000 games
 * opening the door as soon as one marine reached it, 104 of 1,000 waiting for the squad.
 */
export const DOOR_GATHER = 3;

/**
 * The marines `me` should wait for before opening the first door: none unless it summons (portals
 * wait for it); else every marine on the board other than `me` farther than DOOR_GATHER spaces'
 * walk from every closed door (a marine that cannot walk to one is not waited for). `dist`: the
 * walk to the doors, if made.
 */
export function doom2016DoorWaitsFor(s: Doom2016State, me: Doom2016Figure, dist?: Int32Array): string[] {
  if (me.side !== s.marineSide || s.mission.summon !== 'first-door' || s.doorsOpened > 0) return [];
  if (!s.tokens.some((t) => t.kind === 'portal' && summonGroups(s, t.color as string).length)) return [];
  const others = s.figures.filter((f) => f.side === s.marineSide && f.id !== me.id);
  if (!others.length) return [];
  const W = s.board.width;
  const d = dist ?? walkDistance(s, doom2016DoorGoals(s), true);
  return others.filter((f) => {
    let near = Infinity;
    for (let y = f.y; y < f.y + f.h; y++) for (let x = f.x; x < f.x + f.w; x++) if (d[y * W + x] >= 0) near = Math.min(near, d[y * W + x]);
    return Number.isFinite(near) && near > DOOR_GATHER;
  }).map((f) => f.id);
}

function doom2016Objective(s: Doom2016State, me: Doom2016Figure): Objective | null {
  if (me.side !== s.marineSide) return null;
  const W = s.board.width;
  const goals = doom2016DoorGoals(s);
  let dist: Int32Array | null = null;
  const distance = () => (dist ??= goals.length ? walkDistance(s, goals, true) : new Int32Array(W * s.board.height).fill(-1));
  let waits: string[] | null = null;
  const waiting = () => (waits ??= doom2016DoorWaitsFor(s, me, distance()));
  return {
    distance,
    waitsFor: (to, left) => (left >= 1 && doom2016DoorsAt(s, cellsAt(me, to)).length ? waiting() : []),
    arrive(to, left) {
      const cells = cellsAt(me, to);
      // A medkit heals what the marine lacks, up to 5 (RULES §2.4): none wasted at full health.
      const out: Arrival[] = s.tokens
        .filter((t) => t.kind !== 'portal' && (t.kind !== 'medkit' || me.damage > 0) && cells.some(([x, y]) => x === t.x && y === t.y))
        .map((t) => {
          const heal = t.kind === 'medkit' ? Math.min(me.damage, MEDKIT_HEAL) : 0;
          return { command: { type: 'pick-up', figure: me.id, token: t.id }, worth: heal ? HEAL_WORTH * heal : TOKEN_WORTH, seeking: false, ...(heal ? { heal } : {}) };
        });
      // One door is enough: it is what the mission asks for (the portals summon at the first). The
      // plan ends with it: the invader summons before the marine goes on (or ends its activation).
      // The first door waits for the squad (DOOR_GATHER): the marine walks there and stays.
      const door = left >= 1 ? doom2016DoorsAt(s, cells)[0] : undefined;
      if (door && waiting().length) return out;
      if (door) out.push({ command: { type: 'open-door', figure: me.id, door }, worth: DOOR_WORTH, seeking: true, last: true });
      return out;
    },
  };
}

function doom2004Objective(s: D4State, me: D4Figure): Objective | null {
  if (!me.marine) return null;
  const W = s.board.width;
  const at = (i: number): Box => ({ x: i % W, y: Math.floor(i / W), w: 1, h: 1 });
  const lockedKeys = new Set(s.doors.filter((d) => !d.open && d.key !== null && !s.keys.includes(d.key)).map((d) => d.key!));
  const wanted = s.tokens.filter((t) => (t.kind === 'key' ? lockedKeys.has(t.color!) : t.kind !== 'health' || me.wounds > 0));
  const goals: Box[] = [
    ...s.areas.filter((a) => !a.revealed).flatMap((a) => a.cells.map(at)),
    ...wanted.map((t) => ({ x: t.x, y: t.y, w: 1, h: 1 })),
  ];
  let dist: Int32Array | null = null;
  const arrivals = new Map<string, Arrival[]>();
  return {
    distance: () => (dist ??= goals.length ? walkDistance(s, goals, true) : new Int32Array(W * s.board.height).fill(-1)),
    // The same place is asked for by every way of moving there (Advance, Sprint, with adrenaline):
    // what is done there depends only on the place and whether a door's cost is left.
    arrive(to, left) {
      const k = `${to.x},${to.y},${to.o},${left >= DOOR_COST}`;
      let out = arrivals.get(k);
      if (!out) arrivals.set(k, (out = arriveAt(to, left)));
      return out;
    },
  };
  function arriveAt(to: Cell, left: number): Arrival[] {
    const moved = { ...me, x: to.x, y: to.y };
    const out: Arrival[] = s.tokens
      .filter((t) => !pickUpRefusal(s, moved, t))
      .map((t) => {
        const heal = t.kind === 'health' ? Math.min(me.wounds, HEALTH_TOKEN_HEAL) : 0;
        return { command: { type: 'pick-up', figure: me.id, token: t.id }, worth: t.kind === 'key' && lockedKeys.has(t.color!) ? KEY_WORTH : TOKEN_WORTH, seeking: false, ...(heal ? { heal } : {}) };
      });
    if (left >= DOOR_COST) {
      const here = new Set(cellsAt(me, to).map(([x, y]) => y * W + x));
      const door = s.doors.find((d) => !d.open && (d.key === null || s.keys.includes(d.key) || out.some((a) => a.worth === KEY_WORTH)) && d.cells.some((c) => here.has(c)));
      // A door opened with the key just picked up: the key's pick-up comes first (in `out`).
      // Also where enemies are on the board but none in sight: the way to them is through a door.
      if (door) out.push({ command: { type: 'open-door', figure: me.id, door: door.id }, worth: DOOR_WORTH / 2, seeking: 'unseen' });
    }
    return out;
  }
}

export function objectiveOf(state: GameState, me: { id: string }): Objective | null {
  if (state.ruleset === 'doom2016') return doom2016Objective(state as Doom2016State, me as Doom2016Figure);
  if (state.ruleset === 'doom2004') return doom2004Objective(state as D4State, me as D4Figure);
  return null;
}

/** A mission won, in the plans' score units (damage): what the last kill the mission needs is worth. */
export const WIN_WORTH = 10;

/**
 * What killing each enemy is worth to the mission beyond the damage (issue 23): a share of the win,
 * WIN_WORTH / the kills still needed (doom2016 kill tokens, doom2004 frag points for the invader;
 * the enemies left for a side that must eliminate them). The tutorial's fourth marine's kill token
 * is half the invader's win with 4 marines: worth WIN_WORTH / 2, the second one all of it.
 */
export function missionKillWorth(state: GameState, side: string): number {
  const objectives = (state as { objectives?: { kind: string; side: string; [k: string]: unknown }[] }).objectives ?? [];
  const mine = objectives.filter((o) => o.side === side);
  const share = (left: number) => (left > 0 ? WIN_WORTH / left : 0);
  for (const o of mine) {
    if (state.ruleset === 'doom2016' && o.kind === 'kills') {
      const s = state as Doom2016State;
      const table = (o.kills ?? {}) as Record<string, number>;
      const marines = Object.keys(s.marines).length;
      const needed = table[String(marines)] ?? table[String(Math.min(4, marines))];
      if (typeof needed === 'number') return share(needed - s.invader.kills);
    }
    if (state.ruleset === 'doom2004' && o.kind === 'frags') {
      const s = state as D4State;
      return share(Number(o.frags) - s.fragPoints);
    }
    if (o.kind === 'eliminate') {
      const enemies = (state.figures as { side: string }[]).filter((f) => f.side !== side).length;
      // doom2004: the invaders of unexplored areas are still to be killed; doom2016: a door still to open.
      const hidden = state.ruleset === 'doom2004' ? (state as D4State).areas.filter((a) => !a.revealed).reduce((t, a) => t + a.figures.length, 0) : 0;
      const door = state.ruleset === 'doom2016' && o.after === 'door-opened' && (state as Doom2016State).doorsOpened === 0 ? 1 : 0;
      return share(enemies + hidden + door);
    }
  }
  return 0;
}
