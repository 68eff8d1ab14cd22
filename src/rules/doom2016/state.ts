/**
 * Setting up a doom2016 game from a validated scenario (RULES §2): decks, hands, demon cards,
 * event deck, tokens and mission settings; and the grid core's view of a state.
 */
import { parseBoard } from '../../core/board-input.ts';
import { Board } from '../../core/board.ts';
import type { BoardData } from '../../core/types.ts';
import { deepFreeze, type DataSet } from '../../data/index.ts';
import { ScenarioError, joinPath } from '../../scenario/validate.ts';
import type { Scenario } from '../../scenario/types.ts';
import { seedRng, shuffle } from '../rng.ts';
import { drawTo } from './cards.ts';
import { startStatusPhase } from './round.ts';
import type { Doom2016Data, Doom2016State, MarineRecord, Token } from './types.ts';

const REQUIRED = ['units', 'dice', 'actionCards', 'eventCards'] as const;
const OPTIONAL = ['invasionCards', 'gloryKillCards', 'classCards', 'squadCards'] as const;
const MISSION_KEYS = ['invasion', 'summon', 'demonsOpenDoors', 'argentAbilities', 'eventSets', 'demonCards'];
const TOKEN_KINDS = ['medkit', 'weapon', 'portal'];

/** "Rocket Launcher" → "rocket-launcher": how weapon tokens name their set. */
export const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export const isMarineUnit = (s: Doom2016State, type: string) => Array.isArray(s.data.units[type]?.deck);

export function initDoom2016(scenario: Scenario, sets: Record<string, DataSet>, seed: number): Doom2016State {
  const problems: string[] = [];
  const fail = (path: string, message: string) => problems.push(`${path}: ${message}`);
  for (const role of REQUIRED) if (!sets[role]) fail(`data.${role}`, `doom2016 needs a ${role} data set`);
  if (problems.length) throw new ScenarioError(problems);
  const entries = (role: string) => (sets[role]?.entries ?? {}) as never;
  const data: Doom2016Data = {
    units: entries('units'), dice: entries('dice'), actionCards: entries('actionCards'), eventCards: entries('eventCards'),
    invasionCards: entries('invasionCards'), gloryKillCards: entries('gloryKillCards'), classCards: entries('classCards'), squadCards: entries('squadCards'),
  };
  void OPTIONAL;

  if (scenario.sides.length !== 2) fail('sides', 'doom2016 is played by two sides: the marines (first) and the invader (second)');
  const [marineSide, invaderSide] = scenario.sides;
  const mission = scenario.mission ?? {};
  for (const k of Object.keys(mission)) if (!MISSION_KEYS.includes(k)) fail(joinPath('mission', k), `unknown doom2016 setting (known: ${MISSION_KEYS.join(', ')})`);

  const rng = seedRng(seed);
  const marines: Record<string, MarineRecord> = {};
  const marineFigures = scenario.figures.filter((f) => f.side === marineSide);
  const squad = Object.entries(data.squadCards).filter(([, c]) => c.marines === marineFigures.length);
  scenario.figures.forEach((f, i) => {
    const unit = data.units[f.type];
    const isMarine = Array.isArray(unit?.deck);
    if (f.side === marineSide && !isMarine) return fail(`figures[${i}].type`, `${f.type} is not a marine (its unit data has no deck)`);
    if (f.side !== marineSide && isMarine) return fail(`figures[${i}].type`, `${f.type} is a marine on the invader's side`);
    if (!isMarine && (!unit.attack || typeof unit.speed !== 'number')) return fail(`figures[${i}].type`, `demon ${f.type} needs speed and attack in its unit data`);
    if (!isMarine) return;
    const deck = Array.isArray(f.state?.deck) ? (f.state.deck as string[]) : unit.deck!;
    deck.forEach((c, k) => {
      if (!Object.hasOwn(data.actionCards, c)) fail(Array.isArray(f.state?.deck) ? `figures[${i}].state.deck[${k}]` : `data.units.${f.type}.deck[${k}]`, `unknown action card ${JSON.stringify(c)}`);
    });
    const classCard = typeof f.state?.class === 'string' ? f.state.class : null;
    if (classCard !== null && !Object.hasOwn(data.classCards, classCard)) fail(`figures[${i}].state.class`, `unknown class card ${JSON.stringify(classCard)}`);
    const mine = squad.filter(([, c]) => c.each || marineFigures[0].id === f.id).map(([k]) => k);
    const bonus = (key: 'handSize' | 'health') => mine.reduce((n, k) => n + (data.squadCards[k][key] ?? 0), 0);
    marines[f.id] = {
      type: f.type,
      deck: shuffle(rng, [...deck]),
      hand: [],
      discard: [],
      played: [],
      handSize: (unit.handSize ?? 3) + bonus('handSize'),
      health: unit.health + bonus('health'),
      classCard,
      classExhausted: false,
      squad: mine,
      dead: false,
    };
  });

  const tokens: Token[] = (scenario.tokens ?? []).map((t, i) => {
    if (!TOKEN_KINDS.includes(t.kind)) fail(`tokens[${i}].kind`, `doom2016 has no ${JSON.stringify(t.kind)} token (known: ${TOKEN_KINDS.join(', ')})`);
    if (t.kind === 'weapon' && !Object.values(data.actionCards).some((c) => slug(c.set) === t.weapon)) {
      fail(`tokens[${i}].weapon`, `no action-card set named ${JSON.stringify(t.weapon)}`);
    }
    if (t.kind === 'portal' && typeof t.color !== 'string') fail(`tokens[${i}].color`, 'a portal needs a color');
    return { ...t, id: t.id ?? `${t.kind}@${t.x},${t.y}` };
  });

  const invasion = typeof mission.invasion === 'string' ? mission.invasion : (Object.keys(data.invasionCards)[0] ?? null);
  if (invasion !== null && !Object.hasOwn(data.invasionCards, invasion)) fail('mission.invasion', `unknown invasion card ${JSON.stringify(invasion)}`);
  const eventSets = Array.isArray(mission.eventSets) ? (mission.eventSets as string[]) : null;
  const eventDeck = Object.keys(data.eventCards).filter((k) => eventSets === null || eventSets.includes(data.eventCards[k].set));
  if (eventSets) eventSets.forEach((set, k) => Object.values(data.eventCards).some((c) => c.set === set) || fail(`mission.eventSets[${k}]`, `no event cards of set ${JSON.stringify(set)}`));

  const demonCards: Doom2016State['demonCards'] = {};
  const listed = (mission.demonCards ?? {}) as Record<string, string>;
  for (const [type, face] of Object.entries(listed)) {
    if (!data.units[type] || Array.isArray(data.units[type].deck)) fail(joinPath('mission.demonCards', type), `${type} is not a demon of the units data`);
    demonCards[type] = { ready: true, faceUp: face === 'up', argent: 0 };
  }
  for (const f of scenario.figures) if (f.side === invaderSide) demonCards[f.type] = { ready: true, faceUp: true, argent: 0 };
  if (problems.length) throw new ScenarioError(problems);

  const figures = scenario.figures.map((f) => ({ id: f.id, side: f.side, type: f.type, x: f.x, y: f.y, w: f.w ?? 1, h: f.h ?? 1, damage: Number(f.state?.damage ?? 0), stunned: f.state?.stunned === true }));
  const board = parseBoard({ ruleset: 'doom2016', map: scenario.map, edges: scenario.edges, figures: [] });
  const inactiveTeleporters: number[] = [];
  scenario.map.forEach((row, y) => [...row].forEach((ch, x) => ch === 'i' && inactiveTeleporters.push(y * board.width + x)));

  deepFreeze(data);
  const s: Doom2016State = {
    ruleset: 'doom2016',
    rng,
    board: { width: board.width, height: board.height, cells: [...board.cells], hEdges: [...board.hEdges], vEdges: [...board.vEdges] },
    data,
    marineSide,
    invaderSide,
    figures,
    marines,
    demonCards,
    invader: { deck: shuffle(rng, eventDeck), hand: [], discard: [], kills: 0, invasion, invasionArgent: 0 },
    glory: { deck: shuffle(rng, Object.keys(data.gloryKillCards)), discard: [] },
    tokens,
    inactiveTeleporters,
    mission: {
      summon: mission.summon === 'first-door' ? 'first-door' : 'never',
      demonsOpenDoors: mission.demonsOpenDoors !== false,
      argentAbilities: mission.argentAbilities !== false,
    },
    objectives: (scenario.objectives ?? []).map((o) => ({ ...o })),
    doorsOpened: 0,
    round: 1,
    phase: 'status',
    initiative: { deck: [], discard: [] },
    active: null,
    pending: null,
    winner: null,
  };
  for (const id of Object.keys(marines)) drawTo(s, id);
  startStatusPhase(s, []);
  return s;
}

