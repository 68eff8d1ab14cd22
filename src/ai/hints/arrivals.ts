/**
 * Enemies that are not on the board yet but can arrive before the acting figure's next activation
 * (issue 39): they count in its exposure — where it moves, and where it steps back after attacking —
 * and are never targets.
 *
 * doom2016 (RULES §2.4 portals, the tutorial's "summon at the first door"): while portals wait for the
 * first door a marine opens, each portal's strongest group (the most health: what the hints advise
 * the invader to summon) stands on or next to its portal as the rules would place it, seen on the
 * board with every door open — the summon comes right after a door opens. In the traced games the
 * tutorial's marines opened the door and walked next to the portal, or stepped back after attacking
 * onto spaces the two summoned cacodemons reached: 23 of 28 marine deaths in the losses.
 */
import type { SightMap } from '../../core/types.ts';
import { EdgeKind } from '../../core/types.ts';
import { nearestPlacements } from '../../rules/doom2016/geometry.ts';
import { summonGroups } from '../../rules/doom2016/invader.ts';
import { boardOf } from '../../rules/doom2016/state.ts';
import type { Doom2016Figure, Doom2016State } from '../../rules/doom2016/types.ts';
import type { Enemy } from './types.ts';

export interface Arriving {
  enemies: Enemy[];
  /** An arriving enemy's sight map, on the board as it will be when it arrives (made when first asked: most are too far to matter). */
  sightMap(id: string): SightMap;
}

/** The demons a doom2016 summon would place, as figures of a copy of `s` with every door open. */
export function doom2016Arrivals(s: Doom2016State, me: Doom2016Figure, enemyOf: (f: Doom2016Figure) => Enemy): Arriving | null {
  if (me.side !== s.marineSide || s.mission.summon !== 'first-door') return null;
  const portals = s.tokens.filter((t) => t.kind === 'portal' && summonGroups(s, t.color as string).length);
  if (!portals.length) return null;
  const open = (edges: number[]) => edges.map((k) => (k === EdgeKind.door ? EdgeKind.none : k));
  const ghost: Doom2016State = { ...s, board: { ...s.board, hEdges: open(s.board.hEdges), vEdges: open(s.board.vEdges) }, figures: [...s.figures] };
  const health = (types: string[]) => types.reduce((t, k) => t + (s.data.units[k]?.health ?? 0), 0);
  const arrived: Doom2016Figure[] = [];
  for (const p of portals) {
    // The strongest group (most health; the first of equals): the worst case the marines can meet.
    const group = summonGroups(s, p.color as string).reduce((b, g) => (health(g.demons) > health(b.demons) ? g : b));
    group.demons.forEach((type, k) => {
      const [w, h] = s.data.units[type]?.size ?? [1, 1];
      const spot = nearestPlacements(ghost, p.x, p.y, w, h, s.invaderSide, 1, 1)[0];
      if (!spot) return;
      const f: Doom2016Figure = { id: `${type} from ${p.id} (${k + 1})`, side: s.invaderSide, type, x: spot.x, y: spot.y, w, h, damage: 0, stunned: false };
      ghost.figures.push(f);
      arrived.push(f);
    });
  }
  if (!arrived.length) return null;
  let board: ReturnType<typeof boardOf> | null = null;
  return {
    enemies: arrived.map(enemyOf),
    sightMap(id) {
      board ??= boardOf(ghost, [me.id]);
      return board.sightMap(board.figureIndex(id));
    },
  };
}
