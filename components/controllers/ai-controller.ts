/**
 * Play mode's AI (the `ai` and `autopilot` attributes): exact odds on the targets, the Hint button's
 * plans and the autopilot (components/ai/ai-play.ts), loaded on demand (dist/doom-board-ai.js) when a
 * game starts with either attribute; stopped with its game, or when the board leaves the page.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Scenario } from '../../src/scenario/types.ts';
import type { AiPlay, PlayedGame } from '../ai/ai-play.ts';
import type { HintProvider } from '../hints.ts';
import type { BoardState } from '../state/board-state.ts';

/** What the AI reads of the element. */
export interface AiHost extends ReactiveControllerHost {
  readonly ai: boolean;
  readonly autopilot: string | undefined;
  /** Read at every pause of the autopilot. */
  readonly autopilotDelay: number | undefined;
  /** Read at every decision of the autopilot. */
  readonly aiStrength: string | undefined;
  readonly seed: number | undefined;
  /** A page's own hint provider wins over the AI's. */
  readonly hints: HintProvider | undefined;
}

export class AiController implements ReactiveController {
  /** The AI of the game being played, once loaded. */
  current: AiPlay | null = null;

  constructor(private readonly host: AiHost, private readonly state: BoardState) {
    host.addController(this);
  }

  /** Hints for the Hint button: the page's provider, else the AI's. */
  get hints(): HintProvider | undefined {
    return this.host.hints ?? this.current?.hints;
  }

  /** `game` started (for the load `token`): the AI joins it when the attributes ask for it. */
  async start(game: PlayedGame, s: Scenario, token: number): Promise<void> {
    const host = this.host;
    if (!host.ai && !host.autopilot) return;
    const { AiPlay } = await import('../ai/ai-entry.ts');
    if (token === this.state.loadToken) this.current = new AiPlay(game, s, host.seed ?? s.seed ?? 1, host.autopilot ?? '', host);
  }

  stop(): void {
    this.current?.stop();
    this.current = null;
  }

  hostDisconnected(): void {
    this.stop();
  }
}
