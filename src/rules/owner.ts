/**
 * Who decides a command: the side whose player the rules give that decision, which is not always
 * the side whose turn it is. doom2016: the attacker presses and the defender defends whatever the
 * activation (RULES §2.4), a displaced figure is placed by its controller (§2.2); doom2004: the
 * marines answer a guard window and heal during the invader's turn, the dodging marine picks its
 * re-roll (§3). The API authorises a seat by this, never by the turn.
 *
 * Kept out of the rulesets' engines (the element never needs it): it reads their states.
 */
import type { D20State } from './d20/state.ts';
import type { D4State } from './doom2004/state.ts';
import type { Doom2016State } from './doom2016/types.ts';
import type { GameState } from './engine.ts';
import type { Command } from './types.ts';

/**
 * The side that owns `command` in `state`, or null when the rules cannot tell (no such figure, an
 * unknown command): such a command is refused by the rules anyway.
 */
export function commandOwner(state: GameState, command: Command): string | null {
  switch (state.ruleset) {
    case 'doom2016': return doom2016Owner(state, command);
    case 'doom2004': return doom2004Owner(state, command);
    case 'd20': return d20Owner(state, command);
    default: return null;
  }
}

const sideOfFigure = (figures: readonly { id: string; side: string }[], id: unknown) =>
  typeof id === 'string' ? figures.find((f) => f.id === id)?.side ?? null : null;

function doom2016Owner(s: Doom2016State, c: Command): string | null {
  const p = s.pending;
  switch (c.type) {
    // The invader's own decisions, with no figure named (or a demon of the invader's).
    case 'status': case 'activate-demons': case 'activate-demon': case 'summon':
      return s.invaderSide;
    // The two choices of a pending attack belong to its two figures, whoever is activating.
    case 'press':
      return p?.kind === 'attack' ? sideOfFigure(s.figures, p.attacker) : sideOfFigure(s.figures, c.figure);
    case 'defend':
      return p?.kind === 'attack' ? sideOfFigure(s.figures, p.defender) : sideOfFigure(s.figures, c.figure);
    // Off the board until placed: its controller places it.
    case 'place-displaced':
      return p?.kind === 'displace' ? p.figure.side : sideOfFigure(s.figures, c.figure);
    default:
      // A killed marine waiting to respawn is off the board but still the marines'.
      return sideOfFigure(s.figures, c.figure) ?? (typeof c.figure === 'string' && Object.hasOwn(s.marines, c.figure) ? s.marineSide : null);
  }
}

function doom2004Owner(s: D4State, c: Command): string | null {
  switch (c.type) {
    case 'end-turn': return s.invaderSide;
    // The guard window, marine actions and healing are the marines' (healing may come at any time).
    case 'pass': case 'action': case 'guard-attack': case 'heal': case 'respawn': return s.marineSide;
    // An aim re-roll is the attacker's, a dodge re-roll the dodging marine's.
    case 'reroll': return s.pending ? sideOfFigure(s.figures, s.pending.by) : sideOfFigure(s.figures, c.figure);
    default: return sideOfFigure(s.figures, c.figure);
  }
}

function d20Owner(s: D20State, c: Command): string | null {
  return sideOfFigure(s.figures, c.figure);
}

/** Who must act now, and on what: the decision the seat check (`commandOwner`) gives a side. */
export interface Awaiting {
  side: string;
  /** turn, or a decision window: status, summon, press, defend, displaced (doom2016); guard, reroll (doom2004). */
  kind: string;
}

/**
 * The side that must act now and the kind of decision, read from the same state as `commandOwner`
 * (so it names the seat the server will accept), or null when the game is over. `turnSide` is the
 * view's side to act (the turn) when no decision window is open.
 */
export function awaitingOf(state: GameState, turnSide: string | null): Awaiting | null {
  if (state.winner !== null) return null;
  if (state.ruleset === 'doom2016') {
    const p = state.pending;
    if (p?.kind === 'attack') {
      const press = p.step === 'press';
      const side = sideOfFigure(state.figures, press ? p.attacker : p.defender);
      if (side) return { side, kind: press ? 'press' : 'defend' };
    }
    if (p?.kind === 'displace') return { side: p.figure.side, kind: 'displaced' };
    if (p?.kind === 'summon') return { side: state.invaderSide, kind: 'summon' };
    if (state.phase === 'status') return { side: state.invaderSide, kind: 'status' };
  }
  if (state.ruleset === 'doom2004') {
    if (state.pending) {
      const side = sideOfFigure(state.figures, state.pending.by);
      if (side) return { side, kind: 'reroll' };
    }
    if (state.window) return { side: state.marineSide, kind: 'guard' };
  }
  return turnSide === null ? null : { side: turnSide, kind: 'turn' };
}
