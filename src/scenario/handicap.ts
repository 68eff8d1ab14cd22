/**
 * Handicaps (issue 23, item 6): a variation of a scenario that a solo player can take against the
 * autopilot, written as a short spec so that a page, a request and a bench row name exactly what
 * they play. The rules' numbers are untouched: only the scenario's objectives and cast change.
 *
 * A spec is a comma-separated list of parts:
 *  - `kills+N`      doom2016: the invader needs N more kill tokens, for every number of marines;
 *  - `frags+N`      doom2004: the invader needs N more frag points;
 *  - `without:ID`   the figure ID is left out (on the board, or waiting in an unexplored area);
 *  - `swap:ID=TYPE` the figure ID is a TYPE (same place and id; the footprint must still fit).
 * docs/scenarios.md lists the handicap measured for each bundled scenario (`RECOMMENDED_HANDICAPS`).
 */
import type { Scenario, ScenarioFigure } from './types.ts';

/** A spec that cannot be read (`unreadable`), or a part that does not apply to the scenario; `part` names it. */
export class HandicapError extends Error {
  constructor(readonly part: string, message: string, readonly unreadable = true) {
    super(`handicap ${JSON.stringify(part)}: ${message}`);
    this.name = 'HandicapError';
  }
}

/** Bounds on what a client may send (a spec is also a request field). */
export const HANDICAP_LIMITS = { length: 200, parts: 16 } as const;

const ID = '[A-Za-z0-9_.-]{1,64}';
const PARTS: [RegExp, string][] = [
  [/^kills\+(\d{1,2})$/, 'kills'],
  [/^frags\+(\d{1,2})$/, 'frags'],
  [new RegExp(`^without:(${ID})$`), 'without'],
  [new RegExp(`^swap:(${ID})=(${ID})$`), 'swap'],
];

export interface HandicapPart {
  /** The part as written, e.g. `kills+3`. */
  text: string;
  kind: 'kills' | 'frags' | 'without' | 'swap';
  /** kills / frags: how many more; without / swap: the figure id. */
  n: number;
  id: string;
  /** swap: the new type. */
  type: string;
}

/** The parts of `spec`, each checked; a HandicapError names the first that cannot be read. */
export function parseHandicap(spec: string): HandicapPart[] {
  if (spec.length > HANDICAP_LIMITS.length) throw new HandicapError(spec.slice(0, 24) + '…', `longer than ${HANDICAP_LIMITS.length} characters`);
  const texts = spec.split(',').map((t) => t.trim()).filter(Boolean);
  if (texts.length > HANDICAP_LIMITS.parts) throw new HandicapError(texts[HANDICAP_LIMITS.parts], `more than ${HANDICAP_LIMITS.parts} parts`);
  return texts.map((text) => {
    for (const [re, kind] of PARTS) {
      const m = re.exec(text);
      if (!m) continue;
      const counted = kind === 'kills' || kind === 'frags';
      return { text, kind: kind as HandicapPart['kind'], n: counted ? Number(m[1]) : 0, id: counted ? '' : m[1], type: m[2] ?? '' };
    }
    throw new HandicapError(text, 'not one of kills+N, frags+N (N up to 99), without:ID, swap:ID=TYPE');
  });
}

interface KillsObjective { kind: string; kills?: Record<string, number>; frags?: number }
interface Area { figures?: ScenarioFigure[] }
const objectivesOf = (s: Scenario) => ((s as unknown as { objectives?: KillsObjective[] }).objectives ?? []);
const areasOf = (s: Scenario) => ((s as unknown as { areas?: Area[] }).areas ?? []);
const castOf = (s: Scenario) => [...s.figures, ...areasOf(s).flatMap((a) => a.figures ?? [])];

/** Why `p` does not apply to `s`, or null when it does. */
function misfit(s: Scenario, p: HandicapPart): string | null {
  switch (p.kind) {
    case 'kills':
      return s.ruleset === 'doom2016' && objectivesOf(s).some((o) => o.kind === 'kills' && o.kills) ? null : 'the scenario has no doom2016 kill-token objective';
    case 'frags':
      return s.ruleset === 'doom2004' && objectivesOf(s).some((o) => o.kind === 'frags') ? null : 'the scenario has no doom2004 frag-point objective';
    default:
      return castOf(s).some((f) => f.id === p.id) ? null : `the scenario has no figure ${p.id}`;
  }
}

function applyPart(s: Scenario, p: HandicapPart): void {
  switch (p.kind) {
    case 'kills': {
      const o = objectivesOf(s).find((x) => x.kind === 'kills' && x.kills)!;
      o.kills = Object.fromEntries(Object.entries(o.kills!).map(([marines, needed]) => [marines, needed + p.n]));
      return;
    }
    case 'frags': {
      // RULES §3 and the engine's default: 6 frag points when the objective names no number.
      const o = objectivesOf(s).find((x) => x.kind === 'frags')!;
      o.frags = (o.frags ?? 6) + p.n;
      return;
    }
    case 'without':
      s.figures = s.figures.filter((f) => f.id !== p.id);
      for (const a of areasOf(s)) if (a.figures) a.figures = a.figures.filter((f) => f.id !== p.id);
      return;
    case 'swap':
      for (const f of castOf(s)) if (f.id === p.id) f.type = p.type;
  }
}

/** A copy of `scenario` with every part of `spec` that applies to it; `applied` names those parts (the bench's rows across scenarios). */
export function withHandicap(scenario: Scenario, spec: string): { scenario: Scenario; applied: string[] } {
  const copy = structuredClone(scenario);
  const applied: string[] = [];
  for (const p of parseHandicap(spec)) {
    if (misfit(copy, p) !== null) continue;
    applyPart(copy, p);
    applied.push(p.text);
  }
  return { scenario: copy, applied };
}

/**
 * A copy of `scenario` with the handicap `spec`, its title saying so; a HandicapError names a part
 * that cannot be read or does not apply (a typo must not pass for a handicap taken). The result is
 * a plain scenario: validate it as any other, and a game on it replays from its seed and commands.
 */
export function applyHandicap(scenario: Scenario, spec: string): Scenario {
  const parts = parseHandicap(spec);
  const copy = structuredClone(scenario);
  for (const p of parts) {
    const why = misfit(copy, p);
    if (why !== null) throw new HandicapError(p.text, why, false);
    applyPart(copy, p);
  }
  if (parts.length && copy.title) copy.title = `${copy.title}, handicap ${parts.map((p) => p.text).join(',')}`;
  return copy;
}

/**
 * The handicap measured for each bundled game scenario (docs/scenarios.md, bench/RESULTS.md): the
 * side a solo player takes, and the spec with which the autopilot's players on both sides are
 * about even (35–65%; '' — none — where the scenario is even as bundled). `strong`: the spec
 * against the opponent's `strong` strength, where it plays differently (doom2004). A person who
 * knows the game may start lower; these are the autopilot's.
 */
export const RECOMMENDED_HANDICAPS: Readonly<Record<string, { side: string; spec: string; strong?: string }>> = {
  'doom2016-tutorial': { side: 'marines', spec: 'kills+2' },
  'doom2004-skirmish': { side: 'marines', spec: '', strong: '' },
  'd20-skirmish': { side: 'alliance', spec: 'without:heavy,without:heavy-2' },
};
