/**
 * Issue 41: a 201×201 board of 606 figures in the element. The figures are written as one markup
 * string (components/render/figures.ts), not as a template instance each: every figure must still be
 * drawn on its own space with its side, its short label once the spaces are readable, its damage,
 * markers and facing; a selection marks the selected figure only; the keyboard grid names the
 * figures of a space; the door buttons (hundreds, behind "Doors (n)") open doors and keep the focus.
 */
import { expect, test, type Page } from '@playwright/test';
import { uniqueLabels } from '../../components/coords.ts';
import { addBoard, cell, grid, ready, watchErrors } from './helpers.ts';

const SIDE = 201;
/** Units of the drawing per space (components/render/geometry.ts S). */
const S = 32;

interface Fig { id: string; side: string; type: string; x: number; y: number; w?: number; h?: number; state?: Record<string, unknown> }

/**
 * A seeded 201×201 doom2016 map with the bench board's densities (difficult terrain, 1,515 edge
 * runs of which about one in seven a door, 606 figures), plus a 2×1 brute and a wounded, stunned
 * marine near the start.
 */
function board201() {
  let seed = 4101;
  const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const map: string[] = [];
  for (let y = 0; y < SIDE; y++) {
    let row = '';
    for (let x = 0; x < SIDE; x++) row += rnd() < 0.08 ? 'd' : '.';
    map.push(row);
  }
  const edges = [];
  for (let i = 0; i < 1515; i++) {
    // Away from the first rows, where the brute stands across two spaces.
    const x = 1 + Math.floor(rnd() * (SIDE - 6));
    const y = 6 + Math.floor(rnd() * (SIDE - 12));
    const len = 1 + Math.floor(rnd() * 5);
    const kind = rnd() < 0.7 ? 'wall' : rnd() < 0.5 ? 'blocking' : 'door';
    edges.push(rnd() < 0.5 ? { from: [x, y], to: [x + len, y], kind } : { from: [x, y], to: [x, y + len], kind });
  }
  const figures: Fig[] = [
    { id: 'brute', side: 'invader', type: 'imp', x: 3, y: 1, w: 2, h: 1 },
    { id: 'hurt', side: 'marines', type: 'marine', x: 1, y: 1, state: { damage: 3, stunned: true } },
  ];
  const taken = new Set(['1,1', '3,1', '4,1']);
  while (figures.length < 606) {
    const x = Math.floor(rnd() * SIDE);
    const y = Math.floor(rnd() * SIDE);
    if (taken.has(`${x},${y}`)) continue;
    taken.add(`${x},${y}`);
    const n = figures.length - 1;
    figures.push(n <= 6 ? { id: `marine-${n}`, side: 'marines', type: 'marine', x, y } : { id: `imp-${n - 6}`, side: 'invader', type: 'imp', x, y });
  }
  return { ruleset: 'doom2016', title: 'Campaign 201', map, edges, figures, sides: ['marines', 'invader'] };
}

/** Every drawn figure: its group's class, and its children as tag, class and geometry attributes. */
async function drawnFigures(page: Page) {
  return page.locator('#campaign').evaluate((host) => [...host.shadowRoot!.querySelectorAll('.figures > g')].map((g) => ({
    id: g.getAttribute('data-figure'),
    cls: g.getAttribute('class'),
    parts: [...g.children].map((c) => [c.tagName, c.getAttribute('class') ?? '', ...['x', 'y', 'width', 'height', 'rx', 'd'].map((a) => c.getAttribute(a) ?? '-'), c.textContent].join(' ')),
  })));
}

/** What the element draws for a figure (as the Lit templates of figures.ts did before issue 41): the mark and the label, centred; no label element while spaces are too small for one. */
function expectedParts(f: Fig, label: string): string[] {
  const w = (f.w ?? 1) * S - 6;
  const h = (f.h ?? 1) * S - 6;
  const x = f.x * S + 3;
  const y = f.y * S + 3;
  const large = (f.w ?? 1) * (f.h ?? 1) > 1;
  return [
    `rect  ${x} ${y} ${w} ${h} ${large ? 8 : 12} - `,
    ...(label ? [`text figure-label ${x + w / 2} ${y + h / 2 + 4} - - - - ${label}`] : []),
  ];
}

/** The demo page with the 201×201 board as `#campaign` (MP 4), ready; the page's errors watched. */
async function openBoard201(page: Page) {
  const errors = watchErrors(page);
  const sc = board201();
  await page.goto('/index.html');
  await addBoard(page, 'campaign', { mp: '4' }, sc);
  await ready(page, 'campaign');
  return { errors, sc };
}

