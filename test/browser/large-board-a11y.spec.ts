/**
 * Issue 41: axe-core on a 101×101 board, whose keyboard grid is a window of cells placed and
 * numbered with aria-rowindex / aria-colindex: no serious or critical violation (WCAG 2.x A and AA),
 * with the window at the start and after the cursor went to the far corner.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addBoard, ready } from './helpers.ts';

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('#campaign').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
}

test('axe: a 101×101 board with its windowed keyboard grid, at the start and at the far corner', async ({ page }) => {
  // Two axe scans of a board of 10,201 spaces: slow on a loaded machine, not a timing assertion.
  test.setTimeout(120_000);
  const map = Array.from({ length: 101 }, () => '.'.repeat(101));
  const figures = [{ id: 'far', side: 'marines', type: 'marine', x: 99, y: 99 }, { id: 'imp-1', side: 'invader', type: 'imp', x: 2, y: 2 }];
  await page.goto('/index.html');
  await addBoard(page, 'campaign', { mp: '4' }, { ruleset: 'doom2016', title: 'Campaign map', map, edges: [], figures, sides: ['marines', 'invader'] });
  const g = await ready(page, 'campaign');
  expect(await seriousViolations(page)).toEqual([]);
  await g.focus();
  await page.keyboard.press('Control+End');
  await expect(g).toHaveAttribute('aria-activedescendant', 'c-100-100');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.locator('#campaign [part="status"]')).toContainText('Far at CV100');
  expect(await seriousViolations(page)).toEqual([]);
});
