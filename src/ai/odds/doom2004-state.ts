/**
 * The doom2004 odds spec of an attack in a game state, read exactly as src/rules/doom2004/attack.ts
 * resolves it: the weapon's (or invader's) dice and abilities, the range to the target space, the
 * figures a blast reaches, each one's armor and wounds left, and who may re-roll (aim / dodge).
 */
import { profileOf, sightOf } from '../../rules/doom2004/attack.ts';
import { figuresOn } from '../../rules/doom2004/damage.ts';
import { strength } from '../../rules/doom2004/dice.ts';
import { dataOf, figureAt, rangeFrom, type D4Figure, type D4State } from '../../rules/doom2004/state.ts';
import type { Doom2004Spec } from './doom2004.ts';

export interface Doom2004SpecOptions {
  /** An aimed attack (the attacker discards its aim order). */
  aimed?: boolean;
  /** The range to the target space when the caller knows it (else a sight map is computed). */
  range?: number;
}

export interface Doom2004StateSpec extends Doom2004Spec {
  /** Ids of the figures in `targets`, in order (the nominated space's figure first). */
  victims: string[];
}

export function doom2004SpecOf(s: D4State, f: D4Figure, weapon: string | null, target: { x: number; y: number }, o: Doom2004SpecOptions = {}): Doom2004StateSpec {
  const p = profileOf(s, f, weapon);
  const d = dataOf(s);
  const W = s.board.width;
  const range = o.range ?? sightOf(s, f, p.has('seeking'))[p.has('seeking') ? 'seekingRange' : 'range']![target.y * W + target.x];
  const radius = strength(p.attack, 'blast');
  const primary = figureAt(s, target.x, target.y);
  let hitFigures: D4Figure[] = primary ? [primary] : [];
  if (radius > 0) {
    const area = new Set<number>();
    rangeFrom(s, target.x, target.y).forEach((r, i) => r >= 0 && r <= radius && area.add(i));
    hitFigures = [...hitFigures, ...figuresOn(s, area).filter((g) => g !== primary)];
  }
  const dodger = primary && primary.marine && primary.order === 'dodge' && primary.id !== f.id;
  const aimed = o.aimed === true || p.has('aimed');
  return {
    dice: p.dice.map((colour) => ({ colour, faces: d.dice[colour].faces })),
    range,
    accuracy: strength(p.attack, 'accuracy'),
    deadly: strength(p.attack, 'deadly'),
    melee: p.has('melee'),
    targets: hitFigures.map((g) => ({ armor: g.armor, left: g.health - g.wounds })),
    victims: hitFigures.map((g) => g.id),
    reroll: aimed && dodger ? null : aimed ? 'aim' : dodger ? 'dodge' : null,
  };
}