test('201×201: every one of 606 figures is drawn on its space with its side, label, damage, markers and facing; a selection marks one', async ({ page }) => {
  // A board of 40,401 spaces on a loaded machine: generous, and no timing is asserted.
  test.setTimeout(120_000);
  const { errors, sc } = await openBoard201(page);
  const board = page.locator('#campaign');

  // Fitting the page, a space is a few pixels: every figure's mark on its space, labels left out.
  let drawn = await drawnFigures(page);
  expect(drawn.map((d) => d.id)).toEqual(sc.figures.map((f) => f.id));
  const side = (f: Fig) => `figure side-${f.side === 'marines' ? 0 : 1}`;
  for (const [i, f] of sc.figures.entries()) {
    if (f.id === 'brute' || f.id === 'hurt') continue;
    expect(drawn[i], f.id).toEqual({ id: f.id, cls: side(f), parts: expectedParts(f, '') });
  }
  // The 2×1 brute: its facing notch on its long side; the wounded marine: damage and the stunned marker.
  const [brute, hurt] = drawn;
  expect(brute.parts).toEqual([`rect  99 35 58 26 8 - `, 'path facing - - - - - M123 35l5 5l5 -5 ']);
  expect(hurt.parts).toEqual(['rect  35 35 26 26 12 - ', 'g damage - - - - - - 3', 'g marker - - - - - - S']);
  expect(hurt.cls).toBe('figure side-0');

  // On the screen: the far figures' marks are on their spaces (the grid covers the spaces exactly).
  const g = (await grid(page, 'campaign').boundingBox())!;
  const unit = g.width / SIDE;
  for (const f of [sc.figures[2], sc.figures[300], sc.figures[605]]) {
    const mark = (await board.locator(`[data-figure="${f.id}"] rect`).first().boundingBox())!;
    expect(Math.abs(mark.x + mark.width / 2 - (g.x + (f.x + 0.5) * unit))).toBeLessThan(unit / 4);
    expect(Math.abs(mark.y + mark.height / 2 - (g.y + (f.y + 0.5) * unit))).toBeLessThan(unit / 4);
  }

  // A selection marks the selected figure, and the next one only that one.
  await board.evaluate((el) => (el as unknown as { select(id: string): void }).select('marine-1'));
  await expect(board.locator('.figures > g.selected')).toHaveCount(1);
  await expect(board.locator('[data-figure="marine-1"]')).toHaveClass('figure side-0 selected');
  await board.evaluate((el) => (el as unknown as { select(id: string): void }).select('marine-2'));
  await expect(board.locator('[data-figure="marine-2"]')).toHaveClass('figure side-0 selected');
  await expect(board.locator('[data-figure="marine-1"]')).toHaveClass('figure side-0');
  await expect(board.locator('.figures > g.selected')).toHaveCount(1);

  // Zoomed in until spaces are readable: every figure gets its short label, in place.
  const zoomIn = board.getByRole('button', { name: 'Zoom in' });
  while (await zoomIn.isEnabled()) await zoomIn.click();
  await expect(board.locator('[data-figure="marine-1"] .figure-label')).toHaveText(/\S/);
  drawn = await drawnFigures(page);
  const labels = uniqueLabels(sc.figures.map((f) => f.id));
  for (const [i, f] of sc.figures.entries()) {
    if (f.id === 'brute' || f.id === 'hurt') continue;
    expect(drawn[i].parts, f.id).toEqual(expectedParts(f, labels.get(f.id)!));
  }
  expect(errors).toEqual([]);
});

test('201×201: the keyboard grid names the figures of a space; the doors are behind "Doors (n)", and a door button opens its door and keeps the focus', async ({ page }) => {
  test.setTimeout(120_000);
  const { errors, sc } = await openBoard201(page);
  await expect(cell(page, 'campaign', 1, 1)).toHaveAttribute('aria-label', /^B2, .*Hurt \(marines, 3 damage, stunned\)/);
  await expect(cell(page, 'campaign', 4, 1)).toHaveAttribute('aria-label', /^E2, .*Brute \(invader\)/);

  const board = page.locator('#campaign');
  const doorCount = sc.edges.filter((e) => e.kind === 'door').length;
  expect(doorCount).toBeGreaterThan(100);
  // Hundreds of doors: not a toolbar of hundreds of buttons, and none made until asked for.
  await expect(board.locator('[part="toolbar"] button', { hasText: /^Door / })).toHaveCount(0);
  const summary = board.locator('.doors summary');
  await expect(summary).toHaveText(`Doors (${doorCount})`);
  await expect(board.locator('.doors button')).toHaveCount(0);
  await summary.focus();
  await page.keyboard.press('Enter');
  const doors = board.getByRole('group', { name: 'Doors' }).getByRole('button', { name: /^Door / });
  await expect(doors).toHaveCount(doorCount);
  await expect(doors.first()).toHaveAttribute('aria-pressed', 'false');
  const name = (await doors.nth(5).textContent())!;
  expect(name).toMatch(/: closed$/);
  await doors.nth(5).focus();
  await page.keyboard.press('Enter');
  await expect(doors.nth(5)).toHaveText(name.replace(/closed$/, 'open'));
  await expect(doors.nth(5)).toHaveAttribute('aria-pressed', 'true');
  await expect(doors.nth(5)).toBeFocused();
  // Undo closes it again, on the same button; the list stays open.
  await board.getByRole('button', { name: 'Undo' }).click();
  await expect(doors.nth(5)).toHaveText(name);
  await expect(doors.nth(5)).toHaveAttribute('aria-pressed', 'false');
  // Closed again: its buttons are gone.
  await summary.click();
  await expect(board.locator('.doors button')).toHaveCount(0);
  expect(errors).toEqual([]);
});
