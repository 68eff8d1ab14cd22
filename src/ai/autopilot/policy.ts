/**
 * Pluggable policies: given the state and the commands a side may send now, pick one. The
 * autopilot (planner.ts) and two baselines for measuring it: a random legal command, and a greedy
 * "attack the nearest enemy, else walk towards it".
 */
import type { GameState } from '../../rules/engine.ts';
import type { Command } from '../../rules/types.ts';

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

type Box = { x: number; y: number; w: number; h: number };
/** Chebyshev gap between two footprints (0 when they touch or overlap). */
export const gap = (a: Box, b: Box) => Math.max(0, b.x - (a.x + a.w), a.x - (b.x + b.w), b.y - (a.y + a.h), a.y - (b.y + b.h));

function nearestGap(s: GameState, f: Box & { side: string }, at?: { x: number; y: number }): number {
  const me = at ? { ...f, x: at.x, y: at.y } : f;
  let best = Infinity;
  for (const g of s.figures as (Box & { side: string })[]) if (g.side !== f.side) best = Math.min(best, gap(me, g));
  return best;
}

const targetOf = (s: GameState, c: Command): (Box & { side: string }) | undefined => {
  if (typeof c.target === 'string') return (s.figures as (Box & { id: string; side: string })[]).find((g) => g.id === c.target);
  const t = c.target as { x: number; y: number } | undefined;
  return t ? (s.figures as (Box & { side: string })[]).find((g) => t.x >= g.x && t.x < g.x + g.w && t.y >= g.y && t.y < g.y + g.h) : undefined;
};

/**
 * Greedy: attack the nearest enemy when an attack is legal; else start an activation or play a
 * card that brings an attack; else step to the legal destination nearest to an enemy; else end.
 * Other choices (defense cards, re-rolls, summons, status) take the first legal option.
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
      }
      const start = pick('action', (c) => c.action === 'advance' && !c.adrenaline) ?? pick('activate') ?? pick('activate-demons');
      if (start) return start;
      const moves = legal.filter((c) => c.type === 'move');
      if (moves.length) {
        const f = by(moves[0].figure);
        if (f) {
          const here = nearestGap(s, f);
          const best = moves.reduce((b, c) => (nearestGap(s, f, c.to as Box) < nearestGap(s, f, b.to as Box) ? c : b));
          if (nearestGap(s, f, best.to as Box) < here) return best;
        }
      }
      return pick('end') ?? pick('end-turn') ?? pick('pass') ?? pick('respawn') ?? pick('status', (c) => !(c.discard as unknown[])?.length)
        ?? pick('defend', (c) => !c.reveal && !(c.play as unknown[])?.length) ?? pick('press', (c) => !(c.play as unknown[])?.length)
        ?? pick('reroll', (c) => !(c.dice as unknown[]).length) ?? legal[0];
    },
  };
}
