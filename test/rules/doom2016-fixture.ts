/**
 * doom2016 test games from ASCII maps with deterministic data: every die has one face, so damage
 * is known; hands, decks and the initiative order are set by the test (`tweak`), not by the seed.
 * Figures: '1'–'4' marines m1–m4; 'x' imp, 'y' zombie (toughness 1), 'P' pinky (1×2, top cell),
 * 'C' cyberdemon (2×3, top-left cell). Other characters are map cells.
 */
import { Game } from '../../src/rules/game.ts';
import { doom2016Rules } from '../../src/rules/doom2016/rules.ts';
import { initDoom2016 } from '../../src/rules/doom2016/state.ts';
import type { Doom2016State } from '../../src/rules/doom2016/types.ts';
import { resolveData, validateScenario } from '../../src/scenario/validate.ts';
import type { Scenario } from '../../src/scenario/types.ts';

const S = 'sample, not official';
const set = (kind: string, entries: Record<string, object>) => ({ name: `test/${kind}`, ruleset: 'doom2016' as const, kind, source: S, entries: Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, { ...v, source: S }])) });

export const UNITS = {
  marine: { health: 10, handSize: 3, deck: ['run', 'shot', 'step', 'armor', 'heavy', 'run2'] },
  imp: {
    health: 3, stagger: 2, speed: 4, attack: { dice: ['two'], range: 3 }, toughness: 0, specialDefense: { shields: 1 },
    abilities: [{ name: 'charged fireball', argent: true, range: 2, dice: ['two'] }, { name: 'hit and run', mp: 2 }],
  },
  zombie: { health: 5, stagger: 3, speed: 3, attack: { dice: ['one'], range: 1 }, toughness: 1, specialDefense: { dodge: true } },
  pinky: { health: 8, stagger: 5, speed: 5, attack: { dice: ['two', 'two'], range: 1 }, toughness: 0, size: [1, 2] },
  cyber: { health: 20, stagger: 10, speed: 4, attack: { dice: ['two', 'two'], range: 6 }, toughness: 0, size: [2, 3] },
};

export const DATA = {
  units: set('units', UNITS),
  dice: set('dice', { one: { faces: [{ damage: 1 }] }, two: { faces: [{ damage: 2 }] }, three: { faces: [{ damage: 3 }] } }),
  actionCards: set('actionCards', {
    run: { name: 'Run', set: 'UAC', action: 'main', speed: 4, attack: { dice: ['two'], range: 4 }, defense: { shields: 1, dodge: false } },
    run2: { name: 'Run', set: 'UAC', action: 'main', speed: 4, attack: { dice: ['two'], range: 4 }, defense: { shields: 1, dodge: false } },
    shot: { name: 'Shot', set: 'UAC', action: 'bonus', speed: 0, attack: { dice: ['three'], range: 6 }, stun: true, defense: { shields: 0, dodge: true } },
    step: { name: 'Step', set: 'UAC', action: 'bonus', speed: 1, defense: { shields: 2, dodge: false } },
    armor: { name: 'Armor', set: 'UAC', action: 'reaction', speed: 0, when: 'defending', shields: 2, defense: { shields: 0, dodge: false } },
    heavy: { name: 'Heavy', set: 'UAC', action: 'main', speed: 2, attack: { dice: ['three', 'three'], range: 8 }, defense: { shields: 3, dodge: false } },
    rocket: { name: 'Rocket', set: 'Rocket Launcher', action: 'main', speed: 0, attack: { dice: ['three', 'three', 'three'], range: 8 }, defense: { shields: 1, dodge: false } },
    rocket2: { name: 'Rocket Hop', set: 'Rocket Launcher', action: 'bonus', speed: 1, defense: { shields: 1, dodge: false } },
  }),
  eventCards: set('eventCards', {
    'e-none': { name: 'Nothing', set: 'A', defense: { shields: 0, dodge: false } },
    'e-shield': { name: 'Shield', set: 'A', defense: { shields: 1, dodge: false }, when: 'defending', shields: 2 },
    'e-dodge': { name: 'Dodge', set: 'A', defense: { shields: 0, dodge: true } },
    'e-special': { name: 'Special', set: 'B', defense: { shields: 0, dodge: false, special: true } },
    'e-fury': { name: 'Fury', set: 'B', defense: { shields: 0, dodge: false }, when: 'attacking', dice: ['two'] },
    'e-fury2': { name: 'Fury', set: 'B', defense: { shields: 0, dodge: false }, when: 'attacking', dice: ['two'] },
    'e-big': { name: 'Big Shield', set: 'B', defense: { shields: 4, dodge: false } },
  }),
  invasionCards: set('invasionCards', {
    test: { name: 'Test Invasion', groups: { blue: [{ demons: ['zombie', 'zombie'], argent: 1 }], yellow: [{ demons: ['imp', 'pinky'], argent: 0 }, { demons: ['imp'], argent: 2 }] } },
  }),
  gloryKillCards: set('gloryKillCards', { g1: { name: 'Glory', heal: 2, mp: 2 } }),
  classCards: set('classCards', { assault: { name: 'Assault', mp: 2 } }),
  squadCards: set('squadCards', {
    'take-point': { name: 'Take Point', marines: 3, each: false, handSize: 1 },
    'battle-hardened': { name: 'Battle Hardened', marines: 2, each: true, health: 2 },
    'lone-wolf': { name: 'Lone Wolf', marines: 1, each: true },
  }),
};

