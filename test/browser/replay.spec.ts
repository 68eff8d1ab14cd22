/**
 * Replay mode (issue 40): a worked example stepped through by mouse, touch and keys, the scrubber,
 * Play, a deep link to step N that survives a reload, captions shown as text (an injected
 * `<img onerror>` runs nothing), the board at step N equal to `replay(scenario, seed, commands of
 * steps 1..N)`, 44 px controls on a phone; a finished game in the page and a server game (its
 * GET …/replay) open in this mode.
 */
import { devices, expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { startBuiltServer, type BuiltServer } from './built-server.ts';
import { addBoard, ready, watchErrors } from './helpers.ts';
import { encodeState } from '../../components/url-state.ts';

const ROOT = process.cwd();
const PAGE = '/example-d20-cover.html';
const EXAMPLE = JSON.parse(readFileSync(`${ROOT}/demo/public/examples/d20-cover-nearest.json`, 'utf8'));
const STEPS: number = EXAMPLE.steps.length;

const status = (board: Locator) => board.locator('[part="status"]');
const at = (n: number) => (n === 0 ? `Before step 1 of ${STEPS}` : `Step ${n} of ${STEPS}`);

/**
 * The figures and status the board shows, and the same from `replay(scenario, seed, commands of
 * steps 1..n)` run in the page by the engine's own module (not the element).
 */
async function compareWithReplay(page: Page, n: number): Promise<void> {
  const { shown, replayed } = await page.evaluate(async ({ root, n, scenario }) => {
    const fs = (p: string) => `/@fs${root}/${p}`;
    const [{ loadCore }, rules] = await Promise.all([import(/* @vite-ignore */ fs('src/core/wasm.ts')), import(/* @vite-ignore */ fs('src/rules/index.ts'))]);
    await loadCore();
    const commands = scenario.steps.slice(0, n).flatMap((s: { command?: unknown }) => (s.command ? [s.command] : []));
    const v = rules.replay(scenario, scenario.seed, commands).view();
    const el = document.getElementById('example') as unknown as { _replay: { current: { view: typeof v } } };
    const pick = (view: typeof v) => ({ status: view.status, figures: view.figures.map((f: { id: string; x: number; y: number; damage?: number; markers?: string[] }) => [f.id, f.x, f.y, f.damage ?? 0, f.markers ?? []]) });
    return { shown: pick(el._replay.current.view), replayed: pick(v) };
  }, { root: ROOT, n, scenario: EXAMPLE });
  expect(shown, `step ${n}`).toEqual(replayed);
}

test.describe('desktop', () => {
  test('every step by mouse, keys and the scrubber; the board at each step is the replay of the commands so far; Play runs to the end', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    await page.goto(PAGE);
    const grid = await ready(page, 'example');
    const board = page.locator('#example');
    await expect(status(board)).toContainText(at(0));
    await expect(board.getByRole('button', { name: '◀ Back' })).toBeDisabled();
    await compareWithReplay(page, 0);
    // Mouse: Next through every step; each shows its caption and the engine's position.
    for (let n = 1; n <= STEPS; n++) {
      await board.getByRole('button', { name: 'Next ▶' }).click();
      await expect(status(board)).toContainText(at(n));
      await expect(board.locator('[part="caption"]')).toHaveText(EXAMPLE.steps[n - 1].caption.replace(/\*\*|\[|\]\([^)]*\)/g, ''));
      await compareWithReplay(page, n);
    }
    await expect(board.getByRole('button', { name: 'Next ▶' })).toBeDisabled();
    // The attack's sentences are in the log, with the selection steps' none.
    await expect(board.locator('[part="log"] li')).toHaveText(['Trooper activates', /^Trooper attacks Brawler: rolls 14 \+ 5 = 19 against defense 15, a hit for 10 damage$/, /^Brawler takes 10 damage/]);
    // Step keys on the board: Shift+B (the start), N, B, Shift+N (the last step).
    await grid.focus();
    await page.keyboard.press('Shift+B');
    await expect(status(board)).toContainText(at(0));
    for (let n = 1; n <= STEPS; n++) {
      await page.keyboard.press('n');
      await expect(status(board)).toContainText(at(n));
    }
    await page.keyboard.press('b');
    await expect(status(board)).toContainText(at(STEPS - 1));
    await page.keyboard.press('Shift+B');
    await page.keyboard.press('Shift+N');
    await expect(status(board)).toContainText(at(STEPS));
    await compareWithReplay(page, STEPS);
    // The scrubber: any step at once, and its own keys.
    const scrubber = board.locator('[part="scrubber"]');
    await scrubber.fill('3');
    await expect(status(board)).toContainText(at(3));
    await compareWithReplay(page, 3);
    await scrubber.focus();
    await page.keyboard.press('ArrowRight');
    await expect(status(board)).toContainText(at(4));
    await expect(scrubber).toHaveAttribute('aria-valuetext', at(4));
    await page.keyboard.press('Home');
    await expect(status(board)).toContainText(at(0));
    await page.keyboard.press('End');
    await expect(status(board)).toContainText(at(STEPS));
    await page.keyboard.press('ArrowLeft');
    await expect(status(board)).toContainText(at(STEPS - 1));
    await scrubber.fill('4');
    // Back by the mouse.
    await board.getByRole('button', { name: '◀ Back' }).click();
    await expect(status(board)).toContainText(at(3));
    // Play: the steps follow one another to the last, and the button says Pause meanwhile.
    await board.evaluate((el) => el.setAttribute('autopilot-delay', '50'));
    await board.getByRole('button', { name: 'Play' }).click();
    await expect(status(board)).toContainText(at(STEPS));
    await expect(board.getByRole('button', { name: 'Play' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the arrow keys move the keyboard cursor over every space of the board, not the steps; N and B step, as the grid\'s description says', async ({ page }) => {
    await page.goto(PAGE);
    const grid = await ready(page, 'example');
    const board = page.locator('#example');
    await grid.focus();
    await expect(grid).toHaveAttribute('aria-activedescendant', 'c-0-0');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect(grid).toHaveAttribute('aria-activedescendant', 'c-2-1');
    await page.keyboard.press('ArrowLeft');
    await expect(grid).toHaveAttribute('aria-activedescendant', 'c-1-1');
    await page.keyboard.press('End');
    await expect(grid).toHaveAttribute('aria-activedescendant', new RegExp(`^c-${EXAMPLE.map[0].length - 1}-1$`));
    await expect(status(board)).toContainText(at(0));
    await page.keyboard.press('n');
    await expect(status(board)).toContainText(at(1));
    await page.keyboard.press('b');
    await expect(status(board)).toContainText(at(0));
    const help = await grid.getAttribute('aria-describedby');
    await expect(board.locator(`#${help}`)).toContainText('N goes to the next step, B back to the previous one');
  });

  test('a deep link to step N shows step N after a reload, and a doom-step event names it', async ({ page }) => {
    await page.goto(PAGE);
    await ready(page, 'example');
    const board = page.locator('#example');
    await board.locator('[part="scrubber"]').fill('5');
    await expect(status(board)).toContainText(at(5));
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#doom-example=${encodeState({ r: 5 })}`);
    await page.addInitScript(() => document.addEventListener('doom-step', (e) => ((window as unknown as { stepped: unknown }).stepped = (e as CustomEvent).detail)));
    await page.reload();
    await ready(page, 'example');
    await expect(status(board)).toContainText(at(5));
    await compareWithReplay(page, 5);
    expect(await page.evaluate(() => (window as unknown as { stepped: unknown }).stepped)).toEqual({ step: 5, of: STEPS, caption: expect.stringMatching(/^The scout is in cover and is not the nearest enemy/) });
    // A link written by hand to a step past the end shows the last one.
    await page.goto(`${PAGE}#doom-example=${encodeState({ r: 99 })}`);
    await page.reload();
    await ready(page, 'example');
    await expect(status(board)).toContainText(at(STEPS));
  });

  test('captions are text: an injected <img onerror> runs nothing, only the small Markdown subset and rules links are rendered', async ({ page }) => {
    const errors = watchErrors(page);
    const scenario = {
      ...EXAMPLE,
      steps: [
        { select: 'trooper', target: 'scout', caption: 'Look <img src=x onerror="window.pwned=1"> **bold** *soft* `code` [rule](#rule-4-cover) [bad](javascript:window.pwned=2) [site](https://example.com/x)' },
        { command: { type: 'activate', figure: 'trooper' }, caption: '<script>window.pwned=3</script>' },
      ],
    };
    await page.goto('/index.html');
    await addBoard(page, 'injected', { mode: 'replay', 'rules-href': 'rules.html' }, scenario);
    await ready(page, 'injected');
    const board = page.locator('#injected');
    await board.getByRole('button', { name: 'Next ▶' }).click();
    const caption = board.locator('[part="caption"]');
    await expect(caption).toContainText('Look <img src=x onerror="window.pwned=1"> bold soft code rule bad site');
    expect(await caption.locator('img, script').count()).toBe(0);
    await expect(caption.locator('strong')).toHaveText('bold');
    await expect(caption.locator('em')).toHaveText('soft');
    await expect(caption.locator('code')).toHaveText('code');
    await expect(caption.locator('a')).toHaveCount(2);
    await expect(caption.getByRole('link', { name: 'rule' })).toHaveAttribute('href', 'rules.html#rule-4-cover');
    await expect(caption.getByRole('link', { name: 'site' })).toHaveAttribute('href', 'https://example.com/x');
    await board.getByRole('button', { name: 'Next ▶' }).click();
    await expect(caption).toHaveText('<script>window.pwned=3</script>');
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(errors).toEqual([]);
  });

  test('a step that cannot be played is an error naming it; the page is not broken', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/index.html');
    await addBoard(page, 'broken', { mode: 'replay' }, { ...EXAMPLE, steps: [{ command: { type: 'attack', figure: 'trooper', target: 'scout' } }, { select: 'nobody' }] });
    const board = page.locator('#broken');
    // The first step (an attack before any activation) is refused: said at once, in the board's error box.
    await expect(board.locator('[part="error"]')).toContainText(/Step 1 cannot be shown: steps\[0\]\.command was refused \(RULES §4[^)]*\)/);
    const broken = await page.evaluate(() => (document.getElementById('broken') as unknown as { scenario: object }).scenario);
    await addBoard(page, 'missing', { mode: 'replay' }, { ...broken, steps: [{ select: 'trooper' }, { select: 'nobody' }] });
    await expect(page.locator('#missing [part="error"]')).toContainText('Step 2 cannot be shown: steps[1].select: no figure "nobody" on the board at this step');
    // Said inside the boards, never thrown into the page.
    expect(errors).toEqual([]);
  });

  test('a finished game in the page opens step by step: "Replay step by step" shows its commands from the start', async ({ page }) => {
    const errors = watchErrors(page);
    const guard = JSON.parse(readFileSync(`${ROOT}/demo/public/examples/doom2004-guard.json`, 'utf8'));
    const { steps, ...scenario } = guard;
    const commands = steps.flatMap((s: { command?: unknown }) => (s.command ? [s.command] : []));
    await page.goto(`/index.html#doom-finished=${encodeState({ h: commands })}`);
    await addBoard(page, 'finished', { mode: 'play', 'url-state': '' }, scenario);
    await ready(page, 'finished');
    const board = page.locator('#finished');
    await expect(status(board)).toContainText('Marines won');
    await board.getByRole('button', { name: 'Replay step by step' }).click();
    await expect(board).toHaveAttribute('mode', 'replay');
    await expect(status(board)).toContainText(`Before step 1 of ${commands.length}`);
    await expect(board.locator('[part="log"] li')).toHaveCount(0);
    await board.locator('[role="grid"]').focus();
    await page.keyboard.press('Shift+N');
    await expect(status(board)).toContainText(`Step ${commands.length} of ${commands.length}`);
    await expect(status(board)).toContainText('Marines won');
    await expect(board.locator('[part="log"] li').last()).toContainText(/marines win|won/i);
    expect(errors).toEqual([]);
  });
});

test.describe('phone', () => {
  const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
  test.use(pixel);

  test('every step by taps; Back, Play, Next, the scrubber and the log\'s lines are at least 44 px', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(PAGE);
    await ready(page, 'example');
    const board = page.locator('#example');
    await board.scrollIntoViewIfNeeded();
    for (let n = 1; n <= STEPS; n++) {
      const next = board.getByRole('button', { name: 'Next ▶' });
      await next.scrollIntoViewIfNeeded();
      await next.tap();
      await expect(status(board)).toContainText(at(n));
    }
    await compareWithReplay(page, STEPS);
    await board.getByRole('button', { name: '◀ Back' }).tap();
    await expect(status(board)).toContainText(at(STEPS - 1));
    const sizes = await board.evaluate((el) => [...el.shadowRoot!.querySelectorAll('[part="toolbar"] button, [part="scrubber"], [part="log"] summary')].map((c) => ({ name: c.textContent || c.getAttribute('aria-label'), h: c.getBoundingClientRect().height, w: c.getBoundingClientRect().width })));
    expect(sizes.length).toBeGreaterThanOrEqual(4);
    for (const s of sizes) expect(Math.min(s.h, s.w), String(s.name)).toBeGreaterThanOrEqual(44);
    // A tap on the scrubber's track goes to that step (its right end: the last).
    const box = (await board.locator('[part="scrubber"]').boundingBox())!;
    await page.touchscreen.tap(box.x + box.width - 4, box.y + box.height / 2);
    await expect(status(board)).toContainText(at(STEPS));
    // A doom2016 example's log has lines that open (the cards played): a finger's height too.
    await page.goto('/example-doom2016-attack.html');
    await ready(page, 'example');
    const attack = page.locator('#example');
    const scrubber = attack.locator('[part="scrubber"]');
    await scrubber.scrollIntoViewIfNeeded();
    const track = (await scrubber.boundingBox())!;
    await page.touchscreen.tap(track.x + track.width - 4, track.y + track.height / 2);
    await expect(status(attack)).toContainText('Step 5 of 5');
    const lines = await attack.locator('[part="log"] summary').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(lines.length).toBeGreaterThan(0);
    for (const h of lines) expect(h).toBeGreaterThanOrEqual(44);
    expect(errors).toEqual([]);
  });
});

