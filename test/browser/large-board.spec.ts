/**
 * Issue 41: a 101×101 campaign map in the element. What a user sees after zooming in and scrolling
 * to the far corner: the figure drawn on its space, a click there selecting it and highlighting its
 * reach around it; and the keyboard grid reaching that corner although it holds only a window of
 * cells around the cursor (grid-cells.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { addBoard, grid, live, ready, watchErrors } from './helpers.ts';

const SIDE = 101;

/** An open 101×101 doom2016 map with a little difficult terrain; a marine in the far corner, an imp near the start. */
function campaignMap(): unknown {
  const map: string[] = [];
  for (let y = 0; y < SIDE; y++) {
    let row = '';
    for (let x = 0; x < SIDE; x++) row += (x * 7 + y * 13) % 23 === 0 && x < 90 ? 'd' : '.';
    map.push(row);
  }
  return {
    ruleset: 'doom2016',
    title: 'Campaign map',
    map,
    edges: [{ from: [10, 10], to: [14, 10], kind: 'wall' }],
    figures: [
      { id: 'far', side: 'marines', type: 'marine', x: 99, y: 99 },
      { id: 'imp-1', side: 'invader', type: 'imp', x: 2, y: 2 },
    ],
    sides: ['marines', 'invader'],
  };
}

async function bigBoard(page: Page) {
  await page.goto('/index.html');
  await addBoard(page, 'campaign', { mp: '4' }, campaignMap());
  return ready(page, 'campaign');
}

/** The screen box of space (x, y), from the grid's box (the grid covers the spaces exactly). */
async function spaceBox(page: Page, x: number, y: number) {
  const g = (await grid(page, 'campaign').boundingBox())!;
  const w = g.width / SIDE;
  const h = g.height / SIDE;
  return { x: g.x + x * w, y: g.y + y * h, width: w, height: h };
}

/**
 * Turns the mouse wheel and waits until the page has moved and come to rest: Playwright's wheel does
 * not wait for the scroll, and a space measured mid-scroll is hundreds of pixels from its mark.
 */
async function wheelAndSettle(page: Page, dy: number): Promise<void> {
  const before = await page.evaluate(() => scrollY);
  await page.mouse.wheel(0, dy);
  await expect
    .poll(() =>
      page.evaluate(async (start) => {
        const y = scrollY;
        await new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
        return y !== start && scrollY === y;
      }, before),
    )
    .toBe(true);
}

test('zoomed in and scrolled to the far corner, the figure is drawn on its space and a click on it highlights its reach there', async ({ page }) => {
  const errors = watchErrors(page);
  await bigBoard(page);
  const board = page.locator('#campaign');
  // Fitting the page, a space is a few pixels: no figure labels (their type would be unreadable).
  const label = board.locator('[data-figure="far"] .figure-label');
  await expect(label).toHaveCount(0);
  const zoomIn = board.getByRole('button', { name: 'Zoom in' });
  while (await zoomIn.isEnabled()) await zoomIn.click();
  // Zoomed in, they are drawn.
  await expect(label).toHaveText(/\S/);
  // Scroll the board's box to its right end and the page to the board's bottom.
  await board.locator('.board-scroll').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  const corner = await spaceBox(page, 99, 99);
  await wheelAndSettle(page, corner.y - 300);
  const at = await spaceBox(page, 99, 99);
  const viewport = page.viewportSize()!;
  expect(at.x + at.width).toBeLessThanOrEqual(viewport.width);
  expect(at.y + at.height).toBeLessThanOrEqual(viewport.height);
  expect(at.width).toBeGreaterThan(20);

  // The marine's mark is on its space.
  const mark = (await board.locator('[data-figure="far"] rect').first().boundingBox())!;
  expect(Math.abs(mark.x + mark.width / 2 - (at.x + at.width / 2))).toBeLessThan(at.width / 4);
  expect(Math.abs(mark.y + mark.height / 2 - (at.y + at.height / 2))).toBeLessThan(at.height / 4);

  await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
  await expect(live(page, 'campaign')).toHaveText(/Far at CV100 selected: \d+ spaces within 4 MP/);
  await expect(board.locator('[data-figure="far"]')).toHaveClass(/selected/);

  // Its reach: the spaces next to it (costs 1), drawn around it and nowhere else on the board.
  const costs = (await board.locator('.reach .cost').getAttribute('data-costs'))!.split(' ');
  for (const name of ['CU100:1', 'CW101:1', 'CV99:1', 'CW100:1']) expect(costs).toContain(name);
  const reach = (await board.locator('.reach .reach-cells').boundingBox())!;
  const from = await spaceBox(page, 95, 95);
  const to = await spaceBox(page, 100, 100);
  expect(reach.x).toBeGreaterThanOrEqual(from.x - 1);
  expect(reach.y).toBeGreaterThanOrEqual(from.y - 1);
  expect(reach.x + reach.width).toBeLessThanOrEqual(to.x + to.width + 1);
  expect(reach.y + reach.height).toBeLessThanOrEqual(to.y + to.height + 1);
  // …and it covers the figure's neighbours on both sides.
  expect(reach.x).toBeLessThan(at.x - at.width / 2);
  expect(reach.x + reach.width).toBeGreaterThan(at.x + at.width * 1.5);
  expect(errors).toEqual([]);
});

test('the keyboard grid goes to the far corner of a 101×101 board and names the space there', async ({ page }) => {
  const errors = watchErrors(page);
  const g = await bigBoard(page);
  // A window of cells around the cursor, not 10,201 of them.
  expect(await g.locator('[role="gridcell"]').count()).toBeLessThan(400);
  await g.focus();
  await page.keyboard.press('Control+End');
  await expect(g).toHaveAttribute('aria-activedescendant', 'c-100-100');
  const corner = g.locator('#c-100-100');
  await expect(corner).toHaveAttribute('aria-label', /^CW101, /);
  expect(await corner.locator('xpath=..').getAttribute('aria-rowindex')).toBe('101');
  expect(await corner.getAttribute('aria-colindex')).toBe('101');
  // Left and up: the marine's space, named with it; Enter selects it.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await expect(g).toHaveAttribute('aria-activedescendant', 'c-99-99');
  await expect(g.locator('#c-99-99')).toHaveAttribute('aria-label', /^CV100, .*Far/);
  await page.keyboard.press('Enter');
  await expect(live(page, 'campaign')).toHaveText(/Far at CV100 selected/);
  expect(errors).toEqual([]);
});
