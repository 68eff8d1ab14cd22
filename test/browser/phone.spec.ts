/**
 * A 390×844 touch screen: a swipe over the board scrolls the page (even one starting on a figure),
 * a tap on a destination shows the path and a second tap moves, a long press picks a figure up,
 * explore has Undo and Reset, buttons are at least 44 px, the demo navigation folds away.
 */
import { expect, test, type Page } from '@playwright/test';
import { cell, events, ready, recordEvents, watchErrors } from './helpers.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test.beforeEach(async ({ page }) => {
  await recordEvents(page);
});

async function centre(page: Page, board: string, x: number, y: number): Promise<{ x: number; y: number }> {
  const b = (await cell(page, board, x, y).boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** A real touch gesture through Chromium's input pipeline (touch-action applies). */
async function touchPath(page: Page, points: { x: number; y: number }[], holdMs = 0): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [points[0]] });
  if (holdMs) await page.waitForTimeout(holdMs);
  for (const p of points.slice(1)) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

function swipeUp(from: { x: number; y: number }, by: number): { x: number; y: number }[] {
  const pts = [from];
  for (let i = 1; i <= 10; i++) pts.push({ x: from.x, y: from.y - (by * i) / 10 });
  return pts;
}

test('a swipe over the board scrolls the page and moves nothing, even when it starts on a figure', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/cover.html');
  const g = await ready(page, 'cover-example');
  await expect(g).toHaveCSS('touch-action', 'manipulation');
  await g.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  // Alpha stands on A1: the swipe starts on it.
  await touchPath(page, swipeUp(await centre(page, 'cover-example', 0, 1), 200));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before + 50);
  await touchPath(page, swipeUp(await centre(page, 'cover-example', 0, 0), 150));
  await page.waitForTimeout(300);
  expect(await events(page, 'doom-move')).toEqual([]);
  expect(await events(page, 'doom-select')).toEqual([]);
  await expect(cell(page, 'cover-example', 0, 0)).toHaveAttribute('aria-label', /Alpha/);
  expect(errors).toEqual([]);
});

test('tap a figure, tap a space: the path is shown and nothing moves; a second tap moves', async ({ page }) => {
  await page.goto('/movement.html');
  await ready(page, 'movement-example');
  await cell(page, 'movement-example', 0, 1).scrollIntoViewIfNeeded();
  // Alpha on A2.
  const alpha = await centre(page, 'movement-example', 0, 1);
  await page.touchscreen.tap(alpha.x, alpha.y);
  await expect(page.locator('#movement-example [part="status"]')).toContainText('Alpha at A2');
  const d1 = await centre(page, 'movement-example', 3, 0);
  await page.touchscreen.tap(d1.x, d1.y);
  await expect(page.locator('#movement-example .message')).toHaveText('Tap D1 again to move Alpha there (4 MP).');
  await expect(page.locator('#movement-example svg .path polyline')).toHaveAttribute('points', '16,48 48,16 80,16 112,16');
  expect(await events(page, 'doom-move')).toEqual([]);
  await expect(cell(page, 'movement-example', 0, 1)).toHaveAttribute('aria-label', /Alpha/);
  // A tap elsewhere only moves the preview.
  const b1 = await centre(page, 'movement-example', 1, 0);
  await page.touchscreen.tap(b1.x, b1.y);
  await expect(page.locator('#movement-example .message')).toHaveText('Tap B1 again to move Alpha there (1 MP).');
  expect(await events(page, 'doom-move')).toEqual([]);
  await page.touchscreen.tap(d1.x, d1.y);
  await page.touchscreen.tap(d1.x, d1.y);
  await expect(cell(page, 'movement-example', 3, 0)).toHaveAttribute('aria-label', /Alpha/);
  const moves = await events(page, 'doom-move');
  expect(moves.map((e) => e.detail)).toEqual([{ figure: 'alpha', from: { x: 0, y: 1 }, to: { x: 3, y: 0 }, cost: 4 }]);

  // Undo puts Alpha back; Reset too, and Undo takes the reset back.
  await page.getByRole('button', { name: 'Undo' }).first().click();
  await expect(cell(page, 'movement-example', 0, 1)).toHaveAttribute('aria-label', /Alpha/);
  await page.touchscreen.tap(d1.x, d1.y);
  await page.touchscreen.tap(d1.x, d1.y);
  await expect(cell(page, 'movement-example', 3, 0)).toHaveAttribute('aria-label', /Alpha/);
  await page.locator('#movement-example').getByRole('button', { name: 'Reset' }).click();
  await expect(cell(page, 'movement-example', 0, 1)).toHaveAttribute('aria-label', /Alpha/);
  await page.locator('#movement-example').getByRole('button', { name: 'Undo' }).click();
  await expect(cell(page, 'movement-example', 3, 0)).toHaveAttribute('aria-label', /Alpha/);
});

