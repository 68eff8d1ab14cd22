/**
 * Issue 39, hints a player can follow: the top hint lists every click in order ("Alpha: play Burst
 * Fire, move to C4, attack Possessed soldier 1"), and making those clicks, in that order, by mouse
 * on a desktop and by touch on a phone, issues exactly the plan's commands — the ones src/ai's hints
 * give for the same game (replayed in the page). And Hint is off while the autopilot decides.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { cell, ready, watchErrors } from './helpers.ts';

const ID = 'tutorial-play';
type Cmd = Record<string, unknown> & { type: string };

/** The tutorial's play board with the AI on, its commands recorded in `window.commands`. */
async function tutorialWithAi(page: Page): Promise<Locator> {
  await page.goto('/tutorial.html');
  await ready(page, ID);
  await page.evaluate((id) => {
    const el = document.getElementById(id)!;
    (window as unknown as { commands: unknown[] }).commands = [];
    el.addEventListener('doom-action', (e) => (window as unknown as { commands: unknown[] }).commands.push((e as CustomEvent).detail.command));
    el.setAttribute('ai', '');
  }, ID);
  const board = page.locator(`#${ID}`);
  await expect(board.getByRole('button', { name: 'Hint' })).toBeVisible();
  return board;
}

const sent = (page: Page) => page.evaluate(() => (window as unknown as { commands: Cmd[] }).commands.length);

/** The figures as the board's play mode shows them. */
const figures = (page: Page) => page.evaluate(async (id) => {
  const el = document.getElementById(id) as unknown as { _play: { view: { figures: { id: string; x: number; y: number }[] } } };
  return el._play.view.figures;
}, ID);

/** Press a space as a player does: a click, or on a phone a tap (a move is shown first, then made by a second tap). */
async function pressSpace(page: Page, x: number, y: number, touch: boolean): Promise<void> {
  const c = cell(page, ID, x, y);
  await c.scrollIntoViewIfNeeded();
  const box = (await c.boundingBox())!;
  if (touch) await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  else await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(120);
}

/** A toolbar button by its exact words. */
const button = (board: Locator, label: string) => board.locator('[part="toolbar"] button').filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).first();

/** "Alpha: play Burst Fire, move to C4, attack Imp 1: 62% to hit …" → ["play Burst Fire", "move to C4", "attack Imp 1"]. */
function stepsOf(line: string, who: string): string[] {
  const body = line.slice(`${who}: `.length).split(/: | \(no attack\)/)[0];
  const parts = body.split(', ');
  // "sprint, discarding Dash" is one click.
  return parts.reduce<string[]>((out, p) => (p.startsWith('discarding ') ? [...out.slice(0, -1), `${out.at(-1)}, ${p}`] : [...out, p]), []);
}

const columnOf = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;

/** Make one listed click (or tap) of `who`'s plan. */
async function click(page: Page, board: Locator, who: string, step: string, touch: boolean): Promise<void> {
  const press = async (b: Locator) => (touch ? b.tap() : b.click());
  const move = /^move to ([A-Z]+)(\d+)$/.exec(step);
  const attack = /^attack (.+)$/.exec(step);
  const before = await sent(page);
  if (move) {
    const [x, y] = [columnOf(move[1]), Number(move[2]) - 1];
    await pressSpace(page, x, y, touch);
    if ((await sent(page)) === before) await pressSpace(page, x, y, touch);
  } else if (attack) {
    const name = attack[1];
    const target = (await figures(page)).find((f) => f.id.replace(/[-_]+/g, ' ').toLowerCase() === name.toLowerCase())!;
    expect(target, `a figure named ${name}`).toBeDefined();
    await pressSpace(page, target.x, target.y, touch);
    // The target is chosen; its attack is the button with the attack's words, or a second press.
    const b = button(board, `Attack ${name} with ${who}`);
    if ((await sent(page)) === before) await ((await b.count()) ? press(b) : pressSpace(page, target.x, target.y, touch));
  } else if (step === 'end the activation') await press(button(board, `End ${who}'s activation`));
  else if (step === 'open the door') await press(board.locator('[part="toolbar"] button').filter({ hasText: new RegExp(`^${who}: open the door \\(`) }).first());
  else await press(button(board, `${who}: ${step}`));
  await page.waitForTimeout(150);
  expect(await sent(page), `"${step}" sent a command`).toBe(before + 1);
}