test.describe('a server game', () => {
  const PORT = Number(process.env.PW_PORT ?? 5174) + 2000;
  let server: BuiltServer;
  test.beforeAll(async () => {
    server = await startBuiltServer(PORT);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a finished server game opens step by step from its GET …/replay', async ({ page }) => {
    const api = `${server.url}/api/v1`;
    const guard = JSON.parse(readFileSync(`${ROOT}/demo/public/examples/doom2004-guard.json`, 'utf8'));
    const { steps, seed, ...scenario } = guard;
    const created = await (await fetch(`${api}/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario, seed }) })).json();
    let version = 0;
    for (const { command } of steps.filter((s: { command?: unknown }) => s.command)) {
      const side = ['activate', 'move'].includes(command.type) ? 'invaders' : 'marines';
      const r = await fetch(`${api}/games/${created.id}/commands`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${created.seats[side]}`, 'if-match': `"${version}"` }, body: JSON.stringify(command) });
      expect(r.status, JSON.stringify(command)).toBe(200);
      version = (await r.json()).version;
    }
    const replays: string[] = [];
    page.on('request', (r) => r.url().endsWith('/replay') && replays.push(r.url()));
    await page.goto(`${server.url}/index.html`);
    await addBoard(page, 'server', { mode: 'play', api: `${api}/games/${created.id}#seat=${created.seats.marines}` }, scenario);
    await ready(page, 'server');
    const board = page.locator('#server');
    await expect(status(board)).toContainText('Marines won');
    const before = replays.length;
    await board.getByRole('button', { name: 'Replay step by step' }).click();
    await expect(status(board)).toContainText('Before step 1 of 5');
    expect(replays.length).toBeGreaterThan(before);
    await board.getByRole('button', { name: 'Next ▶' }).click();
    await expect(status(board)).toContainText('Step 1 of 5');
    await expect(board.locator('[part="log"] li').first()).toContainText('Marine readies a guard order');
  });
});

