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
  // And back: the editor's tools again, on the same board.
  await board.getByRole('button', { name: 'Back to the editor' }).click();
  await expect(board).toHaveAttribute('mode', 'edit');
  await expect(board.getByRole('button', { name: 'Explore this board' })).toBeVisible();
});

test('a share link carries the whole board: another page shows the moved figure on that board', async ({ page, context }) => {
  const errors = watchErrors(page);
  await page.goto('/line-of-sight.html');
  await ready(page, 'walls');
  const board = page.locator('#walls');
  // Move Alpha B2 → C5 with two taps of the mouse, then take the link.
  await board.evaluate(async (el: HTMLElement & { select(id: string): Promise<void> }) => el.select('alpha'));
  await page.locator('#walls #c-2-4').click();
  await expect(page.locator('#walls #c-2-4')).toHaveAttribute('aria-label', /Alpha/);
  const link = await board.evaluate((el: HTMLElement & { shareLink(): string }) => el.shareLink());
  expect(link).toMatch(/#doom-walls=/);
  await expect(board.getByRole('button', { name: 'Copy share link' })).toBeVisible();
  // A page whose own board is different (the walls board's inline scenario is replaced) shows the shared one.
  const other = await context.newPage();
  await other.route('**/line-of-sight.html', async (route) => {
    const res = await route.fetch();
    const html = (await res.text()).replace(/(<doom-board id="walls"[^>]*>\s*<script type="application\/json">)[\s\S]*?(<\/script>)/,
      '$1{ "ruleset": "doom2016", "map": ["..."], "figures": [{ "id": "x", "side": "a", "type": "marine", "x": 0, "y": 0 }], "sides": ["a", "b"] }$2');
    await route.fulfill({ response: res, body: html });
  });
  await other.goto(link.split('#')[0]);
  await ready(other, 'walls');
  await expect(other.locator('#walls [role="grid"]')).toHaveAttribute('aria-colcount', '3');
  await other.goto(link);
  await other.reload();
  await ready(other, 'walls');
  await expect(other.locator('#walls #c-2-4')).toHaveAttribute('aria-label', /Alpha/);
  await expect(other.locator('#walls [role="grid"]')).toHaveAttribute('aria-colcount', '8');
  // Moving on keeps the shared board in the URL.
  await other.locator('#walls').evaluate(async (el: HTMLElement & { select(id: string): Promise<void> }) => el.select('alpha'));
  await other.locator('#walls #c-0-4').click();
  await expect.poll(() => other.evaluate(() => location.hash)).not.toBe(new URL(link).hash);
  await other.reload();
  await ready(other, 'walls');
  await expect(other.locator('#walls #c-0-4')).toHaveAttribute('aria-label', /Alpha/);
  await expect(other.locator('#walls [role="grid"]')).toHaveAttribute('aria-colcount', '8');
  expect(errors).toEqual([]);
});

test('the editor keeps work across reloads until the draft is discarded', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/editor.html');
  await ready(page, 'editor');
  const board = page.locator('#editor');
  const width = board.getByRole('spinbutton', { name: 'Width' });
  const before = await width.inputValue();
  await width.fill('7');
  await width.press('Enter');
  await expect(board.locator('[part="status"]').first()).toContainText('7×');
  await page.reload();
  await ready(page, 'editor');
  await expect(board.locator('[part="status"]').first()).toContainText('7×');
  await expect(board.locator('.message')).toContainText('restored from this browser');
  // Discarding asks first (the draft is the only copy of the work): declined, the draft stays; accepted, it goes.
  const asked: string[] = [];
  page.once('dialog', (d) => void (asked.push(d.message()), d.dismiss()));
  await board.getByRole('button', { name: 'Discard draft' }).click();
  await expect.poll(() => asked).toEqual(['Discard the draft kept in this browser? It cannot be brought back.']);
  await expect(board.locator('[part="status"]').first()).toContainText('7×');
  page.once('dialog', (d) => void d.accept());
  await board.getByRole('button', { name: 'Discard draft' }).click();
  await expect(board.locator('[part="status"]').first()).toContainText(`${before}×`);
  await page.reload();
  await ready(page, 'editor');
  await expect(board.locator('[part="status"]').first()).toContainText(`${before}×`);
  await expect(board.getByRole('button', { name: 'Discard draft' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the editor\'s ruleset picker turns the board into another ruleset\'s, undoable', async ({ page }) => {
  await page.goto('/editor.html');
  await ready(page, 'editor');
  const board = page.locator('#editor');
  const status = board.locator('[part="status"]').first();
  await expect(status).toContainText('doom2016');
  await board.getByRole('combobox', { name: 'Ruleset' }).selectOption('doom2004');
  await expect(status).toContainText('doom2004');
  await expect(board.getByRole('button', { name: 'Ammo' })).toBeVisible();
  await board.getByRole('button', { name: 'Undo' }).click();
  await expect(status).toContainText('doom2016');
});
