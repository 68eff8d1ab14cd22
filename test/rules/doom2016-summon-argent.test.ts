/**
 * doom2016 summon argent (RULES §2.4, issue 22 item 2): at a summon the group's argent goes onto the
 * group's demon cards, and the invader may move any number of the invasion card's argent there too;
 * what is left on the invasion card after the summoning is discarded, also when no demon of the group
 * could be placed.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import type { Doom2016State as State } from '../../src/rules/doom2016/types.ts';
import { cards, game, ok, refused } from './doom2016-fixture.ts';

beforeAll(async () => {
  await loadCore();
});

const all = (...fs: ((s: State) => void)[]) => (s: State) => fs.forEach((f) => f(s));

/**
 * m1 opens the door at once and reveals the yellow portal at (5,0); yellow group 1 is one imp with
 * 2 argent, and the invasion card holds `onCard` argent. `walled`: the portal's space holds a zombie
 * and walls cut it off from its neighbours, so no demon can be placed.
 */
function summonGame(onCard: number, walled = false) {
  const g = game([walled ? '1....y' : '1.....', '......', '......', '......'], {
    edges: [
      { from: [1, 0], to: [1, 1], kind: 'door' },
      ...(walled ? [{ from: [5, 0] as [number, number], to: [5, 1] as [number, number], kind: 'wall' as const }, { from: [5, 1] as [number, number], to: [6, 1] as [number, number], kind: 'wall' as const }] : []),
    ],
    tokens: [{ id: 'yellow', kind: 'portal', color: 'yellow', x: 5, y: 0 }],
    mission: { invasion: 'test', summon: 'first-door', demonsOpenDoors: false },
  }, all(cards(['run']), (s) => {
    s.initiative.deck = ['marine:m1', ...s.initiative.deck.filter((c) => c !== 'marine:m1')];
    s.invader.invasionArgent = onCard;
    s.invader.deck = ['e-none'];
    s.invader.hand = [];
    s.invader.discard = [];
  }));
  ok(g, { type: 'status', discard: [] });
  ok(g, { type: 'play', figure: 'm1', card: 'run' });
  ok(g, { type: 'open-door', figure: 'm1', door: { x1: 0, y1: 0, x2: 1, y2: 0 } });
  return g;
}

describe('RULES §2.4 summon argent: any number from the invasion card, the rest discarded', () => {
  test('the invader may move none of the invasion card\'s argent: { imp: 2 } out of 4 is accepted and 2 are discarded', () => {
    const g = summonGame(2);
    const ev = ok(g, { type: 'summon', portal: 'yellow', group: 1, argent: { imp: 2 } });
    expect(ev[0]).toMatchObject({ type: 'summoned', figures: ['imp-1'], argent: { imp: 2 }, discarded: 2 });
    expect([g.state.demonCards.imp.argent, g.state.invader.invasionArgent]).toEqual([2, 0]);
  });

  test('any number in between: { imp: 3 } moves 1 of the 2 and discards the other', () => {
    const g = summonGame(2);
    ok(g, { type: 'summon', portal: 'yellow', group: 1, argent: { imp: 3 } });
    expect([g.state.demonCards.imp.argent, g.state.invader.invasionArgent]).toEqual([3, 0]);
  });

  test('the group\'s own argent must all be placed, and no more than the invasion card holds can be moved', () => {
    const g = summonGame(2);
    expect(refused(g, { type: 'summon', portal: 'yellow', group: 1, argent: { imp: 1 } })).toMatchObject({ rule: 'RULES §2.4 argent', message: expect.stringContaining("the group's 2") });
    expect(refused(g, { type: 'summon', portal: 'yellow', group: 1, argent: { imp: 5 } })).toMatchObject({ rule: 'RULES §2.4 argent', message: expect.stringContaining('at most 2 more') });
    expect([g.state.demonCards.imp?.argent ?? 0, g.state.invader.invasionArgent]).toEqual([0, 2]);
  });

  test('without a split, all of it goes onto the first placed demon\'s card (Ruling) and the invasion card is left empty', () => {
    const g = summonGame(2);
    const ev = ok(g, { type: 'summon', portal: 'yellow', group: 1 });
    expect(ev[0]).toMatchObject({ type: 'summoned', argent: { imp: 4 }, discarded: 0 });
    expect([g.state.demonCards.imp.argent, g.state.invader.invasionArgent]).toEqual([4, 0]);
  });

  test('when no demon of the group could be placed, the invasion card\'s argent is still discarded after the summoning', () => {
    const g = summonGame(3, true);
    const ev = ok(g, { type: 'summon', portal: 'yellow', group: 1 });
    expect(ev).toContainEqual({ type: 'summon-failed', demon: 'imp', reason: 'RULES §2.4: no free space on or next to the portal' });
    expect(ev[0]).toMatchObject({ type: 'summoned', figures: [], argent: { imp: 2 }, discarded: 3 });
    expect(g.state.invader.invasionArgent).toBe(0);
    expect(g.state.demonCards.imp.argent).toBe(2);
  });

  test('when no demon could be placed, a split moving some of it still discards the rest', () => {
    const g = summonGame(3, true);
    ok(g, { type: 'summon', portal: 'yellow', group: 1, argent: { imp: 3 } });
    expect([g.state.demonCards.imp.argent, g.state.invader.invasionArgent]).toEqual([3, 0]);
  });

  test('legalActions offers moving all or none of the invasion card\'s argent', () => {
    const g = summonGame(2);
    const legal = g.legalActions();
    expect(legal).toContainEqual({ type: 'summon', portal: 'yellow', group: 1 });
    expect(legal).toContainEqual({ type: 'summon', portal: 'yellow', group: 1, argent: { imp: 2 } });
  });
});