test('the editor records steps (commands legal at each point, a selection) with captions, exports the one-tag snippet in replay mode, and steps through them', async ({ page }) => {
  const errors = watchErrors(page);
  const guard = JSON.parse(readFileSync(`${ROOT}/demo/public/examples/doom2004-guard.json`, 'utf8'));
  const { steps, ...scenario } = guard;
  await page.goto('/index.html');
  await page.evaluate(() => localStorage.clear());
  await addBoard(page, 'recorder', { mode: 'edit', 'bundle-url': 'https://cdn.example/doom-board.js' }, scenario);
  await ready(page, 'recorder');
  const board = page.locator('#recorder');
  const panel = board.locator('[part="steps"]');
  await panel.locator('summary').click();
  await expect(panel).toContainText('No steps yet');
  // A selection, then the guard example's five commands, each chosen among the commands legal at that point.
  await panel.locator('#step-select').selectOption('marine');
  await panel.locator('#step-target').selectOption('zombie');
  await panel.getByRole('button', { name: 'Record selection' }).click();
  for (const { command } of steps.filter((s: { command?: unknown }) => s.command)) {
    const options = panel.locator('#next-command option');
    await expect(options.first()).toBeAttached();
    const index = await page.evaluate(({ cmd }) => {
      const el = document.getElementById('recorder') as unknown as { _edit: { editor: { recorder: { legal: unknown[] } } } };
      return el._edit.editor.recorder.legal.findIndex((c) => JSON.stringify(c) === JSON.stringify(cmd));
    }, { cmd: command });
    expect(index, JSON.stringify(command)).toBeGreaterThanOrEqual(0);
    const before = await panel.locator('ol li').count();
    await panel.locator('#next-command').selectOption(String(index));
    await panel.getByRole('button', { name: 'Record command' }).click();
    await expect(panel.locator('ol li')).toHaveCount(before + 1);
  }
  await expect(panel.locator('ol li')).toHaveCount(6);
  // Captions, one of them written with the Markdown subset.
  await panel.getByLabel('Caption of step 1').fill('The wall hides the zombie: **no line of sight**.');
  await panel.getByLabel('Caption of step 1').press('Tab');
  await panel.getByLabel('Caption of step 6').fill('The guard shot kills the zombie.');
  await panel.getByLabel('Caption of step 6').press('Tab');
  // The one-tag snippet: replay mode, the steps with their captions.
  const snippet = await board.locator('textarea.embed').inputValue();
  expect(snippet).toContain('<script type="module" src="https://cdn.example/doom-board.js"></script>');
  expect(snippet).toContain('<doom-board mode="replay">');
  const json = JSON.parse(/<script type="application\/json">\n([\s\S]*)\n  <\/script>/.exec(snippet)![1]);
  expect(json.steps).toHaveLength(6);
  expect(json.steps[0]).toEqual({ select: 'marine', target: 'zombie', caption: 'The wall hides the zombie: **no line of sight**.' });
  expect(json.steps.slice(1).map((s: { command: unknown }) => s.command)).toEqual(steps.filter((s: { command?: unknown }) => s.command).map((s: { command: unknown }) => s.command));
  // Remove the last step, then step through what is left.
  await panel.getByRole('button', { name: 'Remove last step' }).click();
  await expect(panel.locator('ol li')).toHaveCount(5);
  await panel.getByRole('button', { name: 'Step through' }).click();
  await expect(board).toHaveAttribute('mode', 'replay');
  await expect(status(board)).toContainText('Before step 1 of 5');
  await board.getByRole('button', { name: 'Next ▶' }).click();
  await expect(board.locator('[part="caption"] strong')).toHaveText('no line of sight');
  // Back to the editor: the steps and captions as they were left, and no "restored" notice.
  await board.getByRole('button', { name: 'Back to the editor' }).click();
  await expect(board).toHaveAttribute('mode', 'edit');
  await expect(panel.locator('ol li')).toHaveCount(5);
  await expect(panel.getByLabel('Caption of step 1')).toHaveValue('The wall hides the zombie: **no line of sight**.');
  await expect(board).not.toContainText('restored from this browser');
  await expect(board.getByRole('button', { name: 'Back to the editor' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
