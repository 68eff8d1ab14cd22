/**
 * Hints for the doom2004 decisions that are not a turn's moves and attacks (issue 23: "plans cover
 * every legal command kind"):
 * - the dice to re-roll (an aiming attacker, or a dodging marine forcing the attacker's re-roll): the
 *   expected value of each set of dice, exactly as the odds and the autopilot choose (wounds capped
 *   at what kills, plus the kill; doom2004-best-set.ts), highest first for the attacker, lowest for
 *   the dodging marine;
 * - a guard's interrupt: each guard attack with its exact odds, against passing;
 * - a fragged marine's respawn: each space played on a copy and scored by the marine's best plan
 *   from there (lookahead.ts), of spaces spread from the nearest to an enemy to the farthest (RULES
 *   §3 gives 8–16 spaces from where it fell: up to 80 choices).
 */
import { profileOf, sightOf, targetRefusal, usableWeapons } from '../../rules/doom2004/attack.ts';
import { cellBits, cellsOf, hiddenCells, type D4Figure, type D4State } from '../../rules/doom2004/state.ts';
import { Cell as CellBits } from '../../core/types.ts';
import { respawnSpaces } from '../../rules/doom2004/turn.ts';
import type { Command } from '../../rules/types.ts';
import { diceToReroll, doom2004Odds, rerollRuleOf } from '../odds/doom2004.ts';
import { bestSetFits, cachedBestSetTable, subsetValue } from '../odds/doom2004-best-set.ts';
import { doom2004SpecOf } from '../odds/doom2004-state.ts';
import { lookaheadPlans, type Choice, type SituationOf } from './lookahead.ts';
import type { HintOptions, Plan } from './plan.ts';
import { cellName, wordsOf, type Names } from './words.ts';

/**
 * Respawn spaces looked at, spread from the nearest to an enemy to the farthest. Each costs a plan
 * ranking: 4 take p50 6.4 ms, p95 17 ms in Node on the skirmish's respawns (8 took p95 48 ms); it
 * runs in the page, as the AI worker does not carry the doom2004 rules.
 */
export const RESPAWN_LOOKED_AT = 4;

const noExposure = () => ({ expected: 0, death: 0, attackers: [] });

export function doom2004ChoicePlans(s: D4State, situationOf: SituationOf, figure: string | undefined, o: HintOptions): Plan[] | null {
  if (s.winner !== null) return null;
  if (s.pending) return figure === undefined || figure === s.pending.by ? rerollPlans(s) : null;
  if (s.window) return guardPlans(s, figure, o.names);
  if (s.turn || s.phase !== 'marines') return null;
  const fragged = s.fragged.filter((x) => !s.done.includes(x.figure.id) && (figure === undefined || x.figure.id === figure));
  if (!fragged.length) return null;
  const W = s.board.width;
  const id = fragged[0].figure.id;
  const spaces = respawnSpaces(s, fragged[0]).map((i): Command => ({ type: 'respawn', figure: id, to: { x: i % W, y: Math.floor(i / W) } }));
  return lookaheadPlans(s, respawnChoices(s, spaces, o.names), situationOf, o);
}

function rerollPlans(s: D4State): Plan[] {
  const p = s.pending!;
  const f = s.figures.find((g) => g.id === p.attack.attacker);
  if (!f) return [];
  const spec = { ...doom2004SpecOf(s, f, p.attack.weapon, p.attack.target, { range: p.attack.range, aimed: p.stage === 'aim' }), reroll: p.stage };
  const shown = p.faces.map((k, i) => spec.dice[i].faces[k]);
  const name = (i: number) => {
    const face = shown[i];
    const what = face.miss ? 'a miss' : [face.range ? `${face.range} range` : '', face.damage ? `${face.damage} damage` : ''].filter(Boolean).join(', ') || 'a blank';
    return `the ${spec.dice[i].colour} die (${what})`;
  };
  const attacker = p.stage === 'aim';
  // The chooser's own rule decides; where the best set is not computed (more dice than the data has), that rule's one choice.
  const chosen = diceToReroll(spec, p.faces);
  const table = rerollRuleOf(spec) === 'best-set' && bestSetFits(spec) ? cachedBestSetTable(spec) : null;
  const n = p.faces.length;
  const plans: Plan[] = [];
  for (let mask = 0; mask < 1 << n; mask++) {
    const dice = [...Array(n).keys()].filter((i) => (mask >> i) & 1);
    const same = dice.length === chosen.length && dice.every((d, i) => d === chosen[i]);
    if (!table && !same && mask !== 0) continue;
    const value = table ? subsetValue(table, mask, shown.map((x) => !!x.miss), shown.map((x) => (x.miss ? 0 : x.range ?? 0)), shown.map((x) => (x.miss ? 0 : x.damage ?? 0))) : null;
    const words = dice.length ? `Re-roll ${dice.map(name).join(' and ')}` : 'Re-roll nothing';
    plans.push({
      figure: p.by, to: null, option: 'reroll', target: null, odds: null, exposure: noExposure(),
      commands: [{ type: 'reroll', figure: p.by, dice }],
      // Of equals, the fewest dice (the odds' tie rule); without a table, the rule's choice first.
      score: (value === null ? (same ? 1 : 0) : attacker ? value : -value) - dice.length * 1e-9,
      exact: value !== null,
      reason: `${words}: ${value === null ? (same ? 'the per-die rule\'s choice' : 'no re-roll') : `${value.toFixed(2)} expected (wounds ${attacker ? 'dealt' : 'taken'}, a kill counting one more)`}${attacker ? '' : ', the attacker re-rolls them'}`,
    });
  }
  return plans.sort((a, b) => b.score - a.score);
}

