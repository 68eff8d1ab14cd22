// On a phone the board scrolls sideways in its box: the last command's spaces are brought into view
// (a review defended with a marine whose attacker stood off to the side, out of sight).
import { expect, test } from '@playwright/test';
import { ready } from './helpers.ts';

test('phone: after a command the figures it involves are scrolled into the board\'s box', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto('/tutorial.html');
  await ready(page, 'tutorial-play');
  const result = await page.evaluate(async () => {
    const board = document.getElementById('tutorial-play') as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    const root = board.renderRoot as ShadowRoot;
    const box = root.querySelector('.board-scroll') as HTMLElement;
    const play = board._play;
    const onBoard = (id: unknown) => play.view.figures.some((g: { id: string }) => g.id === id);
    // The invader's status phase first (no figure), until a command of a figure on the board is legal.
    let cmd: { figure?: string } | undefined;
    for (let i = 0; i < 6 && !cmd; i++) {
      const legal = await play.game.legalActions();
      cmd = legal.find((c: { figure?: string }) => onBoard(c.figure)) as { figure?: string } | undefined;
      if (!cmd) await play.apply(legal[0]);
    }
    if (!cmd) throw new Error('no command of a figure on the board within 6 commands');
    await board.updateComplete;
    // The marines stand on the left; the box is scrolled to its right end first, out of their sight.
    box.scrollLeft = box.scrollWidth;
    const scrolledAway = box.scrollLeft;
    await play.apply(cmd);
    await board.updateComplete;
    const f = play.view.figures.find((g: { id: string }) => g.id === cmd.figure);
    const grid = root.querySelector('[role="grid"]')!.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    const cw = grid.width / board._state.model.width;
    const left = grid.left + f.x * cw, right = left + cw;
    return { scrollable: box.scrollWidth > box.clientWidth, scrolledAway, now: box.scrollLeft, inView: left >= b.left - 1 && right <= b.right + 1, cmd };
  });
  expect(result.scrollable).toBe(true);
  expect(result.scrolledAway).toBeGreaterThan(0);
  expect(result.now).toBeLessThan(result.scrolledAway);
  expect(result.inView, JSON.stringify(result.cmd)).toBe(true);
  await context.close();
});
