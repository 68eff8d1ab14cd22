/** doom2016 rules (RULES §2), one test per rule statement, refusals included. */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { EdgeKind } from '../../src/core/types.ts';
import { createGame, replay, type Doom2016State } from '../../src/rules/index.ts';
import type { Doom2016State as State } from '../../src/rules/doom2016/types.ts';
import { cards, game, ok, refused, scenario } from './doom2016-fixture.ts';

beforeAll(async () => {
  await loadCore();
});

/** Tweaks: m1 first in the initiative deck, then the invader; the invader's event deck set. */
const marineFirst = (s: State) => {
  const rest = s.initiative.deck.filter((c) => c !== 'marine:m1');
  s.initiative.deck = ['marine:m1', ...rest.filter((c) => c.startsWith('invader')), ...rest.filter((c) => !c.startsWith('invader'))];
};
const events = (deck: string[], hand: string[] = []) => (s: State) => {
  s.invader.deck = [...deck];
  s.invader.hand = [...hand];
  s.invader.discard = [];
};
const all = (...fs: ((s: State) => void)[]) => (s: State) => fs.forEach((f) => f(s));
const start = (g: ReturnType<typeof game>) => ok(g, { type: 'status', discard: [] });
const fig = (g: ReturnType<typeof game>, id: string) => g.state.figures.find((f) => f.id === id);
/** Resolve a pending attack with no choices made (no second card, no cards played). */
const settle = (g: ReturnType<typeof game>, ev: { type: string }[]) => {
  while (g.state.pending?.kind === 'attack') {
    const p = g.state.pending;
    ev.push(...ok(g, p.step === 'defend' ? { type: 'defend', figure: p.defender, reveal: false, play: [] } : { type: 'press', figure: p.attacker, play: [] }));
  }
  return ev;
};

describe('RULES §2.1 attacks need LOS and range', () => {
  test('attacking without line of sight is refused', () => {
    const g = game(['1...x'], { edges: [{ from: [2, 0], to: [2, 1], kind: 'wall' }] }, all(cards(['run']), marineFirst, events(['e-none'])));
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'run' });
    expect(refused(g, { type: 'attack', figure: 'm1', target: 'imp-1' })).toMatchObject({ rule: 'RULES §2.1 LOS' });
  });
  test('attacking out of range is refused; range counts the defender space', () => {
    const g = game(['1....x'], {}, all(cards(['run']), marineFirst));
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'run' }); // range 4; the imp is at range 5
    expect(refused(g, { type: 'attack', figure: 'm1', target: 'imp-1' })).toMatchObject({ rule: 'RULES §2.1 range', message: expect.stringContaining('range 5') });
    ok(g, { type: 'move', figure: 'm1', to: { x: 1, y: 0 } });
    ok(g, { type: 'attack', figure: 'm1', target: 'imp-1' });
  });
  test('an adjacent defender is at range 1 (melee)', () => {
    const g = game(['....', '.1x.'], {}, all(marineFirst, events(['e-none'])));
    start(g);
    const r = (g.state.active as { kind: string });
    expect(r.kind).toBe('marine');
    ok(g, { type: 'end', figure: 'm1' });
    ok(g, { type: 'activate-demons', demon: 'imp' });
    const ev = ok(g, { type: 'attack', figure: 'imp-1', target: 'm1' });
    expect(ev.find((e) => e.type === 'attack-rolled')).toMatchObject({ range: 1 });
  });
  test('cover: the defender may reveal a second defense card and only the second counts', () => {
    // A figure between the marine and the imp's corners puts the imp in cover.
    const g = game(['.....', '1.y.x', '.....'], {}, all(cards(['heavy']), marineFirst, events(['e-big', 'e-none'])));
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'heavy' });
    const ev = ok(g, { type: 'attack', figure: 'm1', target: 'imp-1' });
    expect(ev.find((e) => e.type === 'attack-rolled')).toMatchObject({ cover: true, defenseCard: 'e-big' });
    expect(g.legalActions('imp-1')).toContainEqual({ type: 'defend', figure: 'imp-1', reveal: true, play: [] });
    // Revealing the second card trades 4 shields for 0: the imp dies.
    const end = ok(g, { type: 'defend', figure: 'imp-1', reveal: true, play: [] });
    expect(end.find((e) => e.type === 'attack-resolved')).toMatchObject({ card: 'e-none', icons: 6, shields: 0, damage: 6 });
    expect(g.state.invader.discard.sort()).toEqual(['e-big', 'e-none']);
  });
  test('without cover no second card may be revealed', () => {
    const g = game(['.....', '1...x', '.....'], {}, all(cards(['heavy']), marineFirst, events(['e-big', 'e-none'], ['e-shield'])));
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'heavy' });
    ok(g, { type: 'attack', figure: 'm1', target: 'imp-1' }); // the invader holds a defending card: a choice
    expect(refused(g, { type: 'defend', figure: 'imp-1', reveal: true })).toMatchObject({ rule: 'RULES §2.1 cover' });
  });
  test('large figures are never in cover', () => {
    const g = game(['1.y.P', '.....'], {}, all(cards(['heavy']), marineFirst, events(['e-none'])));
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'heavy' });
    const ev = ok(g, { type: 'attack', figure: 'm1', target: 'pinky-1' });
    expect(ev.find((e) => e.type === 'attack-rolled')).toMatchObject({ cover: false });
  });
});

