/**
 * A table of attack cases per ruleset, each with its exact odds (src/ai/odds) and one seeded trial
 * of the REAL rules engine: a copy of a game position, the dice seed (and the defender's shuffled
 * deck) set from the trial number, the attack applied through the ruleset's `apply`, the choices
 * (second defense card, re-rolls) made by the same policy as the odds, the outcome read from the
 * events. Shared by test/ai/odds-engine.test.ts (1,000 trials) and bench/ai-odds-mc.bench-run.ts (200,000).
 */
import { doom2004Module } from '../../src/rules/doom2004/index.ts';
import { dataOf, type D4State } from '../../src/rules/doom2004/state.ts';
import { doom2016Module } from '../../src/rules/doom2016/index.ts';
import { boardOf as board2016 } from '../../src/rules/doom2016/state.ts';
import type { Doom2016Figure, Doom2016State } from '../../src/rules/doom2016/types.ts';
import type { D20State } from '../../src/rules/d20/state.ts';
import { boardOf as boardD20 } from '../../src/rules/d20/state.ts';
import { d20Rules } from '../../src/rules/d20/rules.ts';
import { d20Module } from '../../src/rules/d20/index.ts';
import { createGame } from '../../src/rules/engine.ts';
import { registerRuleset } from '../../src/rules/registry.ts';
import { seedRng, shuffle } from '../../src/rules/rng.ts';
import type { Command, GameEvent, RulesetEngine } from '../../src/rules/types.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { cardValue, doom2016AttackOdds, revealsSecond, type Doom2016AttackOptions } from '../../src/ai/odds/doom2016.ts';
import { doom2004Odds, diceToReroll } from '../../src/ai/odds/doom2004.ts';
import { d20Odds, d20Sequence } from '../../src/ai/odds/d20.ts';
import { doom2004SpecOf } from '../../src/ai/odds/doom2004-state.ts';

registerRuleset('doom2016', doom2016Module);
registerRuleset('doom2004', doom2004Module);
registerRuleset('d20', d20Module);

export interface Outcome {
  hit: boolean;
  damage: number;
  kill: boolean;
  /** Figures killed (blast, barrels). */
  kills?: number;
  /** Each other figure hit (blast, barrels): its wounds and whether it died, in the odds' order. */
  others?: { damage: number; kill: boolean }[];
}

export interface Exact {
  hit: number;
  expected: number;
  kill: number;
  damage: number[];
  kills?: number[];
  /** The odds of each other figure hit, in the order of `Outcome.others`. */
  others?: { expected: number; kill: number; damage: number[] }[];
}

export interface McCase {
  name: string;
  ruleset: string;
  exact: Exact;
  trial(i: number): Outcome;
  /** A check that the position is what the case says (e.g. the defender really is in cover). */
  setup?: Record<string, unknown>;
}

/** A different, well-mixed seed per trial. */
const seedOf = (i: number) => (Math.imul(i + 1, 0x9e3779b1) ^ 0x5bd1e995) >>> 0;

function mustApply<S>(rules: RulesetEngine<S>, s: S, c: Command): GameEvent[] {
  const r = rules.apply(s, c);
  if (!Array.isArray(r)) throw new Error(`refused ${JSON.stringify(c)}: ${r.message}`);
  return r;
}

// ------------------------------------------------------------------ doom2016

const DATA_2016 = {
  units: 'doom2016/sample-units', dice: 'doom2016/dice', actionCards: 'doom2016/sample-action-cards', eventCards: 'doom2016/sample-event-cards',
  invasionCards: 'doom2016/sample-invasion-cards', gloryKillCards: 'doom2016/sample-glory-kill-cards', squadCards: 'doom2016/sample-squad-cards', classCards: 'doom2016/sample-class-cards',
};

