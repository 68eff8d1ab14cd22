/**
 * doom2004: the player picks a move's way (issue 45) — through a damaging obstacle or around it —
 * from the two buttons the board offers for one space, each saying what it costs, on a desktop
 * screen by clicks and on a phone by taps. The engine's answer is checked in the log and the table.
 */
import { devices, expect, test, type Locator, type Page } from '@playwright/test';
import { ready, watchErrors } from './helpers.ts';

/** The example: Marine 1 at A3, the door above it, a damaging obstacle at B2, a zombie holding A2. */
const SCENARIO = {
  ruleset: 'doom2004',
  map: ['...', '.h.', '...'],
  edges: [{ from: [0, 2], to: [1, 2], kind: 'door' }],
  figures: [{ id: 'marine-1', side: 'marines', type: 'marine', x: 0, y: 2 }, { id: 'zombie-1', side: 'invaders', type: 'zombie', x: 0, y: 1 }],
  sides: ['marines', 'invaders'],
  data: { units: 'doom2004/sample-units', weapons: 'doom2004/weapons', dice: 'doom2004/dice', marineStart: 'doom2004/marine-start' },
  objectives: [{ kind: 'frags', side: 'invaders', frags: 6 }],
};

async function start(page: Page): Promise<Locator> {
  await page.goto('/index.html');
  await ready(page, 'home');
  await page.evaluate(async (scenario) => {
    const el = document.createElement('doom-board') as HTMLElement & { scenario: unknown };
    el.id = 'route';
    el.setAttribute('mode', 'play');
    el.setAttribute('label', 'route choice');
    el.scenario = scenario;
    document.querySelector('main')!.prepend(el);
    await new Promise((r) => el.addEventListener('doom-ready', r, { once: true }));
  }, SCENARIO);
  await ready(page, 'route');
  return page.locator('#route');
}

/** Sprint, open the door, then pick A1 (`press` clicks or taps: on a phone a space takes two taps). */
async function toTheChoice(board: Locator, press: (l: Locator) => Promise<void>, taps: number): Promise<void> {
  const choose = board.getByRole('button', { name: 'Marine 1: choose an action' });
  if (await choose.count()) await press(choose);
  await press(board.getByRole('button', { name: 'Marine 1: sprint', exact: true }));
  await press(board.getByRole('button', { name: /: open the door \(/ }));
  const a1 = board.locator('#c-0-0');
  await a1.scrollIntoViewIfNeeded();
  for (let i = 0; i < taps; i++) await press(a1);
}

const THROUGH = 'Move Marine 1 to A1 through a damaging obstacle: 2 MP, 1 wound';
const AROUND = 'Move Marine 1 to A1 around the damaging obstacles: 4 MP';

test('desktop: one click on A1 offers both ways with their costs; around takes no wound, through takes one', async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 900 });
  const errors = watchErrors(page);
  for (const [way, health, mp] of [[AROUND, 'Health 10 of 10', '2 spaces'], [THROUGH, 'Health 9 of 10', '4 spaces']] as const) {
    const board = await start(page);
    await toTheChoice(board, (l) => l.click(), 1);
    await expect(board.getByRole('button', { name: THROUGH, exact: true })).toBeVisible();
    await expect(board.getByRole('button', { name: AROUND, exact: true })).toBeVisible();
    await board.getByRole('button', { name: way, exact: true }).click();
    await expect(board.locator('[part="log"] li', { hasText: 'Marine 1 moves' })).toHaveCount(1);
    await expect(board.locator('[part="status"]')).toContainText(mp);
    await expect(board.getByRole('region', { name: 'Marine 1' })).toContainText(health);
    await expect(board.locator('#c-0-0')).toHaveAttribute('aria-label', /Marine 1/);
  }
  expect(errors).toEqual([]);
});

test.describe('phone', () => {
  const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
  test.use(pixel);
  test('Pixel 7: two taps on A1 offer both ways as finger-sized buttons; tapping "around" moves round the obstacle', async ({ page }) => {
    const errors = watchErrors(page);
    const board = await start(page);
    await board.scrollIntoViewIfNeeded();
    await toTheChoice(board, (l) => l.tap(), 2);
    const around = board.getByRole('button', { name: AROUND, exact: true });
    await expect(board.getByRole('button', { name: THROUGH, exact: true })).toBeVisible();
    await expect(around).toBeVisible();
    // The first tap's "Tap A1 again to move…" no longer applies once the buttons are the choice.
    await expect(board.locator('p.message', { hasText: 'again to move' })).toHaveCount(0);
    for (const b of [around, board.getByRole('button', { name: THROUGH, exact: true })]) {
      const box = (await b.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    await board.screenshot({ path: 'test-results/phone-route-choice-buttons.png' });
    await around.scrollIntoViewIfNeeded();
    await around.tap();
    await expect(board.locator('[part="log"] li', { hasText: 'Marine 1 moves' })).toHaveCount(1);
    await expect(board.getByRole('region', { name: 'Marine 1' })).toContainText('Health 10 of 10');
    await expect(board.locator('[part="status"]')).toContainText('2 spaces');
    await board.screenshot({ path: 'test-results/phone-route-choice-moved.png' });
    expect(errors).toEqual([]);
  });
});
