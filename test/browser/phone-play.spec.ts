/**
 * Playing on a phone (issue 21): on Pixel 7 and iPhone 13 screens, the board's spaces and the
 * buttons are at least 44 px at the default zoom (the board scrolls inside its box, the page never
 * sideways), text is at least 11 px, and three rounds of the doom2016 tutorial and a doom2004 turn
 * are played by taps alone. Screenshots of each are kept in test-results/ to look at.
 */
import { devices, expect, test, type Locator, type Page } from '@playwright/test';
import { ready, watchErrors } from './helpers.ts';
import { encodeState } from '../../components/url-state.ts';

/** The phones' screens and touch, in the project's Chromium (Playwright cannot fetch WebKit here). */
const PHONES = {
  'Pixel 7': devices['Pixel 7'],
  'iPhone 13': devices['iPhone 13'],
};

/** Sizes a finger and an eye need, measured in the page. */
async function measure(page: Page, id: string) {
  return page.evaluate((id) => {
    const root = document.getElementById(id)!.shadowRoot!;
    const cells = [...root.querySelectorAll('[role="gridcell"]')].map((c) => c.getBoundingClientRect());
    const buttons = [...root.querySelectorAll('button')].filter((b) => b.offsetParent !== null).map((b) => ({ text: b.textContent!.trim(), h: b.getBoundingClientRect().height, w: b.getBoundingClientRect().width }));
    // Every control in the event log: the lines that open (▶ a card's text) and any link or button.
    const logControls = [...root.querySelectorAll('[part="log"] summary, [part="log"] a, [part="log"] button')].map((c) => ({ text: c.textContent!.trim().slice(0, 40), h: c.getBoundingClientRect().height, w: c.getBoundingClientRect().width }));
    // Text the reader sees: every element with its own text, its computed size.
    const small: string[] = [];
    for (const el of root.querySelectorAll('*')) {
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim());
      if (!own || (el as HTMLElement).offsetParent === null && el.tagName !== 'text') continue;
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      const size = el.tagName === 'text' ? r.height : parseFloat(getComputedStyle(el).fontSize);
      if (size < 11) small.push(`${el.tagName} "${el.textContent!.trim().slice(0, 30)}" ${size.toFixed(1)}px`);
    }
    return {
      cell: { w: Math.min(...cells.map((r) => r.width)), h: Math.min(...cells.map((r) => r.height)) },
      buttons,
      logControls,
      small,
      pageScrollsSideways: document.scrollingElement!.scrollWidth > window.innerWidth + 1,
    };
  }, id);
}

/** Checks the sizes; answers how many controls the event log has (its lines that open). */
async function checkSizes(page: Page, id: string): Promise<number> {
  const m = await measure(page, id);
  expect(m.cell.w, 'space width').toBeGreaterThanOrEqual(44);
  expect(m.cell.h, 'space height').toBeGreaterThanOrEqual(44);
  for (const b of m.buttons) expect(Math.min(b.h, b.w), `button "${b.text}"`).toBeGreaterThanOrEqual(44);
  for (const c of m.logControls) expect(Math.min(c.h, c.w), `log line "${c.text}"`).toBeGreaterThanOrEqual(44);
  return m.logControls.length;
  expect(m.small).toEqual([]);
  expect(m.pageScrollsSideways).toBe(false);
}

/** The first button whose name matches one of the patterns, in pattern order. */
async function firstButton(board: Locator, patterns: RegExp[]): Promise<Locator | null> {
  for (const p of patterns) {
    const b = board.getByRole('button', { name: p });
    if (await b.count()) return b.first();
  }
  return null;
}

