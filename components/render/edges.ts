/**
 * Edges after the games' conventions: walls thick black, doors as bars across the wall line,
 * blocking terrain solid red, impassable terrain dotted red; opened doors dashed.
 */
import { svg, type SVGTemplateResult } from 'lit';
import { EdgeKind } from '../../src/core/types.ts';
import { onMap, type DrawModel } from '../model.ts';
import { S } from './geometry.ts';

/** Round dots every S/5 units along a horizontal or vertical run, filled: cheaper to paint than a dashed stroke. */
function dotsAlong(x1: number, y1: number, x2: number, y2: number): string {
  const r = 1.75;
  const n = Math.round(Math.max(x2 - x1, y2 - y1) / (S / 5));
  const dx = (x2 - x1) / n;
  const dy = (y2 - y1) / n;
  let d = '';
  for (let i = 0; i < n; i++) {
    const cx = x1 + (i + 0.5) * dx;
    const cy = y1 + (i + 0.5) * dy;
    d += `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
  }
  return d;
}

/**
 * Path data per edge kind, collinear runs of one kind merged into one segment; impassable runs as
 * dots (filled path data).
 */
export function edgePaths(m: DrawModel): Record<number, string> {
  const d: Record<number, string> = { 1: '', 2: '', 3: '', 4: '' };
  const { width: w, height: h } = m;
  for (let Y = 0; Y <= h; Y++) {
    let x = 0;
    while (x < w) {
      const k = m.hEdges[Y * w + x];
      if (!k || !(onMap(m, x, Y - 1) || onMap(m, x, Y))) {
        x++;
        continue;
      }
      const start = x;
      while (x < w && m.hEdges[Y * w + x] === k && (onMap(m, x, Y - 1) || onMap(m, x, Y))) x++;
      d[k] += k === EdgeKind.impassable ? dotsAlong(start * S, Y * S, x * S, Y * S) : `M${start * S} ${Y * S}H${x * S}`;
    }
  }
  for (let X = 0; X <= w; X++) {
    let y = 0;
    while (y < h) {
      const k = m.vEdges[y * (w + 1) + X];
      if (!k || !(onMap(m, X - 1, y) || onMap(m, X, y))) {
        y++;
        continue;
      }
      const start = y;
      while (y < h && m.vEdges[y * (w + 1) + X] === k && (onMap(m, X - 1, y) || onMap(m, X, y))) y++;
      d[k] += k === EdgeKind.impassable ? dotsAlong(X * S, start * S, X * S, y * S) : `M${X * S} ${start * S}V${y * S}`;
    }
  }
  return d;
}

const KEY_COLOURS: Record<string, string> = { red: '#d22', blue: '#26d', yellow: '#eb0', green: '#2a4' };

export function edgesLayer(m: DrawModel): SVGTemplateResult {
  const d = edgePaths(m);
  const seg = (s: { x1: number; y1: number; x2: number; y2: number }) => `M${s.x1 * S} ${s.y1 * S}L${s.x2 * S} ${s.y2 * S}`;
  const open = m.doors.filter((x) => x.open).map((x) => seg(x.segment)).join('');
  const keyed = m.doors.filter((x) => !x.open && x.key);
  return svg`
    <g class="edges" aria-hidden="true">
      <path class="impassable" d=${d[EdgeKind.impassable]}></path>
      <path class="blocking" d=${d[EdgeKind.blocking]}></path>
      <path class="wall" d=${d[EdgeKind.wall]}></path>
      <path class="door-frame" d=${d[EdgeKind.door]}></path>
      <path class="door" d=${d[EdgeKind.door]}></path>
      ${keyed.map((k) => svg`<path class="door-key" style=${`stroke:${KEY_COLOURS[k.key!] ?? k.key}`} d=${seg(k.segment)}></path>`)}
      ${open ? svg`<path class="door-open" d=${open}></path>` : null}
    </g>`;
}
