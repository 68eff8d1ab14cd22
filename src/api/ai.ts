/**
 * The AI over HTTP (issue 13): ranked hints for a figure of a live game, and the exact odds of one
 * attack on a posted scenario. Both read src/ai's public functions (hints, odds); this module only
 * checks who may ask what, and shapes the answers as openapi.yaml documents them.
 */
import type { Board } from '../core/index.ts';
import { Game, createGame, loadRuleset, type GameState } from '../rules/index.ts';
import { rulesetModule } from '../rules/registry.ts';
import { boardOf as d20Board, type D20State } from '../rules/d20/state.ts';
import { boardOf as doom2004Board, type D4State } from '../rules/doom2004/state.ts';
import { usableWeapons, weaponRefusal } from '../rules/doom2004/attack.ts';
import { boardOf as doom2016Board } from '../rules/doom2016/state.ts';
import type { Doom2016State } from '../rules/doom2016/types.ts';
import type { Scenario } from '../scenario/index.ts';
import { d20Odds, decisionPlans, distinctPlans, doom2004Odds, doom2004SpecOf, doom2016AttackOdds, hints, situationOf, type Odds, type Plan } from '../ai/index.ts';
import { commandOwner } from '../rules/owner.ts';
import { actionsOf, stateOf, viewOf, type LiveGame } from './games.ts';
import { ApiError } from './problem.ts';
import type { components } from './schema.d.ts';

type Schemas = components['schemas'];

export interface HintQuery {
  figure?: string;
  limit: number;
  budgetMs: number;
  /** Absent: the ruleset's default (hints `defaultCaution`). */
  caution?: number;
  /** The best plan, then the best of each other choice (hints `distinctPlans`). */
  distinct?: boolean;
}

/** A probability from sums of floating-point terms, put back into [0, 1] (e.g. 1.0000000000000002, -2e-16). */
const prob = (p: number) => Math.min(1, Math.max(0, p));

/** The odds as the document shows them: the shared fields and each ruleset's extras, probabilities within [0, 1]. */
export function oddsOut(o: Odds): Schemas['AttackOdds'] {
  const x = o as Odds & Partial<Record<'stun' | 'secondCard' | 'critical' | 'ammo', number>> & { kills?: number[] };
  return {
    hit: prob(o.hit), expected: Math.max(0, o.expected), kill: prob(o.kill), damage: o.damage.map(prob),
    ...(x.stun !== undefined ? { stun: prob(x.stun) } : {}),
    ...(x.secondCard !== undefined ? { secondCard: prob(x.secondCard) } : {}),
    ...(x.critical !== undefined ? { critical: prob(x.critical) } : {}),
    ...(x.ammo !== undefined ? { ammo: prob(x.ammo) } : {}),
    ...(x.kills !== undefined ? { kills: x.kills.map(prob) } : {}),
  };
}

function planOut(p: Plan): Schemas['HintPlan'] {
  return {
    figure: p.figure,
    to: p.to ? { x: p.to.x, y: p.to.y, o: p.to.o } : null,
    option: p.option,
    target: p.target,
    odds: p.odds ? oddsOut(p.odds) : null,
    exposure: { expected: p.exposure.expected, death: p.exposure.death, attackers: p.exposure.attackers.map((a) => ({ id: a.id, expected: a.expected, now: a.now })) },
    commands: p.commands as Schemas['Command'][],
    score: p.score,
    // A plain move with no path to any enemy has an infinite approach: null in JSON.
    ...(p.approach !== undefined ? { approach: Number.isFinite(p.approach) ? p.approach : null } : {}),
    ...(p.then ? { then: { to: { x: p.then.to.x, y: p.then.to.y, o: p.then.to.o }, commands: p.then.commands as Schemas['Command'][], ...(p.then.label ? { label: p.then.label } : {}) } } : {}),
    ...(p.waitsFor?.length ? { waitsFor: [...p.waitsFor] } : {}),
    exact: p.exact,
    ...(p.playedOut !== undefined ? { playedOut: p.playedOut } : {}),
    reason: p.reason,
  };
}

