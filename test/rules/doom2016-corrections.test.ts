/**
 * doom2016 rules corrected after the audit of issue 9 (RULES §2.2–2.4, §5): one named test per
 * correction, each written to fail before the fix.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { Cell } from '../../src/core/types.ts';
import { loadCore } from '../../src/core/wasm.ts';
import type { Doom2016State as State } from '../../src/rules/doom2016/types.ts';
import { DATA, cards, game, ok, refused } from './doom2016-fixture.ts';

beforeAll(async () => {
  await loadCore();
});

type G = ReturnType<typeof game>;
const all = (...fs: ((s: State) => void)[]) => (s: State) => fs.forEach((f) => f(s));
const events = (deck: string[], hand: string[] = []) => (s: State) => {
  s.invader.deck = [...deck];
  s.invader.hand = [...hand];
  s.invader.discard = [];
};
const start = (g: G) => ok(g, { type: 'status', discard: [] });
const fig = (g: G, id: string) => g.state.figures.find((f) => f.id === id);
const teleporter = (x: number, y: number) => (s: State) => { s.board.cells[y * s.board.width + x] |= Cell.teleporter; };
/** m1 has been killed and waits to respawn; its card comes first. */
const m1Dead = (s: State) => {
  s.marines.m1.dead = true;
  s.figures = s.figures.filter((f) => f.id !== 'm1');
  s.initiative.deck = ['marine:m1', ...s.initiative.deck.filter((c) => !c.startsWith('marine:m1'))];
};

describe('RULES §2.4 / §5 respawn never leaves the game stuck', () => {
  test('a killed marine whose only active teleporter holds a marine skips its activation (the teleporter is not available)', () => {
    const g = game(['2....', '.....', '..x..', '1....'], {}, all(teleporter(0, 0), m1Dead, events(['e-none'])));
    const ev = start(g);
    expect(ev).toContainEqual({ type: 'activation-skipped', figure: 'm1', reason: 'no active teleporter free of marines to respawn on' });
    expect(g.state.active).not.toMatchObject({ figure: 'm1' });
    expect(g.legalActions().length).toBeGreaterThan(0);
    expect(g.state.marines.m1.dead).toBe(true);
  });
  test('a killed marine whose only active teleporter holds a large demon respawns there and telefrags it', () => {
    // The pinky (1×2) covers the teleporter at (0,1) with its lower space.
    const g = game(['P....', '.....', '.....', '2.1..'], {}, all(teleporter(0, 1), m1Dead, events(['e-none'])));
    start(g);
    expect(g.state.active).toMatchObject({ kind: 'marine', figure: 'm1', respawn: true });
    expect(g.legalActions()).toEqual([{ type: 'respawn', figure: 'm1', at: { x: 0, y: 1 } }]);
    const ev = ok(g, { type: 'respawn', figure: 'm1', at: { x: 0, y: 1 } });
    expect(ev).toContainEqual(expect.objectContaining({ type: 'killed', figure: 'pinky-1', by: 'm1', how: 'telefrag' }));
    expect(fig(g, 'pinky-1')).toBeUndefined();
    expect(fig(g, 'm1')).toMatchObject({ x: 0, y: 1 });
  });
  test('respawning onto a teleporter held by a marine is refused, citing the rule', () => {
    const g = game(['2t...', '.....', '..x..', '1....'], {}, all(teleporter(0, 0), m1Dead, events(['e-none'])));
    start(g);
    expect(refused(g, { type: 'respawn', figure: 'm1', at: { x: 0, y: 0 } })).toMatchObject({ rule: 'RULES §2.4 respawn', message: expect.stringContaining('m2') });
    ok(g, { type: 'respawn', figure: 'm1', at: { x: 1, y: 0 } });
  });
});

