/**
 * The cells of the keyboard grid (WAI-ARIA grid pattern): labelled, invisible `gridcell`s over the
 * drawing. A board of up to LARGE_BOARD spaces has one per space (a 40×40 board 1,600), written as one
 * HTML string (parsed by the browser in one go) instead of template instances. A larger board (a
 * campaign map: 101×101 is 10,201 spaces) has only a window of them around the cursor, placed where
 * their spaces are, with `aria-rowindex` / `aria-colindex`: laying out and labelling every space of
 * a 201×201 board took longer than drawing it. Arrow keys move over the whole board either way (the
 * grid handles them and moves the window).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { cellName, figureName } from '../coords.ts';
import { terrainWords, type DrawModel } from '../model.ts';
import { LARGE_BOARD } from './geometry.ts';

/** The window: this many rows and columns on each side of the cursor. */
const REACH = 6;

/** What a screen reader hears for a cell (name, terrain, tokens, figures), from per-model indexes. */
export function cellLabeller(m: DrawModel): (x: number, y: number) => string {
  const extra = new Map<number, string>();
  const add = (x: number, y: number, s: string) => {
    if (x >= 0 && y >= 0 && x < m.width && y < m.height) extra.set(y * m.width + x, (extra.get(y * m.width + x) ?? '') + s);
  };
  for (const t of m.tokens) add(t.x, t.y, `, ${t.label ?? t.kind}${t.color ? ` (${t.color})` : ''}`);
  for (const f of m.figures) {
    const words = `, ${figureName(f.id)} (${[f.side, f.damage ? `${f.damage} damage` : '', ...f.markers].filter(Boolean).join(', ')})`;
    for (let y = f.y; y < f.y + f.h; y++) for (let x = f.x; x < f.x + f.w; x++) add(x, y, words);
  }
  return (x, y) => (m.hidden.has(y * m.width + x) ? `${cellName(x, y)}, not yet revealed` : `${cellName(x, y)}, ${terrainWords(m, x, y)}${extra.get(y * m.width + x) ?? ''}`);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };
/** Labels carry scenario text (figure ids, token labels): escaped for an attribute value. */
export const escapeAttribute = (s: string): string => s.replace(/[&"<>]/g, (c) => ESCAPES[c]);

/** The first and last row and column of the cells written: the whole board, or the window around `c`. */
function windowOf(m: DrawModel, c: { x: number; y: number }): [number, number, number, number] {
  if (m.width * m.height <= LARGE_BOARD) return [0, 0, m.width - 1, m.height - 1];
  const from = (v: number, n: number) => Math.max(0, Math.min(n - 2 * REACH - 1, v - REACH));
  const x0 = from(c.x, m.width);
  const y0 = from(c.y, m.height);
  return [x0, y0, Math.min(m.width - 1, x0 + 2 * REACH), Math.min(m.height - 1, y0 + 2 * REACH)];
}

const pct = (v: number, of: number) => `${((v / of) * 100).toFixed(4)}%`;

/**
 * The rows and cells as HTML; cell ids are `c-x-y` (the grid's active descendant). The whole board's
 * rows and columns need no index; a window's are placed and numbered.
 */
function gridCellsHtml(m: DrawModel, [x0, y0, x1, y1]: number[], labels: string[]): string {
  const part = x1 - x0 + 1 < m.width || y1 - y0 + 1 < m.height;
  let html = '';
  let i = 0;
  for (let y = y0; y <= y1; y++) {
    html += part ? `<div role="row" aria-rowindex="${y + 1}" style="top:${pct(y, m.height)};height:${pct(1, m.height)}">` : '<div role="row">';
    for (let x = x0; x <= x1; x++) {
      html += `<div role="gridcell" id="c-${x}-${y}" aria-label="${escapeAttribute(labels[i++])}"${part ? ` aria-colindex="${x + 1}" style="left:${pct(x, m.width)};width:${pct(1, m.width)}"` : ''}></div>`;
    }
    html += '</div>';
  }
  return html;
}

/**
 * Writes the grid's cells outside Lit's template (one HTML string) when the drawing changes, and a
 * window's when the cursor leaves it. A new full grid gets them after the board's first frame: they
 * are invisible, and on a 40×40 board they cost as much to lay out as the drawing. Focusing the grid
 * writes them at once (`write()`).
 */
export class GridCells implements ReactiveController {
  /** The model whose cells the grid holds, the window written and its labels. */
  private written: DrawModel | null = null;
  private window: number[] = [];
  private labels: string[] = [];
  /** A new grid whose cells are written after the first frame. */
  private pending: HTMLElement | null = null;

  constructor(private readonly host: ReactiveControllerHost & { readonly renderRoot: ParentNode }, private readonly state: { readonly model: DrawModel | null; readonly cursor: { x: number; y: number } }) {
    host.addController(this);
  }

  hostUpdated(): void {
    const grid = this.host.renderRoot.querySelector<HTMLElement>('.grid');
    if (!this.state.model || !grid || this.current(grid)) return;
    if (grid.firstChild) {
      this.write(grid);
      return;
    }
    if (this.pending === grid) return;
    this.pending = grid;
    requestAnimationFrame(() => setTimeout(() => this.pending === grid && this.write(grid), 0));
  }

  /** The grid holds the model's cells and, for a window, the cursor's with a space to spare. */
  private current(grid: HTMLElement): boolean {
    const m = this.state.model;
    const { x, y } = this.state.cursor;
    const [x0, y0, x1, y1] = this.window;
    const inside = (v: number, lo: number, hi: number, n: number) => (v > lo || lo === 0) && (v < hi || hi === n - 1);
    return this.written === m && !!grid.firstChild && inside(x, x0, x1, m!.width) && inside(y, y0, y1, m!.height);
  }

  write(grid: HTMLElement | null = this.host.renderRoot.querySelector('.grid')): void {
    if (this.pending === grid) this.pending = null;
    const m = this.state.model;
    if (!m || !grid || !grid.isConnected || this.current(grid)) return;
    const win = windowOf(m, this.state.cursor);
    const label = cellLabeller(m);
    const labels: string[] = [];
    for (let y = win[1]; y <= win[3]; y++) for (let x = win[0]; x <= win[2]; x++) labels.push(label(x, y));
    const old = this.labels;
    // A move changes a few labels: those cells are relabelled. Writing every cell again made the
    // browser lay out the whole grid after each command (1,600 cells on a 40×40 board).
    if (grid.firstChild && win.join() === this.window.join()) {
      const cells = grid.querySelectorAll('[role="gridcell"]');
      labels.forEach((l, i) => l !== old[i] && cells[i].setAttribute('aria-label', l));
    } else grid.innerHTML = gridCellsHtml(m, win, labels);
    this.written = m;
    this.window = win;
    this.labels = labels;
  }
}
