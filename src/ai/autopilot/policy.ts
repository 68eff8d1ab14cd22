/**
 * Pluggable policies: given the state and the commands a side may send now, pick one. The
 * autopilot (planner.ts) and two baselines for measuring it: a random legal command, and a greedy
 * "attack the nearest enemy, else walk towards it".
 */
import type { GameState } from '../../rules/engine.ts';
import type { Command } from '../../rules/types.ts';
import { EdgeKind } from '../../core/types.ts';

export interface DecisionContext {
  state: GameState;
  side: string;
  /** The legal commands of `side` now (never empty). */
  legal: Command[];
  /** Milliseconds the policy may think. */
  budgetMs: number;
}

export interface Policy {
  name: string;
  choose(ctx: DecisionContext): Command;
  /** Forget any plan in progress (e.g. after a refused command or an undo). */
  reset?(): void;
}

/** A seeded generator for the policies' own choices (the game's dice stay in the game's rng). */
export function lcg(seed: number): () => number {
  let t = seed >>> 0;
  return () => ((t = (Math.imul(t, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** A random legal command: a random kind first, then one of that kind (moves would swamp the rest). */
export function randomPolicy(seed = 1): Policy {
  const r = lcg(seed);
  return {
    name: 'random legal',
    choose({ legal }) {
      const kinds = [...new Set(legal.map((c) => c.type))];
      const kind = kinds[Math.floor(r() * kinds.length)];
      const of = legal.filter((c) => c.type === kind);
      return of[Math.floor(r() * of.length)];
    },
  };
}

import { distanceAt, walkDistance, type Box } from './walk.ts';
/** Chebyshev gap between two footprints (0 when they touch or overlap). */
export const gap = (a: Box, b: Box) => Math.max(0, b.x - (a.x + a.w), a.x - (b.x + b.w), b.y - (a.y + a.h), a.y - (b.y + b.h));

/** Closed doors (the cells on both sides of each) that `side` could open: where a greedy figure goes when no enemy is on the board. */
function closedDoorCells(s: GameState): Box[] {
  const cell = (i: number, w: number): Box => ({ x: i % w, y: Math.floor(i / w), w: 1, h: 1 });
  if (s.ruleset === 'doom2004') {
    const W = s.board.width;
    return s.doors.filter((d) => !d.open && (d.key === null || s.keys.includes(d.key))).flatMap((d) => d.cells.map((i) => cell(i, W)));
  }
  if (s.ruleset !== 'doom2016') return [];
  const { width: w, height: h, hEdges, vEdges } = s.board;
  const out: Box[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (y > 0 && hEdges[y * w + x] === EdgeKind.door) out.push(cell(y * w + x, w), cell((y - 1) * w + x, w));
      if (x > 0 && vEdges[y * (w + 1) + x] === EdgeKind.door) out.push(cell(y * w + x, w), cell(y * w + x - 1, w));
    }
  }
  return out;
}

/**
 * What a greedy figure walks to: the enemies on the board; else, to explore as the missions need,
 * the unrevealed areas (doom2004) or the closed doors (doom2016).
 */
function goalsOf(s: GameState, side: string): Box[] {
  const enemies = (s.figures as (Box & { side: string })[]).filter((g) => g.side !== side);
  if (enemies.length) return enemies;
  if (s.ruleset === 'doom2004') {
    const W = s.board.width;
    const hidden = s.areas.filter((a) => !a.revealed).flatMap((a) => a.cells).map((i) => ({ x: i % W, y: Math.floor(i / W), w: 1, h: 1 }));
    if (hidden.length) return hidden;
  }
  return closedDoorCells(s);
}

const targetOf = (s: GameState, c: Command): (Box & { side: string }) | undefined => {
  if (typeof c.target === 'string') return (s.figures as (Box & { id: string; side: string })[]).find((g) => g.id === c.target);
  const t = c.target as { x: number; y: number } | undefined;
  return t ? (s.figures as (Box & { side: string })[]).find((g) => t.x >= g.x && t.x < g.x + g.w && t.y >= g.y && t.y < g.y + g.h) : undefined;
};

/**
 * Greedy: attack the nearest enemy when an attack is legal; else start an activation or play a
 * card that brings an attack (a doom2016 marine with none Sprints); else step to the legal
 * destination nearest to an enemy by walking distance (walk.ts: round walls, through closed doors)
 * — with no enemy on the board, nearest to a closed door it may open (the missions are won by
 * exploring); when no step brings it nearer, open a door next to it if it may (it walks through
 * the doors on its way); else end. Other choices (defense cards, re-rolls, summons, status) take the
 * first legal option.
 */
export function greedyPolicy(): Policy {
  const moved = new Set<string>();
  return {
    name: 'greedy nearest',
    reset: () => moved.clear(),
    choose({ state: s, legal }) {
      const figures = s.figures as (Box & { id: string; side: string })[];
      const by = (id: unknown) => figures.find((g) => g.id === id);
      const attacks = legal.filter((c) => c.type === 'attack' && targetOf(s, c) && targetOf(s, c)!.side !== by(c.figure)?.side && !c.ability);
      if (attacks.length) {
        const f = by(attacks[0].figure)!;
        return attacks.reduce((b, c) => (gap(f, targetOf(s, c)!) < gap(f, targetOf(s, b)!) ? c : b));
      }
      const pick = (type: string, ok: (c: Command) => boolean = () => true) => legal.find((c) => c.type === type && ok(c));
      if (s.ruleset === 'doom2016') {
        const card = (c: Command) => s.data.actionCards[c.card as string];
        const play = pick('play', (c) => !!card(c)?.attack && card(c).action === 'main') ?? pick('play', (c) => !!card(c)?.attack);
        if (play && !moved.has(`${play.figure}:${s.round}:${play.card}`)) {
          moved.add(`${play.figure}:${s.round}:${play.card}`);
          return play;
        }
        // No attack card to play: Sprint (discarding the first card) to walk towards the goal.
        const sprint = pick('sprint');
        if (sprint && !play) return sprint;
      }
      const start = pick('action', (c) => c.action === 'advance' && !c.adrenaline) ?? pick('activate') ?? pick('activate-demons');
      if (start) return start;
      const moves = legal.filter((c) => c.type === 'move');
      if (moves.length) {
        const f = by(moves[0].figure);
        if (f) {
          const dist = walkDistance(s, goalsOf(s, f.side), s.ruleset !== 'd20' && f.side === s.marineSide);
          const W = s.board.width;
          // A large figure may rotate: its footprint at the destination.
          const at = (c: Command) => {
            const t = c.to as { x: number; y: number; o?: number };
            const g = t.o ? { ...f, w: f.h, h: f.w } : f;
            return distanceAt(dist, W, g, t.x, t.y);
          };
          const here = distanceAt(dist, W, f);
          const best = moves.reduce((b, c) => (at(c) < at(b) ? c : b));
          if (at(best) < here) return best;
        }
      }
      const door = pick('open-door');
      if (door) return door;
      return pick('end') ?? pick('end-turn') ?? pick('pass') ?? pick('respawn') ?? pick('status', (c) => !(c.discard as unknown[])?.length)
        ?? pick('defend', (c) => !c.reveal && !(c.play as unknown[])?.length) ?? pick('press', (c) => !(c.play as unknown[])?.length)
        ?? pick('reroll', (c) => !(c.dice as unknown[]).length) ?? legal[0];
    },
  };
}
