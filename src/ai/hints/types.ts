/**
 * The hints' types (src/ai/hints): what a ruleset adapter (doom2016.ts, doom2004.ts, d20.ts)
 * describes of a figure's situation, and the plans ranked from it (plan.ts).
 */
import type { AiStrength } from '../strength.ts';
import type { Board } from '../../core/board.ts';
import type { SightMap } from '../../core/types.ts';
import type { Command, PlacedFigure } from '../../rules/types.ts';
import type { GameState } from '../../rules/engine.ts';
import type { Odds } from '../odds/dist.ts';
import type { Names } from './words.ts';

export interface Cell {
  x: number;
  y: number;
  /** Orientation (1: a large figure rotated). */
  o: number;
}

export interface AttackOption {
  /** Card, weapon or ability key, and a short label ("super shotgun", "pistol"). */
  key: string;
  label: string;
  /** Movement available before attacking with this option. */
  mp: number;
  /** Longest range it may attack at; melee attacks only at range 1. */
  range: number;
  melee?: boolean;
  /** Commands that come before the move (play a card, announce an action). */
  prefix: Command[];
  /** Attacks this option gives from the destination (doom2004 Attack action: 2); default 1. */
  attacks?: number;
  /** Exposure multiplier (doom2004 Ready with a dodge order: the attackers re-roll); default 1. */
  exposureScale?: number;
  /** Score spent on it (an adrenaline token used up); default 0. */
  cost?: number;
  /** No movement after attacking (doom2004 Attack and Ready actions), whatever `retreatMp` says. */
  noRetreat?: boolean;
  /** Movement left after attacking from a destination that cost `cost`, for this option (default: the situation's `retreatMp`). */
  retreatMp?(cost: number): number;
  /**
   * Of that movement, what must be bought after the attack (doom2016: the bonus cards that give MP
   * and no attack, played then): their MP and the commands; a retreat further than the rest needs them.
   */
  retreatCards?: { mp: number; commands: Command[]; label: string };
  /** The exact odds against `enemy` with this cover and range, and the attack command. */
  /**
   * `friendly`: what the attack does to the attacker's own side (its blast or the barrels it sets
   * off wounding the attacker or a friend; doom2004): the expected wounds, and their cost in score
   * units (kills included), taken off the plan's score.
   */
  attack(enemy: Enemy, cover: boolean, range: number, at: Cell, space?: { x: number; y: number }): { odds: Odds; command: Command; friendly?: Friendly } | null;
}

/** How an enemy would attack the acting figure next. */
export interface Threat {
  range: number;
  /** Spaces it can move before attacking. */
  move: number;
  /**
   * It attacks after moving as surely as from where it stands (d20 Melee Attack: adjacency is all
   * it needs); otherwise an attack after a move counts at half weight (it may find no line of sight).
   */
  sure?: boolean;
  /**
   * Its attack's blast radius (doom2004 blast: every figure within it takes the same damage): the
   * figure's friends within it of the figure are hit with it, and share none of it.
   */
  blast?: number;
  /** Its odds against the acting figure with this cover at this range. */
  odds(cover: boolean, range: number): Odds;
}

export interface Enemy {
  id: string;
  figure: PlacedFigure;
  /** Damage (wounds, hit points) still needed to kill it. */
  left: number;
  /**
   * doom2016, a demon a marine attacks: damage still needed to stagger it (RULES §2.4 glory kill;
   * a staggered demon is a sure kill for the next marine that enters its space). Absent: no such rule.
   */
  stagger?: number;
  threat: Threat | null;
  /**
   * What the odds of an attack on it leave out, named in a plan's reason (doom2016: cards either
   * side may still play on the attack, each side's own choice).
   */
  unplayed?: string;
}

