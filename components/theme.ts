/**
 * Styles of `<doom-board>`: every colour is a `--doom-*` custom property with a light and a dark
 * default (`theme="light|dark|auto"`, auto follows `prefers-color-scheme`). Motion is turned off
 * under `prefers-reduced-motion`.
 */
import { css } from 'lit';

/** The dark palette, for theme="dark" and for theme="auto" when the system asks for dark. */
const dark = css`
  --doom-bg: #16161b;
  --doom-text: #ececf1;
  --doom-muted: #b4b4c0;
  --doom-floor: #2b2b33;
  --doom-grid-line: #4a4a57;
  --doom-wall: #f2f2f2;
  --doom-door: #e0a43a;
  --doom-blocking: #ff5a5f;
  --doom-impassable: #ff5a5f;
  --doom-difficult: #6ea0ff;
  --doom-difficult-fill: rgba(110, 160, 255, 0.16);
  --doom-obstacle: #8d8d99;
  --doom-low: #a07850;
  --doom-teleporter: #2dd4bf;
  --doom-side-0: #3b7ddd;
  --doom-side-1: #d2453b;
  --doom-reach: rgba(74, 222, 128, 0.25);
  --doom-reach-text: #bbf7d0;
  --doom-blast: rgba(251, 146, 60, 0.4);
  --doom-path: #4ade80;
  --doom-fog: rgba(0, 0, 0, 0.45);
  --doom-los-clear: #4ade80;
  --doom-los-blocked: #f87171;
  --doom-cover: #fb923c;
  --doom-focus: #c4b5fd;
  --doom-error-bg: #3b1512;
  --doom-error-text: #ffb4a9;
  --doom-button-bg: #26262e;
  --doom-button-border: #6b6b7a;
`;