interface Case2016 {
  name: string;
  map: string[];
  figures: { id: string; side: 'marines' | 'invader'; type: string; x: number; y: number; w?: number; h?: number }[];
  attacker: string;
  target: string;
  /** Marine attacker: the card whose attack it makes. */
  card?: string;
  ability?: string;
  tweak?: (s: Doom2016State) => void;
  /** The odds as the attacker's side sees them: the defender's hand hidden, so each trial deals it again from hand and deck. */
  hiddenHand?: boolean;
}

function case2016(c: Case2016): McCase {
  const scenario = {
    ruleset: 'doom2016', map: c.map, edges: [], figures: c.figures, sides: ['marines', 'invader'], data: DATA_2016,
    mission: { summon: 'never', eventSets: ['Overwhelming Force', 'Search and Destroy', 'Bloodlust'] },
  } as unknown as Scenario;
  const base = createGame<Doom2016State>(scenario, { seed: 7 }).state;
  const rules = doom2016Module.rules;
  const attacker = base.figures.find((f) => f.id === c.attacker)!;
  base.phase = 'activation';
  base.invader.hand = [];
  for (const m of Object.values(base.marines)) m.hand = m.hand.filter((k) => base.data.actionCards[k].action !== 'reaction');
  if (attacker.side === base.marineSide) {
    const card = base.data.actionCards[c.card!];
    base.active = { kind: 'marine', figure: attacker.id, card: 'init', mp: 0, mainPlayed: true, resolving: c.card!, attack: { ...card.attack!, dice: [...card.attack!.dice] }, stun: card.stun === true, respawn: false };
  } else {
    base.active = { kind: 'demons', card: 'init', type: attacker.type, queue: [], figure: attacker.id, mp: 0, attacked: false };
    if (c.ability) base.demonCards[attacker.type].argent = 1;
  }
  c.tweak?.(base);
  const b = board2016(base);
  const sight = b.sight(b.figureIndex(c.attacker), b.figureIndex(c.target));
  const f = (s: Doom2016State, id: string) => s.figures.find((g) => g.id === id) as Doom2016Figure;
  const options: Doom2016AttackOptions = { cover: sight.cover, ability: c.ability, ...(c.hiddenHand ? { viewer: f(base, c.attacker).side } : {}) };
  const exact = doom2016AttackOdds(base, f(base, c.attacker), f(base, c.target), options);
  const marineTarget = f(base, c.target).side === base.marineSide;
  const piles = (s: Doom2016State) => (marineTarget ? s.marines[c.target] : s.invader);
  const defense = (s: Doom2016State, k: string) => cardValue(s, f(s, c.target), marineTarget ? s.data.actionCards[k].defense : s.data.eventCards[k].defense);
  const toughness = marineTarget ? 0 : base.data.units[f(base, c.target).type].toughness ?? 0;
  return {
    name: `doom2016 ${c.name}`,
    ruleset: 'doom2016',
    exact,
    setup: { cover: sight.cover, range: sight.range },
    trial(i) {
      const s = rules.clone!(base);
      s.rng = seedRng(seedOf(i));
      const pile = piles(s);
      if (c.hiddenHand) {
        const all = shuffle(s.rng, [...pile.hand, ...pile.deck]);
        pile.hand = all.slice(0, pile.hand.length);
        pile.deck = all.slice(pile.hand.length);
      } else shuffle(s.rng, pile.deck);
      const events = mustApply(rules, s, { type: 'attack', figure: c.attacker, target: c.target, ...(c.ability ? { ability: c.ability } : {}) });
      if (s.pending?.kind === 'attack' && s.pending.step === 'defend') {
        const p = s.pending;
        const icons = p.dice.reduce((n, d) => n + d.damage, 0);
        const first = defense(s, p.card!);
        const deck = piles(s).deck;
        const second = (deck.length ? deck : [...piles(s).discard, p.card!]).map((k) => defense(s, k));
        events.push(...mustApply(rules, s, { type: 'defend', figure: c.target, reveal: p.canReveal && revealsSecond(icons, first, second, toughness), play: [] }));
      }
      if (s.pending?.kind === 'attack') events.push(...mustApply(rules, s, { type: 'press', figure: c.attacker, play: [] }));
      const done = events.find((e) => e.type === 'attack-resolved')!;
      const damage = done.damage as number;
      return { hit: damage > 0, damage, kill: events.some((e) => e.type === 'killed' && e.figure === c.target) };
    },
  };
}