/** The guard attacks `f` may make now: on an invader's space or a barrel (the rules' checks, as rules.ts lists them). */
function guardAttacks(s: D4State, f: D4Figure): Command[] {
  const hidden = hiddenCells(s);
  const W = s.board.width;
  const barrels: [number, number][] = [];
  for (let i = 0; i < W * s.board.height; i++) if (cellBits(s, i) & CellBits.barrel) barrels.push([i % W, Math.floor(i / W)]);
  const spaces = [...s.figures.filter((g) => !g.marine).flatMap((g) => cellsOf(g)), ...barrels];
  return usableWeapons(s, f).flatMap((w) => {
    const p = profileOf(s, f, w);
    const sight = sightOf(s, f, p.has('seeking'));
    return spaces
      .map(([x, y]) => ({ x, y }))
      .filter((target) => typeof targetRefusal(s, f, p, target, sight, hidden) === 'number')
      .map((target): Command => ({ type: 'guard-attack', figure: f.id, target, ...(f.marine ? { weapon: w } : {}) }));
  });
}

function guardPlans(s: D4State, figure: string | undefined, names?: Names): Plan[] {
  const plans: Plan[] = [];
  const guards = s.figures.filter((g) => g.marine && g.order === 'guard' && (figure === undefined || g.id === figure));
  if (!guards.length) return plans;
  for (const f of guards) {
    for (const c of guardAttacks(s, f)) {
      const target = c.target as { x: number; y: number };
      const spec = doom2004SpecOf(s, f, (c.weapon as string | undefined) ?? null, target);
      const odds = doom2004Odds(spec);
      let score = 0;
      spec.victims.forEach((id, i) => {
        const v = s.figures.find((g) => g.id === id);
        const o = odds.targets[i];
        if (!v || !o) return;
        // Wounds and the kill, on an enemy for, on a marine (a blast, a barrel) against.
        score += (v.side === f.side ? -1 : 1) * (o.expected + o.kill);
      });
      const victim = spec.victims[0] !== undefined ? wordsOf(s, names).name(spec.victims[0]) : cellName(target.x, target.y);
      plans.push({
        figure: f.id, to: null, option: (c.weapon as string | undefined) ?? 'attack', target: spec.victims[0] ?? null, odds, exposure: noExposure(), commands: [c], score,
        exact: !spec.estimate,
        reason: `Interrupt with a guard attack on ${victim}${c.weapon ? ` with the ${c.weapon}` : ''}: ${Math.round(odds.hit * 100)}% to hit, ${odds.expected.toFixed(1)} wounds expected, ${Math.round(odds.kill * 100)}% to kill`,
      });
    }
  }
  plans.push({
    figure: figure ?? guards[0].id, to: null, option: null, target: null, odds: null, exposure: noExposure(), commands: [{ type: 'pass', side: s.marineSide }], score: 0, exact: true,
    reason: 'Pass: the guard order stays for a later interrupt',
  });
  return plans.sort((a, b) => b.score - a.score);
}

/**
 * The respawn spaces looked at (the rules give 8–16 spaces from where the marine fell: up to 80, each
 * a plan ranking): RESPAWN_LOOKED_AT of them spread evenly over the distance to the nearest enemy,
 * from the nearest (an attack at once, and exposure) to the farthest (safety); ties by the rules' order.
 */
function respawnChoices(s: D4State, commands: Command[], names?: Names): Choice[] {
  const enemies = s.figures.filter((g) => !g.marine);
  const near = (c: Command) => {
    const at = c.to as { x: number; y: number };
    return enemies.reduce((d, g) => Math.min(d, Math.max(Math.abs(g.x - at.x), Math.abs(g.y - at.y))), Infinity);
  };
  const sorted = commands.map((c, i) => [c, near(c), i] as const).sort((a, b) => a[1] - b[1] || a[2] - b[2]);
  const k = Math.min(RESPAWN_LOOKED_AT, sorted.length);
  const picks = [...new Set(Array.from({ length: k }, (_, j) => Math.round((j * (sorted.length - 1)) / Math.max(1, k - 1))))];
  return picks
    .map((j) => sorted[j])
    .map(([c]) => {
      const at = c.to as { x: number; y: number };
      return { commands: [c], figure: c.figure as string, at: { ...at, o: 0 }, words: `${wordsOf(s, names).name(c.figure as string)}: respawn at ${cellName(at.x, at.y)}` };
    });
}
