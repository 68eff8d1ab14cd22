/**
 * Figures with their footprint and orientation, side colour, short label, damage and markers;
 * tokens (portals, items, keys) underneath.
 */
import { noChange, svg, type SVGTemplateResult } from 'lit';
import { Directive, directive, type ElementPart } from 'lit/directive.js';
import { uniqueLabels } from '../coords.ts';
import type { DrawFigure, DrawModel, DrawToken } from '../model.ts';
import { S } from './geometry.ts';
import { escapeAttribute } from './grid-cells.ts';

/** Index of a side in the scenario's side order (for its colour); unknown sides take the next ones. */
export function sideIndex(m: DrawModel, side: string): number {
  const i = m.sides.indexOf(side);
  return (i < 0 ? m.sides.length : i) % 4;
}

const MARKER_LETTERS: Record<string, string> = { stunned: 'S', staggered: '!', activated: '✓', aim: 'A', guard: 'G', dodge: 'D', order: 'O' };

/** Scenario text (ids, labels) in markup. */
const esc = escapeAttribute;

function figureClass(m: DrawModel, f: DrawFigure, selected: boolean, targeted: boolean): string {
  return `figure side-${sideIndex(m, f.side)}${selected ? ' selected' : ''}${targeted ? ' targeted' : ''}${f.markers.includes('activated') ? ' spent' : ''}${f.markers.includes('activating') ? ' acting' : ''}`;
}

/** What is drawn inside a figure's `<g>`: its mark, label, damage and markers, as SVG markup. */
function figureBody(f: DrawFigure, label: string): string {
  const x = f.x * S + 3;
  const y = f.y * S + 3;
  const w = f.w * S - 6;
  const h = f.h * S - 6;
  const large = f.w * f.h > 1;
  let out = '';
  if (f.markers.includes('activating')) out += `<rect class="acting-ring" x="${x - 2.5}" y="${y - 2.5}" width="${w + 5}" height="${h + 5}" rx="${large ? 10 : 14}"></rect>`;
  out += `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${large ? 8 : 12}"></rect>`;
  // Orientation: a notch on the "front" (long) side of a large non-square figure.
  if (large && f.w !== f.h) out += `<path class="facing" d="${f.w > f.h ? `M${x + w / 2 - 5} ${y}l5 5l5 -5` : `M${x} ${y + h / 2 - 5}l5 5l-5 5`}"></path>`;
  // No label (spaces too small to read it): no element either — 606 empty <text> cost the 201×201 board's first render style and layout for nothing.
  // Three or four characters ("Ma2", "Mar1") in smaller type on a one-space figure (four at 8 px: "Mar1" at 9 touched the round edge): in the 12 px
  // bold type they ran over the figure's edge and over the label beside it.
  const fit = f.w === 1 && label.length > 2 ? ` style="font-size:${label.length > 3 ? 8 : 10.5}px"` : '';
  if (label) out += `<text class="figure-label" x="${x + w / 2}" y="${y + h / 2 + 4}"${fit}>${esc(label)}</text>`;
  if (f.damage) out += `<g class="damage"><circle cx="${x + w - 3}" cy="${y + 3}" r="7"></circle><text x="${x + w - 3}" y="${y + 6}">${esc(String(f.damage))}</text></g>`;
  // Activated / activating are drawn as the tick and the ring, not as letters.
  let i = 0;
  for (const k of f.markers) {
    if (k === 'activated' || k === 'activating') continue;
    out += `<g class="marker"><rect x="${x - 2 + i * 11}" y="${y + h - 9}" width="11" height="11" rx="2"></rect><text x="${x + 3.5 + i * 11}" y="${y + h - 0.5}">${esc(MARKER_LETTERS[k] ?? k.charAt(0).toUpperCase())}</text></g>`;
    i++;
  }
  if (f.markers.includes('activated')) out += `<text class="spent-mark" x="${x + w - 4}" y="${y + h - 2}">✓</text>`;
  return out;
}

/**
 * Draws the figures into the layer's `<g>` as markup, not as one Lit template instance each: a
 * 201×201 board's 606 figures cost more to clone and bind one by one (importNode, ten attribute
 * parts each) than the rest of its first render; one string is parsed by the browser in one go.
 * Afterwards only what changed is written: a selection sets two figures' class (the `<g>` stays,
 * so its CSS transition runs as before), a move or new damage rewrites that figure's inside.
 */
class FigureMarks extends Directive {
  private figures: readonly DrawFigure[] | null = null;
  private sides: DrawModel['sides'] | null = null;
  private fine = true;
  private ids: string[] = [];
  private classes: string[] = [];
  private bodies: string[] = [];
  private nodes: Element[] = [];
  /** Each figure's place in the lists above, by id. */
  private index = new Map<string, number>();
  private selected: string | null = null;
  private targets: string[] = [];

  render(_m: DrawModel, _selected: string | null, _targets: ReadonlySet<string>, _fine: boolean): unknown {
    return noChange;
  }