const M = (id: string, x: number, y: number) => ({ id, side: 'marines' as const, type: 'marine', x, y });
const D = (id: string, type: string, x: number, y: number, w = 1, h = 1) => ({ id, side: 'invader' as const, type, x, y, w, h });
const open = ['........', '........', '........'];

export const CASES_2016: (() => McCase)[] = [
  () => case2016({ name: 'imp → marine, open, full deck', map: open, figures: [M('alpha', 0, 1), D('imp', 'imp', 4, 1)], attacker: 'imp', target: 'alpha' }),
  () => case2016({ name: 'imp → marine in cover (a figure between), second card chosen', map: open, figures: [M('alpha', 0, 1), M('bravo', 2, 1), D('imp', 'imp', 4, 1)], attacker: 'imp', target: 'alpha' }),
  () => case2016({
    name: 'possessed soldier → marine in cover, 1 card left: the second from the reshuffled discard', map: open, figures: [M('alpha', 0, 1), M('bravo', 2, 1), D('ps', 'possessed-soldier', 4, 1)], attacker: 'ps', target: 'alpha',
    tweak: (s) => {
      // The last card of the deck has no shields (so the defender wants a second); the rest wait in the discard pile.
      const m = s.marines.alpha;
      const all = [...m.deck, ...m.hand.splice(0)];
      m.deck = all.splice(all.indexOf('uac-steady-aim'), 1);
      m.discard.push(...all);
    },
  }),
  () => case2016({ name: 'marine HAR burst → cacodemon (toughness 1, special dodge) in cover, event deck', map: open, figures: [M('alpha', 0, 1), D('imp', 'imp', 2, 1), D('caco', 'cacodemon', 4, 1)], attacker: 'alpha', target: 'caco', card: 'har-burst' }),
  () => case2016({
    name: 'stunned imp (drops a die) → stunned marine (no card)', map: open, figures: [M('alpha', 0, 1), D('imp', 'imp', 4, 1)], attacker: 'imp', target: 'alpha',
    tweak: (s) => { for (const f of s.figures) f.stunned = true; s.marines.alpha.health = 3; },
  }),
  () => case2016({
    name: 'marine super shotgun (stun) → wounded possessed soldier, event deck half drawn', map: open, figures: [M('alpha', 2, 1), D('ps', 'possessed-soldier', 4, 1)], attacker: 'alpha', target: 'ps', card: 'shotgun-blast',
    tweak: (s) => { s.figures.find((f) => f.id === 'ps')!.damage = 1; s.invader.discard.push(...s.invader.deck.splice(0, 9)); },
  }),
  () => case2016({
    name: 'marine HAR burst → cacodemon in cover, the invader\'s hand unseen (3 cards in hand, 2 in the deck)', map: open, figures: [M('alpha', 0, 1), D('imp', 'imp', 2, 1), D('caco', 'cacodemon', 4, 1)], attacker: 'alpha', target: 'caco', card: 'har-burst', hiddenHand: true,
    tweak: (s) => {
      // Two dodges left in the deck (the real deck would say 0%), three cards in the hand, the rest discarded.
      const all = s.invader.deck.splice(0);
      const dodges = all.filter((k) => s.data.eventCards[k].defense.dodge || s.data.eventCards[k].defense.special);
      s.invader.deck = dodges.slice(0, 2);
      const rest = all.filter((k) => !s.invader.deck.includes(k));
      s.invader.hand = rest.splice(0, 3);
      s.invader.discard.push(...rest);
    },
  }),
  () => case2016({ name: 'imp charged fireball (3 red, argent) → marine', map: open, figures: [M('alpha', 0, 1), D('imp', 'imp', 6, 1)], attacker: 'imp', target: 'alpha', ability: 'charged fireball' }),
];

