/**
 * Where keyboard focus goes (a keyboard and screen-reader review, 2026-12-02): a pressed button that
 * goes away, turns disabled or is reused for another command leaves the focus on the status line —
 * not on the page's body, and never on a different command that a second Enter would run; on a
 * zoomed board the keyboard cursor's space is scrolled into the board's box.
 */
import { expect, test, type Page } from '@playwright/test';
import { ready, watchErrors } from './helpers.ts';

/** What holds the focus inside the board: its part and its words. */
const focused = (page: Page, id: string) =>
  page.evaluate((id) => {
    const a = document.getElementById(id)!.shadowRoot!.activeElement as HTMLElement | null;
    return a ? { part: a.getAttribute('part'), text: a.textContent!.trim().slice(0, 80) } : { part: null, text: document.activeElement?.tagName ?? '' };
  }, id);

test('a command pressed by keyboard: focus goes to the status line, which reads the new state; the next Enter runs nothing', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/tutorial.html');
  await ready(page, 'tutorial-play');
  const board = page.locator('#tutorial-play');
  const end = board.getByRole('button', { name: 'End the status phase' });
  await end.focus();
  await page.keyboard.press('Enter');
  await expect(board.getByRole('region', { name: 'Play table' })).toBeVisible();
  await expect.poll(() => focused(page, 'tutorial-play')).toEqual({ part: 'status', text: expect.stringMatching(/^Round 1/) });
  const log = await board.locator('[part="log"] li').count();
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  expect(await board.locator('[part="log"] li').count()).toBe(log);
  // Tab goes on to the actions.
  await page.keyboard.press('Tab');
  expect((await focused(page, 'tutorial-play')).part).toBe('button');
  expect(errors).toEqual([]);
});

test('zoom: Fit turns itself off when pressed, and the focus goes to the status line, not the page', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto('/tutorial.html');
  await ready(page, 'tutorial-explore');
  const fit = page.locator('#tutorial-explore').getByRole('button', { name: 'Fit' });
  await fit.focus();
  await page.keyboard.press('Enter');
  await expect(fit).toBeDisabled();
  await expect.poll(() => focused(page, 'tutorial-explore')).toMatchObject({ part: 'status' });
  await context.close();
});

test('a zoomed board: the keyboard cursor moved off the box\'s edge scrolls its space into view', async ({ page }) => {
  await page.goto('/doom2004-play.html');
  const grid = await ready(page, 'doom2004-play');
  const board = page.locator('#doom2004-play');
  for (let i = 0; i < 3; i++) await board.getByRole('button', { name: 'Zoom in' }).click();
  const box = board.locator('.board-scroll');
  await expect.poll(() => box.evaluate((b) => b.scrollWidth > b.clientWidth)).toBe(true);
  await grid.focus();
  for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowRight');
  const cursor = await grid.getAttribute('aria-activedescendant');
  const [cell, view] = await Promise.all([board.locator(`#${cursor}`).boundingBox(), box.boundingBox()]);
  expect(cell!.x).toBeGreaterThanOrEqual(view!.x - 1);
  expect(cell!.x + cell!.width).toBeLessThanOrEqual(view!.x + view!.width + 1);
  expect(await box.evaluate((b) => b.scrollLeft)).toBeGreaterThan(0);
});

test('rows of buttons are labelled groups, each button a Tab stop: no role="toolbar", which promises arrow keys between its buttons that it did not have', async ({ page }) => {
  for (const [path, id, group, button] of [
    ['/d20.html', 'd20-play', 'Actions', 'Undo'],
    ['/d20.html', 'd20-cover', 'Board actions', 'Save SVG'],
    ['/example-d20-cover.html', 'example', 'Steps', 'Next ▶'],
    ['/editor.html', 'editor', 'Terrain', 'Difficult'],
    ['/doom2004-play.html', 'doom2004-play', 'Zoom', 'Zoom in'],
  ]) {
    await page.goto(path);
    await ready(page, id);
    const board = page.locator(`#${id}`);
    await expect(board.getByRole('group', { name: group, exact: true }).getByRole('button', { name: button, exact: true })).toBeVisible();
    await expect(board.getByRole('toolbar'), `${path} #${id}`).toHaveCount(0);
  }
  // Tab goes from one button of a group to the next.
  const actions = page.locator('#doom2004-play').getByRole('group', { name: 'Zoom' });
  await actions.getByRole('button', { name: 'Zoom in' }).focus();
  await page.keyboard.press('Tab');
  expect((await focused(page, 'doom2004-play')).text).toBe('−');
});