  override update(part: ElementPart, [m, selected, targets, fine]: [DrawModel, string | null, ReadonlySet<string>, boolean]): unknown {
    const figs = m.figures;
    const layer = part.element;
    // The same figures and labels (a selection): only the figures selected or targeted before or
    // now can change their class — two or three of a campaign map's hundreds.
    if (figs === this.figures && m.sides === this.sides && fine === this.fine && layer.childElementCount === this.ids.length) {
      for (const id of new Set([this.selected, selected, ...this.targets, ...targets])) {
        const i = id === null ? undefined : this.index.get(id);
        if (i === undefined) continue;
        const cls = figureClass(m, figs[i], id === selected, targets.has(id!));
        if (cls !== this.classes[i]) this.nodes[i].setAttribute('class', (this.classes[i] = cls));
      }
      Object.assign(this, { selected, targets: [...targets] });
      return noChange;
    }
    const classes = figs.map((f) => figureClass(m, f, f.id === selected, targets.has(f.id)));
    const labels = fine ? labelsOf(m) : null;
    const bodies = figs.map((f) => figureBody(f, labels?.get(f.id) ?? ''));
    const ids = figs.map((f) => f.id);
    if (ids.length !== this.ids.length || ids.some((id, i) => id !== this.ids[i]) || layer.childElementCount !== ids.length) {
      let markup = '';
      for (let i = 0; i < ids.length; i++) markup += `<g class="${classes[i]}" data-figure="${esc(ids[i])}">${bodies[i]}</g>`;
      layer.innerHTML = markup;
      this.nodes = [...layer.children];
      this.index = new Map(ids.map((id, i) => [id, i]));
    } else {
      for (let i = 0; i < ids.length; i++) {
        if (classes[i] !== this.classes[i]) this.nodes[i].setAttribute('class', classes[i]);
        if (bodies[i] !== this.bodies[i]) this.nodes[i].innerHTML = bodies[i];
      }
    }
    Object.assign(this, { figures: figs, sides: m.sides, fine, ids, classes, bodies, selected, targets: [...targets] });
    return noChange;
  }
}

const figureMarks = directive(FigureMarks);

/**
 * The figures layer. Without `fine` (a large board whose spaces are too small to read,
 * geometry.ts READABLE_PX) the short labels are left out: 600 lines of type under 3 px cost text
 * layout and show nothing.
 */
export function figuresLayer(m: DrawModel, selected: string | null, targets: ReadonlySet<string>, fine = true): SVGTemplateResult {
  return svg`<g class="figures" aria-hidden="true" ${figureMarks(m, selected, targets, fine)}></g>`;
}

let labelCache: { figures: DrawModel['figures'] | null; ids: string; labels: Map<string, string> } = { figures: null, ids: '', labels: new Map() };

/** Labels change only when the set of figures does. */
function labelsOf(m: DrawModel): Map<string, string> {
  if (labelCache.figures === m.figures) return labelCache.labels;
  const ids = m.figures.map((f) => f.id);
  const key = ids.join('\n');
  if (key !== labelCache.ids) labelCache = { figures: m.figures, ids: key, labels: uniqueLabels(ids) };
  else labelCache.figures = m.figures;
  return labelCache.labels;
}

const TOKEN_COLOURS: Record<string, string> = { red: '#d22', blue: '#26d', yellow: '#eb0', green: '#2a4', purple: '#93c' };

/** A token's icon at its space (the legend draws it at space 0,0). */
export function tokenIcon(t: DrawToken): SVGTemplateResult {
  const cx = t.x * S + S / 2;
  const cy = t.y * S + S / 2;
  const colour = t.color ? TOKEN_COLOURS[t.color] ?? t.color : undefined;
  switch (t.kind) {
    case 'portal':
      return svg`<circle class="token portal" cx=${cx} cy=${cy} r=${S * 0.38} style=${colour ? `stroke:${colour}` : ''}></circle>`;
    case 'key':
      return svg`<g class="token key" style=${colour ? `fill:${colour}` : ''}><circle cx=${cx - 5} cy=${cy} r="5"></circle><rect x=${cx - 1} y=${cy - 2} width="12" height="4"></rect></g>`;
    case 'medkit':
    case 'health':
      return svg`<path class="token medkit" d=${`M${cx - 3} ${cy - 9}h6v6h6v6h-6v6h-6v-6h-6v-6h6z`}></path>`;
    case 'armor':
      return svg`<path class="token armor" d=${`M${cx - 9} ${cy - 9}h18v7c0 7 -5 10 -9 12c-4 -2 -9 -5 -9 -12z`}></path>`;
    case 'ammo':
      return svg`<g class="token ammo"><rect x=${cx - 9} y=${cy - 8} width="5" height="16" rx="2"></rect><rect x=${cx - 2.5} y=${cy - 8} width="5" height="16" rx="2"></rect><rect x=${cx + 4} y=${cy - 8} width="5" height="16" rx="2"></rect></g>`;
    case 'weapon':
      return svg`<path class="token weapon" d=${`M${cx - 11} ${cy - 5}h22v6h-12l-2 7h-5l1 -7h-4z`}></path>`;
    case 'adrenaline':
    case 'berserk':
      return svg`<path class=${`token ${t.kind}`} d=${`M${cx + 2} ${cy - 11}l-9 13h6l-3 9l10 -14h-6z`}></path>`;
    default:
      // Any other kind: a diamond with the kind's initial, so kinds stay apart.
      return svg`<g class="token item"><path d=${`M${cx} ${cy - 10}l10 10l-10 10l-10 -10z`}></path><text class="token-letter" x=${cx} y=${cy + 4}>${t.kind.charAt(0).toUpperCase()}</text></g>`;
  }
}

export function tokensLayer(m: DrawModel): SVGTemplateResult {
  return svg`<g class="tokens" aria-hidden="true">${m.tokens.map(tokenIcon)}</g>`;
}