// ------------------------------------------------------------------ doom2004

const DATA_2004 = { units: 'doom2004/sample-units', weapons: 'doom2004/weapons', dice: 'doom2004/dice', marineStart: 'doom2004/marine-start' };

interface Case2004 {
  name: string;
  map: string[];
  figures: { id: string; side: 'marines' | 'invaders'; type: string; x: number; y: number; state?: Record<string, unknown> }[];
  attacker: string;
  weapon?: string;
  target: { x: number; y: number };
  aimed?: boolean;
  tweak?: (s: D4State) => void;
}

function case2004(c: Case2004): McCase {
  const scenario = { ruleset: 'doom2004', map: c.map, edges: [], figures: c.figures, sides: ['marines', 'invaders'], data: DATA_2004 } as unknown as Scenario;
  const base = createGame<D4State>(scenario, { seed: 7 }).state;
  const rules = doom2004Module.rules;
  const a = base.figures.find((f) => f.id === c.attacker)!;
  base.phase = a.marine ? 'marines' : 'invaders';
  base.turn = { figure: a.id, action: a.marine ? 'attack' : null, mp: 0, attacks: 1, readyUse: null, order: null, moved: false };
  c.tweak?.(base);
  const spec = doom2004SpecOf(base, a, c.weapon ?? null, c.target, { aimed: c.aimed });
  const o = doom2004Odds(spec);
  const victims = spec.targets.length;
  // The figure the headline odds are about: the nominated one, else (a barrel) the first one hit.
  const [targetId, ...otherIds] = spec.victims;
  void dataOf;
  return {
    name: `doom2004 ${c.name}`,
    ruleset: 'doom2004',
    exact: { hit: o.hit, expected: o.expected, kill: o.kill, damage: o.damage, kills: victims > 1 ? o.kills : undefined, others: o.targets.slice(1) },
    setup: { victims, reroll: spec.reroll ?? null, rule: o.rule, ammo: o.ammo, barrelled: spec.targets.filter((t) => t.barrels).length, estimate: spec.estimate },
    trial(i) {
      const s = rules.clone ? rules.clone(base) : structuredClone(base);
      s.rng = seedRng(seedOf(i));
      const events = mustApply(rules, s, { type: 'attack', figure: c.attacker, target: c.target, ...(c.weapon ? { weapon: c.weapon } : {}), ...(c.aimed ? { aimed: true } : {}) });
      if (s.pending) events.push(...mustApply(rules, s, { type: 'reroll', figure: s.pending.by, dice: diceToReroll(spec, s.pending.faces) }));
      const attacked = events.find((e) => e.type === 'attacked')!;
      const wounds = (id: string) => events.filter((e) => e.type === 'wounded' && e.figure === id).reduce((n, e) => n + (e.wounds as number), 0);
      const dead = events.filter((e) => (e.type === 'killed' || e.type === 'fragged'));
      const died = (id: string) => dead.some((e) => e.figure === id);
      return {
        hit: attacked.hit as boolean, damage: targetId ? wounds(targetId) : 0, kill: targetId ? died(targetId) : false, kills: dead.length,
        others: otherIds.map((id) => ({ damage: wounds(id), kill: died(id) })),
      };
    },
  };
}

const room = ['........', '........', '........', '........'];
const barrelRow = ['........', '....b...', '........', '........'];
const M4 = (id: string, x: number, y: number, state?: Record<string, unknown>) => ({ id, side: 'marines' as const, type: 'marine', x, y, ...(state ? { state } : {}) });
const I4 = (id: string, type: string, x: number, y: number) => ({ id, side: 'invaders' as const, type, x, y });

