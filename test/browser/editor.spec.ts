/** Edit mode: paint, draw edges and place figures (keyboard and pointer), export JSON that reloads to the same board. */
import { expect, test } from '@playwright/test';
import { cell, events, keys, ready, recordEvents, walk, watchErrors } from './helpers.ts';

const BOARD = 'editor';

test('the editor exports JSON that reloads to the same board', async ({ page }) => {
  const errors = watchErrors(page);
  await recordEvents(page);
  await page.goto('/editor.html');
  const g = await ready(page, BOARD);
  const tool = (name: string) => page.locator(`#${BOARD} button`, { hasText: new RegExp(`^${name}$`) });

  // Keyboard: difficult terrain at A1 and B1, a wall on B1's bottom side, an impassable edge on its right.
  await tool('Difficult').click();
  await g.focus();
  await keys(page, 'Enter', 'ArrowRight', 'Enter');
  await expect(cell(page, BOARD, 1, 0)).toHaveAttribute('aria-label', 'B1, difficult terrain');
  await tool('Wall').click();
  await g.focus();
  await keys(page, 'Shift+ArrowDown');
  await tool('Impassable').click();
  await g.focus();
  await keys(page, 'Shift+ArrowRight');
  // Obstacle at C4 with the keyboard; a teleporter by pointer at J2 (a doom2016 board: no barrel tool, doom2004 has barrels).
  await tool('Obstacle').click();
  await g.focus();
  await walk(page, { x: 1, y: 0 }, { x: 2, y: 3 });
  await keys(page, 'Enter');
  await expect(tool('Barrel')).toHaveCount(0);
  await tool('Teleporter').click();
  const box = (await g.boundingBox())!;
  await page.mouse.click(box.x + (9.5 * box.width) / 10, box.y + (1.5 * box.height) / 6);
  await expect(cell(page, BOARD, 9, 1)).toHaveAttribute('aria-label', 'J2, active teleporter');
  // A 2×1 demon placed at E5.
  await tool('Figure').click();
  await page.locator(`#${BOARD} input`).nth(0).fill('invader');
  await page.locator(`#${BOARD} input`).nth(0).dispatchEvent('change');
  await page.locator(`#${BOARD} input`).nth(1).fill('pinky');
  await page.locator(`#${BOARD} input`).nth(1).dispatchEvent('change');
  await page.locator(`#${BOARD} input`).nth(2).fill('2');
  await page.locator(`#${BOARD} input`).nth(2).dispatchEvent('change');
  await g.focus();
  await walk(page, { x: 9, y: 1 }, { x: 4, y: 4 });
  await keys(page, 'Enter');
  await expect(cell(page, BOARD, 5, 4)).toHaveAttribute('aria-label', /Pinky 1 \(invader\)/);

  const exported = JSON.parse(await page.locator(`#${BOARD} textarea.export`).inputValue());
  expect(exported.map[0].slice(0, 2)).toBe('dd');
  expect(exported.map[3][2]).toBe('o');
  expect(exported.map[1][9]).toBe('t');
  expect(exported.edges).toEqual(expect.arrayContaining([
    { from: [1, 1], to: [2, 1], kind: 'wall' },
    { from: [2, 0], to: [2, 1], kind: 'impassable' },
  ]));
  expect(exported.figures).toContainEqual({ id: 'pinky-1', side: 'invader', type: 'pinky', x: 4, y: 4, w: 2 });
  expect((await events(page, 'doom-change')).length).toBeGreaterThanOrEqual(7);
  await expect(page.locator(`#${BOARD} textarea.embed`)).toHaveValue(/<doom-board mode="explore">/);
  // Its script is the one-tag bundle beside the page, not this site's own module (which no other site can load).
  await expect(page.locator(`#${BOARD} textarea.embed`)).toHaveValue(/^<script type="module" src="doom-board\.js"><\/script>/);

  // A worked example of commands needs data sets: the board drawn here has none, and says so; one
  // press gives it the ruleset's bundled ones, and a command can be recorded.
  await page.locator(`#${BOARD} summary`, { hasText: 'Steps: a worked example' }).click();
  const steps = page.locator(`#${BOARD} .steps`);
  await expect(steps.getByRole('note')).toContainText('No commands can be recorded');
  await expect(steps.getByRole('button', { name: 'Record selection' })).toBeVisible();
  await steps.getByRole('button', { name: 'Use the bundled data sets' }).click();
  await expect(steps.getByRole('button', { name: 'Record command' })).toBeEnabled();
  await steps.getByRole('button', { name: 'Record command' }).click();
  await expect(steps.locator('ol li')).toHaveCount(1);
  expect(JSON.parse(await page.locator(`#${BOARD} textarea.export`).inputValue()).data.units).toBe('doom2016/sample-units');

  // Reload the exported JSON into a new explore-mode board: the same drawing, the same JSON back.
  const same = await page.evaluate(async (scenario) => {
    const el = document.createElement('doom-board') as HTMLElement & { scenario: unknown; exportScenario(): unknown };
    el.id = 'reloaded';
    el.scenario = scenario;
    document.querySelector('main')!.append(el);
    await new Promise<void>((resolve) => el.addEventListener('doom-ready', () => resolve(), { once: true }));
    const draw = (id: string) => {
      const root = document.getElementById(id)!.shadowRoot!;
      return ['.terrain', '.edges', '.tokens', '.figures'].map((s) => root.querySelector(s)!.outerHTML.replace(/<!--[^>]*-->/g, ''));
    };
    return { drawing: JSON.stringify(draw('editor')) === JSON.stringify(draw('reloaded')), json: el.exportScenario() };
  }, exported);
  expect(same.drawing).toBe(true);
  expect(same.json).toEqual(exported);

  // And pasting it into the editor's import box loads the same scenario.
  await page.locator(`#${BOARD} textarea.import`).fill(JSON.stringify(exported));
  await page.locator(`#${BOARD} button`, { hasText: 'Load pasted scenario' }).click();
  expect(JSON.parse(await page.locator(`#${BOARD} textarea.export`).inputValue())).toEqual(exported);

  // A paste that is no JSON is named; the next good edit clears that line. Loading another scenario
  // is one more edit: Undo brings the board before it back (a review lost its work to a paste).
  const line = page.locator(`#${BOARD}`).getByText('The pasted text is not valid JSON', { exact: false });
  await page.locator(`#${BOARD} textarea.import`).fill('{ nope');
  await page.locator(`#${BOARD} button`, { hasText: 'Load pasted scenario' }).click();
  await expect(line.first()).toBeVisible();
  const other = { ruleset: 'd20', title: 'Other', map: ['....', '....'], figures: [], sides: ['side-a', 'side-b'] };
  await page.locator(`#${BOARD} textarea.import`).fill(JSON.stringify(other));
  await page.locator(`#${BOARD} button`, { hasText: 'Load pasted scenario' }).click();
  await expect(page.locator(`#${BOARD} textarea.export`)).toHaveValue(/"title": "Other"/);
  await expect(line).toHaveCount(0);
  await page.locator(`#${BOARD} button`, { hasText: /^Undo$/ }).click();
  expect(JSON.parse(await page.locator(`#${BOARD} textarea.export`).inputValue())).toEqual(exported);
  expect(errors).toEqual([]);
});

