// A choice between commands that fit one tap (which weapon, which way) has a Cancel button: on a
// phone there is no Escape key, and a review found a touch player shut in such a choice.
import { expect, test } from '@playwright/test';
import { ready, watchErrors } from './helpers.ts';

test('a pending choice offers Cancel, which leaves it with nothing played (phone)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/doom2004-play.html');
  await ready(page, 'doom2004-play');
  const bar = page.locator('#doom2004-play [part="toolbar"]');
  const before = await bar.locator('button').allTextContents();
  // Two of the legal commands offered as one tap's choice, as the board does when several fit it.
  const labels = await page.evaluate(async () => {
    const board = document.getElementById('doom2004-play') as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    const play = board._play;
    const legal = await play.game.legalActions();
    await play.run(legal.slice(0, 2));
    board._state.update();
    await board.updateComplete;
    return { history: play.history as number };
  });
  await expect(bar.getByRole('button', { name: 'Cancel' })).toBeVisible();
  expect(await bar.locator('button').allTextContents()).not.toEqual(before);
  await bar.getByRole('button', { name: 'Cancel' }).tap();
  await expect(bar.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(bar.locator('button')).toHaveText(before);
  expect(await page.evaluate(() => (document.getElementById('doom2004-play') as any)._play.history)).toBe(labels.history); // eslint-disable-line @typescript-eslint/no-explicit-any
  await context.close();
  expect(errors).toEqual([]);
});
