/**
 * The AI in play mode (the `ai` attribute): exact odds on every target of the selected figure, the
 * numbers being those src/ai/odds computes for the engine's own state; the Hint button's top 3
 * plans drawn as arrows from the acting figure; the same on a phone; a d20 autopilot side; doom2016
 * odds after a marine plays an attack card (the defense deck and cover in the reference).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ready, watchErrors } from './helpers.ts';

const BOARD = 'd20-play';

interface Odds { target: string; hit: number; expected: number; kill: number }

/** The odds labels drawn on the board, as numbers (data-*) and text. */
const shownOdds = (board: Locator) => board.locator('svg .odds').evaluateAll((els) =>
  els.map((e) => ({ target: e.getAttribute('data-target')!, hit: Number(e.getAttribute('data-hit')), expected: Number(e.getAttribute('data-expected')), kill: Number(e.getAttribute('data-kill')), text: e.textContent!.trim() })));

/** The labels sit on exactly the expected targets, each with the expected odds (12 decimals). */
function expectSameOdds(shown: (Odds & { text: string })[], expected: Odds[]): void {
  expect(shown.map((s) => s.target).sort()).toEqual(expected.map((e) => e.target).sort());
  for (const e of expected) {
    const s = shown.find((x) => x.target === e.target)!;
    expect(s.hit, e.target).toBeCloseTo(e.hit, 12);
    expect(s.expected, e.target).toBeCloseTo(e.expected, 12);
    expect(s.kill, e.target).toBeCloseTo(e.kill, 12);
    // The compact label: "60% · 6.0 · 5%".
    expect(s.text).toBe(`${Math.round(e.hit * 100)}% · ${e.expected.toFixed(1)} · ${Math.round(e.kill * 100)}%`);
  }
}

/** d20 page, the skirmish board with the AI on, Trooper 1 activated and selected. */
async function trooperActivated(page: Page): Promise<void> {
  await page.goto('/d20.html');
  await ready(page, BOARD);
  await page.evaluate((id) => document.getElementById(id)!.setAttribute('ai', ''), BOARD);
  const board = page.locator(`#${BOARD}`);
  await expect(board.getByRole('button', { name: 'Hint' })).toBeVisible();
  await page.evaluate((id) => (document.getElementById(id) as HTMLElement & { select(id: string): Promise<void> }).select('trooper-1'), BOARD);
  await board.getByRole('button', { name: 'Activate Trooper 1' }).click();
  await expect(board.locator('[part="status"]')).toHaveText('Round 1 — empire: Trooper 1 is activating');
}

test('odds on every target: the labels sit on the targets the engine offers, with the exact odds of src/ai/odds', async ({ page }) => {
  const errors = watchErrors(page);
  await trooperActivated(page);
  const board = page.locator(`#${BOARD}`);
  const labels = board.locator('svg .odds');
  await expect(labels).not.toHaveCount(0);
  const shown = await shownOdds(board);

  // The reference: the same game in the page (seed 7, the activation), the engine's attack
  // commands, and d20Odds from the unit data, with the cover the element explains for each target.
  const root = process.cwd();
  const expected = await page.evaluate(async ({ root, id }) => {
    const fs = (p: string) => `/@fs${root}/${p}`;
    const [rules, odds] = await Promise.all([import(/* @vite-ignore */ fs('src/rules/index.ts')), import(/* @vite-ignore */ fs('src/ai/odds/d20.ts'))]);
    const el = document.getElementById(id) as HTMLElement & { target(t: string): Promise<void>; explanation: { cover: boolean } | null };
    const script = el.querySelector('script')!.textContent!;
    const scenario = JSON.parse(script);
    const game = rules.createGame(scenario, { seed: 7 });
    if (!game.apply({ type: 'activate', figure: 'trooper-1' }).ok) throw new Error('activation refused');
    const targets = [...new Set(game.legalActions('trooper-1').filter((c: { type: string }) => c.type === 'attack').map((c: { target: string }) => c.target))] as string[];
    const s = game.state;
    const me = s.figures.find((f: { id: string }) => f.id === 'trooper-1');
    const out = [];
    for (const t of targets) {
      await el.target(t);
      const f = s.figures.find((g: { id: string }) => g.id === t);
      const o = odds.d20Odds({ attack: s.units[me.type].attack, damage: s.units[me.type].damage, defense: s.units[f.type].defense, cover: el.explanation!.cover, hp: f.hp });
      out.push({ target: t, hit: o.hit, expected: o.expected, kill: o.kill });
    }
    return out;
  }, { root, id: BOARD });

  expect(expected.length).toBeGreaterThan(0);
  expectSameOdds(shown, expected);
  // The whole sentence is in the explanation line, for screen readers.
  const scout = expected.find((e) => e.target === 'scout')!;
  await expect(board.locator('[part="explanation"]')).toContainText(`Exact odds: Scout: ${Math.round(scout.hit * 100)}% to hit, ${scout.expected.toFixed(2)} hit points expected, ${Math.round(scout.kill * 100)}% to kill`);
  expect(errors).toEqual([]);
});

