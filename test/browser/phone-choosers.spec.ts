/**
 * Every demo page on a small phone (360 px, the narrowest common width): no page scrolls sideways,
 * and every chooser (a select, on the page or inside a board) is as wide as its longest option
 * needs — narrower, the closed select cuts an option off where it says what it is (the doom2004
 * solo page's "…: about even against the standard AI" was cut to "…about eve").
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const PAGES = readdirSync(fileURLToPath(new URL('../../demo/', import.meta.url))).filter((f) => f.endsWith('.html'));

/** Pages whose choosers this check must see (so a page whose selects it missed cannot pass unseen). */
const CHOOSERS: Record<string, number> = { 'solo.html': 1, 'solo-doom2004.html': 2 };

test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });

for (const file of PAGES) {
  test(`${file} at 360 px: no sideways scroll, every chooser's options read whole`, async ({ page }) => {
    await page.goto(`/${file}`);
    await page.waitForLoadState('networkidle');
    const found = await page.evaluate(() => {
      const selects = [...document.querySelectorAll('select')];
      for (const host of document.querySelectorAll('doom-board')) if (host.shadowRoot) selects.push(...host.shadowRoot.querySelectorAll('select'));
      const cut: string[] = [];
      let shown = 0;
      for (const el of selects) {
        const width = el.getBoundingClientRect().width;
        if (!width) continue; // not displayed
        shown++;
        // A copy outside the page's layout, free to take the width its options need.
        const free = el.cloneNode(true) as HTMLSelectElement;
        free.style.cssText = `position: absolute; left: 0; top: 0; width: auto; max-width: none; font: ${getComputedStyle(el).font}`;
        document.body.append(free);
        const needed = free.getBoundingClientRect().width;
        free.remove();
        if (needed - width > 0.5) cut.push(`${el.labels?.[0]?.textContent?.trim().split('\n')[0] ?? el.getAttribute('aria-label') ?? '?'}: ${Math.round(width)} px of ${Math.round(needed)}`);
      }
      return { cut, shown, scrollWidth: document.documentElement.scrollWidth };
    });
    expect(found.shown).toBeGreaterThanOrEqual(CHOOSERS[file] ?? 0);
    expect(found.cut).toEqual([]);
    expect(found.scrollWidth).toBeLessThanOrEqual(360);
  });
}