describe('RULES §2.2 telefrag of large demons', () => {
  test('a marine hopping onto any space of a large demon on a teleporter kills it, without the extra MP', () => {
    // Teleporters at (0,0) and (8,1); the pinky (1×2) stands on (8,0)–(8,1).
    const g = game(['t.......P.', '..1.......'], {}, all(cards(['run']), (s) => { s.initiative.deck = ['marine:m1', ...s.initiative.deck.filter((c) => c !== 'marine:m1')]; }, teleporter(8, 1), events(['e-none'])));
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'run' });
    expect(g.legalActions('m1')).toContainEqual({ type: 'move', figure: 'm1', to: { x: 8, y: 1, o: 0 } });
    // Walk to (0,0) (2 MP) and hop (1 MP): 3, not 4.
    const ev = ok(g, { type: 'move', figure: 'm1', to: { x: 8, y: 1 } });
    expect(ev[0]).toMatchObject({ type: 'moved', cost: 3 });
    expect(ev).toContainEqual(expect.objectContaining({ type: 'killed', figure: 'pinky-1', how: 'telefrag' }));
    expect(fig(g, 'm1')).toMatchObject({ x: 8, y: 1 });
  });
  test('the space of a large demon that is not a teleporter is not landed on by a hop: reached by the telefrag on the way and a step (issue 46)', () => {
    const g = game(['t.......P.', '..1.......'], {}, all(cards(['run']), (s) => { s.initiative.deck = ['marine:m1', ...s.initiative.deck.filter((c) => c !== 'marine:m1')]; }, teleporter(8, 1), events(['e-none'])));
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'run' });
    // Walk 2, hop onto (8,1) 1 (the pinky is telefragged), step up 1: 4 MP (with 3 it is refused: doom2016-telefrag.test.ts).
    const ev = ok(g, { type: 'move', figure: 'm1', to: { x: 8, y: 0 } });
    expect(ev[0]).toMatchObject({ type: 'moved', cost: 4 });
    expect((ev[0].path as unknown[]).slice(-2)).toEqual([{ x: 8, y: 1 }, { x: 8, y: 0 }]);
    expect(ev).toContainEqual(expect.objectContaining({ type: 'killed', figure: 'pinky-1', how: 'telefrag' }));
  });
});

describe('RULES §2.3 initiative deck', () => {
  test('a lone marine gets two initiative cards from the rules, whatever the squad-card data says', () => {
    const { squadCards: _, ...noSquadCards } = DATA;
    const g = game(['1..x'], { data: noSquadCards });
    expect(g.state.marines.m1.squad).toEqual([]);
    expect([...g.state.initiative.deck].sort()).toEqual(['invader:1', 'marine:m1', 'marine:m1#2']);
  });
  test('squad-card data cannot give a marine of a larger party a second initiative card', () => {
    const data = { ...DATA, squadCards: { ...DATA.squadCards, entries: { ...DATA.squadCards.entries, 'battle-hardened': { ...DATA.squadCards.entries['battle-hardened'], initiative: 2 } } } };
    const g = game(['12.x'], { data });
    expect([...g.state.initiative.deck].sort()).toEqual(['invader:1', 'marine:m1', 'marine:m2']);
  });
});

describe('RULES §2.3 the invader chooses the order of its demons', () => {
  const twoImps = () => {
    const g = game(['1...x', '....x', 'y....'], {}, all((s) => { s.initiative.deck = ['invader:1', ...s.initiative.deck.filter((c) => c !== 'invader:1')]; }, events(['e-none'])));
    start(g);
    return g;
  };
  test.each([['imp-1', 'imp-2'], ['imp-2', 'imp-1']])('either order is possible: %s first, then %s', (first, second) => {
    const g = twoImps();
    ok(g, { type: 'activate-demons', demon: 'imp' });
    expect(g.legalActions()).toEqual([{ type: 'activate-demon', figure: 'imp-1' }, { type: 'activate-demon', figure: 'imp-2' }]);
    expect(ok(g, { type: 'activate-demon', figure: first })).toContainEqual({ type: 'activation-started', figure: first, mp: 4 });
    expect(g.view().active).toBe(first);
    // The last one of the type needs no choice.
    expect(ok(g, { type: 'end', figure: first })).toContainEqual({ type: 'activation-started', figure: second, mp: 4 });
    expect(g.view().active).toBe(second);
  });
  test('a demon that has already acted, or of another type, cannot be chosen', () => {
    const g = twoImps();
    ok(g, { type: 'activate-demons', demon: 'imp' });
    expect(refused(g, { type: 'activate-demon', figure: 'zombie-1' })).toMatchObject({ rule: 'RULES §2.3 demon activation' });
    expect(refused(g, { type: 'move', figure: 'imp-1', to: { x: 3, y: 0 } })).toMatchObject({ rule: 'RULES §2.3 activation' });
    ok(g, { type: 'activate-demon', figure: 'imp-2' });
    expect(refused(g, { type: 'activate-demon', figure: 'imp-1' })).toMatchObject({ rule: 'RULES §2.3 demon activation' });
  });
});