test('the Hint button draws the top 3 plans as arrows starting at the acting figure, with their reasons; the next command clears them', async ({ page }) => {
  const errors = watchErrors(page);
  await trooperActivated(page);
  const board = page.locator(`#${BOARD}`);
  await board.getByRole('button', { name: 'Hint' }).click();
  const plans = board.locator('svg .plans .plan');
  await expect(plans).toHaveCount(3);
  // Trooper 1 stands at B2 (32-unit spaces: its token spans 35–61 each way, its centre 48,48): every
  // arrow starts at its token's edge, on the line from its centre to the next space's, clear of its name.
  const moves = await plans.evaluateAll((els) => els.map((g) => {
    const move = g.querySelector('.plan-move');
    const points = (move?.getAttribute('points') ?? '').trim().split(/\s+/).filter(Boolean).map((q) => q.split(',').map(Number));
    return { figure: g.getAttribute('data-figure'), rank: g.getAttribute('data-rank'), points };
  }));
  const withMoves = moves.filter((m) => m.points.length);
  expect(withMoves.length).toBeGreaterThan(0);
  for (const m of withMoves) {
    expect(m.figure).toBe('trooper-1');
    const [[x0, y0], [x1, y1]] = m.points;
    expect(Math.min(Math.abs(x0 - 35), Math.abs(x0 - 61), Math.abs(y0 - 35), Math.abs(y0 - 61)), `plan ${m.rank} starts on the token's edge`).toBeCloseTo(0, 6);
    expect(Math.max(Math.abs(x1 - 48), Math.abs(y1 - 48)), `plan ${m.rank}: the first space stepped to`).toBe(32);
    expect((x0 - 48) * (y1 - 48) - (y0 - 48) * (x1 - 48), `plan ${m.rank}: on the line from the centre`).toBeCloseTo(0, 6);
    // The arrow follows the cheapest path space by space (so it never cuts through a wall): each leg is one step.
    for (let i = 2; i < m.points.length; i++) {
      const [dx, dy] = [Math.abs(m.points[i][0] - m.points[i - 1][0]), Math.abs(m.points[i][1] - m.points[i - 1][1])];
      expect(Math.max(dx, dy), `plan ${m.rank} leg ${i}`).toBe(32);
    }
  }
  // Each arrow carries its odds; the reasons are the hint text.
  await expect(board.locator('svg .plans .plan-label').first()).toHaveText(/^1 · \d+% · [\d.]+ · \d+%$/);
  // The reasons list the clicks, naming spaces and figures as the board does: "Trooper 1: move to C2, attack Scout …".
  await expect(board.locator('.hint')).toContainText(/1\. Trooper 1: (move to [A-H][1-6], )?attack (Scout|Rebel)/);
  await expect(board.locator('.hint')).not.toContainText(/\(\d+,\d+\)/);
  const hint = board.locator('.hint');
  await expect(hint).toContainText('Hint: 1. ');
  await expect(hint).toContainText('3. ');
  // The next command clears the arrows.
  await board.getByRole('button', { name: /^End/ }).first().click();
  await expect(plans).toHaveCount(0);
  expect(errors).toEqual([]);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test('play with odds and hint arrows on a phone', async ({ page }) => {
    await trooperActivated(page);
    const board = page.locator(`#${BOARD}`);
    await board.getByRole('button', { name: 'Hint' }).click();
    await expect(board.locator('svg .plans .plan')).toHaveCount(3);
    await board.locator('[part="board"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/ai-phone-hints.png' });
    // Every label (plans' and odds') is legible and lies clear of the tokens and of each other.
    const boxes = await page.evaluate((id) => {
      const root = document.getElementById(id)!.shadowRoot!;
      const rect = (e: Element) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; };
      return {
        labels: [...root.querySelectorAll('.plan-label-bg, .odds rect')].map(rect),
        texts: [...root.querySelectorAll('.plan-label, .odds text')].map((t) => t.getBoundingClientRect().height),
        tokens: [...root.querySelectorAll('svg .figure')].map(rect),
      };
    }, BOARD);
    expect(boxes.labels.length).toBeGreaterThanOrEqual(4);
    expect(boxes.tokens.length).toBeGreaterThan(0);
    for (const h of boxes.texts) expect(h, 'label text height').toBeGreaterThanOrEqual(11);
    const overlap = (a: { x: number; y: number; w: number; h: number }, b: typeof a) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;
    boxes.labels.forEach((a, i) => {
      for (const t of boxes.tokens) expect(overlap(a, t), `label ${i} over a token`).toBe(false);
      boxes.labels.forEach((b, j) => j > i && expect(overlap(a, b), `labels ${i} and ${j}`).toBe(false));
    });
  });
});

