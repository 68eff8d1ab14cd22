/**
 * Screenshot checks of the main views against committed reference images (small tolerance), so
 * that visual regressions show up. Refresh after an intended change with
 * `npx playwright test test/browser/screenshots.spec.ts --update-snapshots` and look at the images.
 */
import { expect, test } from '@playwright/test';
import { keys, ready, walk } from './helpers.ts';

const SHOT = { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' } as const;

test.use({ viewport: { width: 1100, height: 900 } });

test('explore: the cover example with a target, its lines and explanation', async ({ page }) => {
  await page.goto('/cover.html');
  const g = await ready(page, 'cover-example');
  await g.focus();
  await keys(page, 'Enter');
  await walk(page, { x: 0, y: 0 }, { x: 4, y: 4 });
  await keys(page, 'Enter');
  await expect(page.locator('#cover-example [part="explanation"]')).toContainText('in cover');
  await expect(page.locator('#cover-example')).toHaveScreenshot('cover-target.png', SHOT);
});

test('explore: reach with costs, fog and the cheapest path', async ({ page }) => {
  await page.goto('/movement.html');
  const g = await ready(page, 'terrain');
  await g.focus();
  await walk(page, { x: 0, y: 0 }, { x: 0, y: 2 });
  await keys(page, 'Enter');
  await walk(page, { x: 0, y: 2 }, { x: 5, y: 2 });
  await expect(page.locator('#terrain svg .path polyline')).toBeAttached();
  await expect(page.locator('#terrain')).toHaveScreenshot('movement-reach.png', SHOT);
});

test('explore: doom2004 LOS diagram, a blocked target', async ({ page }) => {
  await page.goto('/doom2004-attack.html');
  const g = await ready(page, 'los-diagram');
  await g.focus();
  await keys(page, 'Enter');
  await walk(page, { x: 0, y: 0 }, { x: 4, y: 0 });
  await keys(page, 'Enter');
  await expect(page.locator('#los-diagram [part="explanation"]')).toContainText('no line of sight');
  await expect(page.locator('#los-diagram')).toHaveScreenshot('doom2004-blocked.png', SHOT);
});

test('explore: large figures, doors and teleporters', async ({ page }) => {
  await page.goto('/doors-teleporters.html');
  const g = await ready(page, 'doors');
  await g.focus();
  await walk(page, { x: 0, y: 0 }, { x: 2, y: 1 });
  await keys(page, 'Enter');
  await expect(page.locator('#doors')).toHaveScreenshot('doors-teleporters.png', SHOT);
  await page.goto('/large-figures.html');
  await ready(page, 'large');
  await expect(page.locator('#large')).toHaveScreenshot('large-figures.png', SHOT);
});

test('play: a d20 activation with a move and a target', async ({ page }) => {
  await page.goto('/d20.html');
  const g = await ready(page, 'd20-play');
  await g.focus();
  await keys(page, 'ArrowDown', 'ArrowRight', 'Enter', 'Tab', 'Enter', 'Shift+Tab', 'ArrowRight', 'Enter');
  await walk(page, { x: 2, y: 1 }, { x: 6, y: 1 });
  await keys(page, 'Enter');
  await expect(page.locator('#d20-play [part="explanation"]')).toContainText('line of sight');
  await expect(page.locator('#d20-play')).toHaveScreenshot('play-d20.png', SHOT);
});

test('edit: the editor with its tools and export', async ({ page }) => {
  await page.goto('/editor.html');
  await ready(page, 'editor');
  await expect(page.locator('#editor')).toHaveScreenshot('editor.png', SHOT);
});

test('dark theme, and the error view of a malformed scenario', async ({ page }) => {
  await page.goto('/embed.html');
  await ready(page, 'embedded');
  await expect(page.locator('#embedded')).toHaveScreenshot('dark-theme.png', SHOT);
  await page.evaluate(() => {
    const el = document.createElement('doom-board') as HTMLElement & { scenario: unknown };
    el.id = 'bad';
    el.scenario = { ruleset: 'doom2016', map: ['...', '.x.'], figures: [{ id: 'a', side: 'marines', type: 'marine', x: 5, y: 0 }], sides: ['marines'] };
    document.querySelector('main')!.prepend(el);
  });
  await expect(page.locator('#bad [part="error"]')).toBeVisible();
  await expect(page.locator('#bad')).toHaveScreenshot('error.png', SHOT);
});

test('play: the doom2016 table with hands, the acting marine and the log', async ({ page }) => {
  await page.goto('/tutorial.html');
  await ready(page, 'tutorial-play');
  const board = page.locator('#tutorial-play');
  await board.getByRole('button', { name: 'End the status phase' }).click();
  await expect(board.getByRole('region', { name: 'Play table' })).toContainText('to act');
  await expect(board).toHaveScreenshot('play-table-doom2016.png', SHOT);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('phone: a tapped destination shows its path, the navigation folded', async ({ page }) => {
    await page.goto('/movement.html');
    await ready(page, 'movement-example');
    const box = async (x: number, y: number) => (await page.locator(`#movement-example #c-${x}-${y}`).boundingBox())!;
    await page.locator('#movement-example').scrollIntoViewIfNeeded();
    const a = await box(0, 1);
    await page.touchscreen.tap(a.x + a.width / 2, a.y + a.height / 2);
    const d = await box(3, 0);
    await page.touchscreen.tap(d.x + d.width / 2, d.y + d.height / 2);
    await expect(page.locator('#movement-example .message')).toContainText('Tap D1 again');
    await expect(page.locator('#movement-example')).toHaveScreenshot('phone-tap-preview.png', SHOT);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page).toHaveScreenshot('phone-nav-folded.png', { ...SHOT, fullPage: false });
  });
});
