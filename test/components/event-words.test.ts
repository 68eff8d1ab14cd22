/**
 * The event log reads as sentences (issue 21, the log): every event of every ruleset met in seeded
 * random games of the bundled scenarios, and every event type the engines emit (a sample of each),
 * is said by components/log/event-words.ts with the scenario's names — never an id, `undefined`, a
 * doubled word or a broken template.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type GameEvent, type GameView } from '../../src/rules/index.ts';
import { bundledScenarios } from '../../src/scenario/bundled.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { figureName } from '../../components/coords.ts';
import { eventLine, type WordsContext } from '../../components/log/event-words.ts';
import { rng } from '../core/random-boards.ts';
import { pickCommand } from '../rules/random-play.ts';

beforeAll(async () => {
  await loadCore();
});

const PLAYABLE = ['doom2016-tutorial', 'doom2004-skirmish', 'd20-skirmish'];

/** The element's naming: the scenario's `name`, else the id in words (components/doom-board.ts). */
const namer = (s: Scenario) => {
  const names = new Map(s.figures.map((f) => [f.id, (f as { name?: string }).name]));
  return (id: string) => names.get(id) || figureName(id);
};

/** Ids a reader must never see: figures whose display name differs, cards, tokens, portals, doors. */
function rawIds(s: Scenario, state: unknown): string[] {
  const name = namer(s);
  const ids = s.figures.map((f) => f.id).filter((id) => name(id) !== id);
  const data = (state as { data?: Record<string, unknown> }).data ?? {};
  for (const set of ['actionCards', 'eventCards', 'classCards', 'gloryKillCards', 'invasionCards']) ids.push(...Object.keys((data[set] as object) ?? {}));
  for (const k of ['tokens', 'portals', 'doors']) for (const t of ((s as unknown as Record<string, unknown>)[k] as { id?: string }[] | undefined) ?? []) if (t.id) ids.push(t.id);
  return ids.filter((id) => /[-:_\d]/.test(id));
}