describe('RULES §2.2 movement', () => {
  const moving = (rows: string[], hand = ['run'], extra = {}) => {
    const g = game(rows, extra, all(cards(hand), marineFirst, events(['e-none'])));
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: hand[0] });
    return g;
  };
  test('1 MP per step, diagonals included; MP come from the played card (speed 4)', () => {
    const g = moving(['1....', '.....', '.....', '....x']);
    expect(g.state.active).toMatchObject({ mp: 4 });
    expect(ok(g, { type: 'move', figure: 'm1', to: { x: 2, y: 2 } })[0]).toMatchObject({ cost: 2, mp: 2 });
  });
  test('+1 MP to enter difficult terrain', () => {
    const g = moving(['1d...', '....x']);
    expect(ok(g, { type: 'move', figure: 'm1', to: { x: 1, y: 0 } })[0]).toMatchObject({ cost: 2 });
  });
  test('+1 MP to enter a space holding a hostile figure', () => {
    const g = moving(['1y.']);
    expect(ok(g, { type: 'move', figure: 'm1', to: { x: 2, y: 0 } })[0]).toMatchObject({ cost: 3 });
  });
  test('friendly figures are free to pass', () => {
    const g = game(['12.', 'x  '], {}, all(cards(['run']), marineFirst, events(['e-none'])));
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'run' });
    expect(ok(g, { type: 'move', figure: 'm1', to: { x: 2, y: 0 } })[0]).toMatchObject({ cost: 2 });
  });
  test('a figure may never end its movement in an occupied space', () => {
    const g = moving(['12..', '...x']);
    expect(refused(g, { type: 'move', figure: 'm1', to: { x: 1, y: 0 } })).toMatchObject({ rule: 'RULES §2.2 movement', message: expect.stringContaining('occupied') });
  });
  test('unspent MP lapse at the end of the activation', () => {
    const g = game(['1...', '...x'], {}, all(cards(['run', 'step', 'shot'], ['run2', 'heavy', 'armor']), (s) => { s.initiative.deck = ['marine:m1', 'marine:m1#2', 'invader:1']; }));
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'run' });
    ok(g, { type: 'end', figure: 'm1' });
    expect(g.state.active).toMatchObject({ kind: 'marine', figure: 'm1', mp: 0 });
    expect(refused(g, { type: 'move', figure: 'm1', to: { x: 1, y: 0 } })).toMatchObject({ rule: 'RULES §2.2 movement' });
  });
  test('doors: a figure next to a door opens it for 1 MP; the door is removed for good', () => {
    const g = moving(['1...', '...x'], ['step'], { edges: [{ from: [1, 0], to: [1, 1], kind: 'door' }] });
    const ev = ok(g, { type: 'open-door', figure: 'm1', door: { x1: 0, y1: 0, x2: 1, y2: 0 } });
    expect(ev[0]).toMatchObject({ type: 'door-opened', mp: 0 });
    expect(g.state.board.vEdges[1]).toBe(EdgeKind.none);
    expect(g.state.doorsOpened).toBe(1);
  });
  test('doors: refused when not next to the door, or without 1 MP', () => {
    const g = game(['1...', '...x'], { edges: [{ from: [2, 0], to: [2, 1], kind: 'door' }] }, all(cards(['step', 'shot']), marineFirst, events(['e-none'])));
    start(g);
    expect(refused(g, { type: 'open-door', figure: 'm1', door: { x1: 1, y1: 0, x2: 2, y2: 0 } })).toMatchObject({ rule: 'RULES §2.2 doors', message: expect.stringContaining('not next to') });
    ok(g, { type: 'play', figure: 'm1', card: 'step' });
    ok(g, { type: 'move', figure: 'm1', to: { x: 1, y: 0 } });
    expect(refused(g, { type: 'open-door', figure: 'm1', door: { x1: 1, y1: 0, x2: 2, y2: 0 } })).toMatchObject({ rule: 'RULES §2.2 doors', message: expect.stringContaining('costs 1 MP') });
  });
  test('active teleporters are adjacent to each other for marines', () => {
    const g = moving(['1t.......t', '.........x']);
    expect(ok(g, { type: 'move', figure: 'm1', to: { x: 9, y: 0 } })[0]).toMatchObject({ cost: 2 });
  });
  test('a marine entering an inactive teleporter activates it', () => {
    const g = moving(['1i.......t', '.........x']);
    const ev = ok(g, { type: 'move', figure: 'm1', to: { x: 2, y: 0 } });
    expect(ev).toContainEqual({ type: 'teleporter-activated', at: { x: 1, y: 0 }, by: 'm1' });
    expect(g.state.inactiveTeleporters).toEqual([]);
    expect(g.state.board.cells[1] & 32).toBe(32);
  });
  test('telefrag: a marine hopping onto a teleporter holding a demon kills it, without the extra MP', () => {
    const g = game(['t.......x.', '..1.......'], {}, all(cards(['run']), marineFirst, events(['e-none']), (s) => { s.board.cells[8] |= 32; }));
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'run' });
    // m1 walks to the left teleporter (2 MP) and hops onto the imp's (1 MP, not 2).
    const ev = ok(g, { type: 'move', figure: 'm1', to: { x: 8, y: 0 } });
    expect(ev[0]).toMatchObject({ cost: 3 });
    expect(ev).toContainEqual(expect.objectContaining({ type: 'killed', figure: 'imp-1', how: 'telefrag' }));
    expect(fig(g, 'm1')).toMatchObject({ x: 8, y: 0 });
  });
});

