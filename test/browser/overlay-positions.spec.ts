/**
 * Where overlay marks are drawn, checked against the explanation's coordinates and the rulebook
 * examples' geometry: LOS and cover lines (doubled coordinates: SVG = v·S/2), the blocking feature
 * (plain corner / cell coordinates: SVG = v·S), the target ring around the target's space.
 */
import { expect, test, type Page } from '@playwright/test';
import { ready } from './helpers.ts';

const S = 32;

interface Mark {
  cls: string;
  x1?: number; y1?: number; x2?: number; y2?: number;
  cx?: number; cy?: number;
  x?: number; y?: number; w?: number; h?: number;
}

/** Select and target through the element's API; return the explanation and every drawn mark. */
async function explainAndMarks(page: Page, board: string, from: string, to: string) {
  return page.evaluate(async ([board, from, to]) => {
    const el = document.getElementById(board) as HTMLElement & { select(id: string): Promise<void>; target(id: string): Promise<void>; explanation: unknown };
    await el.select(from);
    await el.target(to);
    const root = el.shadowRoot!;
    const num = (e: Element, a: string) => Number(e.getAttribute(a));
    const marks: Mark[] = [];
    for (const e of root.querySelectorAll('.sight line')) marks.push({ cls: e.getAttribute('class')!, x1: num(e, 'x1'), y1: num(e, 'y1'), x2: num(e, 'x2'), y2: num(e, 'y2') });
    for (const e of root.querySelectorAll('.sight circle')) marks.push({ cls: e.getAttribute('class')!, cx: num(e, 'cx'), cy: num(e, 'cy') });
    for (const e of root.querySelectorAll('.sight rect')) marks.push({ cls: e.getAttribute('class')!, x: num(e, 'x'), y: num(e, 'y'), w: num(e, 'width'), h: num(e, 'height') });
    const ring = root.querySelector('.figure.targeted rect');
    const target = ring ? { x: num(ring, 'x'), y: num(ring, 'y'), w: num(ring, 'width'), h: num(ring, 'height'), id: ring.parentElement!.getAttribute('data-figure') } : null;
    return { explanation: JSON.parse(JSON.stringify(el.explanation)), marks, target };
    interface Mark { cls: string; [k: string]: number | string | undefined }
  }, [board, from, to] as const) as Promise<{ explanation: Explanation; marks: Mark[]; target: { x: number; y: number; w: number; h: number; id: string } | null }>;
}

interface Pt { x: number; y: number }
interface Line { from: Pt; to: Pt; blocked: boolean; blocker?: { clause: string; edge?: { x1: number; y1: number; x2: number; y2: number }; corner?: Pt; cell?: Pt } }
interface Explanation { los: boolean; cover: boolean; losLines: Line[]; coverLines: Line[] }

const lineAt = (l: Line) => ({ x1: (l.from.x * S) / 2, y1: (l.from.y * S) / 2, x2: (l.to.x * S) / 2, y2: (l.to.y * S) / 2 });
const coords = (m: Mark) => ({ x1: m.x1, y1: m.y1, x2: m.x2, y2: m.y2 });

/** Every drawn line is one of the explanation's lines; every blocker of a drawn line is drawn where it is. */
function checkAgainstExplanation(e: Explanation, marks: Mark[]): void {
  const lines = marks.filter((m) => m.cls !== 'blocker-edge' && m.x1 !== undefined);
  expect(lines.length).toBeGreaterThan(0);
  const all = [...e.losLines, ...e.coverLines].map(lineAt);
  for (const m of lines) expect(all).toContainEqual(coords(m));
  const drawnBlocked = (e.los ? (e.cover ? e.coverLines : []) : e.losLines).filter((l) => l.blocked && l.blocker);
  for (const l of drawnBlocked) {
    const b = l.blocker!;
    if (b.edge) {
      expect(marks.filter((m) => m.cls === 'blocker-edge').map(coords)).toContainEqual({ x1: b.edge.x1 * S, y1: b.edge.y1 * S, x2: b.edge.x2 * S, y2: b.edge.y2 * S });
    }
    if (b.corner) expect(marks.filter((m) => m.cls === 'blocker-corner').map((m) => [m.cx, m.cy])).toContainEqual([b.corner.x * S, b.corner.y * S]);
    if (b.cell) expect(marks.filter((m) => m.cls === 'blocker-cell').map((m) => [m.x, m.y])).toContainEqual([b.cell.x * S + 2, b.cell.y * S + 2]);
  }
}

test('cover page: the soldier\'s blocking terrain is marked on the blocking edge C4 top (1,3)–(2,3), not at half of it', async ({ page }) => {
  await page.goto('/cover.html');
  await ready(page, 'cover-example');
  const { explanation: e, marks, target } = await explainAndMarks(page, 'cover-example', 'alpha', 'soldier');
  expect(e.los && e.cover).toBe(true);
  checkAgainstExplanation(e, marks);
  // The scenario's only blocking edge runs from corner (1,3) to (2,3): SVG (32,96)–(64,96).
  const edges = marks.filter((m) => m.cls === 'blocker-edge');
  expect(edges.length).toBeGreaterThan(0);
  for (const m of edges) {
    expect([m.y1, m.y2]).toEqual([96, 96]);
    expect(Math.min(m.x1!, m.x2!)).toBeGreaterThanOrEqual(32);
    expect(Math.max(m.x1!, m.x2!)).toBeLessThanOrEqual(64);
  }
  // Cover lines start at Alpha's corners (A1: corners (0..1, 0..1)) and end at the soldier's (C4).
  for (const m of marks.filter((k) => k.cls === 'cover-line')) {
    expect([0, 32]).toContain(m.x1);
    expect([0, 32]).toContain(m.y1);
    expect([64, 96]).toContain(m.x2);
    expect([96, 128]).toContain(m.y2);
  }
  // The target ring sits on C4.
  expect(target).toEqual({ id: 'soldier', x: 2 * S + 3, y: 3 * S + 3, w: S - 6, h: S - 6 });
});