export const CASES_2004: (() => McCase)[] = [
  () => case2004({ name: 'pistol → imp at range 3', map: room, figures: [M4('m1', 0, 1), I4('imp', 'imp', 3, 1)], attacker: 'm1', weapon: 'pistol', target: { x: 3, y: 1 } }),
  () => case2004({ name: 'zombie → marine (armor 2) at range 2', map: room, figures: [M4('m1', 0, 1), I4('z', 'zombie', 2, 1)], attacker: 'z', target: { x: 0, y: 1 } }),
  () => case2004({ name: 'aimed plasma gun (accuracy) → mancubus at range 5, aim re-roll', map: room, figures: [M4('m1', 0, 0, { weapons: ['plasma-gun'], ammo: { plasma: 2 } }), I4('man', 'mancubus', 5, 1)], attacker: 'm1', weapon: 'plasma-gun', target: { x: 5, y: 1 }, aimed: true, tweak: (s) => { s.figures[0].order = 'aim'; s.figures[0].weapons = ['plasma-gun']; s.figures[0].ammo.plasma = 2; } }),
  () => case2004({ name: 'imp → dodging marine at range 4, dodge re-roll', map: room, figures: [M4('m1', 0, 1), I4('imp', 'imp', 4, 1)], attacker: 'imp', target: { x: 0, y: 1 }, tweak: (s) => { s.figures[0].order = 'dodge'; } }),
  () => case2004({ name: 'grenade blast → imp with zombie and trite next to it', map: room, figures: [M4('m1', 0, 1), I4('imp', 'imp', 3, 1), I4('z', 'zombie', 4, 1), I4('t', 'trite', 3, 2)], attacker: 'm1', weapon: 'grenade', target: { x: 3, y: 1 } }),
  () => case2004({ name: 'fist (melee) → zombie adjacent', map: room, figures: [M4('m1', 0, 1), I4('z', 'zombie', 1, 1)], attacker: 'm1', weapon: 'fist', target: { x: 1, y: 1 } }),
  () => case2004({ name: 'mancubus (3 dice) → wounded marine at range 3', map: room, figures: [M4('m1', 0, 0), I4('man', 'mancubus', 3, 1)], attacker: 'man', target: { x: 0, y: 0 }, tweak: (s) => { s.figures[0].wounds = s.figures[0].health - 2; } }),
  // Issue 23: the barrel in the blast goes off and wounds the zombie beyond it (and the imp again).
  () => case2004({ name: 'grenade blast → imp next to a barrel, zombie beyond the barrel', map: barrelRow, figures: [M4('m1', 0, 1), I4('imp', 'imp', 3, 1), I4('z', 'zombie', 5, 1)], attacker: 'm1', weapon: 'grenade', target: { x: 3, y: 1 } }),
  () => case2004({
    name: 'pistol at a barrel: it sets off a second barrel, four figures around them', map: ['........', '..b.....', '..b.....', '........'],
    figures: [M4('m1', 0, 1), I4('z', 'zombie', 3, 1), I4('imp', 'imp', 1, 2), I4('t', 'trite', 3, 3), I4('z2', 'zombie', 1, 0)], attacker: 'm1', weapon: 'pistol', target: { x: 2, y: 1 },
  }),
  () => case2004({
    name: 'aimed rocket launcher (blast) → imp at range 6 next to a barrel, zombie beyond, aim re-roll', map: ['..........', '.......b..', '..........', '..........'],
    figures: [M4('m1', 0, 1), I4('imp', 'imp', 6, 1), I4('z', 'zombie', 8, 1), I4('t', 'trite', 6, 2)], attacker: 'm1', weapon: 'rocket-launcher', target: { x: 6, y: 1 }, aimed: true,
    tweak: (s) => { s.figures[0].order = 'aim'; s.figures[0].weapons = ['rocket-launcher']; s.figures[0].ammo.rocket = 2; },
  }),
  () => case2004({
    name: 'cyberdemon (4 dice, blast) → dodging marine next to a barrel, second marine beyond, dodge re-roll', map: ['..........', '.b........', '..........', '..........'],
    figures: [M4('m1', 2, 1), M4('m2', 0, 1), I4('cy', 'cyberdemon', 6, 1)], attacker: 'cy', target: { x: 2, y: 1 },
    tweak: (s) => {
      for (const m of s.figures.filter((f) => f.marine)) { m.wounds = m.health - (m.id === 'm1' ? 2 : 1); m.order = m.id === 'm1' ? 'dodge' : null; }
    },
  }),
  () => case2004({ name: 'aimed pistol → imp at range 4, aim re-roll', map: room, figures: [M4('m1', 0, 1), I4('imp', 'imp', 4, 1)], attacker: 'm1', weapon: 'pistol', target: { x: 4, y: 1 }, aimed: true, tweak: (s) => { s.figures[0].order = 'aim'; } }),
  () => case2004({ name: 'mancubus (3 dice) → dodging wounded marine at range 3, dodge re-roll', map: room, figures: [M4('m1', 0, 0), I4('man', 'mancubus', 3, 1)], attacker: 'man', target: { x: 0, y: 0 }, tweak: (s) => { s.figures[0].wounds = s.figures[0].health - 2; s.figures[0].order = 'dodge'; } }),
];