export interface Situation {
  ruleset: string;
  /** The game state it describes (the plans' words name its cards and figures). */
  state: GameState;
  me: PlacedFigure;
  /** Damage the acting figure can still take before it dies. */
  myLeft: number;
  /** The board with every figure (reach, exact refinement). */
  board: Board;
  /** The board without the acting figure (the enemies' sight maps). */
  without: Board;
  /**
   * End placements within `mp` and their cost, staying put (cost 0) included. `from`: where the
   * figure stands on the probe board (`board`) when a refined plan has moved it there (its step back
   * is searched from there); a ruleset that reads its destinations off `board` may ignore it.
   */
  destinations(mp: number, from?: Cell): (Cell & { cost: number })[];
  moveCommand(to: Cell): Command;
  options: AttackOption[];
  enemies: Enemy[];
  /** Extra targeting rules at a destination (d20: adjacent enemies first, cover only for the nearest). */
  mayTarget?(to: Cell, enemy: Enemy, seen: SeenEnemies): boolean;
  /**
   * The targeting rules (`mayTarget`) need what the figure sees from its destination, which the
   * enemies' sight maps give only by symmetry (d20: an enemy in cover may be attacked only when it is
   * the nearest, and cover is not symmetric): attack plans are then kept only once checked by exact
   * pair queries, and the rules judged again on their answers.
   */
  checkTargets?: boolean;
  /**
   * Distance from each enemy ignoring closed doors (any monotone measure), for plain moves when no
   * path leads to any enemy (doom2004: walk to the door, then open it).
   */
  approachMap?(enemy: Enemy): Int32Array;
  /**
   * Where an enemy surely attacks next (1 per cell), for enemies whose threat a sight map measures
   * badly (d20 Melee Attack: any space next to a place it reaches within its move); null: use the map.
   */
  threatZone?(enemy: Enemy): Uint8Array | null;
  /**
   * Movement left after attacking from a destination that cost `cost` (d20: an attack may come
   * before the rest of the move, so a figure shoots and then steps out of reach); absent: none.
   */
  retreatMp?(cost: number): number;
  /** How to finish when no attack is planned. */
  finish: Command[];
  /**
   * Options without an attack: the move allowance of a plain move. `prefixToMove`: the prefix only
   * buys movement (doom2016 Sprint discards a card), so staying put goes without it.
   */
  moveOnly: PlainMove | null;
  /** Other ways to move without attacking (doom2004 Sprint, Ready with a dodge order, adrenaline). */
  moreMoves?: PlainMove[];
  /**
   * Moves that kill for sure (doom2016 glory kill: a marine entering a staggered demon's space,
   * RULES §2.4): where, whom, the move's cost, the commands and what pays for the movement.
   */
  sureKills?(): SureKill[];
  /** What a kill is worth to the mission beyond its damage (objective.ts missionKillWorth). */
  killWorth?: number;
  /**
   * What the acting figure's own death is worth to the enemy's mission (a kill token, frag points):
   * a destination costs P(dying there before its next activation) × this, on top of the damage.
   */
  deathWorth?: number;
  /**
   * The space of `enemy` to attack from `at` (doom2004 targets spaces: a large invader's top-left
   * space may be out of sight while another is not), judged by the rules' own checks; null: none is
   * legal. With it, attack plans are kept only once checked this way (never returned unchecked).
   */
  targetSpace?(at: Cell, enemy: Enemy, option: AttackOption, sight: () => SightMap): { x: number; y: number; range: number } | null;
  /**
   * An enemy attacks one figure per activation: where friends of the acting figure stand within its
   * reach too, its threat to a destination is shared with them (counted at 1 / (1 + their number))
   * in the scores; the exposure shown stays the whole threat. (doom2016, doom2004 marines: measured
   * in bench/RESULTS.md, AI; d20 and the doom2004 invaders play worse with it.)
   */
  sharedThreat?: boolean;
  /** The mission's goals when no enemy is on the board to walk to (objective.ts). */
  objective?: Objective | null;
  /**
   * Enemies not on the board yet that can arrive before the figure's next activation (arrivals.ts:
   * a doom2016 summon): counted in its exposure, never targets; their sight maps when asked.
   */
  arriving?: { enemies: Enemy[]; sightMap(id: string): SightMap } | null;
  /**
   * Hunting: when the figure has no attack this activation, a plain move's score per space closed on
   * the nearest enemy is at least this share of `killWorth` (the mission's share of a kill), so a side
   * close to its win takes the risk of closing in rather than waiting out of reach (doom2004 invaders at 5 of 6 frag points stayed in place for
   * 36 rounds while the marines waited in a corner room). Absent: the plain approach (0.1 a space).
   */
  hunt?: number;
}

export interface PlainMove {
  mp: number;
  prefix: Command[];
  label: string;
  prefixToMove?: boolean;
  /** With `prefixToMove`: the movement there is without the prefix (staying put and a free pick-up need no Sprint). */
  baseMp?: number;
  exposureScale?: number;
  cost?: number;
}

export interface SureKill {
  to: Cell;
  target: string;
  cost: number;
  commands: Command[];
  /** What buys the movement ("Sprint", a card), '' for movement already there. */
  label: string;
  /** Damage units gained besides the kill (a glory kill heals 2). */
  bonus: number;
}

