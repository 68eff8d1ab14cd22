/**
 * Numbers drawn as stroked path data instead of SVG text. A reach overlay carries a cost on every
 * reachable space (hundreds on a large board); as `<text>` elements each needs text layout and
 * glyph painting, which made a selection miss its frame. As one path it costs almost nothing.
 */

/** Strokes of the digits 0–9 in a box 4 wide and 7 high (y down), drawn with round joins. */
const GLYPHS: readonly string[] = [
  'M1 0h2l1 1v5l-1 1h-2l-1-1v-5z',
  'M0.8 1.6L2.4 0v7',
  'M0 1.3L1 0h2l1 1.3v1.2L0 7h4',
  'M0 0h4L2 3h1l1 1v2l-1 1H1L0 6',
  'M3 7V0L0 5h4',
  'M4 0H0.4L0 3h3l1 1v2l-1 1H1L0 6',
  'M3.6 0H2L0 3v3l1 1h2l1-1V4l-1-1H0',
  'M0 0h4L1.5 7',
  'M1 0h2l1 1v1L3 3.3H1L0 2V1zM1 3.3h2l1 1V6l-1 1H1L0 6V4.3z',
  'M0.4 7H2l2-3V1L3 0H1L0 1v2l1 1h3',
];

/** Width of a digit plus the gap to the next, in glyph units. */
const ADVANCE = 5.5;
const GLYPH_HEIGHT = 7;

/** Relative path commands, so a glyph can be placed with one absolute move. */
function relative(glyph: string): string {
  // Glyphs are written in absolute coordinates for legibility; convert once to relative commands.
  const out: string[] = [];
  let x = 0;
  let y = 0;
  let sx = 0;
  let sy = 0;
  const tokens = glyph.match(/[MLHVhvlz]|-?\d*\.?\d+/g) ?? [];
  let i = 0;
  const num = () => Number(tokens[i++]);
  let first = true;
  while (i < tokens.length) {
    const c = tokens[i++];
    switch (c) {
      case 'M': {
        const nx = num();
        const ny = num();
        out.push(first ? `M${nx} ${ny}` : `m${nx - x} ${ny - y}`);
        x = sx = nx;
        y = sy = ny;
        first = false;
        break;
      }
      case 'L': {
        const nx = num();
        const ny = num();
        out.push(`l${nx - x} ${ny - y}`);
        x = nx;
        y = ny;
        break;
      }
      case 'l': {
        const dx = num();
        const dy = num();
        out.push(`l${dx} ${dy}`);
        x += dx;
        y += dy;
        break;
      }
      case 'H': {
        const nx = num();
        out.push(`h${nx - x}`);
        x = nx;
        break;
      }
      case 'h': {
        const dx = num();
        out.push(`h${dx}`);
        x += dx;
        break;
      }
      case 'V': {
        const ny = num();
        out.push(`v${ny - y}`);
        y = ny;
        break;
      }
      case 'v': {
        const dy = num();
        out.push(`v${dy}`);
        y += dy;
        break;
      }
      case 'z':
        out.push('z');
        x = sx;
        y = sy;
        break;
      default:
        throw new Error(`unsupported glyph command ${c}`);
    }
  }
  return out.join('');
}

/** Each glyph as "start point" + relative commands (the start point is added at the glyph's place). */
const COMPILED = GLYPHS.map((g) => {
  const rel = relative(g);
  const m = /^M(-?[\d.]+) (-?[\d.]+)/.exec(rel)!;
  return { x: Number(m[1]), y: Number(m[2]), rest: rel.slice(m[0].length) };
});

/**
 * Path data for the non-negative integer `n`, right-aligned at `right` with its top at `top`,
 * `height` units tall (digits are 4/7 as wide as tall).
 */
export function numberPath(n: number, right: number, top: number, height: number): string {
  const text = String(Math.max(0, Math.trunc(n)));
  const k = height / GLYPH_HEIGHT;
  const rest = scaledGlyphs(k);
  let d = '';
  let left = right - (text.length * ADVANCE - (ADVANCE - 4)) * k;
  for (const ch of text) {
    const i = ch.charCodeAt(0) - 48;
    const g = COMPILED[i];
    d += `M${round(left + g.x * k)} ${round(top + g.y * k)}${rest[i]}`;
    left += ADVANCE * k;
  }
  return d;
}

const round = (v: number): number => Math.round(v * 100) / 100;
const scaled = new Map<number, string[]>();
/** The glyphs' relative commands at scale `k` (a board uses one or two sizes). */
function scaledGlyphs(k: number): string[] {
  let list = scaled.get(k);
  if (!list) {
    list = COMPILED.map((g) => g.rest.replace(/-?\d*\.?\d+/g, (v) => String(round(Number(v) * k))));
    scaled.set(k, list);
  }
  return list;
}
