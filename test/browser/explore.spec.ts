/**
 * Explore mode: the rulebook cover example's verdicts, keyboard selection and moves, the URL
 * fragment, malformed input (scenario and URL) reported inside the element and as doom-error.
 */
import { expect, test } from '@playwright/test';
import { addBoard, bundledScenarioText, cell, events, grid, keys, live, ready, recordEvents, walk, watchErrors } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await recordEvents(page);
});

test('the LOS explanation gives the rulebook verdicts for the cover example', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/cover.html');
  const g = await ready(page, 'cover-example');
  await g.focus();
  // The cursor starts on A1, where Alpha stands.
  await keys(page, 'Enter');
  await expect(live(page, 'cover-example')).toHaveText(/^Alpha at A1 selected/);
  const explanation = page.locator('#cover-example [part="explanation"]');

  // The imp (E5) is in cover behind the possessed soldier's space (clause 1.1.3).
  await walk(page, { x: 0, y: 0 }, { x: 4, y: 4 });
  await keys(page, 'Enter');
  await expect(live(page, 'cover-example')).toHaveText('Imp at E5: in line of sight, in cover, range 4');
  await expect(explanation).toContainText('Alpha has line of sight to Imp');
  await expect(explanation).toContainText('in cover');
  await expect(explanation).toContainText('space of Soldier in C4');
  await expect(explanation).toContainText('1.1.3');
  await expect(page.locator('#cover-example svg .los-clear')).toHaveCount(1);
  await expect(page.locator('#cover-example svg .blocker-cell')).toHaveCount(1);

  // The possessed soldier (C4) is in cover behind blocking terrain.
  await keys(page, 'Escape');
  await walk(page, { x: 4, y: 4 }, { x: 2, y: 3 });
  await keys(page, 'Enter');
  await expect(live(page, 'cover-example')).toHaveText('Soldier at C4: in line of sight, in cover, range 3');
  await expect(explanation).toContainText('blocking terrain on the edge between B3 and B4');
  await expect(explanation).not.toContainText('(1,3)');
  await expect(page.locator('#cover-example svg .blocker-edge').first()).toBeAttached();

  // The cacodemon (F1) is not in cover.
  await keys(page, 'Escape');
  await walk(page, { x: 2, y: 3 }, { x: 5, y: 0 });
  await keys(page, 'Enter');
  await expect(live(page, 'cover-example')).toHaveText('Cacodemon at F1: in line of sight, not in cover, range 5');
  await expect(explanation).toContainText('not in cover');

  const targets = await events(page, 'doom-target');
  expect(targets.map((e) => [e.detail.target, e.detail.cover])).toEqual([['imp', true], ['soldier', true], ['cacodemon', false]]);
  // The event's summary is the line under the board: spaces as the board names them, not the core's coordinates.
  expect(targets.at(-1)!.detail.summary).toBe((await explanation.innerText()).trim());
  expect(targets[0].detail.summary).not.toMatch(/\(\d+,\s*\d+\)/);
  expect(errors).toEqual([]);
});

test('selecting shows reach with costs and the cheapest path; the rulebook movement example', async ({ page }) => {
  await page.goto('/movement.html');
  const g = await ready(page, 'movement-example');
  await g.focus();
  await walk(page, { x: 0, y: 0 }, { x: 0, y: 1 });
  await keys(page, 'Enter');
  await expect(live(page, 'movement-example')).toHaveText(/Alpha at A2 selected: \d+ spaces within 4 MP/);
  const costs = page.locator('#movement-example svg .cost');
  await expect(costs).toHaveAttribute('d', /M/);
  // B1 costs 1 (diagonal past the wall end), D1 costs 4 (through the imp's space); C1 is not an end.
  const listed = (await costs.getAttribute('data-costs'))!.split(' ');
  expect(listed).toContain('B1:1');
  expect(listed).toContain('D1:4');
  expect(listed.some((t) => t.startsWith('C1:'))).toBe(false);
  // Moving the cursor to D1 draws the cheapest path A2 → B1 → C1 → D1.
  await walk(page, { x: 0, y: 1 }, { x: 3, y: 0 });
  await expect(page.locator('#movement-example svg .path polyline')).toHaveAttribute('points', '16,48 48,16 80,16 112,16');
  await keys(page, 'Enter');
  await expect(live(page, 'movement-example')).toHaveText('Alpha moved to D1 (4 MP)');
  await expect(cell(page, 'movement-example', 3, 0)).toHaveAttribute('aria-label', /Alpha/);
  const moves = await events(page, 'doom-move');
  expect(moves[0].detail).toEqual({ figure: 'alpha', from: { x: 0, y: 1 }, to: { x: 3, y: 0 }, cost: 4 });
});

