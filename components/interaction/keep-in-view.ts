/**
 * Where the board scrolls in its box (a phone keeps spaces finger-sized; a zoomed board), the last
 * command's spaces are brought into the box: an autopilot's attack on a marine off to the side, the
 * demon that attacks the figure now asked to defend. Only sideways, and only when they are out of
 * view: the page's own scrolling is the reader's.
 */
import type { GameEvent, GameView } from '../../src/rules/types.ts';

type Cell = { x: number; y: number };
const isCell = (v: unknown): v is Cell => typeof v === 'object' && v !== null && Number.isInteger((v as Cell).x) && Number.isInteger((v as Cell).y);

/** The spaces a command's events name: the figures they involve (where they stand now) and the spaces moved or placed to. */
export function eventCells(events: readonly GameEvent[], view: GameView): Cell[] {
  const cells: Cell[] = [];
  for (const e of events) {
    for (const k of ['figure', 'attacker', 'target', 'defender']) {
      const f = typeof e[k] === 'string' ? view.figures.find((g) => g.id === e[k]) : undefined;
      if (f) cells.push({ x: f.x, y: f.y }, { x: f.x + (f.w ?? 1) - 1, y: f.y });
      else if (isCell(e[k])) cells.push(e[k] as Cell);
    }
    for (const k of ['to', 'at']) if (isCell(e[k])) cells.push(e[k] as Cell);
  }
  return cells;
}

/** Scroll the board's box sideways so that columns of `cells` show: all of them when they fit, else the last. */
export function keepInView(root: ParentNode, boardWidth: number, cells: readonly Cell[]): void {
  const box = root.querySelector<HTMLElement>('.board-scroll');
  const grid = root.querySelector<HTMLElement>('[role="grid"]');
  if (!box || !grid || !cells.length || box.scrollWidth <= box.clientWidth + 1) return;
  const cw = grid.getBoundingClientRect().width / boardWidth;
  const origin = grid.getBoundingClientRect().left - box.getBoundingClientRect().left + box.scrollLeft;
  const span = (list: readonly Cell[]) => [origin + Math.min(...list.map((c) => c.x)) * cw, origin + (Math.max(...list.map((c) => c.x)) + 1) * cw];
  let [left, right] = span(cells);
  if (left >= box.scrollLeft && right <= box.scrollLeft + box.clientWidth) return;
  if (right - left > box.clientWidth) [left, right] = span(cells.slice(-1));
  box.scrollLeft = Math.max(0, Math.min(box.scrollWidth - box.clientWidth, (left + right) / 2 - box.clientWidth / 2));
}
