/**
 * Picking a target in play on a phone (review 73, items 2–4): the prompt says "Tap again" after a
 * tap and keeps names and spaces as shown; the visible "Tap E3 again to move…" goes once a target
 * is picked instead; a doom2004 target space with a figure on it gets the line-of-sight and range
 * explanation (and its line) as explore mode gives it, with the blast.
 */
import { expect, test, type Locator } from '@playwright/test';
import { live, ready, watchErrors } from './helpers.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

async function tap(board: Locator, x: number, y: number): Promise<void> {
  const c = board.locator(`#c-${x}-${y}`);
  await c.scrollIntoViewIfNeeded();
  await c.tap();
}

test('d20: a tapped move destination, then a tapped enemy: the message and the announcement say the next tap attacks', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/d20.html');
  await ready(page, 'd20-play');
  const board = page.locator('#d20-play');
  const message = board.locator('.message');
  await tap(board, 1, 1);
  await board.getByRole('button', { name: 'Activate Trooper 1' }).tap();
  await tap(board, 4, 2);
  await expect(message).toHaveText(/^Tap E3 again to move Trooper 1 there/);
  await tap(board, 6, 1);
  await expect(message).toHaveText('Tap again to attack Scout.');
  await expect(live(page, 'd20-play')).toHaveText(/^Scout at G2: in line of sight, not in cover, range \d+\. Tap again to attack$/);
  await expect(board.locator('[part="explanation"]')).toContainText('Trooper 1 has line of sight to Scout');
  // The second tap attacks (the trooper has not moved), and the prompt goes.
  await tap(board, 6, 1);
  await expect(board.locator('[part="log"] li').nth(-2)).toHaveText(/^Trooper 1 attacks Scout: rolls \d+ \+ 5 = \d+/);
  await expect(message).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('d20: Escape after a tapped destination takes its prompt away', async ({ page }) => {
  await page.goto('/d20.html');
  await ready(page, 'd20-play');
  const board = page.locator('#d20-play');
  await tap(board, 1, 1);
  await board.getByRole('button', { name: 'Activate Trooper 1' }).tap();
  await tap(board, 4, 2);
  await expect(board.locator('.message')).toHaveText(/^Tap E3 again/);
  await board.locator('[role="grid"]').press('Escape');
  await expect(board.locator('.message')).toHaveCount(0);
});

test('doom2004: a tapped target space with a figure on it explains LOS and range, draws the line, says its blast, and "Tap again" in the buttons\' words', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/doom2004-play.html');
  await ready(page, 'doom2004-play');
  const board = page.locator('#doom2004-play');
  await board.getByRole('button', { name: 'Marine 1: choose an action' }).tap();
  await board.getByRole('button', { name: 'Marine 1: advance', exact: true }).tap();
  await tap(board, 2, 3);
  await tap(board, 2, 3);
  await expect(board.locator('[part="log"] li').last()).toContainText('Marine 1 moves');
  await board.getByRole('button', { name: 'Marine 1: open the door (Door 1)' }).tap();
  await tap(board, 4, 8);
  const explanation = board.locator('[part="explanation"]');
  await expect(explanation).toContainText('Marine 1 has line of sight to Archvile 1');
  await expect(explanation).toContainText(/range \d+/);
  await expect(explanation).toContainText('around E9');
  await expect(board.locator('svg .los-clear')).toHaveCount(1);
  const said = live(page, 'doom2004-play');
  await expect(said).toHaveText(/^Archvile 1 at E9: in line of sight, range \d+\. Blast .* around E9.*\. Tap again to (attack Archvile 1 \(E9\) with the \w+|choose one of \d+ attacks on E9)$/);
  await expect(said).not.toContainText('Press Enter');
  await expect(said).not.toContainText('..');
  await expect(board.locator('.message')).toHaveText(/^Tap again to (attack Archvile 1 \(E9\)|choose one of \d+ attacks on E9)/);
  // The attack buttons of that space are offered, named as shown.
  await expect(board.getByRole('button', { name: /^Marine 1: attack Archvile 1 \(E9\) with the/ }).first()).toBeVisible();
  expect(errors).toEqual([]);
});