describe('RULES §2.2 large figures', () => {
  const demonTurn = (rows: string[], demon: string, extra = {}) => {
    const g = game(rows, extra, all((s) => { s.initiative.deck = ['invader:1', ...s.initiative.deck.filter((c) => c !== 'invader:1')]; }, events(['e-none'])));
    start(g);
    ok(g, { type: 'activate-demons', demon });
    if (g.state.active?.kind === 'demons' && g.state.active.figure === null) ok(g, { type: 'activate-demon', figure: `${demon}-1` });
    return g;
  };
  test('no diagonal steps: a diagonal shift costs 2 MP', () => {
    const g = demonTurn(['P...', '....', '...1'], 'pinky');
    expect(ok(g, { type: 'move', figure: 'pinky-1', to: { x: 1, y: 1 } })[0]).toMatchObject({ cost: 2 });
  });
  test('figures of 2 or 6 spaces rotate 90° for 1 MP keeping half their spaces', () => {
    const g = demonTurn(['P...', '....', '...1'], 'pinky');
    const ev = ok(g, { type: 'move', figure: 'pinky-1', to: { x: 0, y: 1, o: 1 } });
    expect(ev[0]).toMatchObject({ cost: 1, rotated: true });
    expect(fig(g, 'pinky-1')).toMatchObject({ x: 0, y: 1, w: 2, h: 1 });
  });
  test('they ignore blocking and impassable terrain, pay nothing extra for difficult terrain or small figures', () => {
    const g = demonTurn(['P.d..', '..d..', '....1'], 'pinky', { edges: [{ from: [1, 0], to: [1, 2], kind: 'blocking' }] });
    expect(ok(g, { type: 'move', figure: 'pinky-1', to: { x: 2, y: 0 } })[0]).toMatchObject({ cost: 2 });
  });
  test('walls still block them', () => {
    const g = demonTurn(['P.d..', '..d..', '....1'], 'pinky', { edges: [{ from: [1, 0], to: [1, 3], kind: 'wall' }] });
    expect(refused(g, { type: 'move', figure: 'pinky-1', to: { x: 1, y: 0 } })).toMatchObject({ rule: 'RULES §2.2 movement' });
  });
  test('ending on small figures displaces each to the nearest empty legal space, chosen by its controller', () => {
    const g = demonTurn(['P1..', '....', '....'], 'pinky');
    const ev = ok(g, { type: 'move', figure: 'pinky-1', to: { x: 1, y: 0 } });
    expect(ev).toContainEqual({ type: 'displacement-choice', figure: 'm1', by: 'pinky-1', options: [{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 0, y: 1 }, { x: 2, y: 1 }] });
    expect(ok(g, { type: 'place-displaced', figure: 'm1', to: { x: 0, y: 0 } })).toEqual([{ type: 'displaced', figure: 'm1', by: 'pinky-1', from: { x: 1, y: 0 }, to: { x: 0, y: 0 } }]);
  });
  test('a large figure may not end overlapping another large figure (Ruling)', () => {
    const g = demonTurn(['P.P.', '....', '...1'], 'pinky');
    expect(refused(g, { type: 'move', figure: 'pinky-1', to: { x: 2, y: 0 } })).toMatchObject({ rule: 'RULES §2.2 movement' });
  });
});

describe('RULES §2.3 status phase', () => {
  test('the initiative deck has one card per marine and one invader card per demon type on the board', () => {
    const g = game(['12.x', '..xy']);
    expect(g.state.initiative.deck.sort()).toEqual(['invader:1', 'invader:2', 'marine:m1', 'marine:m2']);
  });
  test('a lone marine gets two initiative cards', () => {
    const g = game(['1..x']);
    expect(g.state.initiative.deck.sort()).toEqual(['invader:1', 'marine:m1', 'marine:m1#2']);
    expect(g.state.marines.m1.squad).toEqual(['lone-wolf']);
  });
  test('squad cards for fewer than four marines: 3 → one Take Point, 2 → Battle Hardened each', () => {
    const three = game(['123x']);
    expect(Object.values(three.state.marines).map((m) => m.squad)).toEqual([['take-point'], [], []]);
    expect(three.state.marines.m1.handSize).toBe(4);
    const two = game(['12.x']);
    expect(Object.values(two.state.marines).map((m) => [m.squad, m.health])).toEqual([[['battle-hardened'], 12], [['battle-hardened'], 12]]);
    const four = game(['1234x']);
    expect(Object.values(four.state.marines).every((m) => m.squad.length === 0)).toBe(true);
  });
  test('the invader draws event cards up to 6', () => {
    const g = game(['1..x']); // the test event deck has 7 cards
    expect([g.state.invader.hand.length, g.state.invader.deck.length]).toEqual([6, 1]);
  });
  test('exhausted demon cards are readied', () => {
    const g = game(['1..x'], {}, (s) => { s.initiative.deck = ['invader:1', 'marine:m1', 'marine:m1#2']; });
    start(g);
    ok(g, { type: 'activate-demons', demon: 'imp' });
    expect(g.state.demonCards.imp.ready).toBe(false);
    ok(g, { type: 'end', figure: 'imp-1' });
    ok(g, { type: 'end', figure: 'm1' });
    ok(g, { type: 'end', figure: 'm1' });
    expect(g.state).toMatchObject({ round: 2, phase: 'status' });
    expect(g.state.demonCards.imp.ready).toBe(true);
  });
  test('the invader may discard up to 3 event cards for 1 argent each, onto a face-up demon card', () => {
    const g = game(['1..x'], {}, events([], ['e-none', 'e-dodge', 'e-shield', 'e-special']));
    expect(refused(g, { type: 'status', discard: ['e-none', 'e-dodge', 'e-shield', 'e-special'], onto: 'imp' })).toMatchObject({ rule: 'RULES §2.3 argent' });
    expect(refused(g, { type: 'status', discard: ['e-none'], onto: 'cyber' })).toMatchObject({ rule: 'RULES §2.3 argent' });
    ok(g, { type: 'status', discard: ['e-none', 'e-dodge', 'e-shield'], onto: 'imp' });
    expect(g.state.demonCards.imp.argent).toBe(3);
    expect(g.state.invader.hand).toEqual(['e-special']);
    expect(g.state.invader.discard).toEqual(['e-none', 'e-dodge', 'e-shield']);
  });
});

