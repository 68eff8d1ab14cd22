/**
 * The AI's labels on a busy board (doom2004: a marine with three demons in reach and three hinted
 * plans, every space round it taken): each odds label touches its target or has a leader line to it,
 * no label covers a token or another label, no arrow covers a figure's name, and the legend says
 * what they are. Desktop and phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { addBoard, bundledScenarioText, ready, watchErrors } from './helpers.ts';

/** The skirmish with every figure drawn into the middle rows. */
function crowded(): unknown {
  const s = JSON.parse(bundledScenarioText('doom2004-skirmish')) as { figures: { id: string; x: number; y: number }[] };
  const at: Record<string, [number, number]> = {
    'marine-1': [2, 4], 'marine-2': [3, 4], 'marine-3': [2, 5], 'zombie-1': [5, 4], 'zombie-2': [6, 4], 'trite-1': [5, 5], 'imp-1': [4, 6],
    'mancubus-1': [7, 5], 'hell-knight-1': [1, 6], 'archvile-1': [6, 6], 'hell-knight-2': [11, 3],
  };
  for (const f of s.figures) [f.x, f.y] = at[f.id];
  return s;
}

type R = { x: number; y: number; w: number; h: number };

async function drawn(page: Page) {
  return page.evaluate(() => {
    const root = document.getElementById('crowded')!.shadowRoot!;
    const rect = (e: Element) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; };
    const token = (id: string) => rect(root.querySelector(`svg .figure[data-figure="${id}"] rect`)!);
    const ends = (l: Element) => {
      const m = (l as SVGGraphicsElement).getScreenCTM()!;
      const p = (x: string, y: string) => new DOMPoint(Number(l.getAttribute(x)), Number(l.getAttribute(y))).matrixTransform(m);
      const [a, b] = [p('x1', 'y1'), p('x2', 'y2')];
      return { x1: a.x, y1: a.y, x2: b.x, y2: b.y };
    };
    return {
      odds: [...root.querySelectorAll('svg .odds')].map((g) => ({
        target: g.getAttribute('data-target')!, box: rect(g.querySelector('rect')!), token: token(g.getAttribute('data-target')!),
        leader: g.querySelector('line.leader') ? ends(g.querySelector('line.leader')!) : null,
      })),
      plans: [...root.querySelectorAll('svg .plans .plan-label-bg')].map(rect),
      attacks: [...root.querySelectorAll('svg .plans .plan')].filter((g) => g.querySelector('.plan-attack'))
        .map((g) => ({ target: g.getAttribute('data-target')!, ...ends(g.querySelector('.plan-attack')!) })),
      tokens: [...root.querySelectorAll('svg .figure > rect:not(.acting-ring)')].map(rect),
      names: [...root.querySelectorAll('svg .figure-label')].map(rect),
      tokenOf: Object.fromEntries([...root.querySelectorAll('svg .figure')].map((g) => [g.getAttribute('data-figure')!, rect(g.querySelector('rect:not(.acting-ring)')!)])),
    };
  });
}

const meets = (a: R, b: R) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;
const gap = (a: R, b: R) => Math.hypot(Math.max(0, b.x - (a.x + a.w), a.x - (b.x + b.w)), Math.max(0, b.y - (a.y + a.h), a.y - (b.y + b.h)));
const inside = (b: R, x: number, y: number, slack = 1) => x >= b.x - slack && x <= b.x + b.w + slack && y >= b.y - slack && y <= b.y + b.h + slack;
const strictlyInside = (b: R, x: number, y: number) => x > b.x + 0.5 && x < b.x + b.w - 0.5 && y > b.y + 0.5 && y < b.y + b.h - 0.5;

for (const [device, options] of [
  ['desktop', { viewport: { width: 1280, height: 900 } }],
  ['phone', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
] as const) {
  test.describe(device, () => {
    test.use(options);
    test(`a crowded doom2004 board: odds and plan labels readable, each at its figure, arrows clear of the names (${device})`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto('/doom2004-play.html');
      await addBoard(page, 'crowded', { mode: 'play', ai: '', seed: '7' }, crowded());
      await ready(page, 'crowded');
      const board = page.locator('#crowded');
      await page.evaluate(() => (document.getElementById('crowded') as HTMLElement & { select(id: string): Promise<void> }).select('marine-2'));
      await board.getByRole('button', { name: 'Marine 2: attack' }).click();
      await expect(board.locator('svg .odds')).toHaveCount(3);
      await board.getByRole('button', { name: 'Hint' }).click();
      await expect(board.locator('svg .plans .plan')).toHaveCount(3);
      await board.locator('[part="board"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/ai-labels-crowded-${device}.png` });

      const d = await drawn(page);
      expect(d.odds.map((o) => o.target).sort()).toEqual(['imp-1', 'trite-1', 'zombie-1']);
      const labels = [...d.odds.map((o) => o.box), ...d.plans];
      labels.forEach((a, i) => {
        for (const t of d.tokens) expect(meets(a, t), `label ${i} over a token`).toBe(false);
        labels.forEach((b, j) => j > i && expect(meets(a, b), `labels ${i} and ${j}`).toBe(false));
      });
      // Each odds label is its target's beyond doubt: beside its token (within the few units between a
      // space's edge and its token) or joined to the target's space by a leader line.
      const cell = d.odds[0].token.w / 26; // screen px per SVG unit (a token is 26 units wide)
      let led = 0;
      for (const o of d.odds) {
        if (o.leader) {
          led++;
          expect(inside(o.box, o.leader.x1, o.leader.y1), `${o.target}: the leader starts at its label`).toBe(true);
          expect(gap(o.token, { x: o.leader.x2, y: o.leader.y2, w: 0, h: 0 }), `${o.target}: the leader ends at its space`).toBeLessThanOrEqual(4 * cell);
        } else expect(gap(o.box, o.token), `${o.target}: label beside its token`).toBeLessThanOrEqual(6 * cell);
      }
      // On this board at least one target is hemmed in (Trite 1 by Marine 3's row, the zombies and Imp 1).
      expect(led).toBeGreaterThan(0);
      // The attack arrows stop at their target's token, clear of every figure's name.
      expect(d.attacks.length).toBeGreaterThan(0);
      for (const a of d.attacks) {
        for (const n of d.names) expect(strictlyInside(n, a.x2, a.y2), `arrow to ${a.target} ends on a name`).toBe(false);
        expect(inside(d.tokenOf[a.target], a.x2, a.y2), `arrow to ${a.target} ends at its token`).toBe(true);
      }
      // The legend says what the labels and arrows are.
      await board.locator('[part="legend"] summary').click();
      await expect(board.locator('[part="legend"]')).toContainText('Odds on a target: chance to hit · wounds expected · chance to kill');
      await expect(board.locator('[part="legend"]')).toContainText('A label away from its figure: a thin line leads to it');
      expect(errors).toEqual([]);
    });
  });
}
