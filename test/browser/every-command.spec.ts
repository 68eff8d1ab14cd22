/**
 * Every legal command can be issued through the board (issue 21): at seeded random reachable states
 * of each ruleset, each legal command (a sample of every kind) is given by mouse, by touch and by
 * keyboard alone — select the figure, pick the destination or the target (twice), or press the
 * button — and the command the board sends (`doom-action`) is exactly that one. Where a tap is ambiguous (attack or glory kill)
 * the board offers the choice as buttons. Each command is then undone to try the next.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { cell, ready, walk, watchErrors } from './helpers.ts';

type Input = 'mouse' | 'touch' | 'keyboard';
/** How this run gives its input (each test sets it). */
let input: Input = 'mouse';

type Cmd = Record<string, unknown> & { type: string };
interface Fig { id: string; x: number; y: number; w?: number; h?: number }

const CASES: [page: string, board: string][] = [
  ['/tutorial.html', 'tutorial-play'],
  ['/doom2004-play.html', 'doom2004-play'],
  ['/d20.html', 'd20-play'],
];

/** Evaluate against the board's play mode (the element's own game, as the page plays it). */
const inBoard = <T, A>(page: Page, id: string, f: (play: any, board: any, arg: A) => T | Promise<T>, arg?: A) => // eslint-disable-line @typescript-eslint/no-explicit-any
  page.evaluate(async ([id, src, arg]) => {
    const board = document.getElementById(id) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    await board.updateComplete;
    return (0, eval)(`(${src})`)(board._play, board, arg);
  }, [id, f.toString(), arg] as const) as Promise<T>;

async function settle(page: Page, id: string): Promise<void> {
  await inBoard(page, id, async (play, board) => {
    await play.queue;
    await board.updateComplete;
  });
}

/** Pick a space: a click, a tap, or the keyboard cursor walked there and Enter. */
async function tap(page: Page, id: string, x: number, y: number): Promise<void> {
  if (input === 'keyboard') {
    const grid = page.locator(`#${id} .grid`);
    await grid.focus();
    const from = await inBoard(page, id, (_p, board) => ({ x: board._state.cursor.x as number, y: board._state.cursor.y as number }));
    await walk(page, from, { x, y });
    await page.keyboard.press('Enter');
  } else {
    const c = cell(page, id, x, y);
    await c.scrollIntoViewIfNeeded();
    const box = (await c.boundingBox())!;
    if (input === 'touch') await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    else await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }
  await settle(page, id);
}

/** Press a button the way this run gives input. */
async function press(button: Locator): Promise<void> {
  if (input === 'keyboard') {
    await button.focus();
    await button.press('Enter');
  } else if (input === 'touch') await button.tap();
  else await button.click();
}

/** The last command the board sent, and clear it. */
const lastAction = (page: Page) => page.evaluate(() => {
  const w = window as unknown as { __sent?: unknown[] };
  return (w.__sent ?? []).splice(0);
});

async function buttonFor(page: Page, id: string, c: Cmd): Promise<boolean> {
  const label = await inBoard(page, id, (play, _b, c: Cmd) => play.commandWords(c), c);
  const b = page.locator(`#${id} [part="toolbar"] button`).filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
  if (!(await b.count())) return false;
  await press(b.first());
  await settle(page, id);
  return true;
}

/** A status discard's meaning: which cards, and how much argent onto each target. */
function discardMeaning(c: Cmd): string {
  const onto: string[] = typeof c.onto === 'string' ? (c.discard as string[]).map(() => c.onto as string)
    : Array.isArray(c.onto) ? (c.onto as string[]) : Object.entries(c.onto as Record<string, number>).flatMap(([k, n]) => Array(n).fill(k));
  return JSON.stringify([[...(c.discard as string[])].sort(), [...onto].sort()]);
}

/** The status phase's discards go through the table's chooser: tick the cards, pick each one's target. */
async function discard(page: Page, id: string, c: Cmd): Promise<string | null> {
  const form = page.locator(`#${id} [part="chooser"]`);
  if (!(await form.count())) return 'no discard chooser';
  const cards = c.discard as string[];
  const onto: string[] = typeof c.onto === 'string' ? cards.map(() => c.onto as string)
    : Array.isArray(c.onto) ? (c.onto as string[]) : Object.entries(c.onto as Record<string, number>).flatMap(([k, n]) => Array(n).fill(k));
  for (const [i, card] of cards.entries()) {
    await form.locator(`input[name="card"][value="${card}"]`).check();
    await form.locator(`select[name="onto:${card}"]`).selectOption(onto[i]);
  }
  await press(form.getByRole('button', { name: 'Discard the chosen cards' }));
  await settle(page, id);
  const sent = (await lastAction(page)).at(-1) as Cmd | undefined;
  return sent && discardMeaning(sent) === discardMeaning(c) ? null : `sent ${JSON.stringify(sent)}`;
}

