/**
 * doom2004 attacks (RULES §3): nominate a space, LOS centre to centre, range as a path, dice,
 * accuracy/deadly, armor and wounds, ammo, melee, blast, blow-through, seeking, aimed attacks and
 * dodge re-rolls, barrels; knockback and sweep as data-configured stand-ins (their text is not public).
 */
import { Cell } from '../../core/types.ts';
import type { GameEvent, Refusal } from '../types.ts';
import { movementBoard } from './movement.ts';
import { wound, explodeBarrels, figuresOn, remove, woundsFrom } from './damage.ts';
import { faceOf, maxRange, rollDie, strength, totals } from './dice.ts';
import {
  cellBits, dataOf, cellsOf, refuse, figureAt, hasCell, hiddenCells, onMap, queryBoardOf, rangeFrom, STANDARD_WEAPONS,
  type AttackPlan, type D4Attack, type D4Figure, type D4State,
} from './state.ts';


/** An attack's numbers: a marine weapon, or the invader's own attack (its unit entry). */
export interface Profile {
  key: string | null;
  attack: D4Attack;
  dice: string[];
  has: (ability: string) => boolean;
}

export function profileOf(s: D4State, f: D4Figure, weapon: string | null): Profile {
  const d = dataOf(s);
  const attack = f.marine ? d.weapons[weapon!] : d.units[f.type];
  const abilities = attack.abilities ?? [];
  return { key: f.marine ? weapon : null, attack, dice: [...(attack.dice ?? [])], has: (a) => abilities.includes(a) };
}

/** Why `f` may not attack with `weapon` at all now (null when it may). */
export function weaponRefusal(s: D4State, f: D4Figure, weapon: unknown): Refusal | null {
  if (!f.marine) {
    if (weapon !== undefined && weapon !== null && weapon !== f.type) return refuse('RULES §3 attack', `${f.id} is an invader and attacks with its own dice, not ${JSON.stringify(weapon)}`);
    if (!(dataOf(s).units[f.type].dice ?? []).length) return refuse('RULES §3 attack', `${f.id} has no attack dice in its unit data`);
    return null;
  }
  const weapons = dataOf(s).weapons;
  if (typeof weapon !== 'string' || !Object.hasOwn(weapons, weapon)) return refuse('command', `"weapon" must be a weapon of the weapons data, got ${JSON.stringify(weapon)}`);
  if (!STANDARD_WEAPONS.includes(weapon) && !f.weapons.includes(weapon)) return refuse('RULES §3 weapons', `${f.id} has not found the ${weapon} (marines always have ${STANDARD_WEAPONS.join(', ')})`);
  if (f.berserk > 0 && weapon !== 'fist') return refuse('RULES §3 berserk', `${f.id} is berserk and may only attack with its fists`);
  const ammo = weapons[weapon].ammo;
  if (typeof ammo === 'string' && (f.ammo[ammo] ?? 0) < 1) return refuse('RULES §3 ammo', `${f.id} has no ${ammo} ammo token and cannot attack with the ${weapon}`);
  return null;
}

/** The weapons `f` may attack with now (invaders: their own attack, as null). */
export function usableWeapons(s: D4State, f: D4Figure): (string | null)[] {
  if (!f.marine) return weaponRefusal(s, f, null) ? [] : [null];
  return [...STANDARD_WEAPONS, ...f.weapons].filter((w, i, all) => all.indexOf(w) === i && Object.hasOwn(dataOf(s).weapons, w) && !weaponRefusal(s, f, w));
}

/** What one figure sees and how far every space is: one batch query per attacker (and seeking). */
export interface Sight {
  los: Uint8Array;
  range: Int32Array;
  seekingRange: Int32Array | null;
}

export function sightOf(s: D4State, f: D4Figure, seeking: boolean): Sight {
  const i = s.figures.indexOf(f);
  const map = queryBoardOf(s).sightMap(i);
  // Seeking attacks count range through blocking obstacles (and barrels, which block like them).
  const seekingRange = seeking ? queryBoardOf(s, { noObstacles: true }).rangeMap(i) : null;
  return { los: map.los, range: map.range, seekingRange };
}

