/**
 * The autopilot policy ("planner"): each decision takes the best plan of src/ai/hints for the
 * figure that acts (exact odds of hurting and killing, minus the exposure of the destination) and
 * plays its commands one by one; where the side must choose who acts (a doom2016 demon card, a
 * doom2004 invader, a d20 character), it plans for every candidate within the budget and takes the
 * best. Small choices follow fixed rules:
 * - doom2016 status: discard one event card for argent onto a demon card with an argent ability when
 *   the mission uses them and that card has none (the card without a "while" effect first);
 *   defend: reveal a second card exactly when the odds module expects less damage from it (the
 *   policy the odds assume), play a shield card "while defending" when the dice beat the shields;
 *   press: play an extra-dice card "while attacking"; summon: the first group the rules list (the
 *   hints rank groups by the health they bring, hints/doom2016-choices.ts).
 * - doom2004 re-rolls: the odds module's rule (diceToReroll: the best set of dice; so odds, hints and play agree).
 * - d20: keep out of melee reach (the hints' threat zone of each Melee Attack enemy: every space next
 *   to a place it reaches with a move), shoot and then step away (an attack's exposure is the least
 *   over the places the figure can still reach after it), the ruleset's default caution (hints
 *   `defaultCaution`); who acts: the character that gains most over being left standing (plan score
 *   + caution × exposure where it stands); with the `combinedFire` option, combined fire from every
 *   figure not yet activated that sees the target, stands out of melee reach and has no attack of its
 *   own worth making (d20Helpers).
 * - doom2016: the plan played is the rollout search's pick among the 6 best (search.ts,
 *   `AUTOPILOT_SEARCH`); doom2004: among the 3 best, each played out once by the planner on both
 *   sides (`DOOM2004_AUTOPILOT_SEARCH`; the stronger, slower `DOOM2004_SEARCH` is opt-in:
 *   `STRONG_SEARCHES`); d20: the best plan by the exact odds.
 * - anything else: end the activation / turn when no plan is worth more than standing still.
 * Deterministic for a given state and budget (the budget only limits how many plans are refined).
 */
import type { GameState } from '../../rules/engine.ts';
import type { Doom2016State } from '../../rules/doom2016/types.ts';
import type { D4State } from '../../rules/doom2004/state.ts';
import type { D20State } from '../../rules/d20/state.ts';
import type { Command } from '../../rules/types.ts';
import { situationOf } from '../hints/index.ts';
import { memoised } from '../memo.ts';
import { dominated } from '../hints/dominance.ts';
import { doom2016DoorWaitsFor } from '../hints/objective.ts';
import { defaultCaution, rankPlans, type HintOptions, type Plan } from '../hints/plan.ts';
import { cardValue, revealsSecond, damageAgainst, type CardValue } from '../odds/doom2016.ts';
import { diceToReroll } from '../odds/doom2004.ts';
import { doom2004SpecOf } from '../odds/doom2004-state.ts';
import { boardOf as boardOf20 } from '../../rules/d20/state.ts';
import { outOfMeleeReach, d20StayExposure } from '../hints/d20.ts';
import type { DecisionContext, Policy } from './policy.ts';
import { AUTOPILOT_SEARCH, DOOM2004_AUTOPILOT_SEARCH, DOOM2004_SEARCH, playedCommands, rolloutSearch, setRolloutPlanner, type PlanSearch } from './search.ts';

