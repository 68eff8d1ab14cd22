/**
 * The static board: floor, grid lines, terrain letters and the coordinate ruler. Built once per
 * board as a few paths (runs of cells), never one element per cell where a path will do.
 */
import { svg, type SVGTemplateResult } from 'lit';
import { columnName } from '../coords.ts';
import { onMap, type DrawModel } from '../model.ts';
import { S } from './geometry.ts';

/** Path data covering the cells for which `test` holds, one rectangle per horizontal run. */
export function runsPath(m: DrawModel, test: (x: number, y: number) => boolean, inset = 0): string {
  let d = '';
  for (let y = 0; y < m.height; y++) {
    let x = 0;
    while (x < m.width) {
      if (!test(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (x < m.width && test(x, y)) x++;
      const w = (x - start) * S - 2 * inset;
      d += `M${start * S + inset} ${y * S + inset}h${w}v${S - 2 * inset}h${-w}z`;
    }
  }
  return d;
}

/** Path data of one shape per cell for which `test` holds, drawn by `shape(cx, cy)` at the cell's centre. */
function perCell(m: DrawModel, test: (x: number, y: number) => boolean, shape: (cx: number, cy: number) => string): string {
  let d = '';
  for (let y = 0; y < m.height; y++) for (let x = 0; x < m.width; x++) if (test(x, y)) d += shape(x * S + S / 2, y * S + S / 2);
  return d;
}

/** Grid lines between on-map cells (interior edges only; walls are drawn by the edge layer). */
function gridPath(m: DrawModel): string {
  let d = '';
  for (let Y = 1; Y < m.height; Y++) {
    let x = 0;
    while (x < m.width) {
      if (!(onMap(m, x, Y - 1) && onMap(m, x, Y))) {
        x++;
        continue;
      }
      const start = x;
      while (x < m.width && onMap(m, x, Y - 1) && onMap(m, x, Y)) x++;
      d += `M${start * S} ${Y * S}H${x * S}`;
    }
  }
  for (let X = 1; X < m.width; X++) {
    let y = 0;
    while (y < m.height) {
      if (!(onMap(m, X - 1, y) && onMap(m, X, y))) {
        y++;
        continue;
      }
      const start = y;
      while (y < m.height && onMap(m, X - 1, y) && onMap(m, X, y)) y++;
      d += `M${X * S} ${start * S}V${y * S}`;
    }
  }
  return d;
}

/**
 * The dotted outline of a region (cell edges between a cell in it and one outside it), as filled
 * dots rather than a dashed stroke: dashing hundreds of outline pieces was most of the board's
 * paint time.
 */
function dottedOutlinePath(m: DrawModel, inRegion: (x: number, y: number) => boolean): string {
  const DOTS = 5;
  const step = S / DOTS;
  const r = 1.1;
  const dot = (cx: number, cy: number) => `M${cx - r} ${cy - r}h${2 * r}v${2 * r}h${-2 * r}z`;
  let d = '';
  for (let y = 0; y < m.height; y++)
    for (let x = 0; x < m.width; x++) {
      if (!inRegion(x, y)) continue;
      for (let i = 0; i < DOTS; i++) {
        const t = (i + 0.5) * step;
        if (!inRegion(x, y - 1)) d += dot(x * S + t, y * S);
        if (!inRegion(x, y + 1)) d += dot(x * S + t, (y + 1) * S);
        if (!inRegion(x - 1, y)) d += dot(x * S, y * S + t);
        if (!inRegion(x + 1, y)) d += dot((x + 1) * S, y * S + t);
      }
    }
  return d;
}

export function terrainLayer(m: DrawModel, coordinates: boolean): SVGTemplateResult {
  const letter = (x: number, y: number) => (x >= 0 && y >= 0 && x < m.width && y < m.height ? m.map[y][x] : ' ');
  const is = (chars: string) => (x: number, y: number) => chars.includes(letter(x, y));
  const difficult = is('dT');
  const q = S / 4;
  const ring = (r: number) => (cx: number, cy: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
  const hidden = m.hidden.size ? runsPath(m, (x, y) => m.hidden.has(y * m.width + x)) : '';
  return svg`
    <g class="terrain" aria-hidden="true">
      <path class="floor" d=${runsPath(m, (x, y) => onMap(m, x, y))}></path>
      <path class="difficult-fill" d=${runsPath(m, difficult)}></path>
      <path class="low" d=${runsPath(m, is('l'), 4)}></path>
      <path class="low-mark" d=${perCell(m, is('l'), (cx, cy) => `M${cx - q} ${cy - q}l${2 * q} ${2 * q}M${cx + q} ${cy - q}l${-2 * q} ${2 * q}`)}></path>
      <path class="hazard" d=${runsPath(m, is('h'), 2)}></path>
      <path class="obstacle" d=${runsPath(m, is('o'), 2)}></path>
      <path class="obstacle-mark" d=${perCell(m, is('o'), (cx, cy) => `M${cx - q} ${cy - q}l${2 * q} ${2 * q}M${cx + q} ${cy - q}l${-2 * q} ${2 * q}`)}></path>
      <path class="barrel" d=${perCell(m, is('b'), ring(S * 0.3))}></path>
      <path class="duct" d=${perCell(m, is('u'), (cx, cy) => `M${cx - q} ${cy - q}h${2 * q}M${cx - q} ${cy}h${2 * q}M${cx - q} ${cy + q}h${2 * q}`)}></path>
      <path class="teleporter" d=${perCell(m, is('tT'), (cx, cy) => ring(S * 0.34)(cx, cy) + ring(S * 0.18)(cx, cy))}></path>
      <path class="teleporter-off" d=${perCell(m, is('i'), ring(S * 0.3))}></path>
      <path class="grid-line" d=${gridPath(m)}></path>
      <path class="difficult-line" d=${dottedOutlinePath(m, difficult)}></path>
      ${hidden ? svg`<path class="hidden-area" d=${hidden}></path>` : null}
      ${coordinates ? ruler(m) : null}
    </g>`;
}

function ruler(m: DrawModel): SVGTemplateResult {
  const cols = [];
  for (let x = 0; x < m.width; x++) cols.push(svg`<text x=${x * S + S / 2} y="-6">${columnName(x)}</text>`);
  const rows = [];
  for (let y = 0; y < m.height; y++) rows.push(svg`<text x="-5" y=${y * S + S / 2 + 4} class="row">${y + 1}</text>`);
  return svg`<g class="ruler">${cols}${rows}</g>`;
}