/** What makes a line not a sentence; empty when it reads well. */
function flaws(text: string, ids: string[]): string[] {
  const out: string[] = [];
  if (/undefined|NaN|null|\[object|[{}]|\$\{/.test(text)) out.push('a template hole');
  if (/\b(\w+)\s+\1\b/i.test(text)) out.push(`a doubled word "${/\b(\w+)\s+\1\b/i.exec(text)![0]}"`);
  if (/\ba [aeiou]/i.test(text.replace(/\ba uac\b/gi, ''))) out.push('"a" before a vowel');
  if (/s's\b/.test(text)) out.push('"s\'s"');
  if (/ {2}| ,|\( ?\)|^\s|\s$|: ?$/.test(text)) out.push('a spacing or punctuation slip');
  if (!/^[A-Z0-9“]/.test(text)) out.push('no capital at the start');
  if (/\b[a-z][a-z-]*:[a-z0-9-]+\b/.test(text)) out.push('a "side:id" card');
  for (const id of ids) if (new RegExp(`(^|[^\\w-])${id.replace(/[-:]/g, '\\$&')}($|[^\\w-])`).test(text)) out.push(`the id "${id}"`);
  return out;
}

function playRandom(id: string, seed: number, commands: number, each: (e: GameEvent, t: WordsContext, ids: string[]) => void): void {
  const s = bundledScenarios.get(id)!;
  const g = createGame(s, { seed });
  const r = rng(seed * 7919 + 1);
  const name = namer(s);
  const ids = rawIds(s, g.state);
  for (let i = 0; i < commands; i++) {
    const legal = g.legalActions();
    if (!legal.length) break;
    const res = g.apply(pickCommand(legal, r, ['attack', 'action', 'play', 'defend', 'press', 'summon', 'pick-up', 'open-door', 'door'], 0.4));
    if (!res.ok) continue;
    const t: WordsContext = { view: g.view() as GameView, state: g.state, name };
    for (const e of res.events) each(e, t, ids);
  }
}

describe('the event log in words', () => {
  test.each(PLAYABLE)('%s: every event of 8 seeded random games is a sentence with the scenario\'s names', (id) => {
    const seen = new Map<string, string>();
    const bad: string[] = [];
    for (let seed = 1; seed <= 8; seed++) {
      playRandom(id, seed, 500, (e, t, ids) => {
        const line = eventLine(e, t);
        if (!line) {
          bad.push(`${e.type}: no words (${JSON.stringify(e).slice(0, 120)})`);
          return;
        }
        seen.set(e.type, line.text);
        const f = flaws(line.text, ids);
        if (f.length) bad.push(`${e.type}: "${line.text}" has ${f.join(', ')}`);
        if (line.detail !== undefined) expect(line.detail).toMatch(/\S/);
      });
    }
    expect([...new Set(bad)].slice(0, 20)).toEqual([]);
    // The games reach the events a reader meets first: moves, attacks, damage, a new round.
    expect([...seen.keys()]).toEqual(expect.arrayContaining(['moved', id === 'doom2016-tutorial' ? 'attack-rolled' : 'attacked']));
    expect(seen.size).toBeGreaterThan(id === 'd20-skirmish' ? 7 : 20);
  });

  test('d20: an attack\'s roll shows every term of its total — the die, the attack bonus, combined fire (review 73, item 1)', () => {
    const t: WordsContext = { view: { ruleset: 'd20' } as GameView, state: {}, name: (id) => figureName(id) };
    const attack = (natural: number, attack: number, bonus: number) => eventLine({ type: 'attacked', figure: 'trooper-1', target: 'scout', natural, attack, bonus, total: natural + attack + bonus, defense: 16, cover: false, hit: true, damage: 10, helpers: [] }, t)!.text;
    expect(attack(13, 5, 0)).toBe('Trooper 1 attacks Scout: rolls 13 + 5 = 18 against defense 16, a hit for 10 damage');
    expect(attack(13, 5, 4)).toBe('Trooper 1 attacks Scout: rolls 13 + 5 + 4 = 22 against defense 16, a hit for 10 damage');
    // In played games, the sum said is the total said.
    let attacks = 0;
    playRandom('d20-skirmish', 2, 400, (e, ctx) => {
      if (e.type !== 'attacked') return;
      attacks++;
      const [, sum, total] = /rolls ([\d +−]+) = (\d+)/.exec(eventLine(e, ctx)!.text)!;
      expect(sum.replace(/ − /g, ' + -').split(' + ').reduce((a, x) => a + Number(x), 0), sum).toBe(Number(total));
    });
    expect(attacks).toBeGreaterThan(0);
  });

  test('doom2016 cards are named by their titles, with their text on demand', () => {
    const lines: { text: string; detail?: string }[] = [];
    playRandom('doom2016-tutorial', 3, 400, (e, t) => {
      if (e.type === 'card-played' || e.type === 'cards-played') lines.push(eventLine(e, t)!);
    });
    expect(lines.length).toBeGreaterThan(3);
    for (const l of lines) {
      expect(l.text).toMatch(/“[^”]+”/);
      expect(l.detail).toMatch(/^[^:]+: \S/);
    }
  });

  // Events the random games may not reach, one sample each, with the fields the engines emit.
  const view = (ruleset: string) => ({ ruleset } as GameView);
  const samples: [string, GameEvent][] = [
    ['doom2016', { type: 'summoned', portal: 'portal-blue', color: 'blue', group: 1, figures: [], argent: 0 }],
    ['doom2016', { type: 'summon-failed', demon: 'baron', reason: 'RULES §2.4: no free space on or next to the portal' }],
    ['doom2016', { type: 'portal-empty', portal: 'portal-red', color: 'red' }],
    ['doom2016', { type: 'teleporter-activated', at: { x: 2, y: 3 }, by: 'alpha' }],
    ['doom2016', { type: 'displacement-choice', figure: 'alpha', by: 'cyber-1', options: [] }],
    ['doom2016', { type: 'displaced', figure: 'alpha', by: 'cyber-1', from: { x: 1, y: 1 }, to: { x: 2, y: 1 } }],
    ['doom2016', { type: 'stun-die-removed', figure: 'imp-1', die: 'red' }],
    ['doom2016', { type: 'stunned-no-defense', figure: 'imp-1' }],
    ['doom2016', { type: 'argent-spent', demon: 'imp', ability: 'hit-and-run', left: 1 }],
    ['doom2016', { type: 'class-card-used', figure: 'alpha', card: 'no-such-card', mp: 2, drew: 1 }],
    ['doom2016', { type: 'glory-kill', figure: 'alpha', demon: 'imp-1', card: 'no-such-card', healed: 2, mp: 0, drew: 1 }],
    ['doom2016', { type: 'activation-skipped', figure: 'alpha', reason: 'no active teleporter free of marines to respawn on' }],
    ['doom2016', { type: 'picked-up', figure: 'alpha', token: 'w-1', kind: 'weapon', weapon: 'super-shotgun', cards: 3 }],
    ['doom2016', { type: 'game-over', winner: 'marines', objective: 'eliminate' }],
    ['doom2004', { type: 'hopped', figure: 'marine-1', from: { x: 0, y: 0 }, to: { x: 2, y: 0 } }],
    ['doom2004', { type: 'aim-and-dodge-ignored', figure: 'marine-1', target: 'imp-1' }],
    ['doom2004', { type: 'berserk-kill', figure: 'marine-1', target: 'imp-1' }],
    ['doom2004', { type: 'not-placed', figure: 'imp-1', area: 'east' }],
    ['doom2004', { type: 'picked-up', figure: 'marine-1', token: 'k-1', kind: 'key', color: 'red' }],
    ['doom2004', { type: 'picked-up', figure: 'marine-1', token: 'a-1', kind: 'armor', armor: 3 }],
    ['doom2004', { type: 'picked-up', figure: 'marine-1', token: 'h-1', kind: 'health', healed: 2 }],
    ['doom2004', { type: 'picked-up', figure: 'marine-1', token: 'b-1', kind: 'berserk' }],
    ['doom2004', { type: 'picked-up', figure: 'marine-1', token: 'd-1', kind: 'adrenaline' }],
    ['doom2004', { type: 'door-opened', figure: 'marine-1', door: 'door-2', key: 'red' }],
    ['doom2004', { type: 'healed', figure: 'marine-1', target: 'marine-1', wounds: 0 }],
    ['doom2004', { type: 'game-over', winner: 'invaders', objective: 'frags' }],
    ['d20', { type: 'game-over', winner: null }],
  ];
  test.each(samples)('%s: a sample of every other event type reads well (%#)', (ruleset, e) => {
    const names = (id: string) => figureName(id);
    const line = eventLine(e, { view: view(ruleset), state: {}, name: names });
    expect(line, e.type).not.toBeNull();
    expect(flaws(line!.text, ['imp-1', 'marine-1', 'alpha', 'cyber-1', 'no-such-card', 'portal-blue', 'portal-red', 'k-1', 'door-2', 'w-1'])).toEqual([]);
  });
});