test('a URL with a state fragment reproduces the position', async ({ page, context }) => {
  await page.goto('/line-of-sight.html');
  const g = await ready(page, 'walls');
  await g.focus();
  // Select Alpha (B2), move it to C5, open the door, target the soldier.
  await walk(page, { x: 0, y: 0 }, { x: 1, y: 1 });
  await keys(page, 'Enter');
  await walk(page, { x: 1, y: 1 }, { x: 2, y: 4 });
  await keys(page, 'Enter');
  await expect(cell(page, 'walls', 2, 4)).toHaveAttribute('aria-label', /Alpha/);
  await page.locator('#walls button', { hasText: /^Door/ }).click();
  await expect(page.locator('#walls button', { hasText: /^Door/ })).toHaveAttribute('aria-pressed', 'true');
  await g.focus();
  await walk(page, { x: 2, y: 4 }, { x: 5, y: 5 });
  await keys(page, 'Enter');
  await expect(page.locator('#walls [part="explanation"]')).toContainText('Alpha has line of sight to Soldier');
  const url = page.url();
  expect(url).toMatch(/#doom-walls=[A-Za-z0-9_-]+$/);

  const other = await context.newPage();
  await other.goto(url);
  await ready(other, 'walls');
  await expect(cell(other, 'walls', 2, 4)).toHaveAttribute('aria-label', /Alpha/);
  await expect(cell(other, 'walls', 1, 1)).not.toHaveAttribute('aria-label', /Alpha/);
  await expect(other.locator('#walls button', { hasText: /^Door/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(other.locator('#walls [part="status"]')).toContainText('Alpha at C5');
  await expect(other.locator('#walls [part="explanation"]')).toContainText('Alpha has line of sight to Soldier');
  await expect(other.locator('#walls svg .door-open')).toBeAttached();
});

test('a garbage URL fragment is ignored with a doom-error, never thrown', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/line-of-sight.html#doom-walls=%%%garbage');
  await ready(page, 'walls');
  await expect(cell(page, 'walls', 1, 1)).toHaveAttribute('aria-label', /Alpha/);
  await expect(page.locator('#walls .message')).toContainText('Ignored the board state in the page URL');
  // Well-formed, but Alpha would stand off the map: ignored too.
  const offMap = Buffer.from(JSON.stringify({ f: [[99, 99], [5, 0], [2, 3], [4, 4]] })).toString('base64url');
  await page.goto(`/cover.html#doom-cover-example=${offMap}`);
  await ready(page, 'cover-example');
  await expect(cell(page, 'cover-example', 0, 0)).toHaveAttribute('aria-label', /Alpha/);
  await expect(page.locator('#cover-example .message')).toContainText('outside the 7×5 map');
  const errs = await events(page, 'doom-error');
  expect(errs.map((e) => [e.target, e.detail.source])).toEqual([['cover-example', 'url']]);
  expect(errors).toEqual([]);
});

test('a malformed scenario shows a readable error inside the element and fires doom-error', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/index.html');
  await ready(page, 'home');
  const result = await page.evaluate(async () => {
    const seen: unknown[] = [];
    document.addEventListener('doom-error', (e) => seen.push((e as CustomEvent).detail));
    const el = document.createElement('doom-board') as HTMLElement & { scenario: unknown; updateComplete: Promise<unknown> };
    el.id = 'bad';
    el.scenario = { ruleset: 'doom2016', map: ['......'], figures: [{ id: 'a', side: 'marines', type: 'marine', x: 41, y: 0 }], sides: ['marines', 'invader'] };
    document.body.append(el);
    const el2 = document.createElement('doom-board') as HTMLElement & { scenario: unknown };
    el2.id = 'bad-json';
    el2.innerHTML = '<script type="application/json">{ not json</script>';
    document.body.append(el2);
    const el3 = document.createElement('doom-board') as HTMLElement;
    el3.id = 'bad-url';
    el3.setAttribute('scenario', 'scenarios/missing.json');
    document.body.append(el3);
    await new Promise((r) => setTimeout(r, 500));
    return seen;
  });
  await expect(page.locator('#bad [part="error"]')).toContainText('This scenario is not valid.');
  await expect(page.locator('#bad [part="error"] li')).toContainText(['figures[0].x: footprint 1×1 at (41,0) is outside the 6×1 map']);
  await expect(page.locator('#bad [part="error"]')).toHaveAttribute('role', 'alert');
  await expect(page.locator('#bad-json [part="error"]')).toContainText('not valid JSON');
  await expect(page.locator('#bad-url [part="error"]')).toContainText('HTTP 404');
  expect((result as { source: string }[]).map((d) => d.source)).toEqual(['scenario', 'scenario', 'scenario']);
  // The 404 is the test's own request; nothing was thrown into the page.
  expect(errors.filter((e) => !e.includes('missing.json') && !e.includes('404'))).toEqual([]);
});

test('a ragged map row is a warning, not an error: the board is drawn and the short row named', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/index.html');
  await ready(page, 'home');
  const seen = await page.evaluate(async () => {
    const errs: unknown[] = [];
    document.addEventListener('doom-error', (e) => errs.push((e as CustomEvent).detail));
    const el = document.createElement('doom-board') as HTMLElement & { scenario: unknown };
    el.id = 'ragged';
    el.scenario = { ruleset: 'doom2016', map: ['......', '....', '......'], figures: [{ id: 'a', side: 'marines', type: 'marine', x: 0, y: 0 }], sides: ['marines', 'invader'] };
    document.body.append(el);
    await new Promise((r) => setTimeout(r, 500));
    return errs;
  });
  await ready(page, 'ragged');
  await expect(page.locator('#ragged [role="note"]')).toHaveText('Warning: map[1]: 4 characters where the widest row has 6; its last 2 cells are off the map');
  await expect(page.locator('#ragged [part="error"]')).toHaveCount(0);
  expect(seen).toEqual([]);
  expect(errors).toEqual([]);
});

test('an unknown mode is an error naming the modes, not a silent explore board', async ({ page }) => {
  await page.goto('/index.html');
  await ready(page, 'home');
  await page.evaluate(() => {
    const el = document.createElement('doom-board');
    el.id = 'bad-mode';
    el.setAttribute('mode', 'plya');
    el.innerHTML = '<script type="application/json">{ "ruleset": "doom2016", "map": ["...."], "figures": [], "sides": ["marines", "invader"] }</script>';
    document.body.append(el);
  });
  await expect(page.locator('#bad-mode [part="error"]')).toContainText('mode: "plya" is not one of explore, play, edit');
});

test('drag a figure with the pointer; rotate a large figure', async ({ page }) => {
  await page.goto('/large-figures.html');
  const g = await ready(page, 'large');
  const box = (await g.boundingBox())!;
  const cellW = box.width / 10;
  const at = (x: number, y: number) => ({ x: box.x + (x + 0.5) * cellW, y: box.y + (y + 0.5) * (box.height / 7) });
  // Drag Alpha from E6 to F5.
  await page.mouse.move(at(4, 5).x, at(4, 5).y);
  await page.mouse.down();
  await page.mouse.move(at(5, 4).x, at(5, 4).y, { steps: 4 });
  await page.mouse.up();
  await expect(cell(page, 'large', 5, 4)).toHaveAttribute('aria-label', /Alpha/);
  // Select the baron (after clearing Alpha's selection) and rotate it (3×2 now).
  await page.locator('#large button', { hasText: 'Clear selection' }).click();
  // Clicking the button may have scrolled the page: measure the grid again.
  await g.scrollIntoViewIfNeeded();
  const box2 = (await g.boundingBox())!;
  await page.mouse.click(box2.x + 1.5 * cellW, box2.y + 1.5 * (box2.height / 7));
  await page.locator('#large button', { hasText: 'Rotate Baron' }).click();
  await expect(live(page, 'large')).toHaveText('Baron rotated to 3×2');
  await expect(cell(page, 'large', 3, 1)).toHaveAttribute('aria-label', /Baron/);
  await expect(cell(page, 'large', 1, 3)).not.toHaveAttribute('aria-label', /Baron/);
  await expect(grid(page, 'large')).toBeVisible();
});

test('doom2004 blast: picking a target draws the spaces within the radius, not through the wall (RULES §3 blast)', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/doom2004-attack.html');
  const g = await ready(page, 'blast');
  await g.focus();
  // The marine stands on F5; the imp on F2, in the middle of the pack.
  await walk(page, { x: 0, y: 0 }, { x: 5, y: 4 });
  await keys(page, 'Enter');
  await walk(page, { x: 5, y: 4 }, { x: 5, y: 1 });
  await keys(page, 'Enter');
  const words = live(page, 'blast');
  await expect(words).toContainText('Imp at F2: in line of sight, range 3');
  // The imp's space and the five around it that the wall does not cut off, the barrel's (E3) among them.
  await expect(words).toContainText('6 spaces within 1');
  await expect(words).toContainText('Blast 1 around F2');
  // Both zombies next to the imp are hit; the one behind the wall (G2) is not.
  await expect(words).toContainText('hits Imp, Zombie 1, Zombie 2, the barrel at E3.');
  await expect(page.locator('#blast [part="explanation"]')).toContainText('RULES §3 blast');
  const area = page.locator('#blast svg .blast .reach-cells');
  await expect(area).toHaveAttribute('d', /M/);
  // Clearing the target removes the area.
  await keys(page, 'Escape');
  await expect(area).toHaveCount(0);
  // Zombie 1 (F1) stands behind the imp: not in line of sight, so it cannot be attacked and no blast is drawn.
  await walk(page, { x: 5, y: 1 }, { x: 5, y: 0 });
  await keys(page, 'Enter');
  await expect(words).toHaveText('Zombie 1 at F1: not in line of sight, range 4');
  await expect(area).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('every figure label stays inside its figure (the skirmish\'s "Mar1" ran over "Ma2" beside it)', async ({ page }) => {
  await page.goto('/index.html');
  await addBoard(page, 'skirmish', {}, JSON.parse(bundledScenarioText('doom2004-skirmish')));
  await ready(page, 'skirmish');
  const figures = await page.locator('#skirmish').evaluate((host) => [...host.shadowRoot!.querySelectorAll('.figures > g')].map((g) => {
    const mark = g.querySelector('rect:not(.acting-ring)')!.getBoundingClientRect();
    const label = g.querySelector('.figure-label');
    const text = label?.getBoundingClientRect();
    return { id: g.getAttribute('data-figure'), label: label?.textContent ?? '', mark: [mark.left, mark.right], text: text ? [text.left, text.right] : null };
  }));
  expect(figures.map((f) => f.label)).toContain('Mar1');
  for (const f of figures) {
    expect(f.text, f.id!).not.toBeNull();
    expect(f.text![0], `${f.id} ${f.label}`).toBeGreaterThanOrEqual(f.mark[0] - 0.5);
    expect(f.text![1], `${f.id} ${f.label}`).toBeLessThanOrEqual(f.mark[1] + 0.5);
  }
});