for (const [phone, device] of Object.entries(PHONES)) {
  test.describe(phone, () => {
    const { defaultBrowserType: _, ...use } = device;
    test.use(use);

    test(`${phone}: three rounds of the doom2016 tutorial by taps, finger-sized spaces and buttons`, async ({ page }) => {
      test.setTimeout(180_000);
      const errors = watchErrors(page);
      await page.goto('/tutorial.html');
      await ready(page, 'tutorial-play');
      const board = page.locator('#tutorial-play');
      const status = board.locator('[part="status"]');
      await board.scrollIntoViewIfNeeded();
      await checkSizes(page, 'tutorial-play');
      // The first screen is playable: the status phase is one chooser and a button, not ~22 buttons.
      await expect(board.locator('[part="chooser"]')).toBeVisible();
      expect(await board.locator('[part="toolbar"] button').count()).toBeLessThanOrEqual(4);
      await page.screenshot({ path: `test-results/phone-${phone.replace(/ /g, '-')}-tutorial-start.png`, fullPage: false });
      for (let step = 0; step < 250; step++) {
        const text = await status.innerText();
        if (/Round 4/.test(text) || /won/.test(text)) break;
        const next = await firstButton(board, [/takes the attack \(no more defense\)$/, /resolves the attack$/, /^End the status phase$/, /^Activate the .+ demons$/, /^End .+'s activation$/]);
        expect(next, `a command to go on at: ${text}`).not.toBeNull();
        await next!.scrollIntoViewIfNeeded();
        await next!.tap();
      }
      await expect(status).toContainText(/Round 4|won/);
      await checkSizes(page, 'tutorial-play');
      await board.screenshot({ path: `test-results/phone-${phone.replace(/ /g, '-')}-tutorial-round4.png` });
      expect(errors).toEqual([]);
    });

    test(`${phone}: a doom2004 marine's turn by taps — an action, a move by two taps, the end`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto('/doom2004-play.html');
      await ready(page, 'doom2004-play');
      const board = page.locator('#doom2004-play');
      await board.scrollIntoViewIfNeeded();
      await checkSizes(page, 'doom2004-play');
      // One button per marine until one is chosen, then that marine's actions.
      expect(await board.getByRole('button', { name: /: choose an action$/ }).count()).toBe(3);
      await board.getByRole('button', { name: 'Marine 1: choose an action' }).tap();
      await board.getByRole('button', { name: 'Marine 1: advance', exact: true }).tap();
      await expect(board.locator('[part="status"]')).toContainText('Marine 1');
      // Two taps on a reachable space: the first shows the path, the second moves.
      const before = await board.locator('[part="log"] li').count();
      const reach = await page.evaluate(() => {
        const b = document.getElementById('doom2004-play') as unknown as { _play: { moves: Map<number, unknown> }; _state: { model: { width: number } } };
        const k = [...b._play.moves.keys()][0];
        return { x: k % b._state.model.width, y: Math.floor(k / b._state.model.width) };
      });
      const cell = board.locator(`#c-${reach.x}-${reach.y}`);
      await cell.scrollIntoViewIfNeeded();
      await cell.tap();
      await expect(board.locator('[part="log"] li')).toHaveCount(before);
      await cell.tap();
      await expect(board.locator('[part="log"] li').last()).toContainText('Marine 1 moves');
      await board.getByRole('button', { name: /^End Marine 1's turn$/ }).tap();
      await expect(board.locator('[part="log"] li').last()).toContainText("Marine 1's turn ends");
      await checkSizes(page, 'doom2004-play');
      await board.screenshot({ path: `test-results/phone-${phone.replace(/ /g, '-')}-doom2004-turn.png` });
      expect(errors).toEqual([]);
    });
  });
}

for (const [what, path, id] of [['the 16-column tutorial board', '/tutorial.html', 'tutorial-play'], ['a 10-column board (large figures)', '/large-figures.html', 'large']] as const) test(`on a phone, Fit shows ${what} whole in its box; + brings back spaces a finger can tap`, async ({ browser }) => {
  const context = await browser.newContext({ ...PHONES['Pixel 7'] });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(path);
  await ready(page, id);
  const board = page.locator(`#${id}`);
  const box = () => board.locator('.board-scroll').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  const cell = () => board.locator('[role="gridcell"]').first().evaluate((el) => el.getBoundingClientRect().width);
  // The default: spaces for a finger, the board wider than its box (it scrolls).
  expect(await cell()).toBeGreaterThanOrEqual(44);
  const before = await box();
  expect(before.scroll).toBeGreaterThan(before.client);
  await board.getByRole('button', { name: 'Fit' }).tap();
  await expect.poll(async () => (await box()).scroll).toBeLessThanOrEqual((await box()).client);
  // Every column's space is inside the box.
  const right = await board.locator('[role="gridcell"]').evaluateAll((els) => Math.max(...els.map((e) => e.getBoundingClientRect().right)));
  const edge = await board.locator('.board-scroll').evaluate((el) => el.getBoundingClientRect().right);
  expect(right).toBeLessThanOrEqual(edge + 0.5);
  await expect(board.getByRole('button', { name: 'Fit' })).toBeDisabled();
  await board.getByRole('button', { name: 'Zoom in' }).tap();
  await expect.poll(cell).toBeGreaterThanOrEqual(44);
  expect(errors).toEqual([]);
  await context.close();
});

test('an 8-column board fits a 390 px phone (spaces of 40 px or more: its last column is not hidden for a few pixels); on a 360 px phone it keeps 45 px spaces and scrolls', async ({ browser }) => {
  for (const [width, fits] of [[390, true], [360, false]] as const) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto('/example-doom2016-attack.html');
    await ready(page, 'example');
    const board = page.locator('#example');
    const box = await board.locator('.board-scroll').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, right: el.getBoundingClientRect().right }));
    const cells = await board.locator('[role="gridcell"]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ w: r.width, right: r.right })));
    expect(Math.max(...cells.map((c) => c.right)) <= box.right + 0.5, `${width} px: column H inside the box`).toBe(fits);
    expect(box.scroll > box.client, `${width} px: the board scrolls`).toBe(!fits);
    expect(Math.min(...cells.map((c) => c.w))).toBeGreaterThanOrEqual(fits ? 40 : 44);
    await context.close();
  }
});

for (const [phone, device] of Object.entries(PHONES)) {
  test(`${phone}: the event log's lines that open (a card played: ▶ its text) are a finger's height, and open by a tap`, async ({ browser }) => {
    const { defaultBrowserType: _, ...use } = device;
    const context = await browser.newContext(use);
    const page = await context.newPage();
    const errors = watchErrors(page);
    // The tutorial after the status phase and Delta's first card (the moves kept in the URL, as a reload would have them).
    const moves = [{ type: 'status', discard: [] }, { type: 'play', figure: 'delta', card: 'shotgun-stagger' }];
    await page.goto(`/tutorial.html#doom-tutorial-play=${encodeState({ h: moves as never })}`);
    await ready(page, 'tutorial-play');
    const board = page.locator('#tutorial-play');
    const line = board.locator('[part="log"] summary').first();
    await expect(line).toContainText('Delta plays');
    await line.scrollIntoViewIfNeeded();
    expect(await checkSizes(page, 'tutorial-play')).toBeGreaterThan(0);
    await line.tap();
    await expect(board.locator('[part="log"] details').first()).toHaveAttribute('open', '');
    expect(errors).toEqual([]);
    await context.close();
  });
}
