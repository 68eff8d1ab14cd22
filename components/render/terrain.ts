/**
 * The static board: floor, grid lines, terrain letters and the coordinate ruler. Built once per
 * board as a few paths (runs of cells), never one element per cell where a path will do.
 */
import { svg, type SVGTemplateResult } from 'lit';
import { columnName } from '../coords.ts';
import { Cell } from '../../src/core/types.ts';
import type { DrawModel } from '../model.ts';
import { S } from './geometry.ts';

/** Path data of the cells `i` (row-major index) with `bit` set in `kind[i]`: one rectangle per horizontal run. */
export function indexRuns(width: number, height: number, kind: ArrayLike<number>, bit: number, inset = 0): string {
  let d = '';
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; ) {
      if (!(kind[i] & bit)) {
        x++;
        i++;
        continue;
      }
      const start = x;
      while (x < width && kind[i] & bit) {
        x++;
        i++;
      }
      const w = (x - start) * S - 2 * inset;
      d += `M${start * S + inset} ${y * S + inset}h${w}v${S - 2 * inset}h${-w}z`;
    }
  }
  return d;
}

/** Terrain kinds of a cell, as bits (a cell may have several: `T` is a teleporter on difficult terrain). */
const ON = 1, DIFFICULT = 2, LOW = 4, HAZARD = 8, OBSTACLE = 16, HIDDEN = 32;
const BITS: Record<string, number> = { d: DIFFICULT, T: DIFFICULT, l: LOW, h: HAZARD, o: OBSTACLE };

/** Dots per space edge, their spacing and half-size; a dot is a square drawn from its corner. */
const DOTS = 5;
const DOT_STEP = S / DOTS;
const DOT_R = 1.1;
const DOT_FIRST = Math.round((DOT_STEP / 2 - DOT_R) * 100) / 100;
const DOT = `h${2 * DOT_R}v${2 * DOT_R}h${-2 * DOT_R}z`;

/**
 * Grid lines (between two on-map cells) or, with `dots`, the dotted outline of difficult terrain
 * (between a difficult cell and one that is not), along every line between rows, then columns.
 * Dots are filled squares, not a dashed stroke: dashing hundreds of outline pieces was most of the
 * board's paint time. Each run of dots is one move and then relative ones.
 */
function linesPath(kind: Uint8Array, w: number, h: number, dots: boolean): string {
  const bit = dots ? DIFFICULT : ON;
  const outer = dots ? 0 : 1;
  let d = '';
  for (const across of [true, false]) {
    const lines = across ? h : w;
    const along = across ? w : h;
    const step = across ? 1 : w;
    for (let L = outer; L <= lines - outer; L++) {
      // The cells on both sides of line L at position k are before + k·step and after + k·step
      // (-1: off the board). Plain loops: a 201×201 board has 80,000 of these pairs per pass.
      const before = L === 0 ? -1 : across ? (L - 1) * w : L - 1;
      const after = L === lines ? -1 : across ? L * w : L;
      let start = -1;
      for (let k = 0; k <= along; k++) {
        let on = false;
        if (k < along) {
          const a = before < 0 ? 0 : kind[before + k * step] & bit;
          const b = after < 0 ? 0 : kind[after + k * step] & bit;
          on = dots ? a !== b : (a & b) !== 0;
        }
        if (on) {
          if (start < 0) start = k;
          continue;
        }
        if (start < 0) continue;
        if (!dots) d += across ? `M${start * S} ${L * S}H${k * S}` : `M${L * S} ${start * S}V${k * S}`;
        else d += (across ? `M${start * S + DOT_FIRST} ${L * S - DOT_R}` : `M${L * S - DOT_R} ${start * S + DOT_FIRST}`) + DOT + (across ? `m${DOT_STEP} 0${DOT}` : `m0 ${DOT_STEP}${DOT}`).repeat(DOTS * (k - start) - 1);
        start = -1;
      }
    }
  }
  return d;
}

/**
 * One pass over the map: each cell's kinds, and the shapes drawn once per cell (marks, rings).
 * `fine`: the dotted outline of difficult terrain is drawn (on a large board whose spaces are too
 * small to see its dots, geometry.ts READABLE_PX, it is left out: a 201×201 map has ~50,000 dots).
 */
export function terrainLayer(m: DrawModel, coordinates: boolean, fine = true): SVGTemplateResult {
  const { width: w, height: h } = m;
  const q = S / 4;
  const cross = (cx: number, cy: number) => `M${cx - q} ${cy - q}l${2 * q} ${2 * q}M${cx + q} ${cy - q}l${-2 * q} ${2 * q}`;
  const ring = (r: number) => (cx: number, cy: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
  const SHAPES: Record<string, [cls: string, shape: (cx: number, cy: number) => string]> = {
    l: ['low-mark', cross],
    o: ['obstacle-mark', cross],
    b: ['barrel', ring(S * 0.3)],
    u: ['duct', (cx, cy) => `M${cx - q} ${cy - q}h${2 * q}M${cx - q} ${cy}h${2 * q}M${cx - q} ${cy + q}h${2 * q}`],
    t: ['teleporter', (cx, cy) => ring(S * 0.34)(cx, cy) + ring(S * 0.18)(cx, cy)],
    i: ['teleporter-off', ring(S * 0.3)],
  };
  SHAPES.T = SHAPES.t;
  const marks: Record<string, string> = { 'low-mark': '', 'obstacle-mark': '', barrel: '', duct: '', teleporter: '', 'teleporter-off': '' };
  const kind = new Uint8Array(w * h);
  // The kinds some cell has: a pass over the board for each kind that none has is skipped.
  let present = ON | HIDDEN;
  for (let y = 0, i = 0; y < h; y++) {
    const row = m.map[y] ?? '';
    for (let x = 0; x < w; x++, i++) {
      kind[i] = m.cells[i] & Cell.on ? ON : 0;
      const c = row[x];
      // Most spaces are floor: one comparison.
      if (c === '.') continue;
      const bits = BITS[c] ?? 0;
      kind[i] |= bits;
      present |= bits;
      const shape = SHAPES[c];
      if (shape) marks[shape[0]] += shape[1](x * S + S / 2, y * S + S / 2);
    }
  }
  for (const i of m.hidden) kind[i] |= HIDDEN;
  const runs = (bit: number, inset = 0) => (present & bit ? indexRuns(w, h, kind, bit, inset) : '');
  const hidden = m.hidden.size ? runs(HIDDEN) : '';
  return svg`
    <g class="terrain" aria-hidden="true">
      <path class="floor" d=${runs(ON)}></path>
      <path class="difficult-fill" d=${runs(DIFFICULT)}></path>
      <path class="low" d=${runs(LOW, 4)}></path>
      <path class="low-mark" d=${marks['low-mark']}></path>
      <path class="hazard" d=${runs(HAZARD, 2)}></path>
      <path class="obstacle" d=${runs(OBSTACLE, 2)}></path>
      <path class="obstacle-mark" d=${marks['obstacle-mark']}></path>
      <path class="barrel" d=${marks.barrel}></path>
      <path class="duct" d=${marks.duct}></path>
      <path class="teleporter" d=${marks.teleporter}></path>
      <path class="teleporter-off" d=${marks['teleporter-off']}></path>
      <path class="grid-line" d=${linesPath(kind, w, h, false)}></path>
      <path class="difficult-line" d=${fine ? linesPath(kind, w, h, true) : ''}></path>
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
