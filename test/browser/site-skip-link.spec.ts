// The demo site: the first Tab of a page is a link past the site's page list to the content
// (a review counted 19 Tabs through the page list before the first board).
import { expect, test } from '@playwright/test';
import { ready } from './helpers.ts';

test('the first Tab shows "Skip to the content", and Enter moves on into the page\'s content, past the page list', async ({ page }) => {
  await page.goto('/solo.html');
  await ready(page, 'solo');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the content' });
  await expect(skip).toBeFocused();
  expect((await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0); // shown while focused
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  const hash = await page.evaluate(() => location.hash);
  expect(hash).not.toContain('content');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main') && !document.activeElement.closest('nav'))).toBe(true);
});
