// A fragged doom2004 marine respawns where the player taps (a review found the game stuck there: the
// respawn names a space, so it was no button, and the marine, off the board, could not be selected).
import { expect, test } from '@playwright/test';
import { cell, grid, ready, watchErrors } from './helpers.ts';

/**
 * Seed 1 of the doom2004 solo page played by hint plan 1 until Marine 1 is fragged in round 3: the
 * game's 76 commands as the page's link keeps them. Its respawn spaces (RULES §3 frags: revealed,
 * empty, 8–16 spaces from where it fell) are 24, K1 among them.
 */
const FRAGGED = '#doom-solo-doom2004=eyJ6IjoiM1ZmUmNvSXdFUHlYUE9PTUVLbVZYLW4wSVVxS0dTVmhNTmhheDM4dkJiR0hKT0dnMVhiNjVBaTN5ZTNkNWpZOEhZay1aSnhFaEsyMFVKSjQ1RVVrUmY3NUpHVzVrSHppbDhfT0w4dW9lTV9raXBPVGR3R21hczh0TUsxSWRDUnZKQW84Y2lBUlBRR1l5cmljeEVybEZtejFLcXAteXY4QXlHVnNoSUFRSzVkZ0hKY0FjdkVyTGlIa3dyUm1xNDBOeVBLRTZ6TjRWb0VmVHg1NTVTeXIwa2h5TGxuTS15a0dLSXAwSEVYYWJkY01SWkVpS0daaXA5VjJhQlotVnpUbXd0RHJ3dXlaYnEyLTV0dnRaQ05Gc3RadG9WeW4wUTRFdVlTWWluVFFzQ3lHSTREZXZjWS1PQ3BoWldncVIxcHFvbGdXTzNjdFFCUnNpb19UQnNUQ01oaE96NkNOUTZjY1RMeE1GWGhYNlZKd05fOUxERWhpMFNWX2xZTnA1VDVKQm82emI0MXowQW9RdE5vamJkb3JNTlBTcGhSMExuUlBZWnNRbUVDdGNOLVJnR0hobTFvVzZzUkRJRlI1b3hQbkRQeHRJNnVidmhoblpIWEQ1bl9jeU1JQlh0MHhzc3VwR05IRjhaWTAwRllNTWtYYlNqMVJfZWxfOEJWRUhlN2dLOVpwN2VxSmFSUlRfRTJqY3pRSFNzSzBmWUNVeE0wY2FZNVJBd1QyRk9DdWJyYm9WZFFRTV91SlVVX1BkX0pSbzM2T01UTk1GbzFuM01rZzhKTy1hZGkzUDFuNnJ6RmZfdkQ4QVEiLCJzIjoibWFyaW5lLTMifQ';
const BOARD = 'solo-doom2004';

for (const phone of [false, true]) {
  test(`doom2004: a fragged marine's respawn spaces light up, other figures wait, and a tap on one respawns it${phone ? ' (phone)' : ''}`, async ({ browser }) => {
    const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : {});
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`/solo-doom2004.html${FRAGGED}`);
    await ready(page, BOARD);
    const bar = page.locator(`#${BOARD} [part="toolbar"]`);
    await expect(bar).toContainText('Marine 1: tap a highlighted space to respawn there.');
    // The 24 spaces are drawn as reach (7 runs of rows); K1 is one, A1 is not.
    await expect(page.locator(`#${BOARD} svg .reach-cells`)).toHaveCount(1);
    // A tap on another marine keeps Marine 1's respawn to do.
    const tap = (x: number, y: number) => (phone ? cell(page, BOARD, x, y).tap() : cell(page, BOARD, x, y).click());
    await tap(2, 1); // Marine 3 at C2
    await expect(bar).toContainText('Marine 1: tap a highlighted space to respawn there.');
    await tap(10, 0); // K1
    if (phone) {
      await expect(page.locator(`#${BOARD}`).getByRole('note')).toHaveText('Tap K1 again to respawn Marine 1 there.');
      await tap(10, 0);
    }
    await expect(page.locator(`#${BOARD} [part="log"]`)).toContainText('Marine 1 respawns at K1');
    await expect(bar).not.toContainText('respawn there');
    await expect(grid(page, BOARD).locator('[role="gridcell"][aria-label*="Marine 1"]')).toHaveCount(1);
    await context.close();
    expect(errors).toEqual([]);
  });
}
