/**
 * Plays one side of a `<doom-board>` game with the autopilot: whenever that side must decide, asks
 * the AI (a worker by default in a browser: the page never blocks) for a command and sends it through
 * the element's GameClient. A refused command resets the autopilot's plan and sends a legal "end"
 * instead, so the game always goes on.
 */
import type { GameState } from '../../src/rules/engine.ts';
import type { Command } from '../../src/rules/types.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { decidingSide, sideOfCommand } from '../../src/ai/autopilot/sides.ts';
import { inPageAi, type Ai, type AiStrength } from '../../src/ai/protocol.ts';
import type { GameClient } from '../engine-client.ts';
import { shadowState } from './shadow-game.ts';

export interface AutopilotOptions {
  /** The side the autopilot plays (e.g. "invader"). */
  side: string;
  scenario: Scenario;
  /** The seed of the client's game. */
  seed: number;
  ai?: Ai;
  /** Thinking time per decision (ms, default 40). */
  budgetMs?: number;
  /** How hard it thinks (default `standard`; src/ai/protocol.ts AiStrength). */
  strength?: AiStrength;
  /** Pause between commands so a person can follow (ms, default 250). */
  delayMs?: number;
  /** The game's full state (default: a shadow game of the client, shadow-game.ts). */
  state?: () => Promise<GameState>;
  /** Called after each command the autopilot sent (e.g. to redraw the element). */
  onCommand?: (command: Command, ok: boolean) => void;
}

export class AutopilotDriver {
  private readonly ai: Ai;
  private readonly state: () => Promise<GameState>;
  private running = false;
  private busy: Promise<void> | null = null;

  constructor(private readonly client: GameClient, private readonly o: AutopilotOptions) {
    this.ai = o.ai ?? inPageAi();
    this.state = o.state ?? shadowState(client, o.scenario, o.seed);
  }

  /** The autopilot's commands for its side now, one at a time, until the other side must decide. */
  async step(): Promise<boolean> {
    const view = await this.client.view();
    if (view.winner !== null) return false;
    const at = (await this.client.history()).length;
    const legal = await this.client.legalActions();
    const state = await this.state();
    if (decidingSide(state, legal, view.side) !== this.o.side) return false;
    const mine = legal.filter((c) => sideOfCommand(state, c) === this.o.side);
    const command = await this.ai.decide(state, this.o.side, mine, this.o.budgetMs ?? 40, this.o.strength);
    // The other side acted while the AI thought (e.g. a doom2004 heal in the invaders' turn): the
    // decision was for a position that is gone; decide again.
    if ((await this.client.history()).length !== at) {
      await this.ai.reset(this.o.side);
      return true;
    }
    let r = await this.client.apply(command);
    this.o.onCommand?.(command, r.ok);
    if (!r.ok) {
      await this.ai.reset(this.o.side);
      const fallback = mine.find((c) => c.type === 'end') ?? mine.find((c) => c.type === 'end-turn') ?? mine[0];
      r = await this.client.apply(fallback);
      this.o.onCommand?.(fallback, r.ok);
      if (!r.ok) return false;
    }
    return true;
  }

  /** Keep playing the side whenever it must decide (call `poke()` after the other side's commands). */
  start(): void {
    this.running = true;
    this.poke();
  }

  stop(): void {
    this.running = false;
  }

  /** Resolves when the autopilot has finished the command it is playing (after `stop()`: it plays no more). */
  idle(): Promise<void> {
    return this.busy ?? Promise.resolve();
  }

  /** Whether `side` must decide now. */
  async turn(): Promise<boolean> {
    const view = await this.client.view();
    if (view.winner !== null) return false;
    return decidingSide(await this.state(), await this.client.legalActions(), view.side) === this.o.side;
  }

  /** Play on now if it is the autopilot's turn (resolves when it has handed over). */
  poke(): Promise<void> {
    if (!this.running) return Promise.resolve();
    this.busy ??= (async () => {
      try {
        while (this.running && (await this.step())) await new Promise((r) => setTimeout(r, this.o.delayMs ?? 250));
      } finally {
        this.busy = null;
      }
    })();
    return this.busy;
  }
}
