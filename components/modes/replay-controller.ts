/**
 * Replay mode's part of the main module: a worked example (a scenario's `steps`, a server game's
 * replay, a finished game) stepped through by the on-demand module dist/doom-board-replay.js
 * (components/replay), fetched the first time a board is put in `mode="replay"`.
 */
import type { ReactiveController, TemplateResult } from 'lit';
import type { Scenario } from '../../src/scenario/types.ts';
import type { UrlController } from '../controllers/url-controller.ts';
import { InPageEngine } from '../engine-client.ts';
import type { Overlays } from '../render/board-view.ts';
import type { BoardState } from '../state/board-state.ts';
import type { ReplayHost, ReplayMode } from '../replay/replay-mode.ts';

const loadReplay = () => import('../replay/replay-entry.ts');

export class ReplayController implements ReactiveController {
  hostConnected?(): void;
  current: ReplayMode | null = null;
  private engine: InPageEngine | undefined;

  constructor(private readonly host: ReplayHost, private readonly state: BoardState, private readonly url: UrlController) {
    host.addController(this);
  }

  /** Show the steps of `scenario` (the position before step 1, or the step the page URL names). */
  async start(scenario: Scenario, token: number): Promise<void> {
    this.stop();
    const { ReplayMode } = await loadReplay();
    if (token !== this.state.loadToken) return;
    // Always the page's own engine: a server game's replay is played here, never sent to the server again.
    this.current = new ReplayMode(this.host, this.state, this.url, (this.engine ??= new InPageEngine()), () => import('./table-entry.ts'));
    await this.current.start(scenario, token);
  }

  stop(): void {
    this.current?.pause();
    this.current = null;
  }

  hostDisconnected(): void {
    this.current?.pause();
  }

  panel(): TemplateResult | null {
    return this.current?.panel() ?? null;
  }

  overlays(): Overlays | null {
    return this.current?.overlays() ?? null;
  }

  /** N/B (Shift: last, first) on the board; true when it was a step key. */
  key(e: KeyboardEvent): boolean {
    return this.current?.key(e) ?? false;
  }
}