test('d20: autopilot="alliance" plays the other side after each of the person\'s activations; undo takes its answer back', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/d20.html');
  await ready(page, BOARD);
  await page.evaluate((id) => {
    const el = document.getElementById(id)!;
    el.setAttribute('autopilot-delay', '10');
    el.setAttribute('autopilot', 'alliance');
  }, BOARD);
  const board = page.locator(`#${BOARD}`);
  const status = board.locator('[part="status"]');
  await expect(board.getByRole('button', { name: 'Hint' })).toBeVisible();
  await expect(status).toHaveText('Round 1 — empire: activation 1 of 2');
  const actions: { type: string; figure?: string }[] = [];
  await page.exposeFunction('recordAction', (c: { type: string; figure?: string }) => actions.push(c));
  await page.evaluate((id) => document.getElementById(id)!.addEventListener('doom-action', (e) => (window as unknown as { recordAction(c: unknown): void }).recordAction((e as CustomEvent).detail.command)), BOARD);
  // The empire activates both troopers (each ends at once); then the alliance is the autopilot's.
  for (const t of ['1', '2']) {
    await page.evaluate(({ id, t }) => (document.getElementById(id) as HTMLElement & { select(id: string): Promise<void> }).select(`trooper-${t}`), { id: BOARD, t });
    await board.getByRole('button', { name: `Activate Trooper ${t}` }).click();
    await expect(status).toHaveText(`Round 1 — empire: Trooper ${t} is activating`);
    await board.getByRole('button', { name: /^End/ }).first().click();
  }
  // The alliance's two activations are played without a click; then the empire decides again.
  await expect(status).toHaveText('Round 2 — empire: activation 1 of 2', { timeout: 20_000 });
  const alliance = actions.filter((c) => c.figure === 'scout' || c.figure === 'rebel');
  expect(alliance.filter((c) => c.type === 'activate').map((c) => c.figure).sort()).toEqual(['rebel', 'scout']);
  // Undo: the autopilot's commands and the empire's last one are taken back.
  await board.getByRole('button', { name: 'Undo' }).click();
  await expect(status).toHaveText('Round 1 — empire: Trooper 2 is activating');
  expect(errors).toEqual([]);
});

/** The tutorial page's play board with the AI on; its commands recorded in `window.commands` (to replay them in the page). */
async function tutorialWithAi(page: Page): Promise<Locator> {
  await page.goto('/tutorial.html');
  await ready(page, 'tutorial-play');
  await page.evaluate(() => {
    const el = document.getElementById('tutorial-play')!;
    (window as unknown as { commands: unknown[] }).commands = [];
    el.addEventListener('doom-action', (e) => (window as unknown as { commands: unknown[] }).commands.push((e as CustomEvent).detail.command));
    el.setAttribute('ai', '');
  });
  const board = page.locator('#tutorial-play');
  await expect(board.getByRole('button', { name: 'Hint' })).toBeVisible();
  return board;
}

