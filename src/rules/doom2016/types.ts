/**
 * doom2016 (RULES §2): the card and unit data the rules read, and the game state. Everything is
 * plain data so that a game serializes, clones and replays exactly.
 */
import type { RngState } from '../rng.ts';
import type { PlacedFigure } from '../types.ts';

export type DieColor = string;

export interface DieData {
  faces: { damage: number }[];
}

export interface Attack {
  dice: DieColor[];
  range: number;
}

/** A demon ability: argent ones cost 1 argent from the demon's card (RULES §2.3). */
export interface DemonAbility {
  name: string;
  argent?: boolean;
  /** Attack bonuses (charged fireball: +2 range, +1 red die). */
  range?: number;
  dice?: DieColor[];
  /** MP gained after attacking (hit and run). */
  mp?: number;
}

export interface UnitData {
  name?: string;
  health: number;
  /** Marines: hand size and starting deck. */
  handSize?: number;
  deck?: string[];
  /** Demons. */
  stagger?: number;
  speed?: number;
  attack?: Attack;
  toughness?: number;
  abilities?: DemonAbility[];
  specialDefense?: { shields?: number; dodge?: boolean };
  size?: [number, number];
}

export interface Defense {
  shields: number;
  dodge: boolean;
  special?: boolean;
}

export interface ActionCard {
  name: string;
  set: string;
  action: 'main' | 'bonus' | 'reaction';
  speed: number;
  attack?: Attack;
  stun?: boolean;
  /** A reaction's effect: while defending, extra shields. */
  when?: 'defending';
  shields?: number;
  defense: Defense;
}

export interface EventCard {
  name: string;
  set: string;
  defense: Defense;
  when?: 'attacking' | 'defending';
  dice?: DieColor[];
  shields?: number;
}

export interface InvasionGroup {
  demons: string[];
  argent: number;
}

export interface InvasionCard {
  name: string;
  groups: Record<string, InvasionGroup[]>;
}

export interface GloryKillCard {
  name: string;
  heal: number;
  mp?: number;
  draw?: number;
}

export interface ClassCard {
  name: string;
  mp?: number;
  draw?: number;
}

export interface SquadCard {
  name: string;
  marines: number;
  each: boolean;
  handSize?: number;
  health?: number;
}

/** The data sets a game reads, by kind (entries only). */
export interface Doom2016Data {
  units: Record<string, UnitData>;
  dice: Record<string, DieData>;
  actionCards: Record<string, ActionCard>;
  eventCards: Record<string, EventCard>;
  invasionCards: Record<string, InvasionCard>;
  gloryKillCards: Record<string, GloryKillCard>;
  classCards: Record<string, ClassCard>;
  squadCards: Record<string, SquadCard>;
}

export interface Doom2016Figure extends PlacedFigure {
  damage: number;
  stunned: boolean;
}

/** A marine's cards and standing (kept while the figure is dead and off the board). */
export interface MarineRecord {
  /** The marine's unit type (kept while the figure is off the board). */
  type: string;
  deck: string[];
  hand: string[];
  discard: string[];
  /** Cards played this activation (discarded at its end). */
  played: string[];
  handSize: number;
  health: number;
  classCard: string | null;
  classExhausted: boolean;
  squad: string[];
  /** Killed and waiting to respawn at the start of its next activation. */
  dead: boolean;
}

export interface DemonCardState {
  ready: boolean;
  faceUp: boolean;
  argent: number;
}

export interface Token {
  id: string;
  kind: string;
  x: number;
  y: number;
  [field: string]: unknown;
}

export interface MarineActivation {
  kind: 'marine';
  figure: string;
  /** Initiative card that started it. */
  card: string;
  mp: number;
  mainPlayed: boolean;
  /** The card being resolved and whether its attack is still to come. */
  resolving: string | null;
  attack: Attack | null;
  stun: boolean;
  /** Waiting to respawn on an active teleporter before anything else. */
  respawn: boolean;
}

export interface DemonActivation {
  kind: 'demons';
  card: string;
  /** The demon type chosen (null until the invader exhausts a ready card). */
  type: string | null;
  /** Demons of the type still to act; with two or more, the invader picks the next (activate-demon). */
  queue: string[];
  figure: string | null;
  mp: number;
  attacked: boolean;
}

/** An attack waiting for a side's choices ("while defending", then "while attacking"). */
export interface PendingAttack {
  kind: 'attack';
  step: 'defend' | 'press';
  attacker: string;
  defender: string;
  /** Rolled dice: colour and damage icons. */
  dice: { color: DieColor; damage: number }[];
  cover: boolean;
  /** The defense card counting now (marine action card or event card), null if none revealed. */
  card: string | null;
  /** A second card may still be revealed (cover). */
  canReveal: boolean;
  stun: boolean;
  /** Shields from cards played while defending. */
  extraShields: number;
  /** Cards played during the attack (to the right discard pile when it resolves). */
  played: string[];
}

/** Portals revealed at once, each summoning one group (RULES §2.4). */
export interface PendingSummon {
  kind: 'summon';
  portals: string[];
}

/**
 * Small figures under a large figure that ended its move on them (RULES §2.2), off the board until
 * placed: `figure` waits for its controller to pick one of `options` (place-displaced), the
 * `waiting` ones come after it.
 */
export interface PendingDisplace {
  kind: 'displace';
  by: string;
  figure: Doom2016Figure;
  options: { x: number; y: number }[];
  waiting: Doom2016Figure[];
}

export interface Doom2016State {
  ruleset: 'doom2016';
  rng: RngState;
  board: { width: number; height: number; cells: number[]; hEdges: number[]; vEdges: number[] };
  data: Doom2016Data;
  marineSide: string;
  invaderSide: string;
  figures: Doom2016Figure[];
  marines: Record<string, MarineRecord>;
  demonCards: Record<string, DemonCardState>;
  invader: {
    deck: string[];
    hand: string[];
    discard: string[];
    kills: number;
    invasion: string | null;
    /** Argent on the invasion card (moved onto summoned demons' cards, the rest discarded). */
    invasionArgent: number;
  };
  glory: { deck: string[]; discard: string[] };
  tokens: Token[];
  /** Cells (y*width+x) of inactive teleporters; a marine entering one activates it. */
  inactiveTeleporters: number[];
  mission: { summon: 'first-door' | 'never'; demonsOpenDoors: boolean; argentAbilities: boolean };
  objectives: { kind: string; side: string; [k: string]: unknown }[];
  doorsOpened: number;
  round: number;
  phase: 'status' | 'activation';
  initiative: { deck: string[]; discard: string[] };
  active: MarineActivation | DemonActivation | null;
  pending: PendingAttack | PendingSummon | PendingDisplace | null;
  winner: string | null;
}