/** Range to the target space, or why the space cannot be attacked with this profile. */
export function targetRefusal(s: D4State, f: D4Figure, p: Profile, target: unknown, sight: Sight, hidden = hiddenCells(s)): Refusal | number {
  const t = target as { x?: unknown; y?: unknown } | null;
  if (!t || typeof t !== 'object' || !Number.isInteger(t.x) || !Number.isInteger(t.y)) return refuse('command', '"target" must be a space {x, y} with integers');
  const x = t.x as number;
  const y = t.y as number;
  if (!onMap(s, x, y)) return refuse('RULES §3 attack', `(${x},${y}) is not a space of the map`);
  const i = y * s.board.width + x;
  if (hidden.has(i)) return refuse('RULES §3 exploring', `(${x},${y}) has not been revealed`);
  if (x >= f.x && y >= f.y && x < f.x + f.w && y < f.y + f.h) return refuse('RULES §3 attack', `${f.id} cannot attack its own space (${x},${y})`);
  const seeking = p.has('seeking');
  if (!seeking && !sight.los[i]) return refuse('RULES §3 LOS', `${f.id} has no line of sight from the centre of its space to the centre of (${x},${y}) (walls, closed doors, other figures, obstacles and barrels block)`);
  const range = seeking ? sight.seekingRange![i] : sight.range[i];
  if (range < 0) return refuse('RULES §3 range', `no path of spaces leads from ${f.id} to (${x},${y}) (closed doors block every attack)`);
  if (p.has('melee')) {
    if (range !== 1) return refuse('RULES §3 melee', `a melee attack targets an adjacent space only; (${x},${y}) is ${range} spaces from ${f.id}`);
  } else {
    const most = maxRange(s, p.attack, p.dice);
    if (range > most) return refuse('RULES §3 range', `(${x},${y}) is ${range} spaces from ${f.id}: out of range, the ${p.key ?? f.type} dice roll at most ${most}`);
  }
  return range;
}

/** Roll the plan's dice, then open an aim or dodge re-roll window, or resolve at once. */
export function rollAttack(s: D4State, plan: AttackPlan, aimed: boolean, events: GameEvent[]): void {
  const faces = plan.dice.map((c) => rollDie(s, c));
  const target = figureAt(s, plan.target.x, plan.target.y);
  const dodger = target && target.marine && target.order === 'dodge' && target.id !== plan.attacker ? target.id : null;
  events.push({ type: 'rolled', figure: plan.attacker, dice: plan.dice, faces: faceList(s, plan.dice, faces), aimed, dodge: dodger });
  if (aimed && dodger) {
    // RULES §3: an aimed attack against a dodging target ignores both.
    events.push({ type: 'aim-and-dodge-ignored', figure: plan.attacker, target: dodger });
    finishAttack(s, plan, faces, events);
  } else if (aimed) {
    s.pending = { stage: 'aim', by: plan.attacker, attack: plan, faces, dodgeAfter: null };
  } else if (dodger) {
    s.pending = { stage: 'dodge', by: dodger, attack: plan, faces, dodgeAfter: null };
  } else {
    finishAttack(s, plan, faces, events);
  }
}

const faceList = (s: D4State, dice: string[], faces: number[]) => dice.map((c, i) => ({ die: c, face: faces[i], ...faceOf(s, c, faces[i]) }));

/** Re-roll the chosen dice of a pending aimed/dodged attack once and resolve it. */
export function rerollPending(s: D4State, by: unknown, dice: unknown, events: GameEvent[]): Refusal | null {
  const p = s.pending!;
  if (by !== p.by) return refuse(`RULES §3 ${p.stage}`, `${p.by} chooses the dice to re-roll (${p.stage === 'aim' ? 'aimed attack' : 'dodge order'}), not ${JSON.stringify(by)}`);
  if (!Array.isArray(dice) || dice.some((d) => !Number.isInteger(d) || d < 0 || d >= p.faces.length) || new Set(dice).size !== dice.length) {
    return refuse('command', `"dice" must list distinct die positions 0..${p.faces.length - 1} to re-roll (empty keeps the roll)`);
  }
  const faces = [...p.faces];
  for (const d of [...(dice as number[])].sort((a, b) => a - b)) faces[d] = rollDie(s, p.attack.dice[d]);
  events.push({ type: 'rerolled', figure: by, stage: p.stage, dice, faces: faceList(s, p.attack.dice, faces) });
  s.pending = null;
  finishAttack(s, p.attack, faces, events);
  return null;
}