describe('RULES §2.3 marine activation', () => {
  const marineGame = (hand: string[], deck: string[] = [], rows = ['1...', '...x']) =>
    game(rows, {}, all(cards(hand, deck), (s) => { s.initiative.deck = ['marine:m1', 'invader:1', 'marine:m1#2']; }, events(['e-none', 'e-none'])));
  test('a revealed marine initiative card activates that marine', () => {
    const g = marineGame(['run']);
    expect(start(g)).toContainEqual({ type: 'activation-started', figure: 'm1' });
    expect(g.view().active).toBe('m1');
  });
  test('one main action card and any number of bonus cards; a second main action is refused', () => {
    const g = marineGame(['run', 'heavy', 'step', 'shot']);
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'step' });
    ok(g, { type: 'play', figure: 'm1', card: 'run' });
    ok(g, { type: 'play', figure: 'm1', card: 'shot' });
    expect(refused(g, { type: 'play', figure: 'm1', card: 'heavy' })).toMatchObject({ rule: 'RULES §2.3 main action', message: expect.stringContaining('second main action') });
    expect(g.state.active).toMatchObject({ mp: 5 });
  });
  test("each card gives MP = its speed, then its attack (once, while it is being resolved)", () => {
    const g = marineGame(['run', 'step'], [], ['1..x', '....']);
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'run' });
    ok(g, { type: 'move', figure: 'm1', to: { x: 1, y: 1 } });
    ok(g, { type: 'attack', figure: 'm1', target: 'imp-1' });
    expect(refused(g, { type: 'attack', figure: 'm1', target: 'imp-1' })).toMatchObject({ rule: 'RULES §2.3 marine activation' });
    ok(g, { type: 'play', figure: 'm1', card: 'step' }); // a card without an attack
    expect(refused(g, { type: 'attack', figure: 'm1', target: 'imp-1' })).toMatchObject({ rule: 'RULES §2.3 marine activation' });
  });
  test('Sprint: instead of a main action, discard a card for 6 MP', () => {
    const g = marineGame(['run', 'heavy', 'step']);
    start(g);
    expect(ok(g, { type: 'sprint', figure: 'm1', discard: 'heavy' })).toEqual([{ type: 'sprinted', figure: 'm1', discarded: 'heavy', mp: 6 }]);
    expect(refused(g, { type: 'play', figure: 'm1', card: 'run' })).toMatchObject({ rule: 'RULES §2.3 main action' });
    expect(refused(g, { type: 'sprint', figure: 'm1', discard: 'step' })).toMatchObject({ rule: 'RULES §2.3 main action' });
  });
  test('reaction cards cannot be played as actions', () => {
    const g = marineGame(['armor']);
    start(g);
    expect(refused(g, { type: 'play', figure: 'm1', card: 'armor' })).toMatchObject({ rule: 'RULES §2.3 reactions' });
  });
  test('afterwards the played cards are discarded and the marine draws to hand size 3', () => {
    const g = marineGame(['run', 'step', 'armor'], ['shot', 'heavy', 'run2']);
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'run' });
    ok(g, { type: 'play', figure: 'm1', card: 'step' });
    ok(g, { type: 'end', figure: 'm1' });
    const m = g.state.marines.m1;
    expect(m.discard).toEqual(['run', 'step']);
    expect(m.hand).toEqual(['armor', 'shot', 'heavy']);
    expect(m.deck).toEqual(['run2']);
  });
  test('the class card is readied at the start of the activation; exhausting it gives its effect once', () => {
    const sc = scenario(['1...', '...x']);
    sc.figures[0].state = { class: 'assault' };
    const h = createGame<Doom2016State>(sc, { seed: 3 });
    // Drive to m1's activation whatever the initiative order.
    ok(h as never, { type: 'status', discard: [] });
    for (let i = 0; i < 5 && h.view().active !== 'm1'; i++) {
      const next = h.legalActions().find((c) => c.type === 'activate-demons' || c.type === 'activate-demon' || c.type === 'end')!;
      ok(h as never, next);
    }
    expect(ok(h as never, { type: 'use-class', figure: 'm1' })[0]).toMatchObject({ type: 'class-card-used', mp: 2 });
    expect(refused(h as never, { type: 'use-class', figure: 'm1' })).toMatchObject({ rule: 'RULES §2.3 class cards' });
    ok(h as never, { type: 'end', figure: 'm1' });
    for (let i = 0; i < 8 && h.view().active !== 'm1'; i++) {
      const next = h.legalActions().find((c) => c.type === 'status' || c.type === 'activate-demons' || c.type === 'activate-demon' || c.type === 'end')!;
      ok(h as never, next);
    }
    expect(h.state.marines.m1.classExhausted).toBe(false);
  });
});

describe('RULES §2.3 demon activation', () => {
  const demonGame = (rows: string[], tweak: (s: State) => void = () => {}, mission = {}) =>
    game(rows, { mission }, all((s) => { s.initiative.deck = ['invader:1', ...s.initiative.deck.filter((c) => c !== 'invader:1')]; }, events(['e-none', 'e-none', 'e-none']), tweak));
  test('an invader card: exhaust one ready demon card and activate every demon of that type, one after the other', () => {
    const g = demonGame(['1...x', '....x', 'y....']);
    start(g);
    expect(g.legalActions().map((c) => c.demon).sort()).toEqual(['imp', 'zombie']);
    const ev = ok(g, { type: 'activate-demons', demon: 'imp' });
    expect(ev[0]).toEqual({ type: 'demon-card-exhausted', demon: 'imp', figures: ['imp-1', 'imp-2'] });
    ok(g, { type: 'activate-demon', figure: 'imp-1' }); // the invader picks the order
    expect(g.state.active).toMatchObject({ figure: 'imp-1', mp: 4 });
    expect(refused(g, { type: 'move', figure: 'imp-2', to: { x: 3, y: 1 } })).toMatchObject({ rule: 'RULES §2.3 activation' });
    ok(g, { type: 'end', figure: 'imp-1' });
    expect(g.state.active).toMatchObject({ figure: 'imp-2', mp: 4 });
  });
  test('an exhausted demon card cannot be chosen again this round', () => {
    const g = demonGame(['1...x', '....x', 'y....'], (s) => { s.initiative.deck = ['invader:1', 'invader:2', 'marine:m1', 'marine:m1#2']; });
    start(g);
    ok(g, { type: 'activate-demons', demon: 'imp' });
    ok(g, { type: 'activate-demon', figure: 'imp-1' });
    ok(g, { type: 'end', figure: 'imp-1' });
    ok(g, { type: 'end', figure: 'imp-2' });
    expect(refused(g, { type: 'activate-demons', demon: 'imp' })).toMatchObject({ rule: 'RULES §2.3 demon activation' });
  });
  test('a demon may attack once per activation', () => {
    const g = demonGame(['1.x..'], cards([]));
    start(g);
    ok(g, { type: 'activate-demons', demon: 'imp' });
    ok(g, { type: 'attack', figure: 'imp-1', target: 'm1' });
    expect(refused(g, { type: 'attack', figure: 'imp-1', target: 'm1' })).toMatchObject({ rule: 'RULES §2.3 demon activation' });
  });
  test('hit and run: after attacking the imp gains 2 MP (RULES §6)', () => {
    const g = demonGame(['1.x..'], cards([]));
    start(g);
    ok(g, { type: 'activate-demons', demon: 'imp' });
    ok(g, { type: 'move', figure: 'imp-1', to: { x: 3, y: 0 } });
    const ev = ok(g, { type: 'attack', figure: 'imp-1', target: 'm1' });
    expect(ev).toContainEqual({ type: 'ability', figure: 'imp-1', ability: 'hit and run', mp: 2 });
    expect(g.state.active).toMatchObject({ mp: 5 });
  });
  test('argent abilities cost 1 argent from the card: charged fireball +2 range, +1 die (RULES §6)', () => {
    const g = demonGame(['1....x'], all(cards([]), (s) => { s.demonCards.imp.argent = 1; }));
    start(g);
    ok(g, { type: 'activate-demons', demon: 'imp' });
    expect(refused(g, { type: 'attack', figure: 'imp-1', target: 'm1' })).toMatchObject({ rule: 'RULES §2.1 range' }); // range 6 > 3
    const ev = ok(g, { type: 'attack', figure: 'imp-1', target: 'm1', ability: 'charged fireball' });
    expect(ev[0]).toEqual({ type: 'argent-spent', demon: 'imp', ability: 'charged fireball', left: 0 });
    expect(ev.find((e) => e.type === 'attack-rolled')).toMatchObject({ dice: [{ color: 'two', damage: 2 }, { color: 'two', damage: 2 }] });
  });
  test('argent abilities are refused without argent, and when the mission ignores them (tutorial)', () => {
    const g = demonGame(['1.x..']);
    start(g);
    ok(g, { type: 'activate-demons', demon: 'imp' });
    expect(refused(g, { type: 'attack', figure: 'imp-1', target: 'm1', ability: 'charged fireball' })).toMatchObject({ rule: 'RULES §2.3 argent', message: expect.stringContaining('no argent') });
    const t = demonGame(['1.x..'], (s) => { s.demonCards.imp.argent = 2; }, { argentAbilities: false });
    start(t);
    ok(t, { type: 'activate-demons', demon: 'imp' });
    expect(refused(t, { type: 'attack', figure: 'imp-1', target: 'm1', ability: 'charged fireball' })).toMatchObject({ rule: 'RULES §2.3 argent', message: expect.stringContaining('not used') });
  });
});

