/**
 * The board as drawn: the static drawing (cells, terrain, edges, tokens) and, as separate SVG layers
 * above it, what changes with a selection: reach and fog; the figures; the path, LOS lines and focus
 * (which change with every key). A layer that did not change is neither laid out nor painted again:
 * on a 201×201 board with 600 figures, repainting them with every selection cost as much as the rest.
 * Fog and reach are computed again only when the selection changes (a selection renders the element
 * several times: the status, the grid's labels), not on every render.
 * Over them, the focusable keyboard grid whose cells are written outside the template (grid-cells.ts).
 */
import { html, nothing, svg, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import type { Placement, SightExplanation } from '../../src/core/types.ts';
import type { Cursor } from '../interaction/keyboard.ts';
import type { Selection } from '../interaction/selection.ts';
import type { DrawModel } from '../model.ts';
import { edgesLayer } from './edges.ts';
import { figuresLayer, tokensLayer } from './figures.ts';
import { S, viewBox } from './geometry.ts';
import { cursorLayer, pathLayer, reachLayer, selectionLayers, sightLayer, targetsLayer, type Box, type ReachCell } from './overlays.ts';
import { terrainLayer } from './terrain.ts';

/** What is drawn over the board. */
export interface Overlays {
  selected: string | null;
  target: string | null;
  /** A targeted space (doom2004 attacks nominate spaces). */
  targetCell: Cursor | null;
  explanation: SightExplanation | null;
  selection: Selection;
  path: Placement[] | null;
  /** Play: what the selected figure may attack, figure ids or `@x,y` spaces. */
  attackTargets: Iterable<string>;
  /** Spaces a blast would hit. */
  blast: ReachCell[];
  hintCells: ReachCell[];
  /** Drawn over the figures (the AI's odds and plan arrows). */
  extra?: unknown;
  cursor: Cursor;
  focused: boolean;
}

/** Listeners of the keyboard grid; Lit calls them with the element as `this`. */
export interface GridListeners {
  keydown: (e: KeyboardEvent) => void;
  focus: () => void;
  blur: () => void;
  pointerdown: (e: PointerEvent) => void;
  pointermove: (e: PointerEvent) => void;
  pointerup: (e: PointerEvent) => void;
  pointercancel: () => void;
  touchmove: { handleEvent: (e: TouchEvent) => void; passive: boolean };
  contextmenu: (e: Event) => void;
  pointerleave: () => void;
}

export interface BoardViewOptions {
  coordinates: boolean;
  /** Accessible name of the grid. */
  label: string;
  /** The keys the grid understands, read as its description. */
  keysHelp: string;
  /** Board width as a multiple of the width that fits (1: fit). */
  zoom: number;
  /** Spaces are drawn large enough for reach costs and the ruler (geometry.ts READABLE_PX). */
  readable: boolean;
}

const zoomClass = (zoom: number): string => (zoom > 1 ? 'board-scroll zoomed' : zoom < 1 ? 'board-scroll fit' : 'board-scroll');

function targetRects(m: DrawModel, keys: Iterable<string>): { x: number; y: number; w: number; h: number }[] {
  const rects = [];
  for (const key of keys) {
    const f = m.figures.find((g) => g.id === key);
    if (f) rects.push(f);
    else if (key.startsWith('@')) {
      const [x, y] = key.slice(1).split(',').map(Number);
      rects.push({ x, y, w: 1, h: 1 });
    }
  }
  return rects;
}

/** d20 lines run across both footprints: the box (doubled coordinates) the witness line is drawn in. */
function sightBox(m: DrawModel, selected: string | null, target: string | null): Box | undefined {
  if (m.ruleset !== 'd20' || !selected || !target) return undefined;
  const a = m.figures.find((f) => f.id === selected);
  const t = m.figures.find((f) => f.id === target);
  if (!a || !t) return undefined;
  return {
    x1: 2 * Math.min(a.x, t.x), y1: 2 * Math.min(a.y, t.y),
    x2: 2 * Math.max(a.x + a.w, t.x + t.w), y2: 2 * Math.max(a.y + a.h, t.y + t.h),
  };
}

export function boardView(m: DrawModel, o: Overlays, opts: BoardViewOptions, on: GridListeners): TemplateResult {
  const coords = opts.coordinates;
  const ruler = coords && opts.readable;
  const vb = viewBox(m.width, m.height, coords);
  const pct = (v: number, of: number) => `${((v / of) * 100).toFixed(4)}%`;
  const gridStyle = `left:${pct(-vb.x, vb.w)};top:${pct(-vb.y, vb.h)};width:${pct(m.width * S, vb.w)};height:${pct(m.height * S, vb.h)}`;
  const sel = m.figures.find((f) => f.id === o.selected);
  const e = o.explanation;
  const { x: cx, y: cy } = o.cursor;
  const box = `${vb.x} ${vb.y} ${vb.w} ${vb.h}`;
  return html`
    <div class=${zoomClass(opts.zoom)}>
    <div class="board" part="board" style=${`--cols:${(vb.w / S).toFixed(3)};${opts.zoom > 1 ? `width:${opts.zoom * 100}%` : 'max-width:calc(var(--doom-cell-max, 52px) * var(--cols))'}`}>
      <svg class="board-svg" part="svg" viewBox=${box} aria-hidden="true" focusable="false">
        ${guard([m.cells, m.map, m.hEdges, m.vEdges, m.hidden, ruler, opts.readable], () => terrainLayer(m, ruler, opts.readable))}
        ${guard([m.hEdges, m.vEdges, m.doors], () => edgesLayer(m))}
        ${guard([m.tokens], () => tokensLayer(m))}
      </svg>
      <svg class="layer overlay-svg" part="overlay" viewBox=${box} aria-hidden="true" focusable="false">
        ${guard([m, o.selection, !e, opts.readable], () => (e ? nothing : selectionLayers(m, o.selection, opts.readable)))}
        ${targetsLayer(m, targetRects(m, o.attackTargets))}
        ${o.blast.length ? reachLayer(m, o.blast, false, 'blast') : nothing}
        ${o.hintCells.length ? reachLayer(m, o.hintCells, false) : nothing}
      </svg>
      <svg class="layer" part="overlay" viewBox=${box} aria-hidden="true" focusable="false">
        ${guard([m.figures, m.sides, o.selected, o.target, opts.readable], () => figuresLayer(m, o.selected, new Set(o.target ? [o.target] : []), opts.readable))}
      </svg>
      <svg class="layer" part="overlay" viewBox=${box} aria-hidden="true" focusable="false">
        ${sel ? pathLayer(o.path, sel.w, sel.h) : nothing}
        ${sightLayer(e, sightBox(m, o.selected, o.target))}
        ${o.extra ?? nothing}
        ${o.targetCell ? svg`<rect class="blocker-cell" x=${o.targetCell.x * S + 2} y=${o.targetCell.y * S + 2} width=${S - 4} height=${S - 4}></rect>` : nothing}
        ${cursorLayer(cx, cy, o.focused)}
      </svg>
      <div
        class="grid"
        part="grid"
        role="grid"
        tabindex="0"
        aria-label=${opts.label}
        aria-rowcount=${m.height}
        aria-colcount=${m.width}
        aria-describedby="keys"
        aria-activedescendant=${`c-${cx}-${cy}`}
        style=${gridStyle}
        @keydown=${on.keydown}
        @focus=${on.focus}
        @blur=${on.blur}
        @pointerdown=${on.pointerdown}
        @pointermove=${on.pointermove}
        @pointerup=${on.pointerup}
        @pointercancel=${on.pointercancel}
        @touchmove=${on.touchmove}
        @contextmenu=${on.contextmenu}
        @pointerleave=${on.pointerleave}
      ></div>
    </div>
    </div>
    <p id="keys" class="visually-hidden">${opts.keysHelp}</p>`;
}