export interface Exposure {
  /** Expected damage the figure could take there before its next activation (see `threatAt`). */
  expected: number;
  /** P(that damage reaches the figure's health left): the attackers' damage summed as independent. */
  death: number;
  /** Enemies that could attack that space: `now` = from where they stand, else after moving. */
  attackers: { id: string; expected: number; now: boolean }[];
}

/** Harm an attack does to its own side (AttackOption.attack). */
export interface Friendly {
  wounds: number;
  cost: number;
}

export interface Plan {
  figure: string;
  /** Destination (null: stay). */
  to: Cell | null;
  /** Attack option key, target and odds (null: a move only). */
  option: string | null;
  target: string | null;
  odds: Odds | null;
  exposure: Exposure;
  /** The commands that play the plan, in order. */
  commands: Command[];
  score: number;
  /** For a plain move: the range to the nearest enemy from the destination (Infinity: no path). */
  approach?: number;
  /**
   * After the attack: where to move out of the enemies' reach, and the commands (a card that buys
   * the movement, the move). The plan's exposure is there; the plan's commands stop at the attack,
   * whose outcome may change what is best next.
   */
  then?: { to: Cell; commands: Command[]; label?: string };
  /** Commands done on arriving (open a door, pick up a token): named in the reason. */
  arrive?: Command[];
  /**
   * doom2016: the marines the first door waits for (hints/objective.ts DOOR_GATHER): the plan ends
   * next to it without opening it. Named in the reason.
   */
  waitsFor?: string[];
  /** Cover and range of the target computed exactly from the destination (else estimated). */
  exact: boolean;
  /** Expected wounds the attack deals to the attacker's own side (doom2004 blasts and barrels), when any. */
  friendlyWounds?: number;
  /**
   * For the plans the hints' search played out (searched.ts): the mean result of its rollouts for
   * the figure's side, 0 lost … 0.5 even … 1 won.
   */
  playedOut?: number;
  reason: string;
}

/** What a figure here sees of each enemy, by id (only `get` is used, so answers may be computed when asked). */
export type SeenEnemies = Pick<Map<string, Sighting>, 'get'>;

export interface HintOptions {
  /**
   * Thinking budget in milliseconds of the reference machine (default 8). Never read as a clock
   * (issue 44): the ranking's work is fixed (the best `limit` × 3 plans are refined exactly), so the
   * same state and options give the same plans on any machine, however slow.
   */
  budgetMs?: number;
  /**
   * Refine the best plans exactly (default true). false: the estimates alone, each such attack plan
   * `exact: false` and its reason saying "(estimated: …)" — cheaper, for a score nobody is shown.
   */
  refine?: boolean;
  /** How many plans to return (default 5). */
  limit?: number;
  /** How much a point of expected damage taken costs against a point dealt (default: `defaultCaution`). */
  caution?: number;
  /** Score in damage units (default) or in shares of health (`fraction`). */
  scoring?: 'damage' | 'fraction';
  /** Figure names by id as the player sees them (the element's, the scenario's); default: read from the ids ("Imp 1"). */
  names?: Names;
  /** Play the best plans out (hints/searched.ts `hintSearch`; default true: doom2016 by HINT_SEARCH, doom2004 by DOOM2004_HINT_SEARCH). */
  search?: boolean;
  /**
   * How hard to think (src/ai/strength.ts; default `standard`): `strong` plays doom2004's best plans
   * out as the strong autopilot does (searched.ts STRONG_HINT_SEARCH): the first hint is that search's pick among the figure's plans.
   */
  strength?: AiStrength;
}

/** What a figure standing somewhere sees of an enemy. */
export interface Sighting {
  los: boolean;
  cover: boolean;
  range: number;
}

export interface Arrival {
  command: Command;
  /** Worth in the plans' score units (damage). */
  worth: number;
  /**
   * Counted only while the figure has no enemy to walk to (opening a door that summons demons), or
   * (`unseen`) while no enemy is in sight from there: the way to the enemies is through the door.
   */
  seeking: boolean | 'unseen';
  /** The plan stops after it: what comes next depends on what it reveals (a doom2016 door's summon comes first). */
  last?: boolean;
  /** Health it gives back (a medkit, a health token): the exposure there counts the health after it. */
  heal?: number;
}

export interface Objective {
  /** Walking distance from each cell to the nearest goal (-1: none); computed when first asked. */
  distance(): Int32Array;
  /** What the figure does on arriving at `to` with `left` movement, in order. */
  arrive(to: Cell, left: number): Arrival[];
  /** The figures a door there waits for before it is opened (none: empty); see Plan.waitsFor. */
  waitsFor?(to: Cell, left: number): string[];
}