const DEMONS: Record<string, string> = { x: 'imp', y: 'zombie', P: 'pinky', C: 'cyber' };

export function scenario(rows: string[], extra: Partial<Scenario> = {}): Scenario {
  const figures: Scenario['figures'] = [];
  const count: Record<string, number> = {};
  const map = rows.map((row, y) => [...row].map((ch, x) => {
    if (/[1-4]/.test(ch)) figures.push({ id: `m${ch}`, side: 'marines', type: 'marine', x, y });
    else if (DEMONS[ch]) {
      const type = DEMONS[ch];
      count[type] = (count[type] ?? 0) + 1;
      figures.push({ id: `${type}-${count[type]}`, side: 'invader', type, x, y });
    } else return ch;
    return '.';
  }).join(''));
  return { ruleset: 'doom2016', map, figures, sides: ['marines', 'invader'], data: DATA, objectives: [], ...extra };
}

/**
 * A game in its first activation phase: the status phase is done with no discards, and `tweak`
 * may set hands, decks and the initiative order before anything happens.
 */
export function game(rows: string[], extra: Partial<Scenario> = {}, tweak: (s: Doom2016State) => void = () => {}, seed = 1): Game<Doom2016State> {
  const sc = validateScenario(scenario(rows, extra));
  const s = initDoom2016(sc, resolveData(sc), seed);
  tweak(s);
  return new Game(doom2016Rules, s);
}

/** Hands and deck of a marine, in order (the deck's top first). */
export const cards = (hand: string[], deck: string[] = []) => (s: Doom2016State, id = 'm1') => {
  const m = s.marines[id];
  m.hand = [...hand];
  m.deck = [...deck];
  m.discard = [];
};

/** Apply and expect acceptance; returns the events. */
export function ok(g: Game<Doom2016State>, c: Record<string, unknown>) {
  const r = g.apply(c as never);
  if (!r.ok) throw new Error(`refused ${JSON.stringify(c)}: ${r.refusal.rule}: ${r.refusal.message}`);
  return r.events;
}

/** Apply and expect a refusal; returns it (the state must not change). */
export function refused(g: Game<Doom2016State>, c: Record<string, unknown>) {
  const before = JSON.stringify(g.state);
  const r = g.apply(c as never);
  if (r.ok) throw new Error(`accepted ${JSON.stringify(c)}`);
  if (JSON.stringify(g.state) !== before) throw new Error('a refusal changed the state');
  return r.refusal;
}