/** Issue `c` the way a player would; true when the board sent exactly `c`. */
async function issue(page: Page, id: string, c: Cmd): Promise<string | null> {
  await lastAction(page);
  if (c.type === 'status' && Array.isArray(c.discard) && c.discard.length) return discard(page, id, c);
  const figs = await inBoard(page, id, (play) => play.view.figures as Fig[]);
  const where = (fid: string) => figs.find((f) => f.id === fid);
  const selected = await inBoard(page, id, (_p, board) => board._state.selected as string | null);
  if (typeof c.figure === 'string' && selected !== c.figure && (c.to !== undefined || c.target !== undefined || !(await buttonVisible(page, id, c)))) {
    const f = where(c.figure);
    if (f) await tap(page, id, f.x, f.y);
  }
  const to = c.to as { x: number; y: number } | undefined;
  if (c.target !== undefined) {
    const t = typeof c.target === 'string' ? where(c.target) : (c.target as { x: number; y: number });
    if (!t) return `target ${JSON.stringify(c.target)} is not on the board`;
    await tap(page, id, t.x, t.y);
    let sent = await lastAction(page);
    if (!sent.length) {
      await tap(page, id, t.x, t.y);
      sent = await lastAction(page);
    }
    if (!sent.length && !(await buttonFor(page, id, c))) return 'no button after tapping the target twice';
    sent.push(...(await lastAction(page)));
    return JSON.stringify(sent.at(-1)) === JSON.stringify(c) ? null : `sent ${JSON.stringify(sent.at(-1))}`;
  }
  if (to && Number.isInteger(to.x)) {
    await tap(page, id, to.x, to.y);
    let sent = await lastAction(page);
    if (!sent.length && !(await buttonFor(page, id, c))) {
      await tap(page, id, to.x, to.y);
      sent = await lastAction(page);
      if (!sent.length && !(await buttonFor(page, id, c))) return 'nothing sent and no button after tapping the destination twice';
    }
    sent.push(...(await lastAction(page)));
    return JSON.stringify(sent.at(-1)) === JSON.stringify(c) ? null : `sent ${JSON.stringify(sent.at(-1))}`;
  }
  if (!(await buttonFor(page, id, c))) return 'no button with its words';
  const sent = await lastAction(page);
  return JSON.stringify(sent.at(-1)) === JSON.stringify(c) ? null : `sent ${JSON.stringify(sent.at(-1))}`;
}

async function buttonVisible(page: Page, id: string, c: Cmd): Promise<boolean> {
  const label = await inBoard(page, id, (play, _b, c: Cmd) => play.commandWords(c), c);
  return (await page.locator(`#${id} [part="toolbar"] button`).filter({ hasText: label }).count()) > 0;
}

/** Up to `n` commands, every kind represented (kinds first, then more of each in turn). */
function sample(legal: Cmd[], n: number, r: () => number): Cmd[] {
  const kinds = new Map<string, Cmd[]>();
  for (const c of legal) kinds.set(c.type, [...(kinds.get(c.type) ?? []), c]);
  const out: Cmd[] = [];
  for (let round = 0; out.length < n && round < 50; round++) {
    for (const list of kinds.values()) if (list.length > round && out.length < n) out.push(list.splice(Math.floor(r() * list.length), 1)[0]);
  }
  return out;
}

for (const mode of ['mouse', 'touch', 'keyboard'] as const) test.describe(mode, () => {
  if (mode === 'touch') test.use({ hasTouch: true });
  for (const [url, id] of CASES) {
  test(`${id}: every kind of legal command at random reachable states is issued by ${mode} alone`, async ({ page }) => {
    test.setTimeout(240_000);
    input = mode;
    const errors = watchErrors(page);
    await page.goto(url);
    await ready(page, id);
    await page.evaluate((id) => {
      const w = window as unknown as { __sent: unknown[] };
      w.__sent = [];
      document.getElementById(id)!.addEventListener('doom-action', (e) => w.__sent.push((e as CustomEvent).detail.command));
    }, id);
    let seed = 7;
    const r = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const problems: string[] = [];
    let tried = 0;
    let walked = 0;
    for (const walk of [0, 12, 25, 45]) {
      // Walk on to the next state with random legal commands, applied as the board applies them.
      await inBoard(page, id, async (play, _b, n: { steps: number; seed: number }) => {
        let s = n.seed;
        for (let i = 0; i < n.steps; i++) {
          const legal = await play.game.legalActions();
          if (!legal.length) break;
          s = (s * 1103515245 + 12345) % 2147483648;
          await play.apply(legal[s % legal.length]);
        }
      }, { steps: walk - walked, seed: walk * 31 + 1 });
      walked = walk;
      await settle(page, id);
      const legal = await inBoard(page, id, (play) => play.game.legalActions() as Promise<Cmd[]>);
      for (const c of sample(legal, 10, r)) {
        const before = await inBoard(page, id, (play) => play.history as number);
        const problem = await issue(page, id, c);
        tried++;
        if (problem) problems.push(`${JSON.stringify(c)}: ${problem}`);
        // Back to the state: take back whatever was played.
        await inBoard(page, id, async (play, _b, n: number) => {
          while (play.history > n) await play.undo();
        }, before);
        await inBoard(page, id, async (play, board) => {
          play.pending = [];
          board._state.target = null;
          board._state.targetCell = null;
          await play.refreshActions();
        });
        await settle(page, id);
      }
    }
    expect(problems).toEqual([]);
    expect(tried).toBeGreaterThan(10);
    expect(errors).toEqual([]);
  });
}
});
