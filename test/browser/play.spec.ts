/**
 * Play mode, keyboard only, on a d20 skirmish (the ruleset implemented today): Tab to the board,
 * move to a figure, select it, activate it, see the reachable spaces, move, target, attack, undo.
 * The element offers only what the rules engine's legalActions returns.
 */
import { expect, test, type Page } from '@playwright/test';
import { cell, events, keys, live, ready, recordEvents, walk, watchErrors } from './helpers.ts';

const BOARD = 'd20-play';

async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const here = await page.evaluate((sel) => {
      let a: Element | null = document.activeElement;
      while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
      return !!a && a.matches(sel) && (a.getRootNode() as ShadowRoot).host?.id === 'd20-play';
    }, selector);
    if (here) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

test('keyboard only: select, activate, see reach, move, target, attack, undo', async ({ page }) => {
  const errors = watchErrors(page);
  await recordEvents(page);
  await page.goto('/d20.html');
  await ready(page, BOARD);
  const log = page.locator(`#${BOARD} [part="log"] li`);
  const status = page.locator(`#${BOARD} [part="status"]`);
  await expect(status).toHaveText('Round 1 — empire: activation 1 of 2');

  // Tab to the board (one tab stop), move to Trooper 1 at B2 and select it.
  await tabTo(page, '[role="grid"]');
  await walk(page, { x: 0, y: 0 }, { x: 1, y: 1 });
  await keys(page, 'Enter');
  await expect(live(page, BOARD)).toHaveText('Trooper 1 at B2 selected: Activate Trooper 1');

  // The only legal action is activation: a button right after the board.
  await keys(page, 'Tab');
  await expect(page.locator(`#${BOARD} button:focus`)).toHaveText('Activate Trooper 1');
  await keys(page, 'Enter');
  await expect(log.last()).toHaveText('Trooper 1 activates');
  await expect(status).toHaveText('Round 1 — empire: Trooper 1 is activating');

  // Back to the board: the reachable spaces are highlighted with their cost.
  await keys(page, 'Shift+Tab');
  await expect(page.locator(`#${BOARD} svg .reach-cells`)).toHaveAttribute('d', /M/);
  await expect(page.locator(`#${BOARD} svg .cost`)).toHaveAttribute('data-costs', /C2:1/);
  expect((await page.locator(`#${BOARD} svg .cost`).getAttribute('data-costs'))!.split(' ').length).toBeGreaterThan(30);

  // Move one space right (C2): the cursor shows the path, Enter moves.
  await keys(page, 'ArrowRight');
  await expect(page.locator(`#${BOARD} svg .path polyline`)).toHaveAttribute('points', '48,48 80,48');
  await keys(page, 'Enter');
  await expect(log.last()).toHaveText('Trooper 1 moves from B2 to C2 (1 square of movement)');
  await expect(cell(page, BOARD, 2, 1)).toHaveAttribute('aria-label', /Trooper 1/);
  // Only the cells whose labels change are written again: the one it left says so too.
  await expect(cell(page, BOARD, 1, 1)).not.toHaveAttribute('aria-label', /Trooper 1/);

  // Target the scout at G2: the explanation first, Enter again attacks.
  await walk(page, { x: 2, y: 1 }, { x: 6, y: 1 });
  await keys(page, 'Enter');
  await expect(live(page, BOARD)).toHaveText('Scout at G2: in line of sight, not in cover, range 4. Press Enter again to attack');
  await expect(page.locator(`#${BOARD} [part="explanation"]`)).toContainText('Trooper 1 has line of sight to Scout');
  await keys(page, 'Enter');
  await expect(log.nth(-2)).toHaveText(/^Trooper 1 attacks Scout: rolls \d+ \+ 5 = \d+ against defense 16, a hit for 10 damage$/);
  await expect(log.last()).toHaveText('Scout takes 10 damage (10 hit points left)');
  await expect(cell(page, BOARD, 6, 1)).toHaveAttribute('aria-label', /Scout \(alliance, 10 damage\)/);

  // Undo with Ctrl+Z: the scout is unhurt again; the Undo button undoes the move too.
  await keys(page, 'Control+z');
  await expect(log.last()).toHaveText('Undone: the last command was taken back');
  await expect(cell(page, BOARD, 6, 1)).toHaveAttribute('aria-label', 'G2, floor, Scout (alliance)');
  await tabTo(page, 'button');
  while (!(await page.locator(`#${BOARD} button:focus`).textContent())?.includes('Undo')) await keys(page, 'Tab');
  await keys(page, 'Enter');
  await expect(cell(page, BOARD, 1, 1)).toHaveAttribute('aria-label', /Trooper 1/);
  await expect(cell(page, BOARD, 2, 1)).not.toHaveAttribute('aria-label', /Trooper 1/);

  const actions = await events(page, 'doom-action');
  expect(actions.map((e) => (e.detail.command as { type: string }).type)).toEqual(['activate', 'move', 'attack']);
  expect((await events(page, 'doom-undo')).length).toBe(2);
  expect(errors).toEqual([]);
});

