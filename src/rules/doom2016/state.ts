/**
 * Setting up a doom2016 game from a validated scenario (RULES §2): decks, hands, demon cards,
 * event deck, tokens and mission settings. (The grid core's view of a state is board.ts.)
 */
import { parseBoard } from '../../core/board-input.ts';
import type { DataSet } from '../../data/index.ts';
import { deepFreeze } from '../../data/freeze.ts';
import { ScenarioError, joinPath } from '../../scenario/validate.ts';
import type { Scenario } from '../../scenario/types.ts';
import { seedRng, shuffle } from '../rng.ts';
import { drawTo } from './cards.ts';
import { startStatusPhase } from './round.ts';
import type { Doom2016Data, Doom2016State, MarineRecord, Token } from './types.ts';

export { boardOf, queryBoardOf } from './board.ts';

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
  for (const role of REQUIRED) if (!sets[role]) fail(`data.${role}`, `doom2016 needs the ${role} data set: a bundled set's name (README, Scenario format) or the set inline`);
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
