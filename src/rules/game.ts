/**
 * A game: state + history. Every change goes through `apply`, which works on a copy and keeps it
 * only when the rules accept the command, so a refusal (or a malformed command) leaves the state
 * exactly as it was (`preview` plays it the same way and keeps nothing). Games replay exactly from
 * scenario + seed + commands.
 */
import { plainCopy } from './plain-copy.ts';
import type { ApplyResult, Command, GameEvent, GameView, Refusal, RulesetEngine } from './types.ts';

export class Game<S extends object> {
  private current: S;
  private readonly snapshots: S[] = [];
  private readonly commands: Command[] = [];

  constructor(private readonly rules: RulesetEngine<S>, initial: S) {
    this.current = initial;
  }

  /** The state as a plain, serializable object (a copy: changing it changes nothing). */
  get state(): S {
    return this.copy(this.current);
  }

  private copy(s: S): S {
    return this.rules.clone ? this.rules.clone(s) : plainCopy(s);
  }

  /** The commands accepted so far, in order (a copy). */
  get history(): Command[] {
    return plainCopy(this.commands);
  }

  /** The last command accepted and still standing (a copy), or undefined: what `undo` takes back, without copying the whole history. */
  get lastCommand(): Command | undefined {
    const last = this.commands.at(-1);
    return last === undefined ? undefined : plainCopy(last);
  }

  /** The position for drawing: board, figures with markers, tokens, whose turn (see GameView). */
  view(): GameView {
    return this.rules.view(this.copy(this.current));
  }

  legalActions(actor?: string): Command[] {
    return this.rules.legalActions(this.current, actor);
  }

  apply(command: Command): ApplyResult {
    const r = this.attempt(command);
    if (!r.ok) return r;
    this.snapshots.push(this.current);
    this.commands.push(r.command);
    this.current = r.state;
    return { ok: true, events: r.events };
  }

  /**
   * What `apply(command)` would do now — its events, or its refusal — with nothing kept: the state,
   * the dice and the history stay as they are. Lets a page say what a choice costs before it is made.
   */
  preview(command: Command): ApplyResult {
    const r = this.attempt(command);
    return r.ok ? { ok: true, events: r.events } : r;
  }

  /** The command played on a copy of the state. */
  private attempt(command: Command): { ok: true; state: S; command: Command; events: GameEvent[] } | { ok: false; refusal: Refusal } {
    if (typeof command !== 'object' || command === null || typeof command.type !== 'string') {
      return { ok: false, refusal: { rule: 'command', message: 'a command is an object with a string "type"' } };
    }
    let copy: S;
    let command2: Command;
    try {
      copy = this.copy(this.current);
      command2 = plainCopy(command);
    } catch {
      return { ok: false, refusal: { rule: 'command', message: 'the command is not plain data' } };
    }
    let result;
    try {
      result = this.rules.apply(copy, command2);
    } catch (e) {
      // A malformed command must never break the game: report it, keep the state.
      return { ok: false, refusal: { rule: 'command', message: `malformed command: ${(e as Error).message}` } };
    }
    if (!Array.isArray(result)) return { ok: false, refusal: result };
    return { ok: true, state: copy, command: command2, events: result };
  }

  /** Take back the last accepted command; false when there is none. */
  undo(): boolean {
    const previous = this.snapshots.pop();
    if (!previous) return false;
    this.current = previous;
    this.commands.pop();
    return true;
  }
}

/** A replay that cannot be made: `problems` lists each fault as `path: message` (`commands[3]: ...`). */
export class ReplayError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid replay: ${problems.join('; ')}`);
    this.name = 'ReplayError';
  }
}

/** Replay commands from the start; throws ReplayError if one is refused (a replay must reproduce a real game). */
export function replayWith<S extends object>(rules: RulesetEngine<S>, initial: S, commands: Command[]): Game<S> {
  if (!Array.isArray(commands)) throw new ReplayError(['commands: expected an array of commands']);
  const game = new Game(rules, initial);
  commands.forEach((c, i) => {
    const r = game.apply(c);
    if (!r.ok) throw new ReplayError([`commands[${i}]: refused (${r.refusal.rule}): ${r.refusal.message}`]);
  });
  return game;
}
