/** Random doom2004 games: replay equals the live game, invariants hold, bad commands change nothing. */
import { beforeAll, expect, test } from 'vitest';
import { checkFigures, parseBoard } from '../../src/core/board-input.ts';
import { Cell } from '../../src/core/types.ts';
import { getDataSet } from '../../src/data/index.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { unpack } from '../../src/rules/doom2004/state.ts';
import { createGame, replay, type D4State } from '../../src/rules/index.ts';
import type { Scenario, ScenarioArea, ScenarioFigure, ScenarioToken } from '../../src/scenario/types.ts';
import { rng } from '../core/random-boards.ts';
import { applyChecked, legalOrWon } from './random-play.ts';

beforeAll(async () => {
  await loadCore();
});

const GAMES = Number(process.env.DOOM2004_GAMES ?? 500);
const INVADERS: [string, number, number][] = [
  ['zombie', 1, 1], ['imp', 1, 1], ['archvile', 1, 1], ['trite', 1, 1], ['demon', 1, 2], ['mancubus', 2, 2], ['hell-knight', 2, 2], ['cyberdemon', 2, 2],
];
const WEAPONS = ['shotgun', 'chaingun', 'rocket-launcher', 'bfg', 'chainsaw', 'plasma-gun'];
const AMMO = ['pistol', 'grenade', 'shotgun', 'chaingun', 'rocket', 'plasma', 'bfg'];

/** A small random board with every doom2004 feature: obstacles, barrels, hazards, teleporters, ducts, doors, keys, tokens, an area. */
export function randomScenario(seed: number): Scenario | null {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const w = 5 + Math.floor(r() * 3);
  const h = 5 + Math.floor(r() * 3);
  const map: string[] = [];
  for (let y = 0; y < h; y++) {
    let row = '';
    for (let x = 0; x < w; x++) {
      const v = r();
      row += v < 0.03 ? ' ' : v < 0.08 ? 'o' : v < 0.12 ? 'b' : v < 0.16 ? 'h' : v < 0.19 ? 't' : v < 0.22 ? 'u' : '.';
    }
    map.push(row);
  }
  const edges: Scenario['edges'] = [];
  const edge = (from: [number, number], to: [number, number]) => {
    const v = r();
    if (v < 0.1) edges.push({ from, to, kind: 'wall' });
    else if (v < 0.15) edges.push({ from, to, kind: 'door', ...(r() < 0.3 ? { key: pick(['red', 'blue']) } : {}) });
  };
  for (let y = 1; y < h; y++) for (let x = 0; x < w; x++) edge([x, y], [x + 1, y]);
  for (let y = 0; y < h; y++) for (let x = 1; x < w; x++) edge([x, y], [x, y + 1]);
  let base;
  try {
    base = parseBoard({ ruleset: 'doom2004', map, edges });
  } catch {
    return null; // a door on the border became a wall
  }
  const floor = (x: number, y: number) => (base.cells[y * w + x] & (Cell.on | Cell.obstacle | Cell.barrel)) === Cell.on;
  const figures: ScenarioFigure[] = [];
  const tryAdd = (type: string, side: string, fw: number, fh: number, state?: Record<string, unknown>) => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const f: ScenarioFigure = { id: `${type}-${figures.length}`, side, type, x: Math.floor(r() * w), y: Math.floor(r() * h), w: fw, h: fh, ...(state ? { state } : {}) };
      let ok = true;
      checkFigures(w, h, base.cells, base.hEdges, base.vEdges, [...figures, f], () => (ok = false));
      for (let yy = f.y; yy < f.y + fh && ok; yy++) for (let xx = f.x; xx < f.x + fw && ok; xx++) if (!floor(xx, yy)) ok = false;
      if (ok) return void figures.push(f);
    }
  };
  const marines = 1 + (seed % 3);
  const found = pick(WEAPONS);
  const ammo = (getDataSet('doom2004/weapons')!.entries[found] as { ammo: string | null }).ammo;
  for (let i = 0; i < marines; i++) tryAdd('marine', 'marines', 1, 1, i === 0 ? { medic: true, weapons: [found], ...(ammo ? { ammo: { [ammo]: 3 } } : {}) } : undefined);
  const invaders = 2 + Math.floor(r() * 3);
  for (let i = 0; i < invaders; i++) {
    const [type, fw, fh] = pick(INVADERS);
    tryAdd(type, 'invaders', fw, fh);
  }
  if (!figures.some((f) => f.side === 'marines') || !figures.some((f) => f.side === 'invaders')) return null;
  const tokens: ScenarioToken[] = [];
  const nTokens = 3 + Math.floor(r() * 4);
  for (let i = 0; i < nTokens; i++) {
    const [x, y] = [Math.floor(r() * w), Math.floor(r() * h)];
    if (!floor(x, y)) continue;
    const kind = pick(['ammo', 'ammo', 'armor', 'health', 'key', 'weapon', 'adrenaline', 'berserk']);
    tokens.push({ id: `t${i}`, kind, x, y, ...(kind === 'ammo' ? { ammo: pick(AMMO) } : kind === 'key' ? { color: pick(['red', 'blue']) } : kind === 'weapon' ? { weapon: pick(WEAPONS) } : {}) });
  }
  // Half the boards hide their two rightmost columns in an area; invaders and tokens there wait in it.
  const areas: ScenarioArea[] = [];
  if (r() < 0.5) {
    const inside = (x: number, y: number, fw = 1, fh = 1) => x >= w - 2 && x + fw <= w && y >= 0 && y + fh <= h;
    const covers = (f: ScenarioFigure) => f.x + (f.w ?? 1) > w - 2;
    if (!figures.some((f) => f.side === 'marines' && covers(f))) {
      const aFigures = figures.filter((f) => covers(f) && inside(f.x, f.y, f.w, f.h));
      const rest = figures.filter((f) => !covers(f));
      if (rest.length + aFigures.length === figures.length && rest.some((f) => f.side === 'invaders')) {
        const aTokens = tokens.filter((t) => inside(t.x, t.y));
        const cells: [number, number, number, number][] = [];
        for (let y = 0; y < h; y++) for (let x = w - 2; x < w; x++) if (base.cells[y * w + x] & Cell.on) cells.push([x, y, 1, 1]);
        areas.push({ id: 'east', cells, figures: aFigures, tokens: aTokens });
        figures.splice(0, figures.length, ...rest);
        tokens.splice(0, tokens.length, ...tokens.filter((t) => !aTokens.includes(t)));
      }
    }
  }
  return {
    ruleset: 'doom2004', map, edges, figures, tokens, areas, sides: ['marines', 'invaders'],
    data: { units: 'doom2004/sample-units', weapons: 'doom2004/weapons', dice: 'doom2004/dice', marineStart: 'doom2004/marine-start' },
    objectives: [{ kind: 'eliminate', side: 'marines' }, { kind: 'frags', side: 'invaders', frags: 3 }],
  };
}

