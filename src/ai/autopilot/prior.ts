/**
 * The order in which the tree search (ismcts.ts) tries a side's legal commands: a cheap prior, so
 * that a node that may try only a few (progressive widening) tries the likely good ones first —
 * the greedy policy's choice, then attacks, then the other actions (cards, activations, doors, the
 * rules' small questions), then ending, then moves alternately towards and away from the enemies
 * (nearest, farthest, next nearest, …: closing in and stepping back are both worth trying).
 */
import type { GameState } from '../../rules/engine.ts';
import type { Command } from '../../rules/types.ts';
import { gap, greedyPolicy } from './policy.ts';
import type { Box } from './walk.ts';

const ENDS = new Set(['end', 'end-turn', 'pass']);

export function priorOrder(s: GameState, who: string, legal: Command[]): Command[] {
  if (legal.length <= 1) return legal;
  const first = greedyPolicy().choose({ state: s, side: who, legal, budgetMs: 0 });
  const rest = legal.filter((c) => c !== first);
  const attacks = rest.filter((c) => c.type === 'attack');
  const moves = rest.filter((c) => c.type === 'move');
  const ends = rest.filter((c) => ENDS.has(c.type));
  const others = rest.filter((c) => c.type !== 'attack' && c.type !== 'move' && !ENDS.has(c.type));
  return [first, ...attacks, ...others, ...ends, ...alternate(s, moves)];
}

/** Moves by the gap to the nearest enemy: nearest, farthest, second nearest, second farthest, … */
function alternate(s: GameState, moves: Command[]): Command[] {
  if (moves.length <= 2) return moves;
  const figures = s.figures as (Box & { id: string; side: string })[];
  const me = figures.find((f) => f.id === moves[0].figure);
  if (!me) return moves;
  const enemies = figures.filter((f) => f.side !== me.side);
  if (!enemies.length) return moves;
  const gapAt = (c: Command) => {
    const t = c.to as { x: number; y: number; o?: number };
    const box = t.o ? { x: t.x, y: t.y, w: me.h, h: me.w } : { x: t.x, y: t.y, w: me.w, h: me.h };
    let g = Infinity;
    for (const e of enemies) g = Math.min(g, gap(box, e));
    return g;
  };
  // Ties keep the rules' order (stable sort): deterministic.
  const sorted = moves.map((c, k) => [c, gapAt(c), k] as const).sort((a, b) => a[1] - b[1] || a[2] - b[2]).map(([c]) => c);
  const out: Command[] = [];
  for (let lo = 0, hi = sorted.length - 1; lo <= hi; lo++, hi--) {
    out.push(sorted[lo]);
    if (hi !== lo) out.push(sorted[hi]);
  }
  return out;
}