describe('RULES §2.4 attacks and damage', () => {
  /** m1 attacks with `card` against the first demon; the invader's event deck is `deck`. */
  const marineAttack = (rows: string[], card: string, deck: string[], hand: string[] = [], target = 'imp-1') => {
    const g = game(rows, {}, all(cards([card]), marineFirst, events(deck, hand)));
    start(g);
    ok(g, { type: 'play', figure: 'm1', card });
    return { g, ev: ok(g, { type: 'attack', figure: 'm1', target }) };
  };
  const resolved = (ev: { type: string }[]) => ev.find((e) => e.type === 'attack-resolved');
  test('a demon defender reveals the top card of the event deck; damage = icons − shields', () => {
    const { g, ev } = marineAttack(['.....', '1...y', '.....'], 'heavy', ['e-shield', 'e-none'], [], 'zombie-1');
    // 2 three-dice = 6 icons; e-shield 1 shield + zombie toughness 1.
    expect(resolved(ev)).toMatchObject({ card: 'e-shield', icons: 6, shields: 2, damage: 4 });
    expect(fig(g, 'zombie-1')).toMatchObject({ damage: 4 });
    expect(g.state.invader.discard).toEqual(['e-shield']);
  });
  test('toughness adds 1 shield', () => {
    const { ev } = marineAttack(['.....', '1...y', '.....'], 'run', ['e-none'], [], 'zombie-1');
    expect(resolved(ev)).toMatchObject({ icons: 2, shields: 1, damage: 1 });
  });
  test('damage is never below 0', () => {
    const { g, ev } = marineAttack(['.....', '1...x', '.....'], 'run', ['e-big']);
    expect(resolved(ev)).toMatchObject({ icons: 2, shields: 4, damage: 0 });
    expect(fig(g, 'imp-1')!.damage).toBe(0);
  });
  test('a dodge icon cancels all damage', () => {
    const { ev } = marineAttack(['.....', '1...x', '.....'], 'heavy', ['e-dodge']);
    expect(resolved(ev)).toMatchObject({ icons: 6, dodge: true, damage: 0 });
  });
  test("a special-defense icon triggers the demon card's special defense", () => {
    const imp = marineAttack(['.....', '1...x', '.....'], 'run', ['e-special']);
    expect(resolved(imp.ev)).toMatchObject({ special: true, shields: 1, damage: 1 }); // imp: +1 shield
    const zombie = marineAttack(['.....', '1...y', '.....'], 'heavy', ['e-special'], [], 'zombie-1');
    expect(resolved(zombie.ev)).toMatchObject({ special: true, dodge: true, damage: 0 }); // zombie: dodge
  });
  test('a marine defender reveals the top card of its action deck, then discards it', () => {
    const g = game(['.....', '1.x..', '.....'], {}, all(cards([], ['heavy', 'run']), (s) => { s.initiative.deck = ['invader:1', 'marine:m1', 'marine:m1#2']; }, events(['e-none'])));
    start(g);
    ok(g, { type: 'activate-demons', demon: 'imp' });
    const ev = ok(g, { type: 'attack', figure: 'imp-1', target: 'm1' });
    expect(resolved(ev)).toMatchObject({ card: 'heavy', icons: 2, shields: 3, damage: 0 });
    expect(g.state.marines.m1.discard).toEqual(['heavy']);
  });
  test('"while defending" cards: a marine plays a reaction (Armor +2 shields) from its hand', () => {
    const g = game(['.....', '1.x..', '.....'], {}, all(cards(['armor'], ['run']), (s) => { s.initiative.deck = ['invader:1', 'marine:m1', 'marine:m1#2']; }, events(['e-none'])));
    start(g);
    ok(g, { type: 'activate-demons', demon: 'imp' });
    ok(g, { type: 'attack', figure: 'imp-1', target: 'm1' });
    expect(g.state.pending).toMatchObject({ kind: 'attack', step: 'defend', defender: 'm1' });
    expect(refused(g, { type: 'attack', figure: 'imp-1', target: 'm1' })).toMatchObject({ rule: 'RULES §2.4 attack' });
    const ev = ok(g, { type: 'defend', figure: 'm1', play: ['armor'] });
    expect(resolved(ev)).toMatchObject({ icons: 2, shields: 3, damage: 0 });
    expect(g.state.marines.m1.discard.sort()).toEqual(['armor', 'run']);
  });
  test('"while attacking" event cards add dice; identical cards may not be played together', () => {
    const g = game(['.....', '1.x..', '.....'], {}, all(cards([], ['step']), (s) => { s.initiative.deck = ['invader:1', 'marine:m1', 'marine:m1#2']; }, events(['e-none'], ['e-fury', 'e-fury2'])));
    start(g);
    ok(g, { type: 'activate-demons', demon: 'imp' });
    ok(g, { type: 'attack', figure: 'imp-1', target: 'm1' });
    expect(g.state.pending).toMatchObject({ step: 'press', attacker: 'imp-1' });
    expect(refused(g, { type: 'press', figure: 'imp-1', play: ['e-fury', 'e-fury2'] })).toMatchObject({ rule: 'RULES §2.3 event cards' });
    const ev = ok(g, { type: 'press', figure: 'imp-1', play: ['e-fury'] });
    expect(resolved(ev)).toMatchObject({ icons: 4, shields: 2, damage: 2 });
  });
  test('stun: an attack with a stun card stuns the defender it damages', () => {
    const { g, ev } = marineAttack(['.....', '1...y', '.....'], 'shot', ['e-none'], [], 'zombie-1');
    expect(ev).toContainEqual({ type: 'stunned', figure: 'zombie-1' });
    expect(fig(g, 'zombie-1')).toMatchObject({ stunned: true });
    expect(g.view().figures.find((f) => f.id === 'zombie-1')!.markers).toContain('stunned');
  });
  test('a stunned attacker removes one die before rolling, and is then no longer stunned', () => {
    const g = game(['1.C...', '......', '......'], {}, all(cards([]), (s) => { s.initiative.deck = ['invader:1', 'marine:m1', 'marine:m1#2']; s.figures[1].stunned = true; }, events(['e-none'])));
    start(g);
    ok(g, { type: 'activate-demons', demon: 'cyber' });
    const ev = ok(g, { type: 'attack', figure: 'cyber-1', target: 'm1' });
    expect(ev).toContainEqual({ type: 'stun-die-removed', figure: 'cyber-1', die: 'two' });
    expect(resolved(ev)).toMatchObject({ icons: 2 });
    expect(fig(g, 'cyber-1')!.stunned).toBe(false);
  });
  test('a stunned defender reveals no defense card, and is then no longer stunned', () => {
    const g = game(['.....', '1...x', '.....'], {}, all(cards(['run']), marineFirst, events(['e-big']), (s) => { s.figures[1].stunned = true; }));
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'run' });
    const ev = ok(g, { type: 'attack', figure: 'm1', target: 'imp-1' });
    expect(ev).toContainEqual({ type: 'stunned-no-defense', figure: 'imp-1' });
    expect(resolved(ev)).toMatchObject({ card: null, damage: 2 });
    expect(g.state.invader.deck).toEqual(['e-big']);
    expect(fig(g, 'imp-1')!.stunned).toBe(false);
  });
  test('stun does not stack: stunned again while stunned, one attack still ends it', () => {
    const g = game(['.....', '1...y', '.....'], {}, all(cards(['shot', 'run']), marineFirst, events(['e-big']), (s) => {
      s.figures.find((f) => f.id === 'zombie-1')!.stunned = true;
    }));
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'shot' });
    const first = ok(g, { type: 'attack', figure: 'm1', target: 'zombie-1' });
    expect(first).toContainEqual({ type: 'stunned-no-defense', figure: 'zombie-1' });
    expect(first).toContainEqual({ type: 'stunned', figure: 'zombie-1' });
    ok(g, { type: 'play', figure: 'm1', card: 'run' });
    const second = ok(g, { type: 'attack', figure: 'm1', target: 'zombie-1' });
    expect(second).toContainEqual({ type: 'stunned-no-defense', figure: 'zombie-1' });
    expect(fig(g, 'zombie-1')).toMatchObject({ stunned: false, damage: 3 });
    expect(g.state.invader.deck).toEqual(['e-big']); // no defense card was revealed either time
  });
  test('a figure is killed when its damage reaches its health', () => {
    const { g, ev } = marineAttack(['.....', '1...x', '.....'], 'heavy', ['e-none']);
    expect(ev).toContainEqual({ type: 'killed', figure: 'imp-1', by: 'm1', how: 'damage', at: { x: 4, y: 1 } });
    expect(fig(g, 'imp-1')).toBeUndefined();
  });
  test('a demon type with no figure left turns its card face down', () => {
    const { g, ev } = marineAttack(['.....', '1...x', '.y...'], 'heavy', ['e-none']);
    expect(ev).toContainEqual({ type: 'demon-card-face-down', demon: 'imp' });
    expect(g.state.demonCards.imp.faceUp).toBe(false);
    expect(g.state.demonCards.zombie.faceUp).toBe(true);
  });
  test('a killed marine: kill token, damage cleared, cards reshuffled, 3 drawn; respawns on an active teleporter', () => {
    const g = game(['t.C...', '......', '1.....'], {}, all(cards(['step', 'shot'], ['run']), (s) => {
      s.initiative.deck = ['invader:1', 'marine:m1', 'marine:m1#2'];
      s.marines.m1.discard = ['run2'];
      s.figures.find((f) => f.id === 'm1')!.damage = 9;
    }, events(['e-none'])));
    start(g);
    ok(g, { type: 'activate-demons', demon: 'cyber' });
    const ev = settle(g, ok(g, { type: 'attack', figure: 'cyber-1', target: 'm1' })); // reveals 'run' (1 shield) from the deck
    expect(ev).toContainEqual({ type: 'kill-token', kills: 1 });
    const m = g.state.marines.m1;
    expect(m.dead).toBe(true);
    expect(fig(g, 'm1')).toBeUndefined();
    expect([...m.hand, ...m.deck].sort()).toEqual(['run', 'run2', 'shot', 'step']);
    expect(m.hand).toHaveLength(3);
    ok(g, { type: 'end', figure: 'cyber-1' });
    expect(g.state.active).toMatchObject({ figure: 'm1', respawn: true });
    expect(refused(g, { type: 'end', figure: 'm1' })).toMatchObject({ rule: 'RULES §2.4 respawn' });
    expect(g.legalActions()).toEqual([{ type: 'respawn', figure: 'm1', at: { x: 0, y: 0 } }]);
    ok(g, { type: 'respawn', figure: 'm1', at: { x: 0, y: 0 } });
    expect(fig(g, 'm1')).toMatchObject({ x: 0, y: 0, damage: 0 });
  });
  test('a marine respawning on a teleporter holding a demon kills it (telefrag)', () => {
    const g = game(['t..C..', '......', '1.....'], {}, all(cards([]), (s) => {
      s.initiative.deck = ['invader:1', 'marine:m1', 'marine:m1#2'];
      s.marines.m1.dead = true;
      s.figures = s.figures.filter((f) => f.id !== 'm1');
      s.figures.push({ id: 'imp-9', side: 'invader', type: 'imp', x: 0, y: 0, w: 1, h: 1, damage: 0, stunned: false });
      s.demonCards.imp = { ready: false, faceUp: true, argent: 0 };
    }));
    start(g);
    ok(g, { type: 'activate-demons', demon: 'cyber' });
    ok(g, { type: 'end', figure: 'cyber-1' });
    const ev = ok(g, { type: 'respawn', figure: 'm1', at: { x: 0, y: 0 } });
    expect(ev).toContainEqual(expect.objectContaining({ type: 'killed', figure: 'imp-9', how: 'telefrag' }));
  });
});