// ------------------------------------------------------------------ d20

interface CaseD20 {
  name: string;
  map: string[];
  figures: { id: string; side: string; type: string; x: number; y: number }[];
  attacker: string;
  target: string;
  helpers?: string[];
  tweak?: (s: D20State) => void;
}

function caseD20(c: CaseD20): McCase {
  const scenario = { ruleset: 'd20', map: c.map, edges: [], figures: c.figures, sides: ['empire', 'alliance'], data: { units: 'd20/sample-units' } } as unknown as Scenario;
  const base = createGame<D20State>(scenario, { seed: 7 }).state;
  const a = base.figures.find((f) => f.id === c.attacker)!;
  base.side = base.sides.indexOf(a.side);
  a.activated = true;
  base.active = { id: a.id, moved: 0, attacked: false };
  c.tweak?.(base);
  const b = boardD20(base);
  const ti = base.figures.findIndex((f) => f.id === c.target);
  const sight = b.sight(base.figures.indexOf(a), ti);
  const u = base.units[a.type];
  const t = base.figures[ti];
  const exact = d20Odds({ attack: u.attack, damage: u.damage, defense: base.units[t.type].defense, cover: sight.cover, helpers: c.helpers?.length ?? 0, hp: t.hp });
  void d20Sequence;
  return {
    name: `d20 ${c.name}`,
    ruleset: 'd20',
    exact,
    setup: { cover: sight.cover },
    trial(i) {
      const s = structuredClone(base);
      s.rng = seedRng(seedOf(i));
      const events = mustApply(d20Rules, s, { type: 'attack', figure: c.attacker, target: c.target, helpers: c.helpers ?? [] });
      const e = events.find((x) => x.type === 'attacked')!;
      return { hit: e.hit as boolean, damage: e.damage as number, kill: events.some((x) => x.type === 'defeated') };
    },
  };
}

const field = ['..........', '..........', '....l.....', '..........'];
const E = (id: string, type: string, x: number, y: number) => ({ id, side: 'empire', type, x, y });
const A = (id: string, type: string, x: number, y: number) => ({ id, side: 'alliance', type, x, y });

export const CASES_D20: (() => McCase)[] = [
  () => caseD20({ name: 'trooper → trooper in the open', map: field, figures: [E('t1', 'trooper', 0, 0), A('r1', 'trooper', 6, 0)], attacker: 't1', target: 'r1' }),
  () => caseD20({ name: 'trooper → scout in cover (low object), nearest', map: field, figures: [E('t1', 'trooper', 0, 2), A('s1', 'scout', 7, 2)], attacker: 't1', target: 's1' }),
  () => caseD20({ name: 'heavy with 2 combined-fire helpers → wounded officer', map: field, figures: [E('h', 'heavy', 0, 0), E('t1', 'trooper', 0, 1), E('t2', 'trooper', 0, 3), A('o', 'officer', 6, 1)], attacker: 'h', target: 'o', helpers: ['t1', 't2'], tweak: (s) => { s.figures.find((f) => f.id === 'o')!.hp = 20; } }),
  () => caseD20({ name: 'brawler (melee) → adjacent trooper, hp 10', map: field, figures: [A('b', 'brawler', 3, 0), E('t1', 'trooper', 4, 0)], attacker: 'b', target: 't1', tweak: (s) => { s.figures.find((f) => f.id === 't1')!.hp = 10; } }),
];