function allTokenIds(s: D4State): string[] {
  return [...s.tokens.map((t) => t.id), ...s.areas.flatMap((a) => a.tokens.map((t) => t.id)), ...s.taken.map((t) => t.token)].sort();
}

/** Every broken invariant as a message (one expect per command keeps 90 000 checks fast). */
function invariantProblems(s: D4State, sc: Scenario, tokenIds: string[]): string[] {
  const { width: w } = s.board;
  const problems: string[] = [];
  const [cells, hEdges, vEdges] = [unpack(s.board.cells), unpack(s.board.hEdges), unpack(s.board.vEdges)];
  checkFigures(w, s.board.height, cells, hEdges, vEdges, s.figures, (p, m) => problems.push(`${p}: ${m}`), 'doom2004');
  const hidden = new Set(s.areas.filter((a) => !a.revealed).flatMap((a) => a.cells));
  for (const f of s.figures) {
    for (let y = f.y; y < f.y + f.h; y++) {
      for (let x = f.x; x < f.x + f.w; x++) {
        if (cells[y * w + x] & (Cell.obstacle | Cell.barrel)) problems.push(`${f.id} on an obstacle or barrel`);
        if (hidden.has(y * w + x)) problems.push(`${f.id} in an unrevealed area`);
      }
    }
    if (f.wounds < 0 || f.wounds >= f.health) problems.push(`${f.id} has ${f.wounds} wounds of ${f.health}`);
    for (const [a, n] of Object.entries(f.ammo)) if (!(n >= 0)) problems.push(`${f.id} has ${n} ${a} ammo`);
  }
  for (const { figure } of s.fragged) if (figure.wounds !== 0) problems.push(`fragged ${figure.id} not back to full health`);
  if (s.fragPoints !== s.frags.length) problems.push(`${s.fragPoints} frag points for ${s.frags.length} frags`);
  // Figures conserved: on the board, waiting to respawn, killed, or still in an area, exactly once.
  const ids = [...s.figures.map((f) => f.id), ...s.fragged.map((x) => x.figure.id), ...s.killed, ...s.areas.flatMap((a) => a.figures.map((f) => f.id))].sort();
  const want = [...sc.figures, ...(sc.areas ?? []).flatMap((a) => a.figures ?? [])].map((f) => f.id).sort();
  if (ids.join() !== want.join()) problems.push(`figures not conserved: ${ids.join()} vs ${want.join()}`);
  // Tokens: on the board, in an area or picked up, each exactly once.
  const tokens = allTokenIds(s);
  if (tokens.join() !== tokenIds.join()) problems.push(`tokens not conserved: ${tokens.join()} vs ${tokenIds.join()}`);
  if (s.turn && s.done.includes(s.turn.figure)) problems.push(`${s.turn.figure} is on turn but done`);
  return problems;
}