describe('RULES §2.4 summoned demons go on or next to their portal', () => {
  /** m1 opens the door at once; the blue portal (two zombies) is at (5,0). */
  const portalGame = (rows: string[], extra = {}) => {
    const g = game(rows, {
      edges: [{ from: [1, 0], to: [1, 1], kind: 'door' }],
      tokens: [{ id: 'blue', kind: 'portal', color: 'blue', x: 5, y: 0 }, { id: 'yellow', kind: 'portal', color: 'yellow', x: 5, y: 4 }],
      mission: { invasion: 'test', summon: 'first-door', demonsOpenDoors: false },
      ...extra,
    }, all(cards(['run']), (s) => { s.initiative.deck = ['marine:m1', ...s.initiative.deck.filter((c) => c !== 'marine:m1')]; }, events(['e-none'])));
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'run' });
    ok(g, { type: 'open-door', figure: 'm1', door: { x1: 0, y1: 0, x2: 1, y2: 0 } });
    return g;
  };
  test('a demon with no free space on or next to the portal is not placed (Ruling); never further away', () => {
    // (4,0), (4,1) and (5,1) are taken: the first zombie goes on the portal, the second nowhere.
    const g = portalGame(['1...x.', '....xx', '......', '......', '......']);
    const ev = ok(g, { type: 'summon', portal: 'blue', group: 0 });
    expect(ev[0]).toMatchObject({ type: 'summoned', figures: ['zombie-1'] });
    expect(ev).toContainEqual({ type: 'summon-failed', demon: 'zombie', reason: 'RULES §2.4: no free space on or next to the portal' });
    expect(fig(g, 'zombie-1')).toMatchObject({ x: 5, y: 0 });
    expect(g.state.figures.filter((f) => f.type === 'zombie')).toHaveLength(1);
  });
  test('a space across a wall from the portal is not next to it', () => {
    // The portal at (5,0) is walled off from (4,0) and (4,1); (5,1) is taken.
    const g = portalGame(['1.....', '.....x', '......', '......', '......'], { edges: [{ from: [1, 0], to: [1, 1], kind: 'door' }, { from: [5, 0], to: [5, 2], kind: 'wall' }] });
    ok(g, { type: 'summon', portal: 'blue', group: 0 });
    expect(g.state.figures.filter((f) => f.type === 'zombie').map((f) => [f.x, f.y])).toEqual([[5, 0]]);
  });
  test('a large demon covers the portal or a space next to it', () => {
    // Yellow group 0: an imp and a pinky (1×2). The portal is at (5,4); (5,3) and (4,4) are free.
    const g = portalGame(['1.....', '......', '......', '....x.', '...x..']);
    ok(g, { type: 'summon', portal: 'yellow', group: 0 });
    const pinky = g.state.figures.find((f) => f.type === 'pinky')!;
    const cells = [];
    for (let y = pinky.y; y < pinky.y + pinky.h; y++) for (let x = pinky.x; x < pinky.x + pinky.w; x++) cells.push(Math.max(Math.abs(x - 5), Math.abs(y - 4)));
    expect(Math.min(...cells)).toBeLessThanOrEqual(1);
  });
});