export const ALL_CASES = [...CASES_2016, ...CASES_2004, ...CASES_D20];

export interface Comparison {
  name: string;
  trials: number;
  /** The largest |MC − exact| / standard error over P(hit), P(kill), E[damage], every P(damage = k) (of each figure hit) and P(kills = k). */
  worstZ: number;
  worst: string;
  mc: { hit: number; expected: number; kill: number };
  exact: Exact;
  ms: number;
}

/** Run `trials` engine trials of a case and compare with its exact odds. */
export function compare(c: McCase, trials: number): Comparison {
  const t0 = performance.now();
  let hits = 0;
  let kills = 0;
  let sum = 0;
  const counts = new Map<number, number>();
  const killCounts = new Map<number, number>();
  const others = (c.exact.others ?? []).map(() => ({ kills: 0, sum: 0, counts: new Map<number, number>() }));
  for (let i = 0; i < trials; i++) {
    const o = c.trial(i);
    o.others?.forEach((v, k) => {
      const t = others[k];
      if (v.kill) t.kills++;
      t.sum += v.damage;
      t.counts.set(v.damage, (t.counts.get(v.damage) ?? 0) + 1);
    });
    if (o.hit) hits++;
    if (o.kill) kills++;
    sum += o.damage;
    counts.set(o.damage, (counts.get(o.damage) ?? 0) + 1);
    if (o.kills !== undefined) killCounts.set(o.kills, (killCounts.get(o.kills) ?? 0) + 1);
  }
  const ms = performance.now() - t0;
  const n = trials;
  let worstZ = 0;
  let worst = '';
  const check = (what: string, mc: number, p: number, sd: number) => {
    const se = sd / Math.sqrt(n);
    // A probability of exactly 0 or 1 must be matched exactly (its standard error is 0).
    const z = se < 1e-12 ? (Math.abs(mc - p) < 1e-9 ? 0 : Infinity) : Math.abs(mc - p) / se;
    if (z > worstZ) {
      worstZ = z;
      worst = `${what}: engine ${mc.toFixed(5)}, exact ${p.toFixed(5)}`;
    }
  };
  const bern = (p: number) => Math.sqrt(Math.max(0, p * (1 - p)));
  const e = c.exact;
  check('P(hit)', hits / n, e.hit, bern(e.hit));
  const figure = (who: string, x: { expected: number; kill: number; damage: number[] }, mc: { kills: number; sum: number; counts: Map<number, number> }) => {
    check(`${who}P(kill)`, mc.kills / n, x.kill, bern(x.kill));
    const variance = x.damage.reduce((s, p, k) => s + p * (k - x.expected) ** 2, 0);
    check(`${who}E[damage]`, mc.sum / n, x.expected, Math.sqrt(variance));
    const support = Math.max(x.damage.length, ...mc.counts.keys()) + 1;
    for (let k = 0; k < support; k++) check(`${who}P(damage=${k})`, (mc.counts.get(k) ?? 0) / n, x.damage[k] ?? 0, bern(x.damage[k] ?? 0));
  };
  figure('', e, { kills, sum, counts });
  e.others?.forEach((x, k) => figure(`figure ${k + 2}: `, x, others[k]));
  if (e.kills) for (let k = 0; k < Math.max(e.kills.length, ...killCounts.keys()) + 1; k++) check(`P(kills=${k})`, (killCounts.get(k) ?? 0) / n, e.kills[k] ?? 0, bern(e.kills[k] ?? 0));
  return { name: c.name, trials, worstZ, worst, mc: { hit: hits / n, expected: sum / n, kill: kills / n }, exact: e, ms };
}
