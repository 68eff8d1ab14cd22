/**
 * The doom2016 play table, played for several rounds through its visible words only: buttons by
 * their names, board spaces by their labels; no test ids, no raw commands.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ready, watchErrors } from './helpers.ts';

test.use({ viewport: { width: 1100, height: 1000 } });

/** The first button of the board whose name matches one of the patterns, in pattern order. */
async function firstButton(board: Locator, patterns: RegExp[]): Promise<Locator | null> {
  for (const p of patterns) {
    const b = board.getByRole('button', { name: p });
    if (await b.count()) return b.first();
  }
  return null;
}

/** The invader's demons attack a marine when one is in reach: pick it on the board, then "Attack …". */
async function tryAttack(page: Page, board: Locator): Promise<boolean> {
  const status = await board.locator('[part="status"]').innerText();
  const who = /— (.+?) is activating/.exec(status)?.[1];
  if (!who || !/imp|soldier/i.test(who)) return false;
  for (const marine of ['Alpha', 'Bravo', 'Charlie', 'Delta']) {
    const cell = board.getByRole('gridcell', { name: new RegExp(`, ${marine} \\(`) });
    if (!(await cell.count())) continue;
    await cell.first().click();
    const attack = board.getByRole('button', { name: new RegExp(`^Attack ${marine} with `) });
    if (await attack.count()) {
      await attack.first().click();
      return true;
    }
  }
  return false;
}