describe('RULES §2.4 glory kills and items', () => {
  test('a demon whose damage reaches its stagger value is staggered', () => {
    const { g } = (() => {
      const g = game(['.....', '1...x', '.....'], {}, all(cards(['run']), marineFirst, events(['e-none'])));
      start(g);
      ok(g, { type: 'play', figure: 'm1', card: 'run' });
      ok(g, { type: 'attack', figure: 'm1', target: 'imp-1' });
      return { g };
    })();
    expect(g.view().figures.find((f) => f.id === 'imp-1')!.markers).toContain('staggered');
  });
  test('a marine entering a staggered demon\'s space kills it, draws a glory kill card and heals 2', () => {
    const g = game(['1.x..'], {}, all(cards(['run']), marineFirst, events(['e-none']), (s) => { s.figures[1].damage = 2; s.figures[0].damage = 5; }));
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'run' });
    expect(g.legalActions('m1')).toContainEqual({ type: 'move', figure: 'm1', to: { x: 2, y: 0, o: 0 } });
    const ev = ok(g, { type: 'move', figure: 'm1', to: { x: 2, y: 0 } });
    expect(ev[0]).toMatchObject({ type: 'moved', cost: 3 }); // 2 steps + 1 for the hostile space
    expect(ev).toContainEqual({ type: 'glory-kill', figure: 'm1', demon: 'imp-1', card: 'g1', healed: 2, mp: 2, drew: 0 });
    expect(fig(g, 'm1')).toMatchObject({ x: 2, y: 0, damage: 3 });
    expect(g.state.active).toMatchObject({ mp: 3 }); // 4 − 3 + 2 from the card
  });
  test('passing through a staggered demon also glory-kills it', () => {
    const g = game(['1x..'], {}, all(cards(['run']), marineFirst, events(['e-none']), (s) => { s.figures[1].damage = 2; }));
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'run' });
    const ev = ok(g, { type: 'move', figure: 'm1', to: { x: 2, y: 0 } });
    expect(ev).toContainEqual(expect.objectContaining({ type: 'glory-kill', demon: 'imp-1' }));
  });
  test('a medkit heals 5 (RULES §6)', () => {
    const g = game(['1..x'], { tokens: [{ id: 'med', kind: 'medkit', x: 0, y: 0 }] }, all(cards(['run']), marineFirst, (s) => { s.figures[0].damage = 7; }));
    start(g);
    expect(ok(g, { type: 'pick-up', figure: 'm1', token: 'med' })).toEqual([{ type: 'picked-up', figure: 'm1', token: 'med', kind: 'medkit', healed: 5 }]);
    expect(fig(g, 'm1')!.damage).toBe(2);
    expect(g.state.tokens).toEqual([]);
  });
  test('an item must be under the marine', () => {
    const g = game(['1..x'], { tokens: [{ id: 'med', kind: 'medkit', x: 1, y: 0 }] }, all(cards(['run']), marineFirst));
    start(g);
    expect(refused(g, { type: 'pick-up', figure: 'm1', token: 'med' })).toMatchObject({ rule: 'RULES §2.4 items' });
  });
  test('a weapon token gives its weapon set of action cards, shuffled onto the deck', () => {
    const g = game(['1..x'], { tokens: [{ id: 'rl', kind: 'weapon', weapon: 'rocket-launcher', x: 0, y: 0 }] }, all(cards(['run'], ['step']), marineFirst));
    start(g);
    ok(g, { type: 'pick-up', figure: 'm1', token: 'rl' });
    const deck = g.state.marines.m1.deck;
    expect(deck.slice(0, 2).sort()).toEqual(['rocket', 'rocket2']);
    expect(deck[2]).toBe('step');
  });
});

