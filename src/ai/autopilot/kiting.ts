/**
 * The rollout player of the autopilot's search for its own side (issue 23): the greedy policy,
 * except that a doom2016 marine that has made its card's attack steps to the legal space farthest
 * from every enemy (the Chebyshev gap between footprints) and ends its activation — shoot and scoot, as the planner's
 * marines play (hints/plan.ts `then`). Greedy marines walk on into the demons after attacking, so
 * the search judged its candidates by a squad that plays otherwise: with this player the tutorial's
 * marines won 127 of 200 games against the Monte-Carlo peer, 119 with greedy (bench/RESULTS.md, AI).
 */
import type { Doom2016State } from '../../rules/doom2016/types.ts';
import type { Command } from '../../rules/types.ts';
import { gap, greedyPolicy, type Policy } from './policy.ts';

export function kitingGreedyPolicy(): Policy {
  const greedy = greedyPolicy();
  return {
    name: 'greedy, stepping back after attacking',
    reset: () => greedy.reset?.(),
    choose(ctx) {
      const s = ctx.state as Doom2016State;
      const a = s.ruleset === 'doom2016' ? s.active : null;
      // The card played had an attack, and it is made (the rules clear it): step back, then end.
      if (a?.kind === 'marine' && !s.pending && a.resolving && s.data.actionCards[a.resolving]?.attack && !a.attack) {
        const me = s.figures.find((f) => f.id === a.figure)!;
        const enemies = s.figures.filter((f) => f.side !== me.side);
        // The gap to each enemy's whole footprint (large demons too), as greedy measures it.
        const gapAt = (x: number, y: number) => Math.min(...enemies.map((e) => gap({ x, y, w: me.w, h: me.h }, e)));
        let best: Command | null = null;
        let far = gapAt(me.x, me.y);
        for (const c of ctx.legal) {
          if (c.type !== 'move') continue;
          const t = c.to as { x: number; y: number };
          const g = gapAt(t.x, t.y);
          if (g > far) [best, far] = [c, g];
        }
        const end = best ?? ctx.legal.find((c) => c.type === 'end');
        if (end) return end;
      }
      return greedy.choose(ctx);
    },
  };
}
