import { expect, test } from '@playwright/test';

test('demo page answers line of sight, cover and range from the Wasm core', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => consoleErrors.push(err.message));
  page.on('response', (res) => {
    if (res.status() >= 400) consoleErrors.push(`HTTP ${res.status()} ${res.url()}`);
  });

  await page.goto('/');
  await expect(page).toHaveTitle('doom-board — grid core demo');
  await expect(page.locator('#answers[data-ready="true"]')).toBeAttached();

  const items = page.locator('#answers li');
  await expect(items.filter({ hasText: 'line of sight' }).first()).toBeVisible();
  await expect(page.locator('#map')).toContainText('A');

  const error = page.locator('#error');
  if ((await error.count()) > 0) await expect(error).toHaveText('');
  expect(consoleErrors).toEqual([]);
});
