/**
 * axe-core scan of every demo page (WCAG 2.x A and AA rules): no serious or critical violation,
 * with the boards drawn, and again with a figure selected and a target explained.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { keys, ready } from './helpers.ts';

const PAGES = [
  'index.html', 'line-of-sight.html', 'cover.html', 'movement.html', 'large-figures.html', 'doors-teleporters.html',
  'doom2004-attack.html', 'doom2004-play.html', 'd20.html', 'tutorial.html', 'editor.html', 'embed.html', 'rules.html',
  'examples.html', 'example-doom2016-attack.html', 'example-doom2016-large-figure.html', 'example-doom2016-glory-kill.html',
  'example-doom2004-aimed-blast.html', 'example-doom2004-guard.html', 'example-d20-cover.html', 'solo.html', 'solo-doom2004.html',
];

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
}

for (const p of PAGES) {
  test(`axe: ${p} has no serious or critical violations`, async ({ page }) => {
    // axe reads every node of the page: the tutorial's (two boards with their panels) took 11–12 s on a
    // quiet 2-core machine, 24 s beside four bench processes and 32 s in a CI run beside them, over the
    // default 30 s.
    test.setTimeout(120_000);
    await page.goto(`/${p}`);
    const ids = await page.locator('doom-board').evaluateAll((els) => els.map((e) => e.id));
    for (const id of ids) {
      await expect(page.locator(`#${id} [role="grid"], #${id} [part="error"]`).first()).toBeVisible();
    }
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('axe: a worked example at a step with a caption, a rule link, an explanation and the log', async ({ page }) => {
  await page.goto('/example-doom2016-attack.html');
  await ready(page, 'example');
  await page.locator('#example [part="scrubber"]').fill('4');
  await expect(page.locator('#example [part="status"]')).toContainText('Step 4 of 5');
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe: a board with a selection, reach, a target and its explanation', async ({ page }) => {
  await page.goto('/cover.html');
  const g = await ready(page, 'cover-example');
  await g.focus();
  await keys(page, 'Enter', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'Enter');
  await expect(page.locator('#cover-example [part="explanation"]')).toContainText('in cover');
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe: play mode with actions and a log', async ({ page }) => {
  await page.goto('/d20.html');
  const g = await ready(page, 'd20-play');
  await g.focus();
  await keys(page, 'ArrowDown', 'ArrowRight', 'Enter', 'Tab', 'Enter');
  await expect(page.locator('#d20-play [part="log"] li')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe: the doom2016 play table during an attack (dice, defense card, hands)', async ({ page }) => {
  await page.goto('/tutorial.html');
  await ready(page, 'tutorial-play');
  const board = page.locator('#tutorial-play');
  await board.getByRole('button', { name: 'End the status phase' }).click();
  await expect(board.getByRole('region', { name: 'Play table' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