describe('RULES §2.4 argent may be split', () => {
  test('argent from discarded event cards is split over face-up demon cards and the invasion card', () => {
    const g = game(['1..x', '...y'], { mission: { invasion: 'test' } }, events([], ['e-none', 'e-dodge', 'e-shield', 'e-special']));
    const ev = ok(g, { type: 'status', discard: ['e-none', 'e-dodge', 'e-shield'], onto: { imp: 1, zombie: 1, invasion: 1 } });
    expect(ev[0]).toMatchObject({ type: 'status-done', argent: 3, onto: { imp: 1, zombie: 1, invasion: 1 } });
    expect([g.state.demonCards.imp.argent, g.state.demonCards.zombie.argent, g.state.invader.invasionArgent]).toEqual([1, 1, 1]);
  });
  test('a split may also list one target per card discarded', () => {
    const g = game(['1..x', '...y'], { mission: { invasion: 'test' } }, events([], ['e-none', 'e-dodge', 'e-shield']));
    expect(refused(g, { type: 'status', discard: ['e-none', 'e-dodge'], onto: ['imp'] })).toMatchObject({ rule: 'RULES §2.4 argent', message: expect.stringContaining('adds up to 1') });
    ok(g, { type: 'status', discard: ['e-none', 'e-dodge', 'e-shield'], onto: ['zombie', 'invasion', 'zombie'] });
    expect([g.state.demonCards.imp.argent, g.state.demonCards.zombie.argent, g.state.invader.invasionArgent]).toEqual([0, 2, 1]);
  });
  test('a split must name argent targets and add up to the cards discarded', () => {
    const g = game(['1..x', '...y'], { mission: { invasion: 'test' } }, events([], ['e-none', 'e-dodge', 'e-shield']));
    expect(refused(g, { type: 'status', discard: ['e-none', 'e-dodge'], onto: { imp: 1, zombie: 2 } })).toMatchObject({ rule: 'RULES §2.4 argent', message: expect.stringContaining('adds up to 3') });
    expect(refused(g, { type: 'status', discard: ['e-none', 'e-dodge'], onto: { imp: 1, cyber: 1 } })).toMatchObject({ rule: 'RULES §2.4 argent', message: expect.stringContaining('cyber') });
    expect(refused(g, { type: 'status', discard: ['e-none', 'e-dodge'], onto: { imp: 2.5, zombie: -0.5 } })).toMatchObject({ rule: 'command', message: expect.stringContaining('/onto/imp: expected an integer') });
  });
  test('legalActions offers a split of two cards over two targets, and no more choices than a few per card', () => {
    const g = game(['1..x', '...y'], { mission: { invasion: 'test' } }, events([], ['e-none', 'e-dodge', 'e-shield', 'e-special', 'e-fury', 'e-big']));
    const legal = g.legalActions();
    expect(legal).toContainEqual({ type: 'status', discard: ['e-none', 'e-dodge'], onto: ['imp', 'zombie'] });
    expect(legal.length).toBeLessThanOrEqual(1 + 6 * 3 + 3);
  });
  test("a summoned group's argent is spread over that group's demon cards as the invader says", () => {
    // Yellow group 1: one imp with 2 argent; group 0: an imp and a pinky, no argent. 1 argent on the invasion card.
    const g = game(['1.....', '......', '......', '......'], {
      edges: [{ from: [1, 0], to: [1, 1], kind: 'door' }],
      tokens: [{ id: 'yellow', kind: 'portal', color: 'yellow', x: 5, y: 3 }],
      mission: { invasion: 'test', summon: 'first-door', demonsOpenDoors: false },
    }, all(cards(['run']), (s) => { s.initiative.deck = ['marine:m1', ...s.initiative.deck.filter((c) => c !== 'marine:m1')]; s.invader.invasionArgent = 1; }, events(['e-none'])));
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'run' });
    ok(g, { type: 'open-door', figure: 'm1', door: { x1: 0, y1: 0, x2: 1, y2: 0 } });
    expect(g.legalActions()).toContainEqual({ type: 'summon', portal: 'yellow', group: 0, argent: ['pinky'] });
    expect(refused(g, { type: 'summon', portal: 'yellow', group: 0, argent: { imp: 2 } })).toMatchObject({ rule: 'RULES §2.4 argent', message: expect.stringContaining('adds up to 2') });
    expect(refused(g, { type: 'summon', portal: 'yellow', group: 0, argent: { zombie: 1 } })).toMatchObject({ rule: 'RULES §2.4 argent', message: expect.stringContaining('zombie') });
    ok(g, { type: 'summon', portal: 'yellow', group: 0, argent: { pinky: 1 } });
    expect([g.state.demonCards.imp.argent, g.state.demonCards.pinky.argent, g.state.invader.invasionArgent]).toEqual([0, 1, 0]);
  });
});

