/**
 * The doom2004 odds spec of an attack in a game state, read exactly as src/rules/doom2004/attack.ts
 * resolves it: the weapon's (or invader's) dice and abilities, the range to the target space, the
 * figures a blast reaches, the figures the exploding barrels it sets off reach, each one's armor
 * and wounds left, and who may re-roll (aim / dodge).
 */
import { Cell } from '../../core/types.ts';
import { profileOf, sightOf } from '../../rules/doom2004/attack.ts';
import { explodeBarrels, figuresOn } from '../../rules/doom2004/damage.ts';
import { strength } from '../../rules/doom2004/dice.ts';
import { cellBits, dataOf, figureAt, rangeFrom, type D4Figure, type D4State } from '../../rules/doom2004/state.ts';
import type { GameEvent } from '../../rules/types.ts';
import type { Doom2004Spec } from './doom2004.ts';

export interface Doom2004SpecOptions {
  /** An aimed attack (the attacker discards its aim order). */
  aimed?: boolean;
  /** The range to the target space when the caller knows it (else a sight map is computed). */
  range?: number;
  /** The rules' `rangeFrom(s, x, y)` (a blast's area), when the caller keeps its answers. */
  rangeFrom?: (x: number, y: number) => Int32Array;
}

export interface Doom2004StateSpec extends Doom2004Spec {
  /** Ids of the figures in `targets`, in order (the nominated space's figure first). */
  victims: string[];
  /** Why the odds are an estimate, when they are (absent: exact). */
  estimate?: string;
}

/**
 * Wounds per figure id from the barrels on `area` going off, by the engine's own `explodeBarrels`
 * (which barrels chain, which figures are adjacent) run on a copy whose figures cannot die: the
 * odds stop counting a figure's barrel wounds once it is dead (doom2004-roll.ts woundsDealt).
 */
function barrelWounds(s: D4State, area: number[]): Map<string, number> {
  const out = new Map<string, number>();
  const barrels = area.filter((i) => (cellBits(s, i) & Cell.barrel) !== 0);
  if (!barrels.length) return out;
  const copy: D4State = { ...s, board: { ...s.board }, figures: s.figures.map((g) => ({ ...g, wounds: 0, health: Infinity, order: null })) };
  const events: GameEvent[] = [];
  explodeBarrels(copy, barrels, events);
  for (const e of events) if (e.type === 'wounded') out.set(e.figure as string, (out.get(e.figure as string) ?? 0) + (e.wounds as number));
  return out;
}

export function doom2004SpecOf(s: D4State, f: D4Figure, weapon: string | null, target: { x: number; y: number }, o: Doom2004SpecOptions = {}): Doom2004StateSpec {
  const p = profileOf(s, f, weapon);
  const d = dataOf(s);
  const W = s.board.width;
  const range = o.range ?? sightOf(s, f, p.has('seeking'))[p.has('seeking') ? 'seekingRange' : 'range']![target.y * W + target.x];
  const radius = strength(p.attack, 'blast');
  const primary = figureAt(s, target.x, target.y);
  // The attack's area in the engine's order (the order barrels start going off in).
  const area: number[] = [];
  if (radius > 0) (o.rangeFrom ?? ((x: number, y: number) => rangeFrom(s, x, y)))(target.x, target.y).forEach((r, i) => r >= 0 && r <= radius && area.push(i));
  else area.push(target.y * W + target.x);
  const struck = radius > 0 ? [...(primary ? [primary] : []), ...figuresOn(s, new Set(area)).filter((g) => g !== primary)] : primary ? [primary] : [];
  const barrels = barrelWounds(s, area);
  const nearBarrels = s.figures.filter((g) => barrels.has(g.id) && !struck.includes(g));
  const dodger = primary && primary.marine && primary.order === 'dodge' && primary.id !== f.id;
  const aimed = o.aimed === true || p.has('aimed');
  const spec: Doom2004StateSpec = {
    dice: p.dice.map((colour) => ({ colour, faces: d.dice[colour].faces })),
    range,
    accuracy: strength(p.attack, 'accuracy'),
    deadly: strength(p.attack, 'deadly'),
    melee: p.has('melee'),
    targets: [
      ...struck.map((g) => ({ armor: g.armor, left: g.health - g.wounds, ...(barrels.has(g.id) ? { barrels: barrels.get(g.id) } : {}) })),
      ...nearBarrels.map((g) => ({ armor: g.armor, left: g.health - g.wounds, struck: false, barrels: barrels.get(g.id) })),
    ],
    victims: [...struck, ...nearBarrels].map((g) => g.id),
    reroll: aimed && dodger ? null : aimed ? 'aim' : dodger ? 'dodge' : null,
  };
  // Knockback moves the target before the barrels go off; the odds count it where it stands.
  if (strength(p.attack, 'knockback') > 0 && primary && barrels.size) spec.estimate = 'knockback may move the target before the barrels explode';
  return spec;
}