test('doom2016: after a marine plays an attack card, each demon it may attack shows the exact odds of src/ai/odds (defense deck, cover)', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const board = await tutorialWithAi(page);
  const labels = board.locator('svg .odds');
  // Both sides by hand until a marine has played an attack card with a demon in range.
  for (let step = 0; step < 120 && !(await labels.count()); step++) {
    const names = await board.getByRole('button').allInnerTexts();
    const status = await board.locator('[part="status"]').innerText();
    const card = /is activating, 0 MP/.test(status) ? names.find((n) => /^(Alpha|Bravo|Charlie|Delta): play (Burst Fire|Steady Aim|Advance|Pump and Fire|Suppressing Fire)$/.test(n)) : undefined;
    const next = card ?? names.find((n) => /takes the attack \(no more defense\)$|resolves the attack$|^End the status phase$|^Activate the .+ demons$|^End .+'s activation$/.test(n));
    expect(next, `a command at: ${status}`).toBeTruthy();
    await board.getByRole('button', { name: next, exact: true }).first().click();
    await page.waitForTimeout(150);
  }
  await expect(labels).not.toHaveCount(0);
  const shown = await shownOdds(board);
  const root = process.cwd();
  const expected = await page.evaluate(async (root) => {
    const fs = (p: string) => `/@fs${root}/${p}`;
    const [rules, odds, scenario] = await Promise.all([
      import(/* @vite-ignore */ fs('src/rules/index.ts')),
      import(/* @vite-ignore */ fs('src/ai/odds/doom2016.ts')),
      fetch(fs('src/scenario/bundled/doom2016-tutorial.json')).then((r) => r.json()),
    ]);
    const game = rules.replay(scenario, scenario.seed, (window as unknown as { commands: unknown[] }).commands);
    const s = game.state;
    const el = document.getElementById('tutorial-play') as HTMLElement & { target(t: string): Promise<void>; explanation: { cover: boolean } | null };
    const marine = s.figures.find((f: { id: string }) => f.id === s.active.figure);
    const targets = [...new Set(game.legalActions(marine.id).filter((c: { target?: unknown }) => typeof c.target === 'string').map((c: { target: string }) => c.target))] as string[];
    const out = [];
    for (const t of targets) {
      await el.target(t);
      // Seen by the marine's side: the invader's hand is not theirs to know.
      const o = odds.doom2016AttackOdds(s, marine, s.figures.find((f: { id: string }) => f.id === t), { cover: el.explanation!.cover, viewer: marine.side });
      out.push({ target: t, hit: o.hit, expected: o.expected, kill: o.kill });
    }
    return out;
  }, root);
  expectSameOdds(shown, expected);
  expect(errors).toEqual([]);
});

test('doom2016: a hinted attack is drawn along the line of sight the rules find from its destination, not centre to centre', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const board = await tutorialWithAi(page);
  const attacks = board.locator('svg .plans .plan-attack');
  // Both sides by hand; at each marine activation ask for a hint, until one shows an attack.
  await playUntilHinted(page, board, attacks);
  await expect(attacks.first()).toBeAttached();
  const drawn = await board.locator('svg .plans .plan').evaluateAll((els) => els.filter((g) => g.querySelector('.plan-attack')).map((g) => {
    const a = g.querySelector('.plan-attack')!;
    const pts = (g.querySelector('.plan-move')?.getAttribute('points') ?? '').trim().split(/\s+/).filter(Boolean).map((q) => q.split(',').map(Number));
    return { figure: g.getAttribute('data-figure')!, target: g.getAttribute('data-target')!, end: pts.at(-1) ?? null, line: ['x1', 'y1', 'x2', 'y2'].map((k) => Number(a.getAttribute(k))) };
  }));
  const root = process.cwd();
  const expected = await page.evaluate(async ({ root, drawn }) => {
    const fs = (p: string) => `/@fs${root}/${p}`;
    const [rules, state, scenario] = await Promise.all([
      import(/* @vite-ignore */ fs('src/rules/index.ts')),
      import(/* @vite-ignore */ fs('src/rules/doom2016/state.ts')),
      fetch(fs('src/scenario/bundled/doom2016-tutorial.json')).then((r) => r.json()),
    ]);
    const game = rules.replay(scenario, scenario.seed, (window as unknown as { commands: unknown[] }).commands);
    return drawn.map((d: { figure: string; target: string; end: number[] | null }) => {
      const b = state.boardOf(game.state);
      // The destination's space from the move arrow's last point (32 SVG units a space).
      if (d.end) b.moveFigure(d.figure, Math.floor(d.end[0] / 32), Math.floor(d.end[1] / 32));
      const l = b.explain(d.figure, d.target).losLines.find((x: { blocked: boolean }) => !x.blocked);
      return [l.from.x * 16, l.from.y * 16, l.to.x * 16, l.to.y * 16];
    });
  }, { root, drawn });
  expect(drawn.length).toBeGreaterThan(0);
  expect(drawn.map((d) => d.line)).toEqual(expected);
  expect(errors).toEqual([]);
});

