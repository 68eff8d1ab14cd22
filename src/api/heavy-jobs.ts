/**
 * The heavy requests' computations, written once: the app runs them in process (msw, the browser)
 * and the Node server's worker threads run the very same functions (src/server/heavy-worker.ts).
 * A job and its answer are plain data (structured-clone safe); a refusal is an ApiError.
 */
import { Board, BoardError, loadCore, type BoardInput } from '../core/index.ts';
import { createGame, loadRuleset } from '../rules/index.ts';
import { ScenarioError, type Scenario } from '../scenario/index.ts';
import { attackOdds, gameHints, type HintQuery } from './ai.ts';
import type { LiveGame } from './games.ts';
import { ApiError, problemAt } from './problem.ts';
import type { components } from './schema.d.ts';
import type { GameRecord, StoredEntry } from './store.ts';

type Schemas = components['schemas'];

/** A live game as sent to a worker: its record and log (no events; the worker replays the commands). */
export interface GameLog {
  record: GameRecord;
  entries: StoredEntry[];
}

export type HeavyJob =
  | { kind: 'hints'; side: string; query: HintQuery; game?: GameLog }
  | { kind: 'odds'; scenario: Scenario; request: Schemas['OddsRequest'] }
  | { kind: 'sight-map'; scenario: Scenario; figure: string }
  | { kind: 'reach'; scenario: Scenario; request: Schemas['ReachRequest'] };

interface Results {
  hints: Schemas['Hints'];
  odds: Schemas['AttackOddsResult'];
  'sight-map': Schemas['SightMap'];
  reach: Schemas['Reach'];
}
export type HeavyResult<J extends HeavyJob> = Results[J['kind']];

export async function boardOf(scenario: Scenario): Promise<Board> {
  await loadCore();
  const input: BoardInput = {
    ruleset: scenario.ruleset,
    map: scenario.map,
    edges: (scenario.edges ?? []).map(({ from, to, kind }) => ({ from, to, kind })),
    figures: scenario.figures.map((f) => ({
      id: f.id, side: f.side, x: f.x, y: f.y, w: f.w ?? 1, h: f.h ?? 1,
      ...(scenario.ruleset === 'doom2016' && f.side === 'marines' ? { teleports: true } : {}),
    })),
  };
  return Board.create(input);
}

/** Board queries report a bad figure id or MP as 422 naming the field. */
export function geometry<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof BoardError) throw new ApiError(422, 'invalid-query', e.message, { rule: 'board', problems: e.problems.map((t) => problemAt('/body', t)) });
    throw e;
  }
}

/** Games a worker has replayed, by id, so a follow-up hints request replays only the new entries. */
const replayed = new Map<string, LiveGame>();
const REPLAYED_GAMES = 32;

/** A live game rebuilt from its record and log, reusing (and extending) an earlier replay of it. */
async function liveFrom(g: GameLog): Promise<LiveGame> {
  let live = replayed.get(g.record.id);
  // A log only grows (an undo is an entry too); a shorter one is another game with the same id.
  if (!live || live.log.length > g.entries.length || live.record.createdAt !== g.record.createdAt) {
    await Promise.all([loadCore(), loadRuleset(g.record.scenario.ruleset)]);
    live = { record: g.record, game: createGame(g.record.scenario, { seed: g.record.seed }), log: [], sides: [], listeners: new Set(), queue: Promise.resolve() };
  }
  for (const e of g.entries.slice(live.log.length)) {
    if (e.kind === 'command') {
      const r = live.game.apply(e.command!);
      if (!r.ok) throw new Error(`game ${g.record.id}: command ${e.version} was refused on replay (${r.refusal.message})`);
      live.log.push({ ...e, events: r.events });
    } else {
      if (!live.game.undo()) throw new Error(`game ${g.record.id}: undo ${e.version} had nothing to undo`);
      live.log.push({ ...e });
    }
  }
  replayed.delete(g.record.id);
  replayed.set(g.record.id, live);
  if (replayed.size > REPLAYED_GAMES) replayed.delete(replayed.keys().next().value!);
  return live;
}

const cannotStart = (e: unknown): never => {
  if (e instanceof ScenarioError) throw new ApiError(422, 'cannot-start', 'the rules cannot start this scenario', { rule: 'createGame', problems: e.problems.map((t) => problemAt('/body/scenario', t)) });
  if (e instanceof Error && /^createGame/.test(e.message)) throw new ApiError(422, 'cannot-start', e.message, { rule: 'createGame' });
  throw e;
};

/** The answer to one heavy job; `live` (in process) saves the replay of a hints job's game. */
export async function runJob<J extends HeavyJob>(job: J, live?: LiveGame): Promise<HeavyResult<J>> {
  const j = job as HeavyJob;
  switch (j.kind) {
    case 'hints': {
      const game = live ?? (j.game ? await liveFrom(j.game) : null);
      if (!game) throw new Error('a hints job needs its game');
      return gameHints(game, j.side, j.query) as HeavyResult<J>;
    }
    case 'odds':
      await loadCore();
      return (await attackOdds(j.scenario, j.request).catch(cannotStart)) as HeavyResult<J>;
    case 'sight-map': {
      const board = await boardOf(j.scenario);
      const m = geometry(() => board.sightMap(j.figure));
      const { width, height } = board.data;
      return { figure: j.figure, width, height, los: Array.from(m.los) as (0 | 1)[], cover: Array.from(m.cover) as (0 | 1)[], range: Array.from(m.range) } as HeavyResult<J>;
    }
    case 'reach': {
      const q = j.request;
      const board = await boardOf(j.scenario);
      const m = geometry(() => board.reach(q.figure, q.mp));
      const paths = (q.to ?? []).map((t) => {
        const to = { x: t.x, y: t.y, o: t.o ?? 0 };
        const p = board.path(q.figure, q.mp, to);
        return p ? { to, cost: p.cost, steps: p.steps } : null;
      });
      return {
        figure: q.figure, mp: q.mp, width: m.width, height: m.height, orientations: m.orientations as 1 | 2,
        cost: Array.from(m.cost), end: Array.from(m.end) as (0 | 1)[], paths,
      } as HeavyResult<J>;
    }
  }
}