test('a long press picks a figure up and drags it; a quick drag from an unselected figure does not', async ({ page }) => {
  await page.goto('/cover.html');
  await ready(page, 'cover-example');
  await cell(page, 'cover-example', 0, 0).scrollIntoViewIfNeeded();
  const a1 = await centre(page, 'cover-example', 0, 0);
  const b1 = await centre(page, 'cover-example', 1, 0);
  const c1 = await centre(page, 'cover-example', 2, 0);
  // Quick sideways drag (no long press): nothing is picked up or moved.
  await touchPath(page, [a1, b1, c1]);
  await page.waitForTimeout(600);
  expect(await events(page, 'doom-move')).toEqual([]);
  await expect(cell(page, 'cover-example', 0, 0)).toHaveAttribute('aria-label', /Alpha/);
  // Long press, then drag to C1.
  await touchPath(page, [a1, b1, c1], 700);
  await expect(cell(page, 'cover-example', 2, 0)).toHaveAttribute('aria-label', /Alpha/);
  expect((await events(page, 'doom-move')).map((e) => e.detail.to)).toEqual([{ x: 2, y: 0 }]);
});

test('buttons are at least 44 px; the demo navigation folds behind a Pages button', async ({ page }) => {
  await page.goto('/movement.html');
  await ready(page, 'movement-example');
  for (const b of await page.locator('#movement-example button').all()) {
    const box = (await b.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
  }
  const link = page.locator('nav.site').getByRole('link', { name: 'Cover', exact: true });
  await expect(link).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Pages' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(link).toBeVisible();
  expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
});

test('the pages\' own controls are at least 44 px too: the API page\'s Ask, the server game\'s scenario, seed and Start', async ({ page }) => {
  for (const path of ['/api.html', '/server-game.html']) {
    await page.goto(path);
    const controls = page.locator('main button, main select, main input');
    await expect(controls.first()).toBeVisible();
    expect(await controls.count()).toBeGreaterThan(0);
    for (const c of await controls.all()) {
      const box = (await c.boundingBox())!;
      expect(box.height, `${path} ${await c.evaluate((e) => e.outerHTML.slice(0, 80))}`).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
  }
});

test('the editor on a phone: a swipe over the board scrolls the page and paints nothing; a tap paints one space; a long press then a drag paints a line', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/editor.html');
  const g = await ready(page, 'editor');
  await expect(g).toHaveCSS('touch-action', 'manipulation');
  await page.locator('#editor button', { hasText: /^Difficult$/ }).tap();
  const exported = async () => JSON.parse(await page.locator('#editor textarea.export').inputValue()).map as string[];
  const before = await exported();
  await cell(page, 'editor', 1, 4).scrollIntoViewIfNeeded();
  const y0 = await page.evaluate(() => window.scrollY);
  // A swipe up from B5: the page scrolls, no space is painted.
  await touchPath(page, swipeUp(await centre(page, 'editor', 1, 4), 200));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y0 + 50);
  await page.waitForTimeout(300);
  expect(await exported()).toEqual(before);
  // A tap on B1 paints B1 only.
  await cell(page, 'editor', 1, 0).scrollIntoViewIfNeeded();
  const b1 = await centre(page, 'editor', 1, 0);
  await page.touchscreen.tap(b1.x, b1.y);
  await expect.poll(async () => (await exported())[0][1]).toBe('d');
  expect((await exported()).filter((row, y) => row !== before[y] && y !== 0)).toEqual([]);
  // A long press on A2, then a drag to A4: A2, A3 and A4 painted, and the page held still.
  const a2 = await centre(page, 'editor', 0, 1), a4 = await centre(page, 'editor', 0, 3);
  const y1 = await page.evaluate(() => window.scrollY);
  await touchPath(page, [a2, { x: a2.x, y: (a2.y + a4.y) / 2 }, a4], 700);
  await expect.poll(async () => (await exported()).slice(1, 4).map((row) => row[0])).toEqual(['d', 'd', 'd']);
  expect(await page.evaluate(() => window.scrollY)).toBe(y1);
  expect(errors).toEqual([]);
});