/**
 * The grid core's view of the state, shared and only to be queried, never changed: the board of the
 * last call while the map and the figures (ids, sides, order) are the same, its figures moved to
 * where the state has them. The legal commands, a move's path and an attack's sight each built a
 * board of their own (an upload and the core's derived tables): a third of the autopilot's rollouts.
 */
export function queryBoardOf(s: Doom2016State): Board {
  const { cells, hEdges, vEdges } = s.board;
  let ids = s.marineSide;
  for (const f of s.figures) ids += `\u0000${f.id}\u0001${f.side}`;
  const last = shared;
  if (last && last.ids === ids && same(last.cells, cells) && same(last.hEdges, hEdges) && same(last.vEdges, vEdges)) {
    try {
      s.figures.forEach((f, i) => {
        const at = last.at;
        const k = i * 4;
        const w = at[k + 2];
        const h = at[k + 3];
        if (at[k] === f.x && at[k + 1] === f.y && w === f.w && h === f.h) return;
        if ((w !== f.w || h !== f.h) && (w !== f.h || h !== f.w)) throw new Error('resized');
        last.board.moveFigure(i, f.x, f.y, w !== f.w);
        at[k] = f.x;
        at[k + 1] = f.y;
        at[k + 2] = f.w;
        at[k + 3] = f.h;
      });
      return last.board;
    } catch {
      // A move the board refuses on the way (two figures swapping places): built again below.
      shared = null;
    }
  }
  const board = boardOf(s);
  shared = { board, ids, at: Int32Array.from(s.figures.flatMap((f) => [f.x, f.y, f.w, f.h])), cells: Uint8Array.from(cells), hEdges: Uint8Array.from(hEdges), vEdges: Uint8Array.from(vEdges) };
  return board;
}
let shared: { board: Board; ids: string; at: Int32Array; cells: Uint8Array; hEdges: Uint8Array; vEdges: Uint8Array } | null = null;
function same(a: Uint8Array, b: number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The grid core's view of the state (marines use active teleporters); a board of its own, which the caller may change. */
export function boardOf(s: Doom2016State, without: string[] = []): Board {
  const data: BoardData = {
    ruleset: 'doom2016',
    width: s.board.width,
    height: s.board.height,
    cells: Uint8Array.from(s.board.cells),
    hEdges: Uint8Array.from(s.board.hEdges),
    vEdges: Uint8Array.from(s.board.vEdges),
    figures: s.figures.filter((f) => !without.includes(f.id)).map(({ id, side, x, y, w, h }) => ({ id, side, x, y, w, h, teleports: side === s.marineSide })),
  };
  return Board.fromData(data);
}
