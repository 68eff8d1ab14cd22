/**
 * The top plans as arrows over the board (same SVG units as components/render: S per cell): from the
 * figure to its destination, then a dashed arrow on to the target and a dotted one to where the figure
 * steps after attacking (`then`), numbered by rank and labelled with the odds. Returns one `<g part="plans">` to put in the overlay layer.
 */
import { svg, type SVGTemplateResult } from 'lit';
import type { FigureView } from '../../src/rules/types.ts';
import type { Plan } from '../../src/ai/hints/plan.ts';
import { S, doubled } from '../render/geometry.ts';
import type { Box, Placed } from './label-placer.ts';
import { formatOdds } from './odds-format.ts';

const centre = (x: number, y: number, w = 1, h = 1) => ({ x: x * S + (w * S) / 2, y: y * S + (h * S) / 2 });

type Pt = { x: number; y: number };

/** A figure's token as drawn (components/render/figures.ts: 3 units inside its spaces). */
const token = (x: number, y: number, w: number, h: number): Box => ({ x: x * S + 3, y: y * S + 3, w: w * S - 6, h: h * S - 6 });

/**
 * Where the segment p→q leaves box b when p lies inside it, else p: the arrows start and end at the
 * tokens' edges, so that they never cover a figure's name.
 */
function exitPoint(p: Pt, q: Pt, b: Box): Pt {
  if (!(p.x > b.x && p.x < b.x + b.w && p.y > b.y && p.y < b.y + b.h)) return p;
  const dx = q.x - p.x, dy = q.y - p.y;
  let t = 1;
  if (dx !== 0) t = Math.min(t, ((dx > 0 ? b.x + b.w : b.x) - p.x) / dx);
  if (dy !== 0) t = Math.min(t, ((dy > 0 ? b.y + b.h : b.y) - p.y) / dy);
  return { x: p.x + t * dx, y: p.y + t * dy };
}

/** The placements a plan's move passes through (from the grid core's cheapest path), or null for a straight arrow. */
export type PathOf = (plan: Plan) => { x: number; y: number; o: number }[] | null;

/** A plan's attack as the engine's clear line of sight from its destination (doubled coordinates), or null for a centre-to-centre line. */
export type LineOf = (plan: Plan) => { from: { x: number; y: number }; to: { x: number; y: number } } | null;

/** Where a label of w×h goes beside a space (label-placer.ts); without one, above the space. */
export type Place = (w: number, h: number, space: Box) => Placed;

/** The thin line from a label placed away from its space to that space (none when they touch). */
export const leaderLine = (l: Placed['leader']) => (l ? svg`<line class="leader" x1=${l.x1} y1=${l.y1} x2=${l.x2} y2=${l.y2}></line>` : null);

/** A label's size for its text (SVG units; the text is 9 units high). */
export const labelSize = (text: string) => ({ w: text.length * 5 + 6, h: 12 });

export function planArrowsLayer(plans: Plan[], figures: FigureView[], ruleset = '', top = 3, pathOf?: PathOf, place?: Place, lineOf?: LineOf, thenPathOf?: PathOf): SVGTemplateResult | null {
  // A defense choice (doom2016) moves nothing and attacks nothing: its words say it, no arrow.
  const shown = plans.filter((p) => p.option !== 'defend').slice(0, top);
  if (!shown.length) return null;
  const arrows = shown.map((p, i) => {
    const f = figures.find((g) => g.id === p.figure);
    if (!f) return null;
    const from = centre(f.x, f.y, f.w, f.h);
    const [w, h] = p.to?.o ? [f.h, f.w] : [f.w, f.h];
    const at = p.to ? centre(p.to.x, p.to.y, w, h) : from;
    const t = p.target ? figures.find((g) => g.id === p.target) : undefined;
    // The attack along the line of sight the rules found (a centre-to-centre line may cross a wall's corner).
    const sight = t ? lineOf?.(p) : null;
    const line = sight ? { x: doubled(sight.from.x), y: doubled(sight.from.y) } : at;
    const aim = sight ? { x: doubled(sight.to.x), y: doubled(sight.to.y) } : t ? centre(t.x, t.y, t.w, t.h) : null;
    // From the attacker's token's edge (where it will stand) to the target's.
    const here = p.to ? token(p.to.x, p.to.y, w, h) : token(f.x, f.y, f.w, f.h);
    const start = aim ? exitPoint(line, aim, here) : line;
    const end = aim && t ? exitPoint(aim, line, token(t.x, t.y, t.w, t.h)) : aim;
    // "1 · 67% · 1.7 · 33%": rank, P(hit), expected damage, P(kill) (the hint's text says them in words).
    const label = `${i + 1}${p.odds ? ` · ${formatOdds(p.odds, ruleset).replace(/ (hit|dmg|wounds|hp|kill)/g, '')}` : ''}`;
    // The move follows its path round walls (a straight arrow would cross them), space centre to centre.
    const steps = p.to ? pathOf?.(p) : null;
    const points = steps && steps.length > 1 ? steps.map((q) => centre(q.x, q.y, ...((q.o ? [f.h, f.w] : [f.w, f.h]) as [number, number]))) : [from, at];
    points[0] = exitPoint(points[0], points[1], token(f.x, f.y, f.w, f.h)); // from the token's edge, clear of its name
    // The step out of reach after the attack (`then`), dotted: from the destination along its path.
    const at2 = (q: { x: number; y: number; o: number }) => centre(q.x, q.y, ...((q.o ? [f.h, f.w] : [f.w, f.h]) as [number, number]));
    const back = p.then ? thenPathOf?.(p) : null;
    const then = p.then ? (back && back.length > 1 ? back.map(at2) : [at, at2(p.then.to)]) : null;
    const size = labelSize(label);
    const spot = (place ?? ((_w, h, b) => ({ x: b.x, y: b.y - h - 1, leader: null })))(size.w, size.h, { x: at.x - (w * S) / 2, y: at.y - (h * S) / 2, w: w * S, h: h * S });
    return svg`
      <g class="plan plan-${i + 1}" data-rank=${i + 1} data-figure=${p.figure} data-target=${p.target ?? ''}>
        ${p.to ? svg`<polyline class="plan-move" points=${points.map((q) => `${q.x},${q.y}`).join(' ')} marker-end="url(#doom-plan-arrow)"></polyline>` : null}
        ${then ? svg`<polyline class="plan-then" points=${then.map((q) => `${q.x},${q.y}`).join(' ')} stroke-dasharray="1 4" marker-end="url(#doom-plan-arrow)"></polyline>` : null}
        ${end ? svg`<line class="plan-attack" x1=${start.x} y1=${start.y} x2=${end.x} y2=${end.y} stroke-dasharray="4 3" marker-end="url(#doom-plan-arrow)"></line>` : null}
        ${leaderLine(spot.leader)}<rect class="plan-label-bg" x=${spot.x} y=${spot.y} width=${size.w} height=${size.h} rx="2"></rect>
        <text class="plan-label" x=${spot.x + 3} y=${spot.y + 9.5}>${label}</text>
        <title>${p.reason}</title>
      </g>`;
  });
  return svg`
    <g part="plans" class="plans" aria-hidden="true">
      <defs><marker id="doom-plan-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"></path></marker></defs>
      ${arrows}
    </g>`;
}