/** Resolve rolled dice: hit, damage, wounds, ammo, blast, barrels, knockback, sweep, blow-through. */
export function finishAttack(s: D4State, plan: AttackPlan, faces: number[], events: GameEvent[]): void {
  const f = s.figures.find((g) => g.id === plan.attacker);
  if (!f) return;
  const p = profileOf(s, f, plan.weapon);
  const t = totals(s, plan.dice, faces);
  const melee = p.has('melee');
  const accuracy = strength(p.attack, 'accuracy');
  const rolled = t.range + accuracy;
  // RULES §3 roll: any miss fails; melee ignores range; otherwise range total (+accuracy) ≥ range.
  const hit = !t.miss && (melee || rolled >= plan.range);
  const damage = t.damage + strength(p.attack, 'deadly');
  let ammoSpent: string | null = null;
  const ammoType = f.marine ? p.attack.ammo : null;
  if (t.ammo && typeof ammoType === 'string') {
    // RULES §3 ammo: exactly one token per attack, however many ammo icons show.
    f.ammo[ammoType] = Math.max(0, (f.ammo[ammoType] ?? 0) - 1);
    ammoSpent = ammoType;
  }
  const targetFigure = figureAt(s, plan.target.x, plan.target.y);
  events.push({
    type: 'attacked', figure: f.id, weapon: plan.weapon, target: plan.target, targetFigure: targetFigure?.id ?? null, range: plan.range,
    rolledRange: melee ? null : rolled, miss: t.miss, hit, damage: hit ? damage : 0, ammoSpent, guard: plan.guard, blowThrough: plan.blowThrough,
  });
  const W = s.board.width;
  if (hit) {
    const area = new Set<number>();
    const radius = strength(p.attack, 'blast');
    if (radius > 0) {
      // Blast: every space within N of the target space, counted around walls, doors and obstacles.
      rangeFrom(s, plan.target.x, plan.target.y).forEach((r, i) => r >= 0 && r <= radius && area.add(i));
    } else {
      area.add(plan.target.y * W + plan.target.x);
    }
    const victims = figuresOn(s, area);
    if (p.has('sweep')) {
      // Sweep (data-configured stand-in, the rule text is not public): also every other figure in a
      // space adjacent to both the attacker and the target space.
      const mine = queryBoardOf(s).rangeMap(s.figures.indexOf(f));
      for (const g of s.figures) {
        if (g === f || victims.includes(g)) continue;
        if (cellsOf(g).some(([x, y]) => mine[y * W + x] === 1 && Math.max(Math.abs(x - plan.target.x), Math.abs(y - plan.target.y)) === 1)) victims.push(g);
      }
    }
    for (const v of victims) {
      if (!s.figures.includes(v)) continue;
      if (f.marine && f.berserk > 0 && plan.weapon === 'fist' && !v.marine) {
        events.push({ type: 'berserk-kill', figure: f.id, target: v.id });
        remove(s, v, events);
        continue;
      }
      const n = woundsFrom(damage, v.armor);
      if (n > 0) wound(s, v, n, plan.weapon ?? f.type, events);
      else events.push({ type: 'armor-held', figure: v.id, damage, armor: v.armor });
    }
    const knock = strength(p.attack, 'knockback');
    if (knock > 0 && targetFigure && s.figures.includes(targetFigure)) knockback(s, f, targetFigure, knock, events);
    // Any damage explodes a barrel in the area (RULES §3 exploding barrels).
    if (damage > 0) explodeBarrels(s, [...area].filter((i) => (cellBits(s, i) & Cell.barrel) !== 0), events);
  }
  if (p.has('blow-through') && s.figures.includes(f)) {
    const spaces: [number, number][] = [...(s.chain?.spaces ?? []), [plan.target.x, plan.target.y]];
    const figs = [...(s.chain?.figures ?? []), ...(targetFigure ? [targetFigure.id] : [])];
    s.chain = { figure: f.id, weapon: plan.weapon, dice: plan.dice, last: plan.target, spaces, figures: figs };
  }
}

/**
 * Knockback (data-configured stand-in, the rule text is not public): push a surviving 1×1 target up
 * to N spaces straight away from the attacker, one legal step at a time; entering a damaging
 * obstacle wounds at once (RULES §3 damaging obstacles mentions knockback).
 */
function knockback(s: D4State, attacker: D4Figure, target: D4Figure, spaces: number, events: GameEvent[]): void {
  if (target.w * target.h !== 1) return;
  const dx = Math.sign(2 * target.x + 1 - (2 * attacker.x + attacker.w));
  const dy = Math.sign(2 * target.y + 1 - (2 * attacker.y + attacker.h));
  if (dx === 0 && dy === 0) return;
  for (let k = 0; k < spaces && s.figures.includes(target); k++) {
    const nx = target.x + dx;
    const ny = target.y + dy;
    const reach = movementBoard(s, target).reach(s.figures.indexOf(target), 1);
    const i = ny * s.board.width + nx;
    if (!onMap(s, nx, ny) || reach.cost[i] !== 1 || !reach.end[i]) break;
    const from = { x: target.x, y: target.y };
    target.x = nx;
    target.y = ny;
    events.push({ type: 'knocked-back', figure: target.id, from, to: { x: nx, y: ny } });
    if (hasCell(s, nx, ny, Cell.hazard)) wound(s, target, 1, 'damaging obstacle', events);
  }
}
