/**
 * The cells of the keyboard grid (WAI-ARIA grid pattern): one labelled, invisible `gridcell` per
 * space over the drawing. A 40×40 board has 1,600 of them, so they are written as one HTML string
 * (parsed by the browser in one go) instead of 1,600 template instances.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { cellName, figureName } from '../coords.ts';
import { terrainWords, type DrawModel } from '../model.ts';

/** What a screen reader hears for each cell: name, terrain, token, figure (rows of columns). */
export function cellLabels(m: DrawModel): string[][] {
  const labels: string[][] = [];
  for (let y = 0; y < m.height; y++) {
    const row: string[] = [];
    for (let x = 0; x < m.width; x++) row.push(`${cellName(x, y)}, ${terrainWords(m, x, y)}`);
    labels.push(row);
  }
  for (const t of m.tokens) if (labels[t.y]?.[t.x] !== undefined) labels[t.y][t.x] += `, ${t.label ?? t.kind}${t.color ? ` (${t.color})` : ''}`;
  for (const f of m.figures) {
    const extra = [f.side, f.damage ? `${f.damage} damage` : '', ...f.markers].filter(Boolean).join(', ');
    for (let y = f.y; y < f.y + f.h; y++) for (let x = f.x; x < f.x + f.w; x++) if (labels[y]?.[x] !== undefined) labels[y][x] += `, ${figureName(f.id)} (${extra})`;
  }
  for (const i of m.hidden) {
    const x = i % m.width;
    const y = Math.floor(i / m.width);
    if (labels[y]?.[x] !== undefined) labels[y][x] = `${cellName(x, y)}, not yet revealed`;
  }
  return labels;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };
/** Labels carry scenario text (figure ids, token labels): escaped for an attribute value. */
export const escapeAttribute = (s: string): string => s.replace(/[&"<>]/g, (c) => ESCAPES[c]);

/**
 * The rows and cells of the grid as HTML; cell ids are `c-x-y` (the grid's active descendant). Every
 * row and column is present, so no aria-rowindex / aria-colindex is needed.
 */
function gridCellsHtml(labels: string[][]): string {
  let html = '';
  for (let y = 0; y < labels.length; y++) {
    html += '<div role="row">';
    const row = labels[y];
    for (let x = 0; x < row.length; x++) html += `<div role="gridcell" id="c-${x}-${y}" aria-label="${escapeAttribute(row[x])}"></div>`;
    html += '</div>';
  }
  return html;
}

/**
 * Writes the grid's cells outside Lit's template (one HTML string) when the drawing changes. A new
 * grid gets them after the board's first frame: they are invisible, and on a 40×40 board they cost
 * as much to lay out as the drawing. Focusing the grid writes them at once (`write()`).
 */
export class GridCells implements ReactiveController {
  /** The model whose cells the grid holds, and their labels. */
  private written: DrawModel | null = null;
  private labels: string[][] = [];
  /** A new grid whose cells are written after the first frame. */
  private pending: HTMLElement | null = null;

  constructor(private readonly host: ReactiveControllerHost & { readonly renderRoot: ParentNode }, private readonly state: { readonly model: DrawModel | null }) {
    host.addController(this);
  }

  hostUpdated(): void {
    const grid = this.host.renderRoot.querySelector<HTMLElement>('.grid');
    if (!this.state.model || !grid || this.written === this.state.model && grid.firstChild) return;
    if (grid.firstChild) {
      this.write(grid);
      return;
    }
    if (this.pending === grid) return;
    this.pending = grid;
    requestAnimationFrame(() => setTimeout(() => this.pending === grid && this.write(grid), 0));
  }

  write(grid: HTMLElement | null = this.host.renderRoot.querySelector('.grid')): void {
    if (this.pending === grid) this.pending = null;
    const m = this.state.model;
    if (!m || !grid || !grid.isConnected || this.written === m && grid.firstChild) return;
    const labels = cellLabels(m);
    const old = this.labels;
    // A move changes a few labels: those cells are relabelled. Writing every cell again made the
    // browser lay out the whole grid after each command (1,600 cells on a 40×40 board).
    if (grid.firstChild && old.length === labels.length && old[0]?.length === labels[0]?.length) {
      labels.forEach((row, y) => row.forEach((l, x) => l !== old[y][x] && grid.children[y].children[x].setAttribute('aria-label', l)));
    } else grid.innerHTML = gridCellsHtml(labels);
    this.written = m;
    this.labels = labels;
  }
}
