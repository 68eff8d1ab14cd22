/**
 * d20 has no MP (review 73, item 13): the element counts its movement in squares, as its log and the
 * API do ("4 squares of movement"); the DOOM games keep MP (explore.spec.ts, phone.spec.ts).
 */
import { expect, test } from '@playwright/test';
import { live, ready, watchErrors } from './helpers.ts';

test('d20 explore: the reach, the movement control and the legend count squares of movement, not MP', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/d20.html');
  await ready(page, 'd20-cover');
  const board = page.locator('#d20-cover');
  await board.evaluate((el: HTMLElement & { select(id: string): Promise<void> }) => el.select('trooper'));
  await expect(board.locator('[part="status"]')).toHaveText(/^Trooper at A3: \d+ spaces within 6 squares of movement$/);
  await expect(live(page, 'd20-cover')).toHaveText(/^Trooper at A3 selected: \d+ spaces within 6 squares of movement$/);
  const control = board.getByRole('spinbutton', { name: 'Movement' });
  await control.fill('2');
  await control.press('Enter');
  await expect(live(page, 'd20-cover')).toHaveText('2 squares of movement');
  await expect(board.locator('[part="status"]')).toContainText('within 2 squares of movement');
  await board.locator('[part="legend"] summary').click();
  await expect(board.locator('[part="legend"]')).toContainText('Reachable space (digits: squares of movement)');
  await expect(board.locator('[part="status"]')).not.toContainText('MP');
  expect(errors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('d20 play: a tapped destination says its squares of movement; the page\'s event line too', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/d20.html');
    await ready(page, 'd20-play');
    const board = page.locator('#d20-play');
    const tap = async (x: number, y: number) => {
      await board.locator(`#c-${x}-${y}`).scrollIntoViewIfNeeded();
      await board.locator(`#c-${x}-${y}`).tap();
    };
    await tap(1, 1);
    await board.getByRole('button', { name: 'Activate Trooper 1' }).tap();
    await tap(4, 2);
    await expect(board.locator('.message')).toHaveText('Tap E3 again to move Trooper 1 there (4 squares of movement).');
    await tap(4, 2);
    await expect(board.locator('[part="log"] li').last()).toHaveText('Trooper 1 moves from B2 to E3 (4 squares of movement)');
    await expect(page.locator('output[data-events-of="d20-play"]')).toHaveText(/^(Trooper-1|Trooper 1) moved from B2 to E3 \(4 squares of movement\)\.$/);
    expect(errors).toEqual([]);
  });
});
