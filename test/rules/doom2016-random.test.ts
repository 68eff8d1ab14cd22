/** Random doom2016 games: replay equals the live game, invariants hold, bad commands change nothing. */
import { beforeAll, expect, test } from 'vitest';
import { checkFigures } from '../../src/core/board-input.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, replay, type Command, type Doom2016State, type GameEvent } from '../../src/rules/index.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { randomBoardInput, rng } from '../core/random-boards.ts';
import { DATA, UNITS } from './doom2016-fixture.ts';
import { fuzz, legalOrWon, pickCommand } from './random-play.ts';

beforeAll(async () => {
  await loadCore();
});

/** The tutorial's objectives (odd seeds), or quicker ones so that most games end within 300 commands. */
const objectives = (seed: number, doors: boolean) => [
  seed % 2 && doors ? { kind: 'eliminate', side: 'marines', after: 'door-opened' } : { kind: 'eliminate', side: 'marines' },
  { kind: 'kills', side: 'invader', kills: seed % 2 ? { 1: 4, 2: 4, 3: 3, 4: 2 } : { 1: 2, 2: 2, 3: 2, 4: 2 } },
];

function randomScenario(seed: number): Scenario | null {
  const b = randomBoardInput('doom2016', seed, { minSide: 5, maxSide: 8, smallFigures: 4 + (seed % 3), largeFigures: seed % 2 });
  const r = rng(seed * 31 + 7);
  const map = b.map.map((row) => [...row].map((ch) => (ch === '.' && r() < 0.03 ? 'i' : ch)).join(''));
  const figures: Scenario['figures'] = [];
  let marines = 0;
  for (const f of b.figures ?? []) {
    const large = (f.w ?? 1) * (f.h ?? 1) > 1;
    const area = (f.w ?? 1) * (f.h ?? 1);
    if (large && area !== 2 && area !== 6) continue;
    if (!large && f.side === 'marines' && marines < 4) {
      figures.push({ id: `m${++marines}`, side: 'marines', type: 'marine', x: f.x, y: f.y, ...(r() < 0.5 ? { state: { class: 'assault' } } : {}) });
    } else {
      const type = area === 6 ? 'cyber' : area === 2 ? 'pinky' : r() < 0.5 ? 'imp' : 'zombie';
      figures.push({ id: `${type}-${figures.length}`, side: 'invader', type, x: f.x, y: f.y, w: f.w, h: f.h });
    }
  }
  if (!marines || figures.length === marines) return null;
  const free: [number, number][] = [];
  map.forEach((row, y) => [...row].forEach((ch, x) => ch !== ' ' && !figures.some((f) => f.x === x && f.y === y) && free.push([x, y])));
  const at = () => free.splice(Math.floor(r() * free.length), 1)[0];
  const tokens = [
    { kind: 'medkit' }, { kind: 'weapon', weapon: 'rocket-launcher' }, { kind: 'portal', color: 'blue' }, { kind: 'portal', color: 'yellow' },
  ].filter(() => free.length > 4 && r() < 0.8).map((t) => { const [x, y] = at(); return { ...t, x, y }; });
  return {
    ruleset: 'doom2016', map, edges: b.edges, figures, tokens, sides: ['marines', 'invader'], data: DATA, objectives: objectives(seed, (b.edges ?? []).some((e) => e.kind === 'door')),
    mission: { invasion: 'test', summon: 'first-door', demonsOpenDoors: seed % 2 === 0 },
  };
}

const sorted = (xs: string[]) => [...xs].sort();
const EVENT_DECK = sorted(Object.keys(DATA.eventCards.entries));
const ROCKETS = ['rocket', 'rocket2'];