/** Plans asked of src/ai per plan answered (the unplayable ones are dropped). */
export const PLANS_ASKED = 2;
/** Plans asked at most (when too many of the first ones were unplayable). */
export const MAX_PLANS_ASKED = 60;

const unprocessable = (message: string, rule = 'hints', path?: string) =>
  new ApiError(422, 'no-hints', message, { rule, ...(path ? { problems: [{ path, message }] } : {}) });

/**
 * Hints for `q.figure` (default: the figure acting now) of a live game, asked by `seatSide`.
 * A seat may ask only about its own side's figures (403), and only when its side acts (422).
 */
export function gameHints(live: LiveGame, seatSide: string, q: HintQuery): Schemas['Hints'] {
  const view = viewOf(live);
  if (view.winner !== null) throw unprocessable(`the game is over: ${view.winner} won`);
  let figure = q.figure;
  if (figure !== undefined) {
    const f = view.figures.find((g) => g.id === figure);
    if (!f) throw unprocessable(`no figure ${figure} on the board`, 'hints', '/query/figure');
    if (f.side !== seatSide) throw new ApiError(403, 'not-your-figure', `${figure} is a figure of ${f.side}; this token is the ${seatSide} seat's`);
  }
  // Hints are for the seat whose decision it is (the owner of a legal command), not whose turn it is.
  const now = stateOf(live) as GameState;
  const deciders = new Set(actionsOf(live).map((c) => commandOwner(now, c)).filter((s) => s !== null));
  if (!deciders.has(seatSide)) {
    const deciding = [...deciders].join(' and ') || null;
    throw unprocessable(deciding === null ? `nobody acts now (${view.status})` : `it is the ${deciding} side's turn, not the ${seatSide} side's (${view.status})`, 'turn');
  }
  const state = live.game.state as GameState;
  const situation = situationOf(state, figure);
  const decision = situation ? null : decisionPlans(state, figure);
  if (!situation && !decision?.length) {
    throw unprocessable(figure !== undefined
      ? `${figure} cannot act now${view.active && view.active !== figure ? `: ${view.active} is acting` : ''} (${view.status})`
      : `no figure can be planned for now: the rules wait for a decision that is not a figure's activation (${view.status})`);
  }
  // A decision's plans name the figure each choice is for (a demon card's: its best demon): asked
  // again for that figure, the other choices would be left out.
  const asked = situation ? situation.me.id : figure;
  figure = situation?.me.id ?? decision![0].figure;
  const t0 = performance.now();
  // A plan is only worth sending if it can be played: each plan's commands are tried on a copy of
  // the game, and plans the rules refuse are left out (counted in `unplayable`). Asking for twice as
  // many keeps the answer full when some are; when even that is not enough, once more for many more.
  const rules = rulesetModule(live.record.scenario.ruleset)!.rules;
  const playable = (p: Plan) => {
    const copy = new Game(rules, live.game.state);
    return p.commands.every((c) => copy.apply(c).ok);
  };
  // The reasons name figures as the element does: the scenario's names, else read from the ids (issue 39).
  const names = Object.fromEntries((live.record.scenario.figures ?? []).filter((f) => f.name).map((f) => [f.id, f.name!]));
  const ask = (limit: number, budgetMs: number) => {
    const all = hints(state, asked, { limit, budgetMs, caution: q.caution, names });
    return { all, ok: all.filter(playable) };
  };
  // Other choices lie behind the first one's neighbouring spaces in the ranking: ask for many at once.
  let got = ask(q.distinct ? MAX_PLANS_ASKED : PLANS_ASKED * q.limit, q.budgetMs);
  // The same budget again, never what the clock leaves of it: the answer must not depend on the
  // machine's speed (issue 44).
  if (!q.distinct && got.ok.length < q.limit && got.all.length === PLANS_ASKED * q.limit) got = ask(MAX_PLANS_ASKED, q.budgetMs);
  const plans = q.distinct ? distinctPlans(got.ok, q.limit) : got.ok.slice(0, q.limit);
  return {
    version: live.log.length, figure, side: seatSide, budgetMs: q.budgetMs,
    elapsedMs: Math.round((performance.now() - t0) * 100) / 100,
    plans: plans.map(planOut),
    unplayable: got.all.length - got.ok.length,
  };
}

