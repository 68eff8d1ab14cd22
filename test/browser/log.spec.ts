/**
 * The event log as a player meets it (issue 21): it follows the newest line unless the reader has
 * scrolled up, it reads as sentences, and it is the game's — a reload rebuilds it from the moves
 * kept in the page URL. (The server game's log on both seats: api.spec.ts.)
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ready, watchErrors } from './helpers.ts';

const BOARD = 'doom2004-play';

/** Play `n` commands by clicking the first command button each time (never Undo or Hint). */
async function playButtons(page: Page, board: Locator, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const before = await board.locator('[part="log"] li').count();
    const buttons = board.locator('[part="toolbar"] button:not([disabled])').filter({ hasNotText: /^(Undo|Hint)$/ });
    await expect(buttons.first()).toBeVisible();
    // "Marine 1: choose an action" only selects: then that marine's first action.
    if (/choose an action$/.test(await buttons.first().innerText())) await buttons.first().click();
    await buttons.first().click();
    await expect.poll(() => board.locator('[part="log"] li').count()).toBeGreaterThan(before);
  }
}

const scroll = (log: Locator) => log.evaluate((el) => ({ top: el.scrollTop, height: el.scrollHeight, view: el.clientHeight }));

test('the log follows the newest line, stays where the reader scrolled, and comes back after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await page.goto('/doom2004-play.html');
  await ready(page, BOARD);
  const board = page.locator(`#${BOARD}`);
  const log = board.locator('[part="log"]');
  await playButtons(page, board, 14);

  // More lines than the box shows: the newest is in view.
  let s = await scroll(log);
  expect(s.height).toBeGreaterThan(s.view);
  expect(s.height - s.top - s.view).toBeLessThan(4);
  const newest = log.locator('li').last();
  const [logBox, lineBox] = [await log.boundingBox(), await newest.boundingBox()];
  expect(lineBox!.y + lineBox!.height).toBeLessThanOrEqual(logBox!.y + logBox!.height + 1);

  // The reader scrolls up to read round 1: a new line does not pull the log away from it.
  await log.evaluate((el) => (el.scrollTop = 0));
  await playButtons(page, board, 1);
  s = await scroll(log);
  expect(s.top).toBe(0);

  // Back at the bottom, it follows again.
  await log.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await playButtons(page, board, 1);
  s = await scroll(log);
  expect(s.height - s.top - s.view).toBeLessThan(4);

  // Every line is a sentence: no ids, no JSON, no "undefined".
  const lines = await log.locator('li').allInnerTexts();
  for (const l of lines) expect(l).not.toMatch(/[{}]|undefined|NaN|\b[a-z]+-\d+\b/);

  // A reload replays the moves kept in the URL, and the log with them.
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/#doom-doom2004-play=/);
  await page.reload();
  await ready(page, BOARD);
  await expect.poll(() => board.locator('[part="log"] li').allInnerTexts()).toEqual(lines);
  s = await scroll(log);
  expect(s.height - s.top - s.view).toBeLessThan(4);
  expect(errors).toEqual([]);
});

test('the log\'s line numbers fit its margin up to 999 lines (two-digit numbers were cut on the left)', async ({ page }) => {
  await page.goto('/doom2004-play.html');
  await ready(page, BOARD);
  const board = page.locator(`#${BOARD}`);
  await playButtons(page, board, 2);
  const fits = await board.locator('[part="log"]').evaluate((ol) => {
    const style = getComputedStyle(ol);
    const probe = document.createElement('span');
    probe.style.font = style.font;
    probe.style.position = 'absolute';
    probe.textContent = '999.';
    document.body.append(probe);
    const need = probe.getBoundingClientRect().width;
    probe.remove();
    return { need, room: parseFloat(style.paddingLeft) };
  });
  expect(fits.room).toBeGreaterThan(fits.need);
});
