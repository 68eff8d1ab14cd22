/**
 * Overlay layers redrawn on selection: reachable spaces with their cost, the cheapest path,
 * line-of-sight fog, LOS lines (clear and blocked, with the blocking feature), targets.
 * Only these layers change when the selection changes; the board layers stay as drawn.
 */
import { svg, type SVGTemplateResult } from 'lit';
import type { Blocker, Placement, SightExplanation, TestedLine } from '../../src/core/types.ts';
import type { DrawModel } from '../model.ts';
import { Cell } from '../../src/core/types.ts';
import { columnName } from '../coords.ts';
import { numberPath } from './digits.ts';
import { doubled, S } from './geometry.ts';

export interface ReachCell {
  x: number;
  y: number;
  /** MP to get there, when known. */
  cost?: number;
}

/** A selected figure's fog (what it cannot see, `los` 0) and reach (where it can go, with the costs). */
export function selectionLayers(m: DrawModel, selection: { los: Uint8Array | null; cells: ReachCell[] }, readable: boolean): Array<SVGTemplateResult | null> {
  return [fogLayer(m, selection.los), reachLayer(m, selection.cells, true, 'reach', readable)];
}

export function fogLayer(m: DrawModel, los: Uint8Array | null): SVGTemplateResult | null {
  if (!los) return null;
  // One pass over the board, no per-cell closure or array: a 201×201 board has 40,401 spaces.
  return svg`<path class="fog" aria-hidden="true" d=${fogRuns(m.width, m.height, m.cells, los)}></path>`;
}

/** Path data of the spaces on the map and out of sight: one rectangle per horizontal run. */
function fogRuns(w: number, h: number, cells: Uint8Array, los: Uint8Array): string {
  let d = '';
  for (let y = 0, i = 0; y < h; y++) {
    let start = -1;
    for (let x = 0; x < w; x++, i++) {
      const fog = (cells[i] & Cell.on) !== 0 && !los[i];
      if (fog && start < 0) start = x;
      else if (!fog && start >= 0) {
        d += `M${start * S} ${y * S}h${(x - start) * S}v${S}h${-(x - start) * S}z`;
        start = -1;
      }
    }
    if (start >= 0) d += `M${start * S} ${y * S}h${(w - start) * S}v${S}h${-(w - start) * S}z`;
  }
  return d;
}

/** Path data of the cells' spaces, inset by 1: one rectangle per horizontal run, in any order, once each. */
function cellsPath(m: DrawModel, cells: ReachCell[]): string {
  const { width: w, height: h } = m;
  const at = new Int32Array(cells.length);
  let n = 0;
  let sorted = true;
  for (const c of cells) {
    if (c.x < 0 || c.y < 0 || c.x >= w || c.y >= h) continue;
    at[n] = c.y * w + c.x;
    sorted &&= !n || at[n] > at[n - 1];
    n++;
  }
  // A reach's cells come in order; hints and blasts are few.
  const list = sorted ? at.subarray(0, n) : at.subarray(0, n).sort();
  let d = '';
  for (let k = 0; k < n; ) {
    const start = list[k];
    let end = start;
    // A run: the next spaces of the same row (a space listed twice counts once).
    while (++k < n && (list[k] === end || (list[k] === end + 1 && list[k] % w !== 0))) end = list[k];
    const len = (end - start + 1) * S - 2;
    d += `M${(start % w) * S + 1} ${Math.floor(start / w) * S + 1}h${len}v${S - 2}h${-len}z`;
  }
  return d;
}

/**
 * Highlighted spaces (`reach`: where the selected figure can go; also hints and blast areas). With
 * `showCost`, their costs for scripts, and as digits while spaces are `readable` (geometry.ts).
 */
export function reachLayer(m: DrawModel, cells: ReachCell[], showCost: boolean, kind = 'reach', readable = true): SVGTemplateResult | null {
  if (!cells.length) return null;
  return svg`
    <g class=${kind} aria-hidden="true">
      <path class="reach-cells" d=${cellsPath(m, cells)}></path>
      ${showCost ? svg`<path class="cost" d=${readable ? costsPath(cells) : ''} data-costs=${costsList(cells)}></path>` : null}
    </g>`;
}

/** Every known cost as one path of stroked digits in the top right corner of its space. */
function costsPath(cells: ReachCell[]): string {
  let d = '';
  for (const c of cells) if (c.cost !== undefined) d += numberPath(c.cost, c.x * S + S - 4, c.y * S + 3.5, 7.5);
  return d;
}

/** Column names by index, made once (a campaign map's reach lists thousands of spaces). */
const COLUMN_NAMES: string[] = [];

/** The same costs readable by scripts and tests: "B1:1 D1:4 …". */
function costsList(cells: ReachCell[]): string {
  let list = '';
  for (const c of cells) if (c.cost !== undefined) list += `${list ? ' ' : ''}${(COLUMN_NAMES[c.x] ??= columnName(c.x))}${c.y + 1}:${c.cost}`;
  return list;
}

