/**
 * Where the enemies can hurt the acting figure (plan.ts): what each enemy's sight map makes of a
 * footprint, the expected damage and the risk of dying there before the figure's next activation,
 * and how many friends share each enemy's attack.
 */
import type { FigureData, SightMap } from '../../core/types.ts';
import type { Odds } from '../odds/dist.ts';
import type { Cell, Enemy, Exposure, Sighting, Situation } from './types.ts';

/** Which cells a footprint at `c` covers. */
export function footprint(me: Pick<FigureData, 'w' | 'h'>, c: Cell): number[][] {
  const [w, h] = c.o ? [me.h, me.w] : [me.w, me.h];
  const out: number[][] = [];
  for (let y = c.y; y < c.y + h; y++) for (let x = c.x; x < c.x + w; x++) out.push([x, y]);
  return out;
}

/** The least of a distance map (-1: none) over a footprint's cells; Infinity when none is reached. */
export function distanceOf(map: Int32Array, width: number, cells: number[][]): number {
  let best = Infinity;
  for (const [x, y] of cells) {
    const v = map[y * width + x];
    if (v >= 0 && v < best) best = v;
  }
  return best;
}

/** What enemy `m` (its sight map) makes of the footprint at `c`: the best cell for it. */
export function seenAt(map: SightMap, width: number, cells: number[][]): Sighting {
  let best: Sighting = { los: false, cover: true, range: -1 };
  for (const [x, y] of cells) {
    const i = y * width + x;
    const r = map.range[i];
    const los = map.los[i] === 1;
    if (los && (!best.los || (map.cover[i] === 0 && best.cover) || (r >= 0 && r < best.range))) best = { los, cover: map.cover[i] === 1, range: r };
    else if (!best.los && r >= 0 && (best.range < 0 || r < best.range)) best = { los: false, cover: true, range: r };
  }
  return best;
}

/** P(damage summed over attacks reaches `left`): the mass at ≥ left, attacks added one by one. */
class DeathOdds {
  private alive: number[];
  dead = 0;
  constructor(private left: number) {
    this.alive = [1, ...new Array<number>(left - 1).fill(0)];
  }
  /** An attack with this damage distribution, made with probability `weight`. */
  add(d: readonly number[], weight: number): void {
    const next = this.alive.map((p) => p * (1 - weight));
    for (let i = 0; i < this.left; i++) {
      const p = this.alive[i] * weight;
      if (!p) continue;
      for (let k = 0; k < d.length; k++) {
        if (i + k < this.left) next[i + k] += p * d[k];
        else this.dead += p * d[k];
      }
    }
    this.alive = next;
  }
}

/**
 * An exposure and what the plans' scores count of it: with `sharers`, each enemy's attack is shared
 * with the friends it can also attack (it attacks one figure per activation), 1 / (1 + their number).
 */
export type Exposed = Exposure & { scored: { expected: number; death: number } };

/** The exposure of the footprint at `c` to every enemy's next attack. */
export function threatAt(s: Situation, maps: Map<string, SightMap>, cells: number[][], width: number, zones: Map<string, Uint8Array | null>, sharers: Map<string, number> | null): Exposed {
  const attackers: Exposure['attackers'] = [];
  let expected = 0;
  let scoredExpected = 0;
  // Only where a death is worth something to the enemy's mission.
  const left = Math.max(1, s.myLeft);
  const death = s.deathWorth ? new DeathOdds(left) : null;
  const scoredDeath = s.deathWorth && sharers ? new DeathOdds(left) : death;
  // Friends a blast aimed here would hit too (issue 39: one cyberdemon attack fragged two marines
  // standing together): the scores count their damage as well, and the attack is not shared.
  const friends = s.enemies.some((e) => e.threat?.blast) ? s.board.data.figures.filter((f) => f.side === s.me.side && f.id !== s.me.id) : [];
  const within = (r: number) => friends.filter((f) => cells.some(([x, y]) => Math.max(0, f.x - x, x - (f.x + f.w - 1), f.y - y, y - (f.y + f.h - 1)) <= r)).length;
  const attack = (e: Enemy, o: Odds, weight: number, now: boolean) => {
    const splash = e.threat?.blast ? within(e.threat.blast) : 0;
    const share = splash ? 1 + splash : 1 / (1 + (sharers?.get(e.id) ?? 0));
    expected += o.expected * weight;
    scoredExpected += o.expected * weight * share;
    death?.add(o.damage, weight);
    if (scoredDeath !== death) scoredDeath?.add(o.damage, weight * Math.min(1, share));
    attackers.push({ id: e.id, expected: o.expected * weight, now });
  };
  for (const e of s.enemies) {
    if (!e.threat) continue;
    const zone = zones.get(e.id);
    if (zone) {
      if (cells.some(([x, y]) => zone[y * width + x] === 1)) attack(e, e.threat.odds(false, 1), 1, false);
      continue;
    }
    const seen = seenAt(maps.get(e.id)!, width, cells);
    if (seen.range < 0) continue;
    const t = e.threat;
    const direct = seen.los && seen.range <= t.range;
    // An enemy that must move first is counted at half weight: it may not find a line of sight.
    const after = !direct && seen.range <= t.range + t.move;
    if (!direct && !after) continue;
    attack(e, t.odds(direct ? seen.cover : false, Math.min(seen.range, t.range)), direct || t.sure ? 1 : 0.5, direct);
  }
  return { expected, death: death?.dead ?? 0, attackers, scored: { expected: scoredExpected, death: scoredDeath?.dead ?? 0 } };
}

/**
 * How many of the acting figure's friends each enemy can attack next from where they stand (the
 * same test as threatAt's: in sight and range, or within range + move).
 */
export function sharersOf(s: Situation, maps: Map<string, SightMap>, width: number): Map<string, number> {
  const friends = s.board.data.figures.filter((f) => f.side === s.me.side && f.id !== s.me.id);
  const out = new Map<string, number>();
  for (const e of s.enemies) {
    const t = e.threat;
    if (!t) continue;
    let n = 0;
    for (const f of friends) {
      const v = seenAt(maps.get(e.id)!, width, footprint(f, { x: f.x, y: f.y, o: 0 }));
      if (v.range >= 0 && ((v.los && v.range <= t.range) || v.range <= t.range + t.move)) n++;
    }
    out.set(e.id, n);
  }
  return out;
}
