/**
 * The bundled doom2004 skirmish: it loads, and seeded games driven only through legalActions reach a
 * win for each side (marines by eliminating every invader, the invader at 6 frag points).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, expect, test } from 'vitest';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, replay, type Command, type D4State, type Game } from '../../src/rules/index.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { rng } from '../core/random-boards.ts';

const skirmish = JSON.parse(readFileSync(new URL('../../src/scenario/bundled/doom2004-skirmish.json', import.meta.url), 'utf8')) as Scenario;

beforeAll(async () => {
  await loadCore();
});

/** A side's policy: attack when it can, otherwise a random legal command (moves weighted toward the enemy by chance). */
function play(g: Game<D4State>, seed: number, favour: 'marines' | 'invaders'): void {
  const r = rng(seed);
  for (let n = 0; n < 3000 && g.legalActions().length; n++) {
    const legal = g.legalActions();
    const s = g.state;
    const mine = (c: Command) => (s.phase === 'marines') === (favour === 'marines');
    let pick: Command | undefined;
    const attacks = legal.filter((c) => c.type === 'attack' || c.type === 'guard-attack' || c.type === 'blow-through');
    const useful = attacks.filter((c) => {
      const t = c.target as { x: number; y: number };
      const victim = s.figures.find((f) => t.x >= f.x && t.x < f.x + f.w && t.y >= f.y && t.y < f.y + f.h);
      const attacker = s.figures.find((f) => f.id === c.figure);
      return victim && attacker && victim.marine !== attacker.marine;
    });
    if (useful.length && (mine(useful[0]) || r() < 0.5)) pick = useful[Math.floor(r() * useful.length)];
    if (!pick) {
      const kinds = [...new Set(legal.map((c) => c.type))].filter((k) => k !== 'end' && k !== 'end-turn' && k !== 'pass');
      const ending = legal.filter((c) => c.type === 'end' || c.type === 'end-turn' || c.type === 'pass');
      if (ending.length && (r() < 0.25 || !kinds.length)) pick = ending[0];
      else {
        const kind = kinds[Math.floor(r() * kinds.length)];
        const ofKind = legal.filter((c) => c.type === kind);
        pick = ofKind[Math.floor(r() * ofKind.length)];
      }
    }
    const res = g.apply(pick);
    expect(res.ok, JSON.stringify(pick)).toBe(true);
  }
}

test('the bundled skirmish uses keys, a security door, an unexplored area, tokens, barrels, teleporters and ducts', () => {
  const g = createGame<D4State>(skirmish);
  const s = g.state;
  expect(s.doors.map((d) => d.key)).toEqual([null, 'red']);
  expect(s.areas[0].revealed).toBe(false);
  expect(g.view().hidden?.length).toBe(30);
  expect(s.tokens.map((t) => t.kind).sort()).toEqual(['adrenaline', 'ammo', 'armor', 'berserk', 'health', 'key', 'weapon']);
  expect(s.ducts.length).toBe(2);
  expect(s.figures.find((f) => f.id === 'marine-2')?.medic).toBe(true);
  expect(g.legalActions()).toContainEqual({ type: 'action', figure: 'marine-1', action: 'ready', order: 'guard' });
});

test('seeded games of the skirmish end in a win for each side, and replay exactly', () => {
  const winners = new Map<string, number>();
  for (let seed = 1; seed <= 40 && winners.size < 2; seed++) {
    const favour = seed % 2 ? 'marines' : 'invaders';
    if (winners.has(favour)) continue;
    const g = createGame<D4State>(skirmish, { seed });
    play(g, seed, favour);
    const w = g.state.winner;
    if (w && !winners.has(w)) {
      winners.set(w, seed);
      expect(replay<D4State>(skirmish, seed, g.history).state).toEqual(g.state);
      if (w === 'invaders') expect(g.state.fragPoints).toBe(6);
      else expect(g.state.figures.every((f) => f.marine) && g.state.areas.every((a) => a.revealed)).toBe(true);
    }
  }
  expect([...winners.keys()].sort()).toEqual(['invaders', 'marines']);
}, 120_000);