export function pathLayer(steps: Placement[] | null, w: number, h: number): SVGTemplateResult | null {
  if (!steps || steps.length < 2) return null;
  const pts = steps.map((p) => {
    const [fw, fh] = p.o ? [h, w] : [w, h];
    return `${p.x * S + (fw * S) / 2},${p.y * S + (fh * S) / 2}`;
  });
  const last = steps[steps.length - 1];
  const [fw, fh] = last.o ? [h, w] : [w, h];
  return svg`
    <g class="path" aria-hidden="true">
      <polyline points=${pts.join(' ')}></polyline>
      <rect class="ghost" x=${last.x * S + 3} y=${last.y * S + 3} width=${fw * S - 6} height=${fh * S - 6} rx="8"></rect>
    </g>`;
}

export function targetsLayer(m: DrawModel, cells: { x: number; y: number; w: number; h: number }[]): SVGTemplateResult | null {
  if (!cells.length) return null;
  return svg`<g class="attack-targets" aria-hidden="true">${cells.map((c) => svg`<rect x=${c.x * S + 1} y=${c.y * S + 1} width=${c.w * S - 2} height=${c.h * S - 2} rx="4"></rect>`)}</g>`;
}

/**
 * The blocking feature of a line. Unlike the line itself, a blocker is given in plain corner
 * coordinates (corner (X,Y) is X·S, Y·S) and cell coordinates: see `blockerOf` in src/core/explain.ts.
 */
function blockerShape(b: Blocker): SVGTemplateResult[] {
  const out: SVGTemplateResult[] = [];
  if ('edge' in b) out.push(svg`<line class="blocker-edge" x1=${b.edge.x1 * S} y1=${b.edge.y1 * S} x2=${b.edge.x2 * S} y2=${b.edge.y2 * S}></line>`);
  if ('corner' in b) out.push(svg`<circle class="blocker-corner" cx=${b.corner.x * S} cy=${b.corner.y * S} r="5"></circle>`);
  if ('cell' in b) out.push(svg`<rect class="blocker-cell" x=${b.cell.x * S + 2} y=${b.cell.y * S + 2} width=${S - 4} height=${S - 4}></rect>`);
  return out;
}

const line = (l: TestedLine, cls: string) =>
  svg`<line class=${cls} x1=${doubled(l.from.x)} y1=${doubled(l.from.y)} x2=${doubled(l.to.x)} y2=${doubled(l.to.y)}></line>`;

/** A box in doubled coordinates. */
export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * The line through `l`'s two points, clipped to `box` (Liang–Barsky). d20 explanations give two
 * critical points of a clear line; the line itself runs on from the attacker's space to the target's.
 */
export function extendLine(l: TestedLine, box: Box): TestedLine {
  const dx = l.to.x - l.from.x;
  const dy = l.to.y - l.from.y;
  if (dx === 0 && dy === 0) return l;
  let t0 = -Infinity;
  let t1 = Infinity;
  for (const [p, q] of [[-dx, l.from.x - box.x1], [dx, box.x2 - l.from.x], [-dy, l.from.y - box.y1], [dy, box.y2 - l.from.y]]) {
    if (p === 0) {
      if (q < 0) return l;
      continue;
    }
    const r = q / p;
    if (p < 0) t0 = Math.max(t0, r);
    else t1 = Math.min(t1, r);
  }
  if (t0 > t1 || !Number.isFinite(t0) || !Number.isFinite(t1)) return l;
  return { ...l, from: { x: l.from.x + t0 * dx, y: l.from.y + t0 * dy }, to: { x: l.from.x + t1 * dx, y: l.from.y + t1 * dy } };
}

/**
 * The lines that decide LOS and cover: the clear LOS line (or every blocked one), and for cover the
 * blocked cover lines; each blocking feature is highlighted once.
 */
export function sightLayer(e: SightExplanation | null, extendTo?: Box): SVGTemplateResult | null {
  if (!e) return null;
  const clear = e.losLines.filter((l) => !l.blocked).map((l) => (extendTo ? extendLine(l, extendTo) : l));
  const blocked = e.losLines.filter((l) => l.blocked);
  const coverBlocked = e.cover ? e.coverLines.filter((l) => l.blocked) : [];
  const seen = new Set<string>();
  const blockers: SVGTemplateResult[] = [];
  for (const l of e.los ? coverBlocked : blocked) {
    if (!l.blocker) continue;
    const key = JSON.stringify(l.blocker);
    if (seen.has(key)) continue;
    seen.add(key);
    blockers.push(...blockerShape(l.blocker));
  }
  return svg`
    <g class="sight" aria-hidden="true">
      ${e.los ? coverBlocked.map((l) => line(l, 'cover-line')) : blocked.map((l) => line(l, 'los-blocked'))}
      ${clear.slice(0, 1).map((l) => line(l, 'los-clear'))}
      ${blockers}
    </g>`;
}

export function cursorLayer(x: number, y: number, visible: boolean): SVGTemplateResult | null {
  if (!visible) return null;
  return svg`<rect class="cursor" aria-hidden="true" x=${x * S + 1.5} y=${y * S + 1.5} width=${S - 3} height=${S - 3} rx="3"></rect>`;
}