describe('RULES §2.2 displacement: by normal movement, chosen by the controller', () => {
  /** The pinky (1×2 at (0,0)) moves onto m1 at (1,0); an impassable edge runs between columns 0 and 1. */
  const displacing = (rows: string[]) => {
    const g = game(rows, { edges: [{ from: [1, 0], to: [1, 2], kind: 'impassable' }] }, all((s) => { s.initiative.deck = ['invader:1', ...s.initiative.deck.filter((c) => c !== 'invader:1')]; }, events(['e-none'])));
    start(g);
    ok(g, { type: 'activate-demons', demon: 'pinky' });
    return g;
  };
  test('a displaced figure goes to the nearest space it could move to, never across impassable terrain; one such space: placed at once', () => {
    // By range (0,0) and (0,1) are next to m1, but across the impassable edge; (2,1) is taken: (2,0) is the one.
    const g = displacing(['P1...', '..x..']);
    const ev = ok(g, { type: 'move', figure: 'pinky-1', to: { x: 1, y: 0 } });
    expect(ev).toContainEqual({ type: 'displaced', figure: 'm1', by: 'pinky-1', from: { x: 1, y: 0 }, to: { x: 2, y: 0 } });
    expect(g.state.pending).toBeNull();
    expect(fig(g, 'm1')).toMatchObject({ x: 2, y: 0 });
  });
  test('a displaced figure with no space it could move to is killed (Ruling)', () => {
    // Column 1 is cut off by the impassable edge and the map border; the pinky fills it.
    const g = displacing(['P1', '..']);
    const ev = ok(g, { type: 'move', figure: 'pinky-1', to: { x: 1, y: 0 } });
    expect(ev).toContainEqual(expect.objectContaining({ type: 'killed', figure: 'm1', by: 'pinky-1', how: 'no space to be displaced to' }));
    expect(ev).toContainEqual({ type: 'kill-token', kills: 1 });
    expect(g.state.marines.m1.dead).toBe(true);
    expect(g.state.pending).toBeNull();
  });
  test('with more than one nearest space the controller chooses (place-displaced) before play goes on', () => {
    const g = displacing(['P1...', '.....']);
    const ev = ok(g, { type: 'move', figure: 'pinky-1', to: { x: 1, y: 0 } });
    expect(ev).toContainEqual({ type: 'displacement-choice', figure: 'm1', by: 'pinky-1', options: [{ x: 2, y: 0 }, { x: 2, y: 1 }] });
    expect(g.legalActions()).toEqual([
      { type: 'place-displaced', figure: 'm1', to: { x: 2, y: 0 } },
      { type: 'place-displaced', figure: 'm1', to: { x: 2, y: 1 } },
    ]);
    expect(g.view().side).toBe('marines');
    expect(refused(g, { type: 'end', figure: 'pinky-1' })).toMatchObject({ rule: 'RULES §2.2 displacement' });
    expect(refused(g, { type: 'place-displaced', figure: 'm1', to: { x: 0, y: 0 } })).toMatchObject({ rule: 'RULES §2.2 displacement', message: expect.stringContaining('(2,0)') });
    const placed = ok(g, { type: 'place-displaced', figure: 'm1', to: { x: 2, y: 1 } });
    expect(placed).toContainEqual({ type: 'displaced', figure: 'm1', by: 'pinky-1', from: { x: 1, y: 0 }, to: { x: 2, y: 1 } });
    expect(fig(g, 'm1')).toMatchObject({ x: 2, y: 1 });
    expect(g.state.pending).toBeNull();
    ok(g, { type: 'end', figure: 'pinky-1' });
  });
});

describe('objectives: a state meeting both sides\' objectives (Ruling, as doom2004)', () => {
  test('the side whose objective the scenario lists first wins', () => {
    const marines = { kind: 'eliminate', side: 'marines' };
    const invader = { kind: 'kills', side: 'invader', kills: { 1: 1 } };
    for (const [objectives, winner] of [[[marines, invader], 'marines'], [[invader, marines], 'invader']] as const) {
      // No demon is left and the invader holds the one kill token it needs: the status command ends the game.
      const g = game(['1..x'], { objectives: objectives as never }, (s) => {
        s.figures = s.figures.filter((f) => f.side === 'marines');
        s.invader.kills = 1;
      });
      expect(ok(g, { type: 'status', discard: [] })).toContainEqual({ type: 'game-over', winner, objective: objectives[0].kind });
    }
  });
});
