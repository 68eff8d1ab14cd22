/**
 * Rule citations are links into the rules reference: on a demo page (every board gets
 * `rules-href="rules.html"` from site.ts) the explanation's "RULES §2.1" and "clause 1.1.3" link to
 * rules.html#rule-2-1 and #rule-1-1-3, and following one lands on docs/rules.md rendered, scrolled to
 * that rule — on a desktop screen and on a 390×844 phone. A board without `rules-href` (a wiki page
 * that hosts no rules page) keeps the citations as plain text.
 */
import { expect, test, type Page } from '@playwright/test';
import { keys, live, ready, walk, watchErrors } from './helpers.ts';

/** Select Alpha (A1) on the cover example and target the imp (E5), in cover behind the soldier's space (clause 1.1.3). */
async function explainImp(page: Page) {
  const g = await ready(page, 'cover-example');
  await g.focus();
  await keys(page, 'Enter');
  await walk(page, { x: 0, y: 0 }, { x: 4, y: 4 });
  await keys(page, 'Enter');
  await expect(live(page, 'cover-example')).toHaveText('Imp at E5: in line of sight, in cover, range 4');
  return page.locator('#cover-example [part="explanation"]');
}

/** The rule's anchor exists on the page reached and the browser scrolled it into view. */
async function expectScrolledTo(page: Page, id: string, where: string) {
  await expect(page).toHaveURL(new RegExp(`/rules\\.html#${id}$`));
  const anchor = page.locator(`[id="${id}"]`);
  await expect(anchor).toHaveCount(1);
  await expect.poll(async () => {
    const top = await anchor.evaluate((a) => a.getBoundingClientRect().top);
    const height = await page.evaluate(() => window.innerHeight);
    return top >= 0 && top < height * 0.5;
  }, { message: `${where}: #${id} is near the top of the viewport` }).toBe(true);
  // The rule's own words are on screen next to it.
  await expect(page.locator('main.rules')).toBeVisible();
}

for (const screen of [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone 390×844', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
]) {
  test.describe(screen.name, () => {
    test.use(screen.use);

    test('the explanation cites rules as links, and a link opens the rules page at that rule', async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto('/cover.html');
      const explanation = await explainImp(page);
      // "RULES §2.1" twice (sight, then cover), then the clause that put the imp in cover.
      const section = explanation.getByRole('link', { name: 'RULES §2.1' });
      const clause = explanation.getByRole('link', { name: 'clause 1.1.3' });
      await expect(section).toHaveCount(2);
      for (const s of await section.all()) await expect(s).toHaveAttribute('href', 'rules.html#rule-2-1');
      await expect(clause).toHaveAttribute('href', 'rules.html#rule-1-1-3');
      // The rest of the sentence stays text.
      await expect(explanation).toContainText('Alpha has line of sight to Imp');
      await page.screenshot({ path: `reports/rules-links-${screen.name.split(' ')[0]}-board.png` });

      if (screen.use.hasTouch) await clause.tap();
      else await clause.click();
      await expectScrolledTo(page, 'rule-1-1-3', screen.name);
      await expect(page.locator('[id="rule-1-1-3"]').locator('xpath=..')).toContainText('blocking spaces');
      await page.screenshot({ path: `reports/rules-links-${screen.name.split(' ')[0]}-rules.png` });

      await page.goto('/cover.html');
      const again = await explainImp(page);
      await again.getByRole('link', { name: 'RULES §2.1' }).first().click();
      await expectScrolledTo(page, 'rule-2-1', screen.name);
      expect(errors).toEqual([]);
    });
  });
}

test('the rules page is in the site navigation, and nothing on it is wider than a phone', async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/index.html');
  await page.getByRole('button', { name: 'Pages' }).click();
  await page.locator('nav.site').getByRole('link', { name: 'Rules reference' }).click();
  await expect(page).toHaveURL(/\/rules\.html$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('doom-board rules reference');
  await expect(page.getByRole('heading', { name: '§1.1 The line test' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
});

test('a board without rules-href keeps its citations as plain text', async ({ page }) => {
  await page.goto('/cover.html');
  await ready(page, 'cover-example');
  await page.locator('#cover-example').evaluate((b) => b.removeAttribute('rules-href'));
  await page.locator('#cover-example').evaluate((b) => ((b as unknown as { rulesHref?: string }).rulesHref = undefined));
  const explanation = await explainImp(page);
  await expect(explanation).toContainText('RULES §2.1');
  await expect(explanation).toContainText('clause 1.1.3');
  await expect(explanation.getByRole('link')).toHaveCount(0);
});

test('a refusal\'s rule citation is a link too ("Refused (RULES §4 …): …")', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/d20.html');
  await ready(page, 'd20-play');
  // A command the rules refuse (nothing is activated yet), sent the way a stale button would send it.
  await page.evaluate(() => (document.getElementById('d20-play') as unknown as { _play: { apply(c: object): Promise<unknown> } })._play.apply({ type: 'attack', figure: 'trooper-1', target: 'scout' }));
  const message = page.locator('#d20-play .message');
  await expect(message).toContainText(/^Refused \(RULES §4/);
  const link = message.getByRole('link').first();
  await expect(link).toHaveText(/^RULES §4/);
  await expect(link).toHaveAttribute('href', /^rules\.html#rule-4/);
  const anchor = (await link.getAttribute('href'))!.split('#')[1];
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/rules\\.html#${anchor}$`));
  await expect(page.locator(`[id="${anchor}"]`)).toHaveCount(1);
  expect(errors).toEqual([]);
});