/** A command as text with its keys sorted at every level (a replacer array would drop nested keys). */
const canonical = (v: unknown): string =>
  Array.isArray(v) ? `[${v.map(canonical).join(',')}]`
    : v !== null && typeof v === 'object' ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`
      : JSON.stringify(v) ?? 'undefined';
export const sameCommand = (a: Command, b: Command) => canonical(a) === canonical(b);
const same = sameCommand;

/** A copy of `s` in which `id` is the demon activating (to plan for a demon card before exhausting it). */
function asActivating(s: Doom2016State, id: string): Doom2016State {
  const c = { ...s, figures: s.figures.map((f) => ({ ...f })) } as Doom2016State;
  const f = c.figures.find((g) => g.id === id)!;
  c.active = { kind: 'demons', card: 'plan', type: f.type, queue: [], figure: id, mp: s.data.units[f.type].speed ?? 0, attacked: false };
  c.pending = null;
  return c;
}

let tuning: HintOptions = {};

/** The best plans of `figure` (`limit` of them, best first); the budget covers building its situation too. */
function bestPlans(state: GameState, figure: string | undefined, budgetMs: number, limit: number): Plan[] {
  const sit = situationOf(state, figure);
  if (!sit) return [];
  return rankPlans(sit, { ...tuning, budgetMs, limit });
}
const bestPlan = (state: GameState, figure: string | undefined, budgetMs: number): Plan | null => bestPlans(state, figure, budgetMs, 1)[0] ?? null;

/**
 * d20: what leaving `id` standing through the enemy's phase costs, in the plans' score units
 * (caution × the expected damage at its space, d20StayExposure; a share of its hit points when
 * scoring by `fraction`).
 */
function stayCost(s: D20State, id: string): number {
  const x = (tuning.caution ?? defaultCaution('d20')) * d20StayExposure(s, id, tuning);
  return tuning.scoring === 'fraction' ? x / Math.max(1, s.figures.find((f) => f.id === id)?.hp ?? 1) : x;
}

/**
 * The budget each candidate's planning gets: the whole decision's budget (the planning does fixed
 * work, hints/plan.ts), never a share of what time is left: shares would make the decision depend
 * on the machine's speed (issues 23 and 44: the same game from a seed on any machine).
 */
function splitter(budgetMs: number, _candidates: number): () => number {
  return () => budgetMs;
}

// ------------------------------------------------------------------ doom2016 small choices

function doom2016Choice(s: Doom2016State, legal: Command[], budgetMs: number): Command | null {
  const first = (type: string) => legal.find((c) => c.type === type);
  if (s.phase === 'status' && first('status')) {
    const handCards = s.invader.hand;
    if (s.mission.argentAbilities) {
      const needy = Object.entries(s.demonCards).find(([type, card]) => card.faceUp && card.argent === 0 && s.figures.some((f) => f.type === type) && (s.data.units[type].abilities ?? []).some((a) => a.argent));
      const spare = [...handCards].sort((a, b) => (s.data.eventCards[a].when ? 1 : 0) - (s.data.eventCards[b].when ? 1 : 0))[0];
      if (needy && spare) {
        const c = legal.find((x) => x.type === 'status' && (x.discard as string[])?.[0] === spare && x.onto === needy[0]);
        if (c) return c;
      }
    }
    return legal.find((c) => c.type === 'status' && !(c.discard as string[])?.length) ?? first('status')!;
  }
  const p = s.pending;
  if (p?.kind === 'summon') {
    const sizes = legal.filter((c) => c.type === 'summon');
    return sizes[0] ?? null;
  }
  if (p?.kind === 'attack') {
    const icons = p.dice.reduce((n, d) => n + d.damage, 0);
    const t = s.figures.find((f) => f.id === p.defender)!;
    if (p.step === 'defend') {
      const demon = s.data.units[t.type];
      const fixed = (t.side === s.invaderSide ? demon?.toughness ?? 0 : 0) + p.extraShields;
      let reveal = false;
      if (p.canReveal && p.card !== null) {
        const marine = t.side === s.marineSide;
        const piles = marine ? s.marines[t.id] : s.invader;
        const val = (k: string): CardValue => cardValue(s, t, marine ? s.data.actionCards[k].defense : s.data.eventCards[k].defense);
        const pool = piles.deck.length ? piles.deck : [...piles.discard, p.card];
        reveal = revealsSecond(icons, val(p.card), pool.map(val), fixed);
      }
      const shieldCards = legal.filter((c) => c.type === 'defend' && c.reveal === reveal && (c.play as string[]).length === 1);
      const now = p.card === null ? null : cardValue(s, t, t.side === s.marineSide ? s.data.actionCards[p.card].defense : s.data.eventCards[p.card].defense);
      const worth = !reveal && damageAgainst(icons, now, fixed) > 0;
      if (worth && shieldCards.length) return shieldCards[0];
      return legal.find((c) => c.type === 'defend' && c.reveal === reveal && !(c.play as string[]).length) ?? null;
    }
    const extra = legal.filter((c) => c.type === 'press' && (c.play as string[]).length === 1);
    return extra[0] ?? legal.find((c) => c.type === 'press') ?? null;
  }
  const a = s.active;
  if (a?.kind === 'demons' && a.type === null) {
    // Which demon card: the type whose demons have the best plans now (summed), within the budget.
    const types = legal.filter((c) => c.type === 'activate-demons');
    // 80% of the budget for the plans (each demon's share counts from when its planning starts).
    const per = splitter(budgetMs, s.figures.filter((f) => f.side === s.invaderSide).length);
    let best: Command | null = null;
    let bestScore = -Infinity;
    for (const c of types) {
      let score = 0;
      for (const f of s.figures) if (f.type === c.demon && f.side === s.invaderSide) score += bestPlan(asActivating(s, f.id), f.id, per())?.score ?? 0;
      if (score > bestScore) {
        bestScore = score;
        best = c;
      }
    }
    return best;
  }
  return null;
}

// ------------------------------------------------------------------ doom2004 small choices

function doom2004Choice(s: D4State, side: string, legal: Command[]): Command | null {
  const p = s.pending;
  if (p) {
    const f = s.figures.find((g) => g.id === p.attack.attacker);
    if (!f) return legal[0];
    const spec = doom2004SpecOf(s, f, p.attack.weapon, p.attack.target, { range: p.attack.range, aimed: p.stage === 'aim' });
    const dice = diceToReroll({ ...spec, reroll: p.stage }, p.faces);
    return legal.find((c) => c.type === 'reroll' && JSON.stringify(c.dice) === JSON.stringify(dice)) ?? legal[0];
  }
  if (s.window) return legal.find((c) => c.type === 'pass') ?? legal[0];
  if (s.chain) return null;
  void side;
  return null;
}

// ------------------------------------------------------------------ d20 combined fire

/**
 * Combined fire (RULES §4): the figures that add +4 to `attack`: not yet activated, with LOS to the
 * target, out of every melee enemy's reach where they stand (helping uses up their activation, so
 * they stay there) and whose own best plan has no attack (a helper gives up its own shot).
 */
function d20Helpers(s: D20State, attack: Command, budgetMs: number): string[] {
  const board = boardOf20(s);
  const target = s.figures.find((f) => f.id === attack.target);
  const me = s.figures.find((f) => f.id === attack.figure);
  if (!target || !me) return [];
  const idle = { ...s, active: null } as D20State;
  const out: string[] = [];
  const candidates = s.figures.filter((f) => f.side === me.side && f !== me && !f.activated);
  const per = splitter(budgetMs, candidates.length);
  for (const f of candidates) {
    const share = per();
    if (!board.sight(s.figures.indexOf(f), s.figures.indexOf(target)).los || !outOfMeleeReach(s, f)) continue;
    if (bestPlan(idle, f.id, share)?.target) continue;
    out.push(f.id);
  }
  return out;
}

/**
 * The legal attack (no argent ability) on the enemy with the least health left, if any: the
 * autopilot's fallback when a planned command is refused. Targets are figure ids, or spaces
 * (doom2004: the figure standing on the space).
 */
export function weakestTarget(state: GameState, legal: Command[]): Command | undefined {
  const figures = state.figures as { id: string; side: string; x: number; y: number; w: number; h: number }[];
  const targetOf = (c: Command) => {
    if (typeof c.target === 'string') return figures.find((g) => g.id === c.target);
    const t = c.target as { x?: number; y?: number } | undefined;
    if (!t || typeof t.x !== 'number' || typeof t.y !== 'number') return undefined;
    return figures.find((g) => t.x! >= g.x && t.x! < g.x + g.w && t.y! >= g.y && t.y! < g.y + g.h);
  };
  const sideOf = (id: unknown) => figures.find((g) => g.id === id)?.side;
  const left = (id: unknown): number => {
    const f = (state.figures as { id: string; damage?: number; wounds?: number; hp?: number; health?: number; type: string }[]).find((g) => g.id === id);
    if (!f) return Infinity;
    if (state.ruleset === 'd20') return f.hp ?? Infinity;
    if (state.ruleset === 'doom2004') return (f.health ?? 0) - (f.wounds ?? 0);
    const s = state as Doom2016State;
    return (s.marines[f.id]?.health ?? s.data.units[f.type].health) - (f.damage ?? 0);
  };
  // Attacks on an enemy figure (not on an empty space or a barrel, nor on one's own side).
  const attacks = legal.filter((c) => c.type === 'attack' && !c.ability && targetOf(c) && targetOf(c)!.side !== sideOf(c.figure));
  const hp = (c: Command) => left(targetOf(c)!.id);
  return attacks.length ? attacks.reduce((b, c) => (hp(c) < hp(b) ? c : b)) : undefined;
}

/**
 * The door the blocked figure may open, if any: not doom2016's first door while the squad is still
 * gathering (hints/objective.ts `doom2016DoorWaitsFor`, as the plans themselves).
 */
function doorToOpen(state: GameState, legal: Command[]): Command | undefined {
  const door = legal.find((c) => c.type === 'open-door');
  if (!door || state.ruleset !== 'doom2016') return door;
  const s = state as Doom2016State;
  const me = s.figures.find((f) => f.id === door.figure);
  return me && doom2016DoorWaitsFor(s, me).length ? undefined : door;
}

/**
 * The autopilot: plans the acting figure's move and attack, chooses who acts, answers the rules'
 * small questions. `budgetMs` per decision (default 40).
 */
export interface PlannerOptions extends Pick<HintOptions, 'caution' | 'scoring'> {
  /**
   * d20 combined fire (d20Helpers). Off by default: in 60-game samples against the greedy baseline
   * it made no measurable difference (bench/RESULTS.md, AI), and it costs a plan per helper.
   */
  combinedFire?: boolean;
  /**
   * Search (search.ts `rolloutSearch`): the `candidates` best plans by the exact odds (per figure
   * that could act) are played out on determinized copies and the best mean result is played.
   * A list: one search per ruleset (the first whose `rulesets` holds the game's and that `applies`).
   * Default `AUTOPILOT_SEARCHES()` (doom2016's AUTOPILOT_SEARCH, doom2004's DOOM2004_AUTOPILOT_SEARCH);
   * `STRONG_SEARCHES()` searches doom2004 further; `null` turns it off.
   */
  search?: PlanSearch | readonly PlanSearch[] | null;
}

export function plannerPolicy(options: PlannerOptions = {}): Policy {
  const { combinedFire = false, search = AUTOPILOT_SEARCHES(), ...hintOptions } = options;
  const searches: readonly PlanSearch[] = search === null ? [] : 'best' in search ? [search] : search;
  const searchIn = (state: GameState) => searches.find((x) => (!x.rulesets || x.rulesets.includes(state.ruleset)) && (x.applies?.(state) ?? true)) ?? null;
  const K = (state: GameState) => searchIn(state)?.candidates ?? 3;
  const searching = (state: GameState) => !!searchIn(state);
  /** Among plans (each maybe behind a starting command), the one the search plays out best. */
  const searched = (state: GameState, side: string, plans: { plan: Plan; starter?: Command }[]) => {
    const found = searchIn(state);
    if (!found || plans.length < 2) return plans[0];
    // A plan another candidate dominates (the same without an attack that can hurt) is not searched.
    const pool = plans.filter((x) => !dominated(x.plan, plans.map((y) => y.plan)));
    if (pool.length < 2) return pool[0];
    // The rollouts may be played by a planner of their own (DOOM2004_SEARCH), which sets `tuning`.
    const mine = tuning;
    try {
      const at = found.best(state, side, pool.map(({ plan, starter }) => (starter ? [starter, ...playedCommands(plan)] : playedCommands(plan))));
      return pool[Math.max(0, at)];
    } finally {
      tuning = mine;
    }
  };
  let queue: Command[] = [];
  let blocked = false;
  const legalOne = (legal: Command[], c: Command) => legal.find((x) => same(x, c));
  const finish = (legal: Command[]) =>
    legal.find((c) => c.type === 'end') ?? legal.find((c) => c.type === 'end-turn') ?? legal.find((c) => c.type === 'pass') ?? legal[0];
  /** One decision; memoised (src/ai/memo.ts): its candidates share sight maps and odds. */
  const decide = ({ state, side, legal, budgetMs }: DecisionContext): Command => {
    tuning = hintOptions;
    // The rest of the plan in progress, while it stays legal (an attack may be taken away by a
    // summon or a displacement: then plan again from here).
    // Stopped next to a closed door while no path leads to an enemy: open it before ending.
    if (blocked && queue[0]?.type === 'end') {
      const door = doorToOpen(state, legal);
      if (door) {
        blocked = false;
        // doom2016: plan again after it (above, where a planned door is opened).
        if (state.ruleset === 'doom2016') queue = [];
        return door;
      }
    }
    // d20 attacks take the combined-fire helpers that have nothing better to do.
    const withHelpers = (c: Command): Command => {
      if (!combinedFire || state.ruleset !== 'd20' || c.type !== 'attack') return c;
      const helpers = d20Helpers(state as D20State, c, budgetMs / 2);
      return helpers.length ? { ...c, helpers } : c;
    };
    while (queue.length) {
      const next = legalOne(legal, queue.shift()!);
      if (next) return withHelpers(next);
      queue = [];
    }
    if (state.ruleset === 'doom2016') {
      const c = doom2016Choice(state as Doom2016State, legal, budgetMs);
      if (c) return c;
    } else if (state.ruleset === 'doom2004') {
      const c = doom2004Choice(state as D4State, side, legal);
      if (c) return c;
    }
    // Who acts: the candidate with the best plan (doom2004 invaders, d20 characters), or the one acting now.
    const starters = legal.filter((c) => c.type === 'activate' || c.type === 'activate-demon' || (c.type === 'action' && c.action === 'advance' && !c.adrenaline));
    let plan: Plan | null = null;
    if (starters.length) {
      const ids = [...new Set(starters.map((c) => c.figure as string))];
      const per = splitter(budgetMs, ids.length);
      const options: { plan: Plan; starter?: Command; gain: number }[] = [];
      for (const id of ids) {
        // doom2016 (a rules version where the invader picks the next demon of the type): plan it as if activating.
        const plans = bestPlans(state.ruleset === 'doom2016' ? asActivating(state as Doom2016State, id) : state, id, per(), searching(state) ? K(state) : 1);
        // d20: the figure whose activation gains most over being left standing where it is
        // through the enemy's phase (plan score + caution × the exposure of its own space).
        const stay = state.ruleset === 'd20' ? stayCost(state as D20State, id) : 0;
        // doom2016 plans start once the demon is activated; the others' plans start with their activation.
        const starter = state.ruleset === 'doom2016' ? starters.find((c) => c.figure === id) : undefined;
        for (const p of plans) options.push({ plan: p, starter, gain: p.score + stay });
      }
      if (!options.length) return starters[0];
      // Best gain first (the first of equals: the order of the legal commands), then searched.
      const ranked = options.map((x, i) => [x, i] as const).sort((a, b) => b[0].gain - a[0].gain || a[1] - b[1]).map(([x]) => x);
      const chosen = searched(state, side, ranked.slice(0, K(state)))!;
      plan = chosen.plan;
      if (state.ruleset === 'doom2016') return chosen.starter ?? starters[0];
    } else {
      const plans = bestPlans(state, undefined, budgetMs, searching(state) ? K(state) : 1);
      plan = plans.length ? searched(state, side, plans.map((p) => ({ plan: p })))!.plan : null;
    }
    if (!plan) return finish(legal);
    // Nobody to walk to (closed doors): open a door instead of standing still.
    blocked = !plan.target && plan.approach === Infinity;
    if (blocked && !starters.length) {
      const door = doorToOpen(state, legal);
      if (door) {
        blocked = false;
        return door;
      }
    }
    // A plain move ends the activation (moving again would only wander); after an attack, plan again
    // (hit and run gives MP, doom2004 Attack actions give a second attack), and after a doom2016
    // door: the demons it summons change the position, and the MP left may take the marine back
    // out of their sight (it stood in the doorway with 4 MP left and was the first one killed).
    const opensDoor = state.ruleset === 'doom2016' && !!plan.arrive?.some((c) => c.type === 'open-door');
    const commands = plan.target || opensDoor ? plan.commands.filter((c) => c.type !== 'end') : plan.commands;
    const first = commands.length ? legalOne(legal, commands[0]) : undefined;
    if (!first) {
      // Not legal as planned (an unrefined estimate was wrong): a legal attack on the weakest
      // target, else stop.
      const attack = weakestTarget(state, legal);
      return attack ?? finish(legal);
    }
    queue = commands.slice(1);
    return withHelpers(first);
  };
  return {
    name: 'autopilot (planner)',
    reset() {
      queue = [];
      blocked = false;
    },
    choose: (ctx: DecisionContext): Command => memoised(() => decide(ctx)),
  };
}

/**
 * The autopilot's searches by default (issue 39): doom2016's rollout search (AUTOPILOT_SEARCH) and
 * doom2004's 3 best plans played out once by the planner on both sides (DOOM2004_AUTOPILOT_SEARCH:
 * +19.0 ± 9.7 points over the planner alone in duplicate, within the 50 ms of a default answer).
 */
export const AUTOPILOT_SEARCHES = (): PlanSearch[] => [rolloutSearch(AUTOPILOT_SEARCH), rolloutSearch(DOOM2004_AUTOPILOT_SEARCH)];

/**
 * The stronger, slower searches (issue 39), for `plannerPolicy({ search: STRONG_SEARCHES() })`:
 * doom2016's rollout search as by default (AUTOPILOT_SEARCH) and doom2004's 4 best plans played out
 * up to twice by the planner on both sides (DOOM2004_SEARCH: about +30 points over the planner alone
 * in duplicate, but at up to 0.1–0.2 s an answer: not the default).
 */
export const STRONG_SEARCHES = (): PlanSearch[] => [rolloutSearch(AUTOPILOT_SEARCH), rolloutSearch(DOOM2004_SEARCH)];

// The doom2004 search's rollouts are played by the planner without search (search.ts).
setRolloutPlanner(() => plannerPolicy({ search: null }));

export type { D20State };
