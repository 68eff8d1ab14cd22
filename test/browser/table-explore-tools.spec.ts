/**
 * Explore tools for players at the table: the MP control, saving the board as SVG and PNG, and the
 * editor's "Explore this board".
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ready, watchErrors } from './helpers.ts';

test('the MP control changes the reach shown; bad input is refused', async ({ page }) => {
  await page.goto('/movement.html');
  await ready(page, 'terrain');
  const board = page.locator('#terrain');
  await board.evaluate(async (el: HTMLElement & { select(id: string): Promise<void> }) => {
    const first = (el as unknown as { exportScenario(): { figures: { id: string }[] } }).exportScenario().figures[0].id;
    await el.select(first);
  });
  const status = board.locator('[part="status"]');
  await expect(status).toContainText('within 6 MP');
  const count = async () => Number(/: (\d+) spaces within/.exec(await status.innerText())![1]);
  const six = await count();
  const mp = board.getByRole('spinbutton', { name: 'MP' });
  await mp.fill('2');
  await mp.press('Enter');
  await expect(status).toContainText('within 2 MP');
  expect(await count()).toBeLessThan(six);
  await mp.fill('-3');
  await mp.press('Enter');
  await expect(board.locator('.message')).toContainText('MP must be a whole number from 0 to 40');
  await expect(status).toContainText('within 2 MP');
});

test('Save SVG and Save PNG download the board as drawn, colours included', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/cover.html');
  await ready(page, 'cover-example');
  const board = page.locator('#cover-example');
  const [svgDownload] = await Promise.all([page.waitForEvent('download'), board.getByRole('button', { name: 'Save SVG' }).click()]);
  expect(svgDownload.suggestedFilename()).toBe('rulebook-cover-example.svg');
  const svg = readFileSync((await svgDownload.path())!, 'utf8');
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="-20 -20 248 184"/);
  expect(svg).toContain('data-figure="alpha"');
  expect(svg).toMatch(/--doom-wall:\s*#[0-9a-f]{3,6}/i);
  const [pngDownload] = await Promise.all([page.waitForEvent('download'), board.getByRole('button', { name: 'Save PNG' }).click()]);
  const png = readFileSync((await pngDownload.path())!);
  expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  expect(png.readUInt32BE(16)).toBe(496);
  expect(errors).toEqual([]);
});

test('the editor\'s "Explore this board" shows the edited board in explore mode', async ({ page }) => {
  await page.goto('/editor.html');
  await ready(page, 'editor');
  const board = page.locator('#editor');
  await board.getByRole('button', { name: 'Explore this board' }).click();
  await expect(board).toHaveAttribute('mode', 'explore');
  await ready(page, 'editor');
  await expect(board.locator('[part="status"]')).toContainText('Select a figure');
  await expect(board.getByRole('button', { name: 'Reset' })).toBeVisible();
});
