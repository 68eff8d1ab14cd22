/**
 * Exact odds against seeded Monte Carlo runs of the REAL rules engine (test/ai/engine-mc.ts), one
 * test per case of the table: 1,000 trials each here to keep `npm test` quick (every statistic
 * within 4 standard errors); `npm run bench` runs the same table with 200,000 trials per case
 * (bench/ai-odds-mc.bench-run.ts; set AI_MC_TRIALS to change the count here too).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { CASES_2016, CASES_2004, CASES_D20, compare, type McCase } from './engine-mc.ts';

const TRIALS = Number(process.env.AI_MC_TRIALS ?? 1000);

beforeAll(async () => {
  await loadCore();
});

function table(name: string, cases: (() => McCase)[]) {
  describe(name, () => {
    for (const [i, mk] of cases.entries()) {
      test(`case ${i + 1}`, () => {
        const c = mk();
        const r = compare(c, TRIALS);
        expect(r.worstZ, `${c.name}: ${r.worst}`).toBeLessThanOrEqual(4);
        // The case is not degenerate: the attack can both fail and deal damage.
        expect(c.exact.hit, c.name).toBeGreaterThan(0);
      });
    }
  });
}

table('doom2016 odds vs the engine', CASES_2016);
table('doom2004 odds vs the engine', CASES_2004);
table('d20 odds vs the engine', CASES_D20);

test('the cases are the positions they name', () => {
  const setups = [...CASES_2016, ...CASES_2004, ...CASES_D20].map((mk) => mk());
  const by = (s: string) => setups.find((c) => c.name.includes(s))!;
  expect(by('in cover (a figure between)').setup!.cover).toBe(true);
  expect(by('HAR burst').setup!.cover).toBe(true);
  expect(by('imp → marine, open').setup!.cover).toBe(false);
  expect(by('grenade blast').setup!.victims).toBe(3);
  for (const c of setups.filter((x) => x.name.includes('re-roll'))) {
    expect(c.setup!.reroll, c.name).toBe(c.name.includes('dodge re-roll') ? 'dodge' : 'aim');
    expect(c.setup!.rule, c.name).toBe('best-set');
  }
  // Issue 23: the barrel in the grenade's blast reaches the zombie beyond it, and the imp twice.
  expect(by('zombie beyond the barrel').setup).toMatchObject({ victims: 2, barrelled: 2 });
  expect(by('zombie beyond the barrel').exact.others![0].expected).toBeGreaterThan(0);
  expect(by('second barrel').setup).toMatchObject({ victims: 4, barrelled: 4 });
  expect(by('cyberdemon').setup).toMatchObject({ victims: 2, barrelled: 2, reroll: 'dodge' });
  for (const c of setups) expect(c.setup?.estimate, c.name).toBeUndefined();
  expect(by('scout in cover').setup!.cover).toBe(true);
});