test('three rounds of the doom2016 tutorial, played with the table\'s words', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.goto('/tutorial.html');
  await ready(page, 'tutorial-play');
  const board = page.locator('#tutorial-play');
  const status = board.locator('[part="status"]');
  const table = board.getByRole('region', { name: 'Play table' });
  await expect(status).toContainText('Round 1 — status phase');
  // Every marine's seat shows health and a hand of named cards with their text.
  for (const marine of ['Alpha', 'Bravo', 'Charlie', 'Delta']) {
    const seat = table.getByRole('region', { name: marine });
    await expect(seat).toContainText('Health 10 of 10');
    await expect(seat.getByRole('list', { name: `${marine}'s hand` }).getByRole('listitem')).not.toHaveCount(0);
    await expect(seat).toContainText(/action, speed \d/);
    await expect(seat).toContainText(/Defense: \d shields?/);
  }
  await expect(table.getByRole('region', { name: 'Invader' })).toContainText('event card');
  // The mission in plain words, with how far each side is.
  const objective = table.getByRole('region', { name: 'Objective' });
  await expect(objective).toContainText('The marines win when no demon is left on the board after a door has been opened');
  await expect(objective).toContainText('The invader wins at 2 kill tokens (with 4 marines): 0 so far.');

  let attacks = 0;
  let defended = 0;
  let played = 0;
  for (let step = 0; step < 200; step++) {
    const text = await status.innerText();
    if (/Round 4/.test(text) || /won/.test(text)) break;
    // The seat of the marine expected to act is marked.
    const acting = /— (Alpha|Bravo|Charlie|Delta|alpha|bravo|charlie|delta) is activating/i.exec(text)?.[1];
    if (acting) {
      const name = acting.charAt(0).toUpperCase() + acting.slice(1);
      await expect(table.getByRole('region', { name })).toHaveAttribute('aria-current', 'true');
    }
    if (attacks < 3 && (await tryAttack(page, board))) {
      attacks++;
      await expect(table.getByRole('img', { name: /die: \d damage icons?/ }).first()).toBeVisible();
      continue;
    }
    const defend = await firstButton(board, [/takes the attack \(no more defense\)$/, /resolves the attack$/]);
    if (defend) {
      await defend.click();
      defended++;
      continue;
    }
    const playCard = played < 6 && /is activating, 0 MP/.test(text) ? await firstButton(board, [/^(Alpha|Bravo|Charlie|Delta): play /]) : null;
    if (playCard) {
      await playCard.click();
      played++;
      continue;
    }
    const next = await firstButton(board, [/^End the status phase$/, /^Activate the .+ demons$/, /^End .+'s activation$/]);
    expect(next, `a plain-words command to go on at: ${text}`).not.toBeNull();
    await next!.click();
  }
  await expect(status).toContainText('Round 4');
  expect(attacks).toBeGreaterThan(0);
  expect(defended).toBeGreaterThan(0);
  expect(played).toBeGreaterThan(0);
  // No button shows a raw command.
  for (const label of await board.getByRole('button').allInnerTexts()) expect(label).not.toMatch(/[{}"[\]]/);
  // The log reads as sentences and scrolls inside its box.
  const log = board.getByRole('list', { name: 'Event log' });
  await expect(log).toContainText('Initiative:');
  await expect(log).toContainText(/attacks \w+ at range \d+/);
  await expect(log).toContainText('Round 2: status phase');
  await expect(log).not.toContainText('{');
  const box = await log.evaluate((el) => ({ client: el.clientHeight, scroll: el.scrollHeight, overflow: getComputedStyle(el).overflowY }));
  expect(box.overflow).toBe('auto');
  expect(box.scroll).toBeGreaterThan(box.client);
  // The position is in the URL: a reload comes back to round 4.
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/#doom-tutorial-play=/);
  await page.reload();
  await ready(page, 'tutorial-play');
  await expect(page.locator('#tutorial-play [part="status"]')).toContainText('Round 4');
  expect(errors).toEqual([]);
});

test('legend lists this board\'s terrain, edges and tokens by name; portals look alike in play and explore', async ({ page }) => {
  await page.goto('/tutorial.html');
  await ready(page, 'tutorial-play');
  await ready(page, 'tutorial-explore');
  const play = page.locator('#tutorial-play');
  await play.getByText('Legend', { exact: true }).click();
  const legend = play.locator('[part="legend"]');
  for (const words of ['Difficult terrain (+1 MP)', 'Wall: blocks movement and sight', 'Door (closed)', 'Blocking terrain: blocks sight and small figures', 'Impassable terrain: blocks small figures only', 'Blue portal', 'Yellow portal', 'Rocket launcher', 'Medkit', 'Teleporter', 'Inactive teleporter', 'Reachable space (digits: MP)', 'Clear line of sight', 'What blocks a line']) {
    await expect(legend.getByText(words, { exact: true })).toBeVisible();
  }
  // Each kind of token has its own icon.
  const icons = await play.locator('svg.board-svg .tokens > *').evaluateAll((els) => els.map((e) => e.getAttribute('class')));
  expect(new Set(icons).size).toBeGreaterThan(2);
  const portals = async (id: string) => page.locator(`#${id} svg.board-svg .token.portal`).evaluateAll((els) => els.map((e) => e.getAttribute('style')).sort());
  const inPlay = await portals('tutorial-play');
  expect(inPlay.length).toBeGreaterThan(0);
  expect(inPlay.every((s) => /stroke:#/.test(s ?? ''))).toBe(true);
  expect(inPlay).toEqual(await portals('tutorial-explore'));
  // Clipped to whole pixels: an element screenshot at a fractional page offset varies by a pixel row.
  await legend.scrollIntoViewIfNeeded();
  const box = (await legend.boundingBox())!;
  const clip = { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
  await expect(page).toHaveScreenshot('legend-doom2016.png', { clip, maxDiffPixelRatio: 0.01 });
});

test('doom2004 play page: the table shows the marines\' equipment; a turn in plain words, kept in the URL', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/doom2004-play.html');
  await ready(page, 'doom2004-play');
  const board = page.locator('#doom2004-play');
  const table = board.getByRole('region', { name: 'Play table' });
  await expect(table.getByRole('region', { name: 'Objective' })).toContainText(/The invader wins at 6 frag points: 0 so far\./);
  for (const marine of ['Marine 1', 'Marine 2', 'Marine 3']) {
    await expect(table.getByRole('region', { name: marine })).toContainText(/Health \d+ of \d+ · armor \d+/);
    await expect(table.getByRole('region', { name: marine })).toContainText('Weapons: fist, pistol, grenade');
  }
  // The marines' actions: one button per marine, then the chosen marine's actions.
  await expect(board.getByRole('button', { name: /^Marine \d: choose an action$/ })).toHaveCount(3);
  await expect(board.getByRole('button', { name: 'Marine 1: sprint', exact: true })).toHaveCount(0);
  await board.getByRole('button', { name: 'Marine 1: choose an action' }).click();
  await expect(board.getByRole('button', { name: /^Marine 2: (sprint|advance)/ })).toHaveCount(0);
  await board.getByRole('button', { name: 'Marine 1: sprint', exact: true }).click();
  await expect(board.locator('[part="status"]')).toContainText('Marine 1');
  await expect(table.getByRole('region', { name: 'Marine 1' })).toHaveAttribute('aria-current', 'true');
  await board.getByRole('button', { name: /^End Marine 1's turn$/ }).click();
  await expect(board.getByRole('list', { name: 'Event log' })).not.toContainText('{');
  await expect(page.locator('output[data-events-of="doom2004-play"]')).toHaveText(/^Command accepted: end/);
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/#doom-doom2004-play=/);
  for (const label of await board.getByRole('button').allInnerTexts()) expect(label).not.toMatch(/[{}"[\]]/);
  expect(errors).toEqual([]);
});

test('an attack waiting for the defender shows its dice after a reload and after an undo (they vanished: only the last events were read)', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await page.goto('/tutorial.html');
  await ready(page, 'tutorial-play');
  const board = page.locator('#tutorial-play');
  const table = board.getByRole('region', { name: 'Play table' });
  const dice = table.getByRole('img', { name: /die: \d damage icons?/ });
  // Both sides by hand until someone must choose a defense.
  for (let step = 0; step < 200; step++) {
    if (await firstButton(board, [/ defends: /])) break;
    if (await tryAttack(page, board)) continue;
    const next = await firstButton(board, [/takes the attack \(no more defense\)$/, /resolves the attack$/, /^End the status phase$/, /^Activate the .+ demons$/, /^End .+'s activation$/]);
    expect(next).not.toBeNull();
    await next!.click();
  }
  expect(await firstButton(board, [/ defends: /])).not.toBeNull();
  const shown = await dice.count();
  expect(shown).toBeGreaterThan(0);
  const labels = await dice.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/#doom-tutorial-play=/);
  await page.reload();
  await ready(page, 'tutorial-play');
  await expect(dice).toHaveCount(shown);
  expect(await dice.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(labels);
  // A defense chosen, then taken back: the same dice again.
  await (await firstButton(board, [/ defends: /]))!.click();
  await board.getByRole('button', { name: 'Undo' }).click();
  await expect(dice).toHaveCount(shown);
  expect(errors).toEqual([]);
});