describe('RULES §2.4 portals and invasion groups', () => {
  const portalGame = (mission = {}) => game(['1.....', '......', '...x..', '......'], {
    edges: [{ from: [1, 0], to: [1, 1], kind: 'door' }],
    tokens: [{ id: 'blue', kind: 'portal', color: 'blue', x: 5, y: 0 }, { id: 'yellow', kind: 'portal', color: 'yellow', x: 5, y: 3 }],
    mission: { invasion: 'test', summon: 'first-door', demonsOpenDoors: false, ...mission },
  }, all(cards(['run']), marineFirst, events(['e-none'])));
  test('the first door a marine opens reveals the portals; each summons exactly one group on or next to it', () => {
    const g = portalGame();
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'run' });
    const ev = ok(g, { type: 'open-door', figure: 'm1', door: { x1: 0, y1: 0, x2: 1, y2: 0 } });
    expect(ev).toContainEqual({ type: 'portals-revealed', portals: ['blue', 'yellow'] });
    expect(refused(g, { type: 'move', figure: 'm1', to: { x: 1, y: 0 } })).toMatchObject({ rule: 'RULES §2.4 attack' });
    expect(g.legalActions()).toEqual([
      { type: 'summon', portal: 'blue', group: 0 },
      { type: 'summon', portal: 'yellow', group: 0 }, { type: 'summon', portal: 'yellow', group: 1 },
    ]);
    const blue = ok(g, { type: 'summon', portal: 'blue', group: 0 });
    expect(blue[0]).toMatchObject({ type: 'summoned', figures: ['zombie-1', 'zombie-2'], argent: { zombie: 1 } });
    expect(fig(g, 'zombie-1')).toMatchObject({ x: 5, y: 0 });
    expect(fig(g, 'zombie-2')).toMatchObject({ x: 4, y: 0 });
    expect(g.state.demonCards.zombie).toMatchObject({ faceUp: true, argent: 1 });
    expect(refused(g, { type: 'summon', portal: 'blue', group: 0 })).toMatchObject({ rule: 'RULES §2.4 portals' });
    ok(g, { type: 'summon', portal: 'yellow', group: 0 });
    expect(fig(g, 'pinky-1')).toBeDefined();
    expect(g.state.tokens).toEqual([]);
    expect(g.state.pending).toBeNull();
    ok(g, { type: 'move', figure: 'm1', to: { x: 1, y: 0 } });
  });
  test('demons cannot open doors while portals are on the board (tutorial)', () => {
    const g = game(['x.....', '......', '1.....'], {
      edges: [{ from: [1, 0], to: [1, 1], kind: 'door' }], tokens: [{ id: 'blue', kind: 'portal', color: 'blue', x: 5, y: 0 }],
      mission: { invasion: 'test', summon: 'first-door', demonsOpenDoors: false },
    }, (s) => { s.initiative.deck = ['invader:1', 'marine:m1', 'marine:m1#2']; });
    start(g);
    ok(g, { type: 'activate-demons', demon: 'imp' });
    expect(refused(g, { type: 'open-door', figure: 'imp-1', door: { x1: 0, y1: 0, x2: 1, y2: 0 } })).toMatchObject({ rule: 'RULES §2.4 portals' });
  });
});

