// A board wider than its box fades the box's edge where more of it lies (a review on a phone found
// half of a 16-column board out of sight with no sign that it scrolls); a board that fits has none.
import { expect, test } from '@playwright/test';
import { ready } from './helpers.ts';

const classes = (page: import('@playwright/test').Page) => page.evaluate(() => {
  const box = document.getElementById('tutorial-play')!.shadowRoot!.querySelector('.board-scroll') as HTMLElement;
  return { left: box.classList.contains('more-left'), right: box.classList.contains('more-right'), mask: getComputedStyle(box).maskImage };
});

test('phone: the right edge fades while more lies there, the left once scrolled, none at the end of a side', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto('/tutorial.html');
  await ready(page, 'tutorial-play');
  await expect.poll(() => classes(page)).toMatchObject({ left: false, right: true, mask: expect.stringContaining('linear-gradient') });
  await page.evaluate(() => {
    const box = document.getElementById('tutorial-play')!.shadowRoot!.querySelector('.board-scroll') as HTMLElement;
    box.scrollLeft = 40;
  });
  await expect.poll(() => classes(page)).toMatchObject({ left: true, right: true });
  await page.evaluate(() => {
    const box = document.getElementById('tutorial-play')!.shadowRoot!.querySelector('.board-scroll') as HTMLElement;
    box.scrollLeft = box.scrollWidth;
  });
  await expect.poll(() => classes(page)).toMatchObject({ left: true, right: false });
  await context.close();
});

test('desktop: a board that fits its box has no fade', async ({ page }) => {
  await page.goto('/tutorial.html');
  await ready(page, 'tutorial-play');
  await expect.poll(() => classes(page)).toEqual({ left: false, right: false, mask: 'none' });
});