/** Play the tutorial by hand (both sides), asking for a Hint at each marine activation, until `shown` has a match. */
async function playUntilHinted(page: Page, board: Locator, shown: Locator): Promise<void> {
  for (let step = 0; step < 200 && !(await shown.count()); step++) {
    const status = await board.locator('[part="status"]').innerText();
    if (/(Alpha|Bravo|Charlie|Delta) is activating/.test(status)) {
      await board.getByRole('button', { name: 'Hint' }).click();
      await page.waitForTimeout(300);
      if (await shown.count()) break;
    }
    const names = await board.getByRole('button').allInnerTexts();
    const next = names.find((n) => /takes the attack \(no more defense\)$|resolves the attack$|^End the status phase$|^Activate the .+ demons$|^End .+'s activation$/.test(n));
    expect(next, `a command at: ${status}`).toBeTruthy();
    await board.getByRole('button', { name: next, exact: true }).first().click();
    await page.waitForTimeout(150);
  }
}

for (const phone of [false, true]) {
  test(`doom2016: a hinted attack's step back is a dotted arrow from the attack's space, space by space, to the space its reason names${phone ? ' (phone)' : ''}`, async ({ page }) => {
    test.setTimeout(120_000);
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    const errors = watchErrors(page);
    const board = await tutorialWithAi(page);
    const then = board.locator('svg .plans .plan-then');
    await playUntilHinted(page, board, then);
    await expect(then.first()).toBeAttached();
    const drawn = await board.locator('svg .plans .plan').evaluateAll((els) => els.filter((g) => g.querySelector('.plan-then')).map((g) => {
      const pts = (el: Element | null) => (el?.getAttribute('points') ?? '').trim().split(/\s+/).filter(Boolean).map((q) => q.split(',').map(Number));
      return { rank: g.getAttribute('data-rank'), move: pts(g.querySelector('.plan-move')), then: pts(g.querySelector('.plan-then')), reason: g.querySelector('title')!.textContent! };
    }));
    expect(drawn.length).toBeGreaterThan(0);
    for (const d of drawn) {
      // The reason names the space: "then move to D6" (column letters, row from 1; the tutorial has fewer than 27 columns).
      const m = /then (?:.+, )?move to ([A-Z])(\d+)/.exec(d.reason);
      expect(m, d.reason).not.toBeNull();
      const [x, y] = [m![1].charCodeAt(0) - 65, Number(m![2]) - 1];
      // From where the attack is made (the move arrow's end), to the centre of that space (32 SVG units a space, 1×1 marines).
      if (d.move.length) expect(d.then[0]).toEqual(d.move.at(-1));
      expect(d.then.at(-1)).toEqual([x * 32 + 16, y * 32 + 16]);
      // Space by space: no step longer than one space (round walls, not through them).
      for (let i = 1; i < d.then.length; i++) {
        expect(Math.max(Math.abs(d.then[i][0] - d.then[i - 1][0]), Math.abs(d.then[i][1] - d.then[i - 1][1])), `${d.reason}: step ${i}`).toBeLessThanOrEqual(32);
      }
    }
    // The dotted arrow is drawn where it is seen: inside the board's drawing.
    const box = (await board.locator('svg.overlay-svg').boundingBox())!;
    const arrow = (await then.first().boundingBox())!;
    expect(arrow.x).toBeGreaterThanOrEqual(box.x - 1);
    expect(arrow.x + arrow.width).toBeLessThanOrEqual(box.x + box.width + 1);
    await then.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/ai-plan-then${phone ? '-phone' : ''}.png` });
    expect(errors).toEqual([]);
  });
}

test('doom2016: the invader\'s decisions get a Hint too — the status phase\'s argent, then the demon card (they said "No hint for this position")', async ({ page }) => {
  const errors = watchErrors(page);
  const board = await tutorialWithAi(page);
  const hint = board.locator('.hint');
  await expect(board.locator('[part="status"]')).toContainText('status phase');
  await board.getByRole('button', { name: 'Hint' }).click();
  await expect(hint).toContainText(/Hint: 1\. (Keep the hand \(no argent\)|Discard .+ for argent onto)/);
  await expect(hint).not.toContainText('No hint');
  // The status phase ended, the demon card (the invader's, when its initiative card comes first) or a marine's activation: a hint either way.
  await board.getByRole('button', { name: 'End the status phase', exact: true }).click();
  for (let step = 0; step < 40; step++) {
    const names = await board.getByRole('button').allInnerTexts();
    if (names.some((n) => /^Activate the .+ demons$/.test(n))) break;
    const end = names.find((n) => /^End .+'s activation$/.test(n));
    expect(end, 'an activation to end').toBeTruthy();
    await board.getByRole('button', { name: end, exact: true }).first().click();
  }
  await board.getByRole('button', { name: 'Hint' }).click();
  await expect(hint).toContainText(/Hint: 1\. Activate the .+ card/);
  // Its plan goes on to the demon's move: the reason names where and who, as the board names them.
  await expect(hint).not.toContainText(/\(\d+,\d+\)/);
  await expect(hint).not.toContainText(/\b(imp|cacodemon|possessed-soldier)-\d/);
  expect(errors).toEqual([]);
});