/** Every invariant that fails, as a message (empty when all hold); plain checks, one expect per command. */
function invariantProblems(s: Doom2016State, weapons: Set<string>): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, what: string) => ok || problems.push(what);
  // On the map, no overlaps, nothing across a wall or door: the board validator says so.
  const { width, height, cells, hEdges, vEdges } = s.board;
  checkFigures(width, height, Uint8Array.from(cells), Uint8Array.from(hEdges), Uint8Array.from(vEdges), s.figures, (path, m) => problems.push(`${path}: ${m}`));
  // Displaced figures waiting to be placed are off the board but still in play.
  const displaced = s.pending?.kind === 'displace' ? [s.pending.figure, ...s.pending.waiting] : [];
  const ids = [...s.figures, ...displaced].map((f) => f.id);
  check(new Set(ids).size === ids.length, 'figure ids unique');
  for (const f of [...s.figures, ...displaced]) {
    const health = f.side === 'marines' ? s.marines[f.id].health : UNITS[f.type as keyof typeof UNITS].health;
    check(f.damage >= 0 && f.damage < health, `${f.id}: damage ${f.damage} within 0..${health - 1}`);
  }
  const p = s.pending?.kind === 'attack' ? s.pending : null;
  for (const [id, m] of Object.entries(s.marines)) {
    check(m.dead === !ids.includes(id), `${id} is on the board unless dead`);
    check(m.hand.length <= m.handSize, `${id}: hand ${m.hand.length} within hand size ${m.handSize}`);
    const inAttack = p?.defender === id ? [...(p.card ? [p.card] : []), ...p.played] : [];
    const owned = sorted([...m.deck, ...m.hand, ...m.played, ...m.discard, ...inAttack]).join();
    check(owned === sorted([...UNITS.marine.deck, ...(weapons.has(id) ? ROCKETS : [])]).join(), `${id}'s cards conserved: ${owned}`);
  }
  const demonDefends = p && !s.marines[p.defender];
  const inAttack = p ? [...(demonDefends && p.card ? [p.card] : []), ...p.played.filter((k) => k.startsWith('e-'))] : [];
  const events = sorted([...s.invader.deck, ...s.invader.hand, ...s.invader.discard, ...inAttack]).join();
  check(events === EVENT_DECK.join(), `event cards conserved: ${events}`);
  check(s.invader.hand.length <= 6, 'invader hand within 6');
  check(sorted([...s.glory.deck, ...s.glory.discard]).join() === 'g1', 'glory kill cards conserved');
  for (const [t, c] of Object.entries(s.demonCards)) check(c.argent >= 0, `${t}: argent never negative`);
  return problems;
}

test('500 random doom2016 games: replay equals the live state and invariants hold after every command', () => {
  let games = 0;
  let commands = 0;
  let finished = 0;
  const kinds = new Set<string>();
  for (let seed = 1; games < 500; seed++) {
    const sc = randomScenario(seed);
    if (!sc) continue;
    games++;
    const r = rng(seed);
    const g = createGame<Doom2016State>(sc, { seed });
    const weapons = new Set<string>();
    let kills = 0;
    for (let n = 0; n < 300; n++) {
      const legal = legalOrWon(g, `seed ${seed} before command ${n}`);
      if (!legal.length) break;
      // Attacks, when there are any, 70% of the time: more games end within 300 commands.
      const pick = pickCommand(legal, r, ['attack'], 0.7);
      const res = g.apply(pick);
      expect(res.ok, `seed ${seed} command ${n} ${JSON.stringify(pick)}: ${!res.ok && res.refusal.message}`).toBe(true);
      const events = (res.ok ? res.events : []) as GameEvent[];
      for (const e of events) {
        kinds.add(e.type);
        if (e.type === 'picked-up' && e.kind === 'weapon') weapons.add(e.figure as string);
        if (e.type === 'kill-token') kills++;
      }
      commands++;
      const state = g.state;
      const problems = invariantProblems(state, weapons);
      if (state.invader.kills !== kills) problems.push(`kill tokens ${state.invader.kills}, marines killed ${kills}`);
      if (problems.length) expect(problems, `seed ${seed} after command ${n} ${JSON.stringify(pick)}`).toEqual([]);
    }
    if (g.state.winner) finished++;
    const replayed = replay<Doom2016State>(sc, seed, g.history).state;
    if (JSON.stringify(replayed) !== JSON.stringify(g.state)) expect(replayed, `seed ${seed} replay`).toEqual(g.state);
  }
  expect(commands).toBeGreaterThan(30000);
  expect(finished).toBeGreaterThan(50);
  // The random games reach every part of the rules.
  for (const k of ['glory-kill', 'summoned', 'kill-token', 'respawned', 'displaced', 'displacement-choice', 'stunned', 'second-defense-card', 'picked-up', 'teleporter-activated', 'game-over']) {
    expect(kinds, k).toContain(k);
  }
}, 900_000);

test('fuzzing bad commands never throws and never changes the state', () => {
  const sc = randomScenario(4)!;
  const r = rng(9);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const ids = sc.figures.map((f) => f.id);
  const junk = () => pick<unknown>([undefined, null, 42, -1, 'x', '', {}, [], { x: 1 }, { x: 1.5, y: 'a' }, { x: 99, y: 99 }, { x1: 0, y1: 0, x2: 0, y2: 1 }, ...ids, ids, 'run', ['run'], 'blue', 'imp']);
  const types = ['status', 'activate-demons', 'activate-demon', 'place-displaced', 'play', 'sprint', 'use-class', 'pick-up', 'respawn', 'move', 'open-door', 'attack', 'defend', 'press', 'summon', 'end', 'fly', 7, null];
  const fields = ['figure', 'target', 'to', 'card', 'discard', 'door', 'demon', 'portal', 'group', 'play', 'reveal', 'at', 'token', 'ability', 'drop', 'onto', 'argent'];
  const command = () => ({ type: pick(types), ...Object.fromEntries(fields.map((k) => [k, junk()])) }) as Command;
  expect(fuzz(createGame<Doom2016State>(sc, { seed: 4 }), r, ids, command)).toBeGreaterThan(1500);
});