test('a figure that does not fit is refused with a reason; edit mode without a scenario starts a blank board', async ({ page }) => {
  await page.goto('/editor.html');
  const g = await ready(page, BOARD);
  await page.locator(`#${BOARD} button`, { hasText: /^Figure$/ }).click();
  await g.focus();
  // J5 is off the map: refused. Alpha stands on B2: the figure tool removes it.
  await walk(page, { x: 0, y: 0 }, { x: 9, y: 4 });
  await keys(page, 'Enter');
  await expect(page.locator(`#${BOARD} .message`)).toContainText('No room for a 1×1 figure at J5');
  await walk(page, { x: 9, y: 4 }, { x: 1, y: 1 });
  await keys(page, 'Enter');
  await expect(cell(page, BOARD, 1, 1)).toHaveAttribute('aria-label', 'B2, floor');

  const blank = await page.evaluate(async () => {
    const el = document.createElement('doom-board') as HTMLElement & { exportScenario(): { map: string[] } | null };
    el.id = 'blank';
    el.setAttribute('mode', 'edit');
    document.querySelector('main')!.append(el);
    await new Promise<void>((resolve) => el.addEventListener('doom-ready', () => resolve(), { once: true }));
    return el.exportScenario()!.map;
  });
  expect(blank).toHaveLength(8);
  expect(blank[0]).toBe('............');
});

