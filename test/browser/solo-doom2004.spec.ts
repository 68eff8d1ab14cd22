/**
 * The demo's doom2004 solo page: the skirmish against the invaders' autopilot, as bundled (even
 * against the standard AI and the strong one, docs/scenarios.md), a handicap chooser ("one hell
 * knight" leaves hell-knight-2 out), and a strength chooser that sets `ai-strength`, kept in the
 * page URL, leaving the game as it is.
 */
import { expect, test, type Page } from '@playwright/test';
import { ready, routeBundlePage, watchErrors } from './helpers.ts';

const BOARD = 'solo-doom2004';

async function hintText(page: Page): Promise<string> {
  const board = page.locator(`#${BOARD}`);
  await board.getByRole('button', { name: 'Hint' }).click();
  await expect(board.locator('.hint')).toContainText('Hint: 1. ', { timeout: 30_000 });
  return (await board.locator('.hint').textContent())!;
}

test('doom2004 solo: the invaders as bundled, the strength chooser sets ai-strength, kept in the URL over a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.goto('/solo-doom2004.html');
  await ready(page, BOARD);
  const board = page.locator(`#${BOARD}`);
  const figures = () => board.locator('svg .figure').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-figure')));
  expect(await figures()).toContain('mancubus-1');
  expect(await figures()).toContain('hell-knight-1');
  expect(await figures()).toContain('hell-knight-2');
  await expect(page.getByLabel('Handicap')).toHaveValue('');
  const strength = page.getByLabel('Strength');
  await expect(strength).toHaveValue('standard');

  expect(await hintText(page)).not.toContain('up to twice');

  await strength.selectOption('strong');
  expect(new URL(page.url()).searchParams.get('strength')).toBe('strong');
  expect(await page.evaluate((id) => (document.getElementById(id) as HTMLElement & { aiStrength?: string }).aiStrength, BOARD)).toBe('strong');
  // The Hint answers at the strong strength too (what it picks there: ai-strength.spec.ts).
  expect(await hintText(page)).toMatch(/^Hint: 1\. Marine \d: /);

  await page.reload();
  await ready(page, BOARD);
  await expect(page.getByLabel('Strength')).toHaveValue('strong');
  expect(await page.evaluate((id) => (document.getElementById(id) as HTMLElement & { aiStrength?: string }).aiStrength, BOARD)).toBe('strong');
  expect(errors).toEqual([]);
});

test('doom2004 solo: "one hell knight" leaves hell knight 2 out, kept in the URL', async ({ page }) => {
  page.on('dialog', (d) => void d.accept());
  await page.goto('/solo-doom2004.html');
  await ready(page, BOARD);
  const board = page.locator(`#${BOARD}`);
  const figures = () => board.locator('svg .figure').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-figure')));
  await page.getByLabel('Handicap').selectOption({ label: 'One hell knight: easier' });
  await expect.poll(figures).not.toContain('hell-knight-2');
  expect(await figures()).toContain('hell-knight-1');
  expect(new URL(page.url()).searchParams.get('handicap')).toBe('without:hell-knight-2');
});

test('doom2004 solo: a strength the chooser does not offer (?strength=hard) is not played under its name: standard, and the URL says so', async ({ page }) => {
  await page.goto('/solo-doom2004.html?strength=hard');
  await ready(page, BOARD);
  await expect(page.getByLabel('Strength')).toHaveValue('standard');
  expect(new URL(page.url()).searchParams.get('strength')).toBe('standard');
  expect(await page.evaluate((id) => (document.getElementById(id) as HTMLElement & { aiStrength?: string }).aiStrength, BOARD)).toBe('standard');
});

// The solo pages' "In your page" snippets, pasted as written beside a copy of dist/ (the built bundle
// and its scenarios): the board they promise, with its handicap and strength.
for (const [file, absent, handicap, strength] of [
  ['solo-doom2004.html', null, undefined, 'strong'],
  ['solo.html', null, 'kills+2', undefined],
] as const) {
  test(`${file}: the page's own snippet, pasted beside dist/, plays the board it describes`, async ({ page }) => {
    await page.goto(`/${file}`);
    const snippet = (await page.locator('main pre[aria-label="The board in your page"]').textContent())!;
    expect(snippet).toMatch(/^<doom-board scenario="scenarios\/[\w-]+\.json" mode="play" autopilot="\w+"/);
    const errors = watchErrors(page);
    await routeBundlePage(page, 'http://snippet.test', `<!doctype html><script type="module" src="doom-board.js"></script><main>${snippet}</main>`);
    await page.goto('http://snippet.test/');
    await page.evaluate(() => { document.querySelector('doom-board')!.id = 'snippet'; });
    await ready(page, 'snippet');
    const board = page.locator('#snippet');
    const figures = await board.locator('svg .figure').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-figure')));
    expect(figures.length).toBeGreaterThan(3);
    if (absent) expect(figures).not.toContain(absent);
    // The handicap and the strength are the ones written.
    expect(await page.evaluate(() => (document.getElementById('snippet') as HTMLElement & { handicap?: string }).handicap)).toBe(handicap);
    expect(await page.evaluate(() => (document.getElementById('snippet') as HTMLElement & { aiStrength?: string }).aiStrength)).toBe(strength);
    await expect(board.getByRole('button', { name: 'Hint' })).toBeVisible();
    expect(errors).toEqual([]);
  });
}