for (const phone of [false, true]) {
  test.describe(phone ? 'phone' : 'desktop', () => {
    if (phone) test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    test(`the top hint's listed clicks, made in that order, issue exactly the plan's commands${phone ? ' (touch)' : ''}`, async ({ page }) => {
      test.setTimeout(180_000);
      const errors = watchErrors(page);
      const board = await tutorialWithAi(page);
      const hint = board.locator('.hint');
      // Both sides by hand until a marine is activating; then Hint.
      for (let step = 0; step < 200; step++) {
        const status = await board.locator('[part="status"]').innerText();
        if (/(Alpha|Bravo|Charlie|Delta) is activating/.test(status)) break;
        const names = await board.getByRole('button').allInnerTexts();
        const next = names.find((n) => /takes the attack \(no more defense\)$|resolves the attack$|^End the status phase$|^Activate the .+ demons$|^End .+'s activation$/.test(n));
        expect(next, `a command at: ${status}`).toBeTruthy();
        await board.getByRole('button', { name: next, exact: true }).first().click();
        await page.waitForTimeout(120);
      }
      const who = /(Alpha|Bravo|Charlie|Delta) is activating/.exec(await board.locator('[part="status"]').innerText())![1];
      // The marine's first hint (a card, an attack), then, while it is still activating, the next one (the step back, the end).
      const kinds = new Set<string>();
      for (let round = 0; round < 3 && new RegExp(`${who} is activating`).test(await board.locator('[part="status"]').innerText()); round++) {
        await board.getByRole('button', { name: 'Hint' }).click();
        await expect(hint).toContainText('Hint: 1. ');
        const line = /1\. (.+)/.exec(await hint.innerText())![1];
        expect(line.startsWith(`${who}: `), line).toBe(true);
        const steps = stepsOf(line, who);
        expect(steps.length).toBeGreaterThan(0);

        // The plan: src/ai's top hint for the same game, replayed in the page (the same state gives the same hints).
        const root = process.cwd();
        const plan = await page.evaluate(async (root) => {
          const fs = (p: string) => `/@fs${root}/${p}`;
          const [rules, ai, scenario] = await Promise.all([
            import(/* @vite-ignore */ fs('src/rules/index.ts')),
            import(/* @vite-ignore */ fs('src/ai/hints/index.ts')),
            fetch(fs('src/scenario/bundled/doom2016-tutorial.json')).then((r) => r.json()),
          ]);
          const game = rules.replay(scenario, scenario.seed, (window as unknown as { commands: unknown[] }).commands);
          const [top] = ai.hints(game.state, undefined, { limit: 60 });
          return { commands: top.commands as Cmd[], reason: top.reason as string };
        }, root);
        // The line shown is that plan's (a note shared by several lines is said once below them).
        expect(plan.reason.startsWith(line.replace(/ \(before [^()]*\)/, '')) || line.startsWith(plan.reason.split(' (before')[0]), `${line}\n${plan.reason}`).toBe(true);
        expect(steps.length).toBe(plan.commands.length);

        const at = await sent(page);
        for (const st of steps) await click(page, board, who, st, phone);
        const issued = await page.evaluate((at) => (window as unknown as { commands: Cmd[] }).commands.slice(at), at);
        expect(issued, line).toEqual(plan.commands);
        for (const c of issued) kinds.add(c.type);
        // The attack's defense and the "while attacking" step, answered plainly, before the marine goes on.
        for (let k = 0; k < 4; k++) {
          const names = await board.getByRole('button').allInnerTexts();
          const answer = names.find((n) => /takes the attack \(no more defense\)$|resolves the attack$/.test(n));
          if (!answer) break;
          await board.getByRole('button', { name: answer, exact: true }).first().click();
          await page.waitForTimeout(150);
        }
      }
      // A card, an attack or a move, and the end were all clicked as listed.
      expect(kinds.size, [...kinds].join(', ')).toBeGreaterThanOrEqual(3);
      expect(errors).toEqual([]);
    });
  });
}

test('Hint is off while the autopilot decides, and on again for the player\'s own turn', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.goto('/d20.html');
  await ready(page, 'd20-play');
  // The autopilot plays the alliance, slowly enough to see its turn.
  await page.evaluate(() => {
    const el = document.getElementById('d20-play')!;
    el.setAttribute('autopilot-delay', '1500');
    el.setAttribute('autopilot', 'alliance');
    el.setAttribute('ai', '');
  });
  const board = page.locator('#d20-play');
  const hint = board.getByRole('button', { name: 'Hint' });
  await expect(hint).toBeEnabled();
  // The empire (the person) activates both troopers, each ending at once: then the alliance's autopilot decides.
  for (const t of ['1', '2']) {
    await page.evaluate((t) => (document.getElementById('d20-play') as HTMLElement & { select(id: string): Promise<void> }).select(`trooper-${t}`), t);
    await board.getByRole('button', { name: `Activate Trooper ${t}` }).click();
    await board.getByRole('button', { name: /^End/ }).first().click();
  }
  await expect(hint).toBeDisabled({ timeout: 20_000 });
  await expect(hint).toHaveAttribute('title', 'The autopilot is playing this turn');
  // Its turn over, the person's turn again: Hint is on.
  await expect(hint).toBeEnabled({ timeout: 60_000 });
  expect(errors).toEqual([]);
});