test('an enemy figure offers no actions; the moves of a game are kept in the URL and replayed', async ({ page, context }) => {
  const errors = watchErrors(page);
  await page.goto('/d20.html');
  const g = await ready(page, BOARD);
  await g.focus();
  // Selecting an enemy shows no actions.
  await walk(page, { x: 0, y: 0 }, { x: 6, y: 1 });
  await keys(page, 'Enter');
  await expect(live(page, BOARD)).toHaveText('Scout at G2 selected: no actions now');
  // Activate and move Trooper 2 (B5 → B6) with the pointer-free flow, then reload the URL.
  await walk(page, { x: 6, y: 1 }, { x: 1, y: 4 });
  await keys(page, 'Enter', 'Tab', 'Enter', 'Shift+Tab', 'ArrowDown', 'Enter');
  await expect(cell(page, BOARD, 1, 5)).toHaveAttribute('aria-label', /Trooper 2/);
  expect(page.url()).toMatch(/#doom-d20-play=/);
  const other = await context.newPage();
  await other.goto(page.url());
  await ready(other, BOARD);
  await expect(cell(other, BOARD, 1, 5)).toHaveAttribute('aria-label', /Trooper 2/);
  await expect(other.locator(`#${BOARD} [part="status"]`)).toHaveText('Round 1 — empire: Trooper 2 is activating');
  expect(errors).toEqual([]);
});

test('the hint hook: a provider set as a property shows its hint and fires doom-hint', async ({ page }) => {
  await recordEvents(page);
  await page.goto('/d20.html');
  await ready(page, BOARD);
  await page.evaluate(() => {
    const el = document.getElementById('d20-play') as HTMLElement & { hints: unknown };
    el.hints = (ctx: { view: { side: string }; legalActions: { type: string }[] }) => ({
      text: `${ctx.view.side}: ${ctx.legalActions.length} possible commands; activate Trooper 1`,
      cells: [{ x: 1, y: 1 }],
    });
  });
  await page.locator(`#${BOARD} button`, { hasText: 'Hint' }).click();
  await expect(page.locator(`#${BOARD} .hint`)).toHaveText('Hint: empire: 2 possible commands; activate Trooper 1');
  await expect(live(page, BOARD)).toHaveText('Hint: empire: 2 possible commands; activate Trooper 1');
  expect((await events(page, 'doom-hint'))[0].detail).toEqual({ text: 'empire: 2 possible commands; activate Trooper 1' });
});

test('play mode is ruleset-agnostic: a stand-in engine for doom2016 gets its commands offered and applied', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/index.html');
  await ready(page, 'home');
  const applied = await page.evaluate(async () => {
    type Cmd = { type: string; [k: string]: unknown };
    const el = document.createElement('doom-board') as HTMLElement & { engine: any; scenario: unknown; mode: string };
    const real = el.engine;
    const scenario = {
      ruleset: 'doom2016', map: ['......', '......'], edges: [{ from: [3, 0], to: [3, 1], kind: 'door' }],
      figures: [{ id: 'alpha', side: 'marines', type: 'marine', x: 0, y: 0 }, { id: 'imp', side: 'invader', type: 'imp', x: 5, y: 1 }],
      sides: ['marines', 'invader'],
    };
    const log: Cmd[] = [];
    let alpha = { x: 0, y: 0 };
    const game = {
      view: async () => {
        const d = real.board({ ruleset: 'doom2016', map: scenario.map, edges: scenario.edges }).data;
        return {
          ruleset: 'doom2016', board: { width: d.width, height: d.height, cells: [...d.cells], hEdges: [...d.hEdges], vEdges: [...d.vEdges] },
          figures: [{ id: 'alpha', side: 'marines', type: 'marine', x: alpha.x, y: alpha.y, w: 1, h: 1, markers: ['aim'] }, { id: 'imp', side: 'invader', type: 'imp', x: 5, y: 1, w: 1, h: 1, damage: 2, health: 3, markers: ['staggered'] }],
          tokens: [], round: 1, side: 'marines', active: 'alpha', winner: null, status: 'Round 1 — marines: alpha',
        };
      },
      legalActions: async (figure?: string) => {
        const all: Cmd[] = [
          { type: 'move', figure: 'alpha', to: { x: 1, y: 1 } },
          { type: 'attack', figure: 'alpha', target: 'imp', weapon: 'pistol' },
          { type: 'open-door', figure: 'alpha', door: 0 },
          { type: 'draw-invasion-card' },
        ];
        return figure === undefined ? all : all.filter((c) => c.figure === figure);
      },
      apply: async (c: Cmd) => {
        log.push(c);
        if (c.type === 'move') alpha = c.to as { x: number; y: number };
        return { ok: true, events: [{ type: c.type === 'move' ? 'moved' : `${c.type}-done`, figure: c.figure, to: c.to }] };
      },
      undo: async () => false,
      history: async () => log,
    };
    el.engine = { ready: () => real.ready(), validate: (x: unknown) => real.validate(x), board: (i: unknown) => real.board(i), createGame: async () => game };
    el.id = 'fake';
    el.setAttribute('mode', 'play');
    el.scenario = scenario;
    document.querySelector('main')!.append(el);
    await new Promise((r) => el.addEventListener('doom-ready', r, { once: true }));
    return true;
  });
  expect(applied).toBe(true);
  const g = await ready(page, 'fake');
  // Side-level command (no figure) is offered at once.
  await expect(page.locator('#fake button', { hasText: 'Draw invasion card' })).toBeVisible();
  await expect(page.locator('#fake #c-5-1')).toHaveAttribute('aria-label', 'F2, floor, Imp (invader, 2 damage, staggered)');
  await g.focus();
  await keys(page, 'Enter');
  await expect(page.locator('#fake button', { hasText: 'Open door (Alpha) (door 0)' })).toBeVisible();
  await expect(page.locator('#fake svg .attack-targets rect')).toHaveCount(1);
  await keys(page, 'ArrowDown', 'ArrowRight', 'Enter');
  await expect(page.locator('#fake [part="log"] li').last()).toHaveText('Alpha moves to B2');
  await walk(page, { x: 1, y: 1 }, { x: 5, y: 1 });
  await keys(page, 'Enter', 'Enter');
  await expect(page.locator('#fake [part="log"] li').last()).toHaveText('Attack done: Alpha');
  await page.locator('#fake button', { hasText: 'Draw invasion card' }).click();
  await expect(page.locator('#fake [part="log"] li').last()).toHaveText('Draw invasion card done');
  expect(errors).toEqual([]);
});