test('the editor places and removes tokens; undo and redo take back edits, a drag-paint as one step', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/editor.html');
  const g = await ready(page, BOARD);
  const tool = (name: string) => page.locator(`#${BOARD} button`, { hasText: new RegExp(`^${name}$`) });
  const exported = async () => JSON.parse(await page.locator(`#${BOARD} textarea.export`).inputValue());
  const before = await exported();

  // A medkit token at B1 (keyboard), then a blue portal at C1.
  await tool('Medkit').click();
  await g.focus();
  await keys(page, 'ArrowRight', 'Enter');
  await expect(cell(page, BOARD, 1, 0)).toHaveAttribute('aria-label', 'B1, floor, medkit');
  await tool('Portal').click();
  await page.locator(`#${BOARD} label`, { hasText: 'Colour' }).locator('input').fill('blue');
  await page.locator(`#${BOARD} label`, { hasText: 'Colour' }).locator('input').dispatchEvent('change');
  await g.focus();
  await keys(page, 'ArrowRight', 'Enter');
  expect((await exported()).tokens).toEqual([
    { id: 'medkit-1', kind: 'medkit', x: 1, y: 0 },
    { id: 'portal-1', kind: 'portal', color: 'blue', x: 2, y: 0 },
  ]);

  // Undo takes the portal back, redo puts it back; Delete removes the token under the cursor.
  await keys(page, 'Control+z');
  expect((await exported()).tokens).toEqual([{ id: 'medkit-1', kind: 'medkit', x: 1, y: 0 }]);
  await keys(page, 'Control+y');
  expect((await exported()).tokens).toHaveLength(2);
  await keys(page, 'Delete');
  expect((await exported()).tokens).toEqual([{ id: 'medkit-1', kind: 'medkit', x: 1, y: 0 }]);

  // Dragging difficult terrain over D4–F4 is one undo step.
  await tool('Difficult').click();
  const box = (await g.boundingBox())!;
  const at = (x: number, y: number) => [box.x + ((x + 0.5) * box.width) / before.map[0].length, box.y + ((y + 0.5) * box.height) / before.map.length] as const;
  await page.mouse.move(...at(3, 3));
  await page.mouse.down();
  await page.mouse.move(...at(4, 3), { steps: 4 });
  await page.mouse.move(...at(5, 3), { steps: 4 });
  await page.mouse.up();
  expect((await exported()).map[3].slice(3, 6)).toBe('ddd');
  await page.locator(`#${BOARD} button`, { hasText: /^Undo$/ }).click();
  expect((await exported()).map[3]).toBe(before.map[3]);

  // Undo all the way back to the scenario as loaded; then nothing is left to undo.
  const undoButton = page.locator(`#${BOARD} button`, { hasText: /^Undo$/ });
  while (await undoButton.isEnabled()) await undoButton.click();
  expect(await exported()).toEqual(before);
  expect(errors).toEqual([]);
});

test('resizing says what it could not do and what it left out, and Undo brings that back', async ({ page }) => {
  await page.goto('/editor.html');
  await ready(page, BOARD);
  const width = page.getByLabel('Width');
  const exported = async () => JSON.parse(await page.locator(`#${BOARD} textarea.export`).inputValue());
  const figures = (await exported()).figures.length;
  await width.fill('500');
  await width.press('Enter');
  await expect(page.locator(`#${BOARD}`).getByRole('note')).toContainText('Resized to 64×6: the editor draws 1 to 64 spaces a side (asked 500×6).');
  expect((await exported()).map[0]).toHaveLength(64);
  await width.fill('3');
  await width.press('Enter');
  await expect(page.locator(`#${BOARD}`).getByRole('note')).toContainText(/Resized to 3×6: \d+ figures?.* outside it left out \(Undo brings them back\)/);
  await page.locator(`#${BOARD} button`, { hasText: /^Undo$/ }).click();
  expect((await exported()).figures).toHaveLength(figures);
});
