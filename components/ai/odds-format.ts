/**
 * Odds on targets: one short label per target the acting figure may attack from where it stands
 * ("62% hit · 1.4 dmg · 30% kill"), for the play mode's target markers and announcements.
 */
import type { GameState } from '../../src/rules/engine.ts';
import type { Odds } from '../../src/ai/odds/dist.ts';
import { situationOf } from '../../src/ai/hints/index.ts';

const pct = (p: number) => (p > 0 && p < 0.005 ? '<1%' : p < 1 && p > 0.995 ? '>99%' : `${Math.round(p * 100)}%`);

/** "62% hit · 1.4 dmg · 30% kill" (doom2004: wounds). */
export function formatOdds(o: Odds, ruleset = ''): string {
  const unit = ruleset === 'doom2004' ? 'wounds' : ruleset === 'd20' ? 'hp' : 'dmg';
  return `${pct(o.hit)} hit · ${o.expected.toFixed(1)} ${unit} · ${pct(o.kill)} kill`;
}

export interface TargetOdds {
  target: string;
  /** The attack option (card, weapon) the odds are for. */
  option: string;
  odds: Odds;
  label: string;
  /** What the odds leave out (doom2016: cards either side may still play on the attack; hints/plan.ts Enemy). */
  unplayed?: string;
}

const percent = (p: number) => `${(p * 100).toFixed(p > 0 && p < 0.01 ? 1 : 0)}%`;

/** One target's odds in words, for the explanation line: "Imp 1 with Burst Fire: 71% to hit, 1.70 damage expected, 29% to kill (before …)". */
export function oddsInWords(o: TargetOdds, name: string, ruleset: string): string {
  const unit = ruleset === 'doom2004' ? 'wounds' : ruleset === 'd20' ? 'hit points' : 'damage';
  return `${name}${ruleset === 'd20' ? '' : ` with ${o.option}`}: ${percent(o.odds.hit)} to hit, ${o.odds.expected.toFixed(2)} ${unit} expected, ${percent(o.odds.kill)} to kill${o.unplayed ? ` (${o.unplayed})` : ''}`;
}

/**
 * Exact odds of the acting figure (or `figure`) attacking each enemy it can attack from where it
 * stands now, with each attack option it has (the best option per target first).
 */
export function targetOdds(state: GameState, figure?: string): TargetOdds[] {
  const s = situationOf(state, figure);
  if (!s) return [];
  const me = s.board.figureIndex(s.me.id);
  const here = { x: s.me.x, y: s.me.y, o: 0 };
  const out: TargetOdds[] = [];
  for (const e of s.enemies) {
    const v = s.board.sight(me, s.board.figureIndex(e.id));
    if (!v.los || v.range < 0) continue;
    const seen = new Map(s.enemies.map((g) => [g.id, g.id === e.id ? { los: v.los, cover: v.cover, range: v.range } : { los: false, cover: true, range: -1 }]));
    let best: TargetOdds | null = null;
    for (const opt of s.options) {
      if (opt.prefix.length || v.range > opt.range || (opt.melee && v.range !== 1)) continue;
      if (s.mayTarget && !s.mayTarget(here, e, seen)) continue;
      const a = opt.attack(e, v.cover, v.range, here);
      if (a && (!best || a.odds.expected > best.odds.expected)) best = { target: e.id, option: opt.label, odds: a.odds, label: formatOdds(a.odds, state.ruleset), ...(e.unplayed ? { unplayed: e.unplayed } : {}) };
    }
    if (best) out.push(best);
  }
  return out;
}