export const styles = css`
  :host {
    --doom-bg: #ffffff;
    --doom-text: #1b1b1f;
    --doom-muted: #4a4a55;
    --doom-floor: #eceae4;
    --doom-void: transparent;
    --doom-grid-line: #b9b5aa;
    --doom-wall: #111111;
    --doom-door: #c98a1b;
    --doom-blocking: #d0161b;
    --doom-impassable: #d0161b;
    --doom-difficult: #1f5fd6;
    --doom-difficult-fill: rgba(31, 95, 214, 0.12);
    --doom-obstacle: #5c5c5c;
    --doom-barrel: #d9661a;
    --doom-hazard: #f0c419;
    --doom-low: #b58a5a;
    --doom-teleporter: #0e9c8f;
    --doom-side-0: #1d5fbf;
    --doom-side-1: #b3261e;
    --doom-side-2: #2e7d32;
    --doom-side-3: #6a3fa0;
    --doom-figure-text: #ffffff;
    --doom-reach: rgba(46, 160, 67, 0.28);
    --doom-reach-text: #14532d;
    --doom-blast: rgba(234, 88, 12, 0.35);
    --doom-path: #15803d;
    --doom-fog: rgba(20, 20, 30, 0.22);
    --doom-los-clear: #15803d;
    --doom-los-blocked: #b91c1c;
    --doom-cover: #c2410c;
    --doom-blocker: #f59e0b;
    --doom-target: #b91c1c;
    --doom-focus: #7c3aed;
    --doom-error-bg: #fdecea;
    --doom-error-text: #8a1c12;
    --doom-button-bg: #f1f1f4;
    --doom-button-border: #8a8a99;
    --doom-font: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    --doom-max-width: 100%;
    --doom-cell-max: 52px;
    --doom-cell-min: 45px;
    display: block;
    max-width: var(--doom-max-width);
    color: var(--doom-text);
    background: var(--doom-bg);
    font-family: var(--doom-font);
    font-size: 0.95rem;
    line-height: 1.35;
  }
  :host([hidden]) {
    display: none;
  }
  :host([theme='dark']) {
    ${dark}
  }
  @media (prefers-color-scheme: dark) {
    :host([theme='auto']) {
      ${dark}
    }
  }

  .frame { position: relative; }
  .board { position: relative; width: 100%; }
  /* The board and its overlays are separate layers, so a selection repaints only the overlays. */
  svg.board-svg { display: block; width: 100%; height: auto; user-select: none; will-change: transform; }
  svg.layer { position: absolute; inset: 0; width: 100%; height: 100%; user-select: none; pointer-events: none; will-change: transform; }
  .grid {
    position: absolute;
    display: flex;
    flex-direction: column;
    outline: none;
    /* A swipe scrolls the page and a pinch zooms; a figure is dragged by touch only after a long
       press or from its selection, and then the element cancels the touch moves itself. */
    touch-action: manipulation;
    -webkit-touch-callout: none;
    user-select: none;
  }
  .board-scroll { overflow: auto; max-width: 100%; }
  /* More of the board beyond an edge of its box: that edge fades (controllers/scroll-cue.ts). */
  .board-scroll.more-right { --doom-fade: linear-gradient(to left, transparent, #000 2rem); }
  .board-scroll.more-left { --doom-fade: linear-gradient(to right, transparent, #000 2rem); }
  .board-scroll.more-left.more-right { --doom-fade: linear-gradient(to right, transparent, #000 2rem, #000 calc(100% - 2rem), transparent); }
  .board-scroll.more-left, .board-scroll.more-right { -webkit-mask-image: var(--doom-fade); mask-image: var(--doom-fade); }
  /* A finger needs 44 px spaces: on touch screens the board keeps them (up to 16 columns) and scrolls in its box,
     unless its spaces would be 40 px or more fitting the box (an 8-column board on a 390 px phone): then it fits,
     not hiding its last column for a few pixels. The clamp is 0 when it does not fit and huge when it does. */
  @media (pointer: coarse) { :not(.fit) > .board { min-width: calc(var(--doom-cell-min) * min(var(--cols), 16.8) - clamp(0px, (100% - 40px * var(--cols)) * 1000, 100000px)); } }
  /* Boards of 8–11 columns overflow only there: elsewhere they fit, and their zoom buttons are hidden. */
  @media not (pointer: coarse) { .zoom.touch-only { display: none; } }
  .board-scroll.zoomed .board { max-width: none !important; }
  .grid:focus-visible { outline: 3px solid var(--doom-focus); outline-offset: 3px; }
  [role='row'] { display: flex; flex: 1 1 0; min-height: 0; }
  [role='gridcell'] { flex: 1 1 0; min-width: 0; }
  /* A large board's window of cells (grid-cells.ts) sits where its spaces are. */
  [aria-rowindex] { position: absolute; left: 0; right: 0; }
  [aria-colindex] { position: absolute; top: 0; bottom: 0; }

  .floor { fill: var(--doom-floor); }
  .grid-line { stroke: var(--doom-grid-line); stroke-width: 1; fill: none; }
  .difficult-fill { fill: var(--doom-difficult-fill); }
  .difficult-line { fill: var(--doom-difficult); }
  .obstacle { fill: var(--doom-obstacle); }
  .obstacle-mark { stroke: var(--doom-floor); stroke-width: 2; fill: none; }
  .barrel { fill: var(--doom-barrel); stroke: #7a3408; stroke-width: 2; }
  .hazard { fill: var(--doom-hazard); stroke: #1b1b1f; stroke-width: 1.5; stroke-dasharray: 4 3; }
  .low { fill: var(--doom-low); opacity: 0.55; }
  .low-mark { stroke: var(--doom-low); stroke-width: 2; fill: none; }
  .duct { stroke: var(--doom-muted); stroke-width: 2; fill: none; }
  .teleporter { fill: none; stroke: var(--doom-teleporter); stroke-width: 2.5; }
  .teleporter-off { fill: none; stroke: var(--doom-muted); stroke-width: 2; stroke-dasharray: 3 3; }
  .hidden-area { fill: var(--doom-text); opacity: 0.55; }
  .ruler text { font-size: 11px; fill: var(--doom-muted); text-anchor: middle; font-family: var(--doom-font); }
  .ruler text.row { text-anchor: end; }

  .wall { stroke: var(--doom-wall); stroke-width: 5; stroke-linecap: square; fill: none; }
  .door-frame { stroke: var(--doom-wall); stroke-width: 9; fill: none; }
  .door { stroke: var(--doom-door); stroke-width: 5; fill: none; }
  .door-key { stroke-width: 5; fill: none; }
  .door-open { stroke: var(--doom-door); stroke-width: 3; stroke-dasharray: 4 4; fill: none; }
  .blocking { stroke: var(--doom-blocking); stroke-width: 5; fill: none; }
  .impassable { fill: var(--doom-impassable); }

  .token.portal { fill: none; stroke: var(--doom-side-1); stroke-width: 3; stroke-dasharray: 5 2; }
  .token.key { fill: var(--doom-door); }
  .token.medkit { fill: #e11d48; stroke: #ffffff; stroke-width: 1; }
  .token.item { fill: #a16207; stroke: #fef3c7; stroke-width: 1.5; }
  .token.armor { fill: #475569; stroke: #e2e8f0; stroke-width: 1.5; }
  .token.ammo rect { fill: #b45309; stroke: #fde68a; stroke-width: 1; }
  .token.weapon { fill: #334155; stroke: #cbd5e1; stroke-width: 1.5; }
  .token.adrenaline { fill: #16a34a; stroke: #fff; stroke-width: 1; }
  .token.berserk { fill: #7c3aed; stroke: #fff; stroke-width: 1; }
  .token-letter { fill: #fff; stroke: none; font-size: 11px; font-weight: 700; text-anchor: middle; }

  .figure rect { stroke: rgba(0, 0, 0, 0.55); stroke-width: 1.5; }
  .figure.side-0 > rect { fill: var(--doom-side-0); }
  .figure.side-1 > rect { fill: var(--doom-side-1); }
  .figure.side-2 > rect { fill: var(--doom-side-2); }
  .figure.side-3 > rect { fill: var(--doom-side-3); }
  .figure.spent > rect { opacity: 0.6; }
  .figure.selected > rect { stroke: var(--doom-focus); stroke-width: 4; }
  .figure.targeted > rect { stroke: var(--doom-target); stroke-width: 4; stroke-dasharray: 5 3; }
  .figure-label { fill: var(--doom-figure-text); font-size: 12px; font-weight: 700; text-anchor: middle; font-family: var(--doom-font); }
  .facing { fill: none; stroke: var(--doom-figure-text); stroke-width: 2; }
  .damage circle { fill: #fde047; stroke: #7f1d1d; stroke-width: 1.5; }
  .damage text { fill: #7f1d1d; font-size: 10px; font-weight: 700; text-anchor: middle; font-family: var(--doom-font); }
  .marker rect { fill: #fef3c7; stroke: #78350f; stroke-width: 1; }
  .marker text { fill: #78350f; font-size: 9px; font-weight: 700; text-anchor: middle; font-family: var(--doom-font); }
  .spent-mark { fill: var(--doom-figure-text); font-size: 10px; text-anchor: middle; }

  .fog { fill: var(--doom-fog); }
  .reach-cells { fill: var(--doom-reach); }
  .blast .reach-cells { fill: var(--doom-blast); }
  .cost { fill: none; stroke: var(--doom-reach-text); stroke-width: 1.3; stroke-linejoin: miter; stroke-linecap: butt; }
  .path polyline { fill: none; stroke: var(--doom-path); stroke-width: 3; stroke-linejoin: round; stroke-linecap: round; }
  .path .ghost { fill: none; stroke: var(--doom-path); stroke-width: 2; stroke-dasharray: 4 3; }
  .attack-targets rect { fill: none; stroke: var(--doom-target); stroke-width: 3; }
  .sight line { stroke-width: 2; }
  .los-clear { stroke: var(--doom-los-clear); stroke-width: 3 !important; }
  .los-blocked { stroke: var(--doom-los-blocked); stroke-dasharray: 5 4; opacity: 0.75; }
  .cover-line { stroke: var(--doom-cover); stroke-dasharray: 2 3; opacity: 0.7; }
  .blocker-edge { stroke: var(--doom-blocker); stroke-width: 7 !important; stroke-linecap: round; opacity: 0.9; }
  .blocker-corner { fill: var(--doom-blocker); stroke: #000; stroke-width: 1; }
  .blocker-cell { fill: none; stroke: var(--doom-blocker); stroke-width: 3; }
  .cursor { fill: none; stroke: var(--doom-focus); stroke-width: 3; }
  .hover { fill: none; stroke: var(--doom-muted); stroke-width: 1.5; stroke-dasharray: 3 2; }
  .figures g, .path, .reach { transition: opacity 120ms ease; }

  .bar { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0.4rem 0; }
  button, select, input, textarea {
    font: inherit;
    color: var(--doom-text);
    background: var(--doom-button-bg);
    border: 1px solid var(--doom-button-border);
    border-radius: 4px;
  }
  button { padding: 0.2rem 0.6rem; cursor: pointer; }
  button:focus-visible, select:focus-visible, input:focus-visible, textarea:focus-visible { outline: 3px solid var(--doom-focus); outline-offset: 1px; }
  button[aria-pressed='true'] { background: var(--doom-focus); color: #fff; }
  button:disabled { opacity: 0.55; cursor: default; }
  /* Fingers need targets of at least 44 px. */
  @media (pointer: coarse), (max-width: 40rem) {
    button, select, input { min-height: 44px; min-width: 44px; }
  }
  .status { font-weight: 600; margin: 0.3rem 0; }
  .explanation { margin: 0.3rem 0; padding: 0.4rem 0.6rem; border-left: 4px solid var(--doom-focus); background: var(--doom-button-bg); }
  .explanation:empty { display: none; }
  a { color: inherit; }
  .hint { white-space: pre-line; }
  .legend { margin: 0.3rem 0; font-size: 0.9rem; }
  .legend summary, .doors summary { cursor: pointer; min-height: 1.6rem; }
  @media (pointer: coarse), (max-width: 40rem) {
    .legend summary, .doors summary { min-height: 44px; line-height: 44px; }
    /* The log's lines that open (a card's text): a finger's height too, however short the line. */
    .log summary { min-height: 44px; box-sizing: border-box; padding: 0.75em 0; }
  }
  .legend ul { list-style: none; padding: 0; margin: 0.3rem 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); gap: 0.2rem 0.8rem; }
  .legend li { display: flex; align-items: center; gap: 0.4rem; }
  .swatch { flex: none; border: 1px solid var(--doom-grid-line); }
  .acting-ring { fill: none; stroke: var(--doom-focus); stroke-width: 2.5; stroke-dasharray: 5 3; }
  .table { margin: 0.4rem 0; }
  .seats { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: 0.5rem; }
  .seat { border: 1px solid var(--doom-button-border); border-radius: 6px; padding: 0.3rem 0.6rem; font-size: 0.9rem; }
  .seat.acting { border: 3px solid var(--doom-focus); }
  .seat h4 { margin: 0.1rem 0; font-size: 1rem; }
  .seat p { margin: 0.2rem 0; }
  .seat ul { margin: 0.2rem 0; padding-left: 1.1rem; }
  .badge { font-size: 0.75rem; font-weight: 600; background: var(--doom-focus); color: #fff; border-radius: 3px; padding: 0 0.3rem; }
  .pending { padding: 0.4rem 0.6rem; border-left: 4px solid var(--doom-los-blocked); background: var(--doom-button-bg); margin: 0.3rem 0; }
  .dice { display: flex; gap: 0.4rem; margin: 0.3rem 0; flex-wrap: wrap; }
  .die { display: inline-flex; flex-direction: column; align-items: center; justify-content: center; min-width: 2.2rem; height: 2.2rem; border-radius: 6px; border: 2px solid #333; font-size: 0.8rem; line-height: 1; background: #fff; color: #111; padding: 0 0.2rem; }
  .die small { font-size: 0.65rem; }
  .die-red { background: #c62828; color: #fff; }
  .die-black { background: #1b1b1f; color: #fff; }
  .die-yellow { background: #f2c200; color: #111; }
  .die-green { background: #2e7d32; color: #fff; }
  .die-blue { background: #1565c0; color: #fff; }
  .die-orange { background: #ef6c00; color: #111; }
  .log { max-height: 10rem; overflow: auto; margin: 0.3rem 0; padding-left: 2.6em; font-size: 0.85rem; }
  .error { padding: 0.6rem 0.8rem; background: var(--doom-error-bg); color: var(--doom-error-text); border-radius: 4px; }
  .error ul { margin: 0.3rem 0 0; padding-left: 1.2rem; }
  .loading { color: var(--doom-muted); padding: 0.5rem; }
  .editor textarea { width: 100%; min-height: 8rem; font-family: ui-monospace, monospace; font-size: 0.8rem; box-sizing: border-box; }
  .editor label { display: inline-flex; gap: 0.3rem; align-items: center; }
  .editor input[type='number'] { width: 4rem; }
  .editor input[type='text'] { width: 7rem; }
  .visually-hidden {
    position: absolute !important;
    width: 1px; height: 1px; margin: -1px; padding: 0; border: 0;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
  }
  .mp input { width: 3.5rem; }
  /* On paper: the board, its explanation and the table; no buttons, no zoom, no live region. */
  @media print {
    .bar, .zoom, button, .legend summary, .doors, .grid { display: none !important; }
    .board { max-width: 100% !important; break-inside: avoid; }
    .log { max-height: none; overflow: visible; }
    .seat { break-inside: avoid; }
  }
  @media (prefers-reduced-motion: reduce) {
    * { transition: none !important; animation: none !important; }
  }
`;