/** The rules' own board of a state (figure sizes from the unit data, as the rules see them). */
function rulesBoard(state: GameState): Board {
  switch (state.ruleset) {
    case 'doom2016': return doom2016Board(state as Doom2016State);
    case 'doom2004': return doom2004Board(state as D4State);
    default: return d20Board(state as D20State);
  }
}

/**
 * The exact odds of `attacker` attacking `target` at the start of a game of `scenario` (its decks
 * shuffled by `seed`), with cover, line of sight and range from the grid core's sight query on the
 * rules' board of that game.
 */
export async function attackOdds(scenario: Scenario, q: Schemas['OddsRequest']): Promise<Schemas['AttackOddsResult']> {
  await loadRuleset(scenario.ruleset);
  const state = createGame(scenario, { seed: q.seed ?? scenario.seed ?? 1 }).state as GameState;
  const board = rulesBoard(state);
  const ids = board.data.figures.map((f) => f.id);
  for (const [key, id] of [['attacker', q.attacker], ['target', q.target]] as const) {
    if (!ids.includes(id)) throw new ApiError(422, 'invalid-query', `no figure ${id} in the scenario`, { rule: 'board', problems: [{ path: `/body/${key}`, message: `no figure ${id}` }] });
  }
  if (q.attacker === q.target) throw new ApiError(422, 'invalid-query', 'a figure does not attack itself', { rule: 'attack', problems: [{ path: '/body/target', message: 'same as attacker' }] });
  const sight = board.sight(board.figureIndex(q.attacker), board.figureIndex(q.target));
  const cover = q.cover ?? sight.cover;
  const refuse = (rule: string, message: string, path = '/body') => new ApiError(422, 'cannot-attack', message, { rule, problems: [{ path, message }] });
  const noSight = () => refuse('RULES §1.1', `${q.attacker} has no line of sight to ${q.target}`);
  const only = (ruleset: string, field: 'weapon' | 'card' | 'ability' | 'aimed') => {
    if (q[field] !== undefined && scenario.ruleset !== ruleset) throw refuse('attack', `${field} is for ${ruleset} attacks only`, `/body/${field}`);
  };
  only('doom2004', 'weapon');
  only('doom2004', 'aimed');
  only('doom2016', 'card');
  only('doom2016', 'ability');

  let odds: Odds;
  let option: string;
  let range = sight.range;
  switch (scenario.ruleset) {
    case 'doom2016': {
      const s = state as Doom2016State;
      const a = s.figures.find((f) => f.id === q.attacker)!;
      const t = s.figures.find((f) => f.id === q.target)!;
      if (a.side === t.side) throw refuse('attack', `${q.attacker} and ${q.target} are on the same side`, '/body/target');
      let dice: string[];
      let maxRange: number;
      let stun = false;
      if (a.side === s.marineSide) {
        if (q.ability !== undefined) throw refuse('attack', 'ability is for demons; a marine attacks with an action card (card)', '/body/ability');
        if (q.card === undefined) throw refuse('attack', `name the action card ${q.attacker} attacks with (card)`, '/body/card');
        const card = s.data.actionCards[q.card];
        if (!card?.attack) throw refuse('attack', `${q.card} is not an action card with an attack`, '/body/card');
        dice = [...card.attack.dice];
        maxRange = card.attack.range;
        stun = card.stun === true;
        option = q.card;
      } else {
        if (q.card !== undefined) throw refuse('attack', 'card is for marines; a demon attacks with its unit (and an argent ability)', '/body/card');
        const unit = s.data.units[a.type];
        if (!unit?.attack) throw refuse('attack', `${a.type} has no attack`, '/body/attacker');
        const ability = q.ability === undefined ? null : unit.abilities?.find((x) => x.name === q.ability && x.argent);
        if (ability === undefined) throw refuse('attack', `${a.type} has no argent ability ${q.ability}`, '/body/ability');
        dice = [...unit.attack.dice, ...(ability?.dice ?? [])];
        maxRange = unit.attack.range + (ability?.range ?? 0);
        option = ability ? ability.name : a.type;
      }
      if (!sight.los) throw noSight();
      if (sight.range > maxRange) throw refuse('RULES §2.4', `${q.target} is at range ${sight.range}; ${option} reaches ${maxRange}`);
      // Seen by the attacker's side: the defender's hand is nobody else's to know.
      odds = doom2016AttackOdds(s, a, t, { dice, cover, stun, viewer: a.side });
      break;
    }
    case 'doom2004': {
      const s = state as D4State;
      const a = s.figures.find((f) => f.id === q.attacker)!;
      const t = s.figures.find((f) => f.id === q.target)!;
      const weapons = usableWeapons(s, a);
      let weapon: string | null;
      if (a.marine) {
        weapon = q.weapon ?? (weapons[0] as string | undefined) ?? null;
        if (weapon === null) throw refuse('RULES §3', `${q.attacker} has no usable weapon`, '/body/attacker');
        if (!weapons.includes(weapon)) throw refuse('RULES §3', `${q.attacker} cannot attack with ${weapon}: ${weaponRefusal(s, a, weapon)?.message ?? 'not one of its weapons'}`, '/body/weapon');
      } else {
        if (q.weapon !== undefined) throw refuse('attack', 'weapon is for marines; an invader attacks with its own dice', '/body/weapon');
        if (!weapons.length) throw refuse('RULES §3', `${q.attacker} cannot attack`, '/body/attacker');
        weapon = null;
      }
      const spec = doom2004SpecOf(s, a, weapon, { x: t.x, y: t.y }, { aimed: q.aimed === true });
      if (spec.range < 0) throw noSight();
      if (spec.melee && spec.range !== 1) throw refuse('RULES §3', `${weapon ?? a.type} is a melee attack; ${q.target} is at range ${spec.range}`);
      range = spec.range;
      odds = doom2004Odds(spec);
      option = weapon ?? a.type;
      break;
    }
    case 'd20': {
      const s = state as D20State;
      const a = s.figures.find((f) => f.id === q.attacker)!;
      const t = s.figures.find((f) => f.id === q.target)!;
      if (a.side === t.side) throw refuse('attack', `${q.attacker} and ${q.target} are on the same side`, '/body/target');
      const ua = s.units[a.type];
      const ut = s.units[t.type];
      if (!sight.los) throw noSight();
      if ((ua.abilities ?? []).includes('melee') && sight.range > 1) throw refuse('RULES §4', `${a.type} attacks only adjacent figures; ${q.target} is at range ${sight.range}`);
      odds = d20Odds({ attack: ua.attack, damage: ua.damage, defense: ut.defense, cover, hp: t.hp });
      option = a.type;
      break;
    }
    default:
      throw refuse('attack', `no odds for ruleset ${scenario.ruleset}`);
  }
  const pct = (p: number) => `${Math.round(p * 100)}%`;
  return {
    ruleset: scenario.ruleset as Schemas['RulesetId'], attacker: q.attacker, target: q.target, option,
    sight: { los: sight.los, cover: sight.cover, range }, cover,
    odds: oddsOut(odds),
    summary: `${q.attacker} attacks ${q.target} with ${option}${cover ? ' (target in cover)' : ''} at range ${range}: ${pct(odds.hit)} to hit, ${odds.expected.toFixed(2)} damage expected, ${pct(odds.kill)} to kill`,
  };
}