test('500 random doom2004 games: replay equals the live state and invariants hold after every command', () => {
  let games = 0;
  let commands = 0;
  let finished = 0;
  const kindsSeen = new Set<string>();
  const eventsSeen = new Set<string>();
  const started = Date.now();
  for (let seed = 1; games < GAMES; seed++) {
    const sc = randomScenario(seed);
    if (!sc) continue;
    games++;
    const r = rng(seed);
    const g = createGame<D4State>(sc, { seed });
    const tokenIds = allTokenIds(g.state);
    for (let n = 0; n < 300; n++) {
      const legal = legalOrWon(g, `seed ${seed} before command ${n}`);
      if (!legal.length) break;
      // A random kind of command first, then one of that kind: moves would swamp the rest otherwise.
      const kinds = [...new Set(legal.map((c) => c.type))];
      const kind = kinds[Math.floor(r() * kinds.length)];
      const ofKind = legal.filter((c) => c.type === kind);
      const pick = ofKind[Math.floor(r() * ofKind.length)];
      const res = g.apply(pick);
      if (!res.ok) expect(res.ok, `seed ${seed} command ${n} ${JSON.stringify(pick)}: ${res.refusal.message}`).toBe(true);
      if (res.ok) for (const e of res.events) eventsSeen.add(e.type);
      kindsSeen.add(kind);
      commands++;
      const problems = invariantProblems(g.state, sc, tokenIds);
      if (problems.length) expect(problems, `seed ${seed} after ${n} ${JSON.stringify(pick)}`).toEqual([]);
    }
    if (g.state.winner) finished++;
    expect(replay<D4State>(sc, seed, g.history).state, `seed ${seed} replay`).toEqual(g.state);
  }
  console.log(`doom2004 random games: ${games} games, ${commands} commands, ${finished} finished, ${Date.now() - started} ms; commands: ${[...kindsSeen].sort().join(' ')}; events: ${[...eventsSeen].sort().join(' ')}`);
  expect(commands).toBeGreaterThan(20000);
  expect(finished).toBeGreaterThan(200);
  for (const k of ['action', 'activate', 'move', 'attack', 'end', 'end-turn', 'pick-up', 'open-door', 'reroll', 'guard-attack', 'pass', 'respawn', 'heal', 'blow-through']) expect(kindsSeen, k).toContain(k);
}, 900_000);

test('fuzzing bad commands never throws and never changes the state', () => {
  let seed = 3;
  const next = () => {
    let found: Scenario | null = null;
    while (!found) found = randomScenario(seed++);
    return found;
  };
  let sc = next();
  let g = createGame<D4State>(sc, { seed });
  const r = rng(7);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const ids = ['marine-0', 'marine-1', 'zombie-2', 'imp-3', 'demon-3', 'door-1', 'door-2', 't1', 't2', 'red'];
  const junk = () => pick<unknown>([undefined, null, 42, -1, 1.5, 'x', '', true, {}, [], [0, 0], [9, 9, 9], { x: 1 }, { x: 1.5, y: 'a' }, { x: 99, y: 99 }, { x: -1, y: 0 }, { x: 0, y: 0 }, ...ids, ids, 'green', 'blue', 'guard', 'aim', 'sprint', 'pistol', 'fist', 'bfg']);
  const types = ['respawn', 'action', 'activate', 'move', 'attack', 'guard-attack', 'blow-through', 'reroll', 'heal', 'pass', 'open-door', 'close-door', 'pick-up', 'give', 'hop', 'end', 'end-turn', 'fly', 7, null];
  let refused = 0;
  for (let i = 0; i < 3000; i++) {
    let legal = g.legalActions();
    if (!legal.length) {
      // Game over: play on with the next board (a finished game refuses everything, which is tested too).
      expect(g.apply(pick([{ type: 'end-turn' }, { type: 'action', figure: ids[0], action: 'sprint' }])).ok).toBe(false);
      sc = next();
      g = createGame<D4State>(sc, { seed });
      legal = g.legalActions();
    }
    let cmd: unknown;
    const v = r();
    if (v < 0.6) {
      cmd = { type: pick(types), figure: junk(), target: junk(), to: junk(), weapon: junk(), action: junk(), order: junk(), door: junk(), token: junk(), dice: junk(), drop: junk(), side: junk(), aimed: junk(), adrenaline: junk(), ammo: junk() };
    } else if (v < 0.8) {
      const c = pick(legal);
      cmd = { ...c, [pick(['figure', 'target', 'to', 'weapon', 'dice', 'door', 'side'])]: junk() };
    } else if (v < 0.85) cmd = pick<unknown>([null, 5, 'end', [], { type: 1 }, { type: 'attack' }]);
    else cmd = pick(legal);
    if (!applyChecked(g, cmd)) refused++;
  }
  expect(refused).toBeGreaterThan(1500);
});
