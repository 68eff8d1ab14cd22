/**
 * Handicaps for the balance checks (issue 23, item 6): a scenario variation a solo player can set up
 * at the table, written as a short spec so a bench row names exactly what it measured.
 *
 * A spec is a comma-separated list of parts:
 *  - `kills+N`   doom2016: the invader needs N more kill tokens, for every number of marines;
 *  - `frags+N`   doom2004: the invader needs N more frag points;
 *  - `without:ID` removes the figure ID (on the board, or waiting in an unexplored area);
 *  - `swap:ID=TYPE` makes the figure ID a TYPE (same place and id; the footprint must still fit).
 * The rules' numbers are untouched: only the scenario's objectives and cast change.
 */
import type { Scenario } from '../src/scenario/types.ts';

type Part = { text: string; applies(s: Scenario): boolean; apply(s: Scenario): void };

interface Objective { kind: string; kills?: Record<string, number>; frags?: number }
interface Area { figures?: { id: string }[] }

const objectivesOf = (s: Scenario) => ((s as unknown as { objectives?: Objective[] }).objectives ?? []);
const areasOf = (s: Scenario) => ((s as unknown as { areas?: Area[] }).areas ?? []);

function part(text: string): Part {
  const kills = /^kills\+(\d+)$/.exec(text);
  if (kills) {
    const n = Number(kills[1]);
    const objective = (s: Scenario) => objectivesOf(s).find((o) => o.kind === 'kills' && o.kills);
    return {
      text,
      applies: (s) => s.ruleset === 'doom2016' && !!objective(s),
      apply: (s) => {
        const o = objective(s)!;
        o.kills = Object.fromEntries(Object.entries(o.kills!).map(([marines, needed]) => [marines, needed + n]));
      },
    };
  }
  const frags = /^frags\+(\d+)$/.exec(text);
  if (frags) {
    const n = Number(frags[1]);
    // RULES §3 and the engine's default: 6 frag points when the objective names no number.
    const objective = (s: Scenario) => objectivesOf(s).find((o) => o.kind === 'frags');
    return {
      text,
      applies: (s) => s.ruleset === 'doom2004' && !!objective(s),
      apply: (s) => {
        const o = objective(s)!;
        o.frags = (o.frags ?? 6) + n;
      },
    };
  }
  const without = /^without:(.+)$/.exec(text);
  if (without) {
    const id = without[1];
    const holds = (s: Scenario) => s.figures.some((f) => f.id === id) || areasOf(s).some((a) => a.figures?.some((f) => f.id === id));
    return {
      text,
      applies: holds,
      apply: (s) => {
        s.figures = s.figures.filter((f) => f.id !== id);
        for (const a of areasOf(s)) if (a.figures) a.figures = a.figures.filter((f) => f.id !== id);
      },
    };
  }
  const swap = /^swap:([^=]+)=(.+)$/.exec(text);
  if (swap) {
    const [, id, type] = swap;
    const figuresOf = (s: Scenario) => [...s.figures, ...areasOf(s).flatMap((a) => (a.figures ?? []) as Scenario['figures'])];
    return {
      text,
      applies: (s) => figuresOf(s).some((f) => f.id === id),
      apply: (s) => {
        for (const f of figuresOf(s)) if (f.id === id) f.type = type;
      },
    };
  }
  throw new Error(`unknown handicap ${JSON.stringify(text)} (kills+N, frags+N, without:ID, swap:ID=TYPE)`);
}

export const handicapParts = (spec: string): Part[] => spec.split(',').map((t) => t.trim()).filter(Boolean).map(part);

/** A copy of the scenario with every part of the spec that applies to it; `applied` names those parts. */
export function withHandicap(scenario: Scenario, spec: string): { scenario: Scenario; applied: string[] } {
  const copy = structuredClone(scenario);
  const applied: string[] = [];
  for (const p of handicapParts(spec)) {
    if (!p.applies(copy)) continue;
    p.apply(copy);
    applied.push(p.text);
  }
  return { scenario: copy, applied };
}
