/**
 * What a screen reader hears (a screen-reader review, 2026-12-02 evening): Undo and Redo say what
 * they took back or brought back, in the words said when it was done, and the status after an undo
 * names figures as the board shows them; a replay step's caption ends with one full stop; the zoom
 * buttons and Save say what they did. Each test reads the board's polite live region.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { keys, live, ready, walk, watchErrors } from './helpers.ts';

test('play: Undo says which command it took back, in the log\'s words, and the status with the figure\'s name', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/d20.html');
  const g = await ready(page, 'd20-play');
  const log = page.locator('#d20-play [part="log"] li');
  // Trooper 1 (B2) activates and moves to C2.
  await g.focus();
  await walk(page, { x: 0, y: 0 }, { x: 1, y: 1 });
  await keys(page, 'Enter');
  await page.locator('#d20-play').getByRole('button', { name: 'Activate Trooper 1' }).click();
  await expect(log.last()).toHaveText('Trooper 1 activates');
  await g.focus();
  await keys(page, 'ArrowRight', 'Enter');
  await expect(log.last()).toHaveText('Trooper 1 moves from B2 to C2 (1 square of movement)');
  // Undo: the move is named, and the status reads "Trooper 1" as the board shows it (not the id "trooper-1").
  await keys(page, 'Control+z');
  await expect(live(page, 'd20-play')).toHaveText('Undone: Trooper 1 moves from B2 to C2 (1 square of movement). Round 1 — empire: Trooper 1 is activating.');
  // Undo again: the activation.
  await keys(page, 'Control+z');
  await expect(live(page, 'd20-play')).toHaveText('Undone: Trooper 1 activates. Round 1 — empire: activation 1 of 2.');
  expect(errors).toEqual([]);
});

test('explore: Undo says which move it took back', async ({ page }) => {
  await page.goto('/movement.html');
  const g = await ready(page, 'movement-example');
  await g.focus();
  await walk(page, { x: 0, y: 0 }, { x: 0, y: 1 });
  await keys(page, 'Enter');
  await walk(page, { x: 0, y: 1 }, { x: 3, y: 0 });
  await keys(page, 'Enter');
  await expect(live(page, 'movement-example')).toHaveText('Alpha moved to D1 (4 MP)');
  await keys(page, 'Control+z');
  await expect(live(page, 'movement-example')).toHaveText('Undone: Alpha moved to D1 (4 MP)');
});

test('edit: Undo and Redo say which edit they took back or brought back', async ({ page }) => {
  await page.goto('/editor.html');
  const g = await ready(page, 'editor');
  await page.locator('#editor button', { hasText: /^Difficult$/ }).click();
  await g.focus();
  await keys(page, 'ArrowRight', 'Enter');
  await expect(live(page, 'editor')).toHaveText('B1: difficult');
  await keys(page, 'Control+z');
  await expect(live(page, 'editor')).toHaveText('Undone: B1: difficult');
  await keys(page, 'Control+y');
  await expect(live(page, 'editor')).toHaveText('Redone: B1: difficult');
});

test('replay: each step is said in sentences that end with one full stop (a caption\'s own is not doubled)', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/example-doom2004-aimed-blast.html');
  await ready(page, 'example');
  const board = page.locator('#example');
  const next = board.getByRole('button', { name: 'Next ▶' });
  const steps: number = JSON.parse(readFileSync('demo/public/examples/doom2004-aimed-blast.json', 'utf8')).steps.length;
  await next.click();
  await expect(live(page, 'example')).toHaveText(new RegExp(`^Step 1 of ${steps}\\. The marine sees`));
  await next.click();
  // The caption ends "(RULES §3 orders)." and the log's lines follow it.
  await expect(live(page, 'example')).toHaveText(new RegExp(`^Step 2 of ${steps}\\. The marine takes the Ready action and chooses an aim order \\(RULES §3 orders\\)\\. Marine \\S.*\\.$`));
  for (let n = 3; n <= steps; n++) {
    await next.click();
    await expect(live(page, 'example')).toHaveText(new RegExp(`^Step ${n} of ${steps}\\. `));
    const said = (await live(page, 'example').textContent())!.trim();
    expect(said, `step ${n}`).not.toMatch(/\.\s*\./);
    expect(said, `step ${n}`).toMatch(/[.!?]$/);
  }
  expect(errors).toEqual([]);
});

test('zoom: each zoom button says the new zoom', async ({ page }) => {
  await page.goto('/doom2004-play.html');
  await ready(page, 'doom2004-play');
  const board = page.locator('#doom2004-play');
  await board.getByRole('button', { name: 'Zoom in' }).click();
  await expect(live(page, 'doom2004-play')).toHaveText('Zoomed in to 150%');
  await board.getByRole('button', { name: 'Zoom in' }).click();
  await expect(live(page, 'doom2004-play')).toHaveText('Zoomed in to 225%');
  await board.getByRole('button', { name: 'Zoom out' }).click();
  await expect(live(page, 'doom2004-play')).toHaveText('Zoomed out to 150%');
  await board.getByRole('button', { name: 'Fit' }).click();
  await expect(live(page, 'doom2004-play')).toHaveText('Fitted to the box: the whole board is shown');
  await board.getByRole('button', { name: 'Zoom in' }).click();
  await expect(live(page, 'doom2004-play')).toHaveText('Zoomed in to 100%');
});

test('Save SVG / Save PNG say what they saved, as the file the browser downloads', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/movement.html');
  await ready(page, 'movement-example');
  const board = page.locator('#movement-example');
  for (const format of ['SVG', 'PNG']) {
    const [download] = await Promise.all([page.waitForEvent('download'), board.getByRole('button', { name: `Save ${format}` }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`\\.${format.toLowerCase()}$`));
    await expect(live(page, 'movement-example')).toHaveText(`Saved the board as shown now to the file ${download.suggestedFilename()}`);
  }
  expect(errors).toEqual([]);
});