describe('RULES §2.4 mission end (tutorial)', () => {
  const tutorialObjectives = [
    { kind: 'eliminate', side: 'marines', after: 'door-opened' },
    { kind: 'kills', side: 'invader', kills: { 1: 4, 2: 4, 3: 3, 4: 2 } },
  ];
  test('the marines win when, after a door has been opened, no demon is on the board', () => {
    const g = game(['.....', '1...x', '.....'], { objectives: tutorialObjectives, edges: [{ from: [1, 0], to: [1, 1], kind: 'door' }] }, all(cards(['heavy', 'step']), marineFirst, events(['e-none'])));
    start(g);
    ok(g, { type: 'play', figure: 'm1', card: 'heavy' });
    ok(g, { type: 'attack', figure: 'm1', target: 'imp-1' });
    expect(g.state.winner).toBeNull(); // no door opened yet
    ok(g, { type: 'move', figure: 'm1', to: { x: 0, y: 0 } });
    const ev = ok(g, { type: 'open-door', figure: 'm1', door: { x1: 0, y1: 0, x2: 1, y2: 0 } });
    expect(ev.at(-1)).toEqual({ type: 'game-over', winner: 'marines', objective: 'eliminate' });
    expect(g.legalActions()).toEqual([]);
    expect(refused(g, { type: 'end', figure: 'm1' })).toMatchObject({ rule: 'game over' });
  });
  test.each([[4, 2], [3, 3], [2, 4], [1, 4]])('with %i marines the invader wins at %i kills', (marines, kills) => {
    const rows = [['1', '2', '3', '4'].slice(0, marines).join('').padEnd(6, '.') + 'C.', '........', '........'];
    const g = game(rows, { objectives: tutorialObjectives }, all(cards([], ['run']), (s) => { s.invader.kills = kills - 1; s.figures[0].damage = 9; }));
    // Kill the first marine with the cyberdemon's attack.
    start(g);
    while (g.view().active !== 'cyber-1') {
      const c = g.legalActions().find((x) => x.type === 'activate-demons' || x.type === 'activate-demon' || x.type === 'end' || x.type === 'status')!;
      ok(g, c);
    }
    const target = g.state.figures.find((f) => f.id === 'm1')!;
    expect(target.damage).toBe(9);
    settle(g, ok(g, { type: 'attack', figure: 'cyber-1', target: 'm1' }));
    expect(g.state.invader.kills).toBe(kills);
    expect(g.state.winner).toBe('invader');
  });
});

describe('engine behaviour (RULES §5)', () => {
  test('replay from seed + commands reproduces the live state', () => {
    const sc = scenario(['1..x', '..2.', 'y...'], { objectives: [{ kind: 'eliminate', side: 'marines' }] });
    const g = createGame<Doom2016State>(sc, { seed: 77 });
    for (let i = 0; i < 60; i++) {
      const legal = g.legalActions();
      if (!legal.length) break;
      ok(g as never, legal[(i * 7) % legal.length]);
    }
    expect(replay<Doom2016State>(sc, 77, g.history).state).toEqual(g.state);
  });
  test('undo restores the previous state', () => {
    const g = game(['1..x'], {}, all(cards(['run']), marineFirst));
    start(g);
    const before = g.state;
    ok(g, { type: 'play', figure: 'm1', card: 'run' });
    expect(g.undo()).toBe(true);
    expect(g.state).toEqual(before);
  });
  test('a bad scenario for doom2016 names the field', () => {
    const sc = scenario(['1..x'], { tokens: [{ kind: 'lava', x: 0, y: 0 }], mission: { portals: 3 } });
    expect(() => createGame(sc)).toThrow(/mission\.portals: unknown doom2016 setting.*tokens\[0\]\.kind: doom2016 has no "lava" token/);
  });
});