test('cover page: the imp\'s cover is marked on the soldier\'s space C4; the clear line runs A1 → E5', async ({ page }) => {
  await page.goto('/cover.html');
  await ready(page, 'cover-example');
  const { explanation: e, marks, target } = await explainAndMarks(page, 'cover-example', 'alpha', 'imp');
  checkAgainstExplanation(e, marks);
  expect(marks.filter((m) => m.cls === 'blocker-cell').map((m) => [m.x, m.y, m.w, m.h])).toEqual([[2 * S + 2, 3 * S + 2, S - 4, S - 4]]);
  const clear = marks.filter((m) => m.cls === 'los-clear');
  expect(clear).toHaveLength(1);
  // From a corner of A1 to a corner of E5.
  expect([0, 32]).toContain(clear[0].x1);
  expect([128, 160]).toContain(clear[0].x2);
  expect([128, 160]).toContain(clear[0].y2);
  expect(target).toEqual({ id: 'imp', x: 4 * S + 3, y: 4 * S + 3, w: S - 6, h: S - 6 });
});

test('LOS page: the wall joint hiding the imp is marked at corner (3,3) or on the walls, never on Alpha', async ({ page }) => {
  await page.goto('/line-of-sight.html');
  await ready(page, 'walls');
  const { explanation: e, marks, target } = await explainAndMarks(page, 'walls', 'alpha', 'imp');
  expect(e.los).toBe(false);
  checkAgainstExplanation(e, marks);
  const blocked = marks.filter((m) => m.cls === 'los-blocked');
  expect(blocked.length).toBe(e.losLines.length);
  // Every blocker lies on the walls: the line x=3 (y 0..3) or y=3 (x 3..8), in SVG units ×32.
  const onWalls = (x: number, y: number) => (x === 96 && y >= 0 && y <= 96) || (y === 96 && x >= 96 && x <= 256);
  const blockers = marks.filter((m) => m.cls.startsWith('blocker'));
  expect(blockers.length).toBeGreaterThan(0);
  for (const m of blockers) {
    if (m.cls === 'blocker-corner') expect(onWalls(m.cx!, m.cy!)).toBe(true);
    if (m.cls === 'blocker-edge') expect(onWalls(m.x1!, m.y1!) && onWalls(m.x2!, m.y2!)).toBe(true);
  }
  // Alpha stands on B2 (SVG 32..64): no blocker is drawn there.
  for (const m of blockers) expect(m.cx !== undefined && m.cx >= 32 && m.cx <= 64 && m.cy! >= 32 && m.cy! <= 64).toBe(false);
  expect(target).toEqual({ id: 'imp', x: 5 * S + 3, y: 1 * S + 3, w: S - 6, h: S - 6 });
});

test('LOS page: the attack example draws the clear line from the imp\'s corner to Alpha past the wall end', async ({ page }) => {
  await page.goto('/line-of-sight.html');
  await ready(page, 'attack-example');
  const { explanation: e, marks, target } = await explainAndMarks(page, 'attack-example', 'imp', 'alpha');
  expect(e.los).toBe(true);
  checkAgainstExplanation(e, marks);
  const clear = marks.filter((m) => m.cls === 'los-clear');
  expect(clear).toHaveLength(1);
  expect([0, 32]).toContain(clear[0].x1);
  expect([0, 32]).toContain(clear[0].y1);
  expect([96, 128]).toContain(clear[0].x2);
  expect([32, 64]).toContain(clear[0].y2);
  expect(target).toEqual({ id: 'alpha', x: 3 * S + 3, y: 1 * S + 3, w: S - 6, h: S - 6 });
});

test('d20 cover page: the wall end that covers the beast is marked on the wall, as doom2016 blockers are', async ({ page }) => {
  await page.goto('/d20.html');
  await ready(page, 'd20-cover');
  const { explanation: e, marks } = await explainAndMarks(page, 'd20-cover', 'trooper', 'beast');
  expect(e).toMatchObject({ los: true, cover: true });
  const blockers = marks.filter((m) => m.cls.startsWith('blocker'));
  expect(blockers).toHaveLength(1);
  // The wall runs from corner (5,4) to (8,4): y = 4×32, x from 160 to 256.
  expect(blockers[0]).toMatchObject({ cls: 'blocker-edge', y1: 128, y2: 128 });
  expect(blockers[0].x1).toBeGreaterThanOrEqual(160);
  expect(blockers[0].x2).toBeLessThanOrEqual(256);
  expect(marks.filter((m) => m.cls === 'cover-line')).toHaveLength(1);
});
