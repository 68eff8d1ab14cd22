/**
 * The event log follows its newest line unless the reader has scrolled up in it: measured before
 * each render, scrolled after it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class LogFollow implements ReactiveController {
  private follows = true;

  constructor(private readonly host: ReactiveControllerHost & { readonly renderRoot: ParentNode }) {
    host.addController(this);
  }

  hostUpdate(): void {
    const log = this.host.renderRoot?.querySelector('.log');
    this.follows = !log || log.scrollHeight - log.scrollTop - log.clientHeight < 24;
  }

  hostUpdated(): void {
    const log = this.host.renderRoot.querySelector('.log');
    if (log && this.follows) log.scrollTop = log.scrollHeight;
  }
}
