/**
 * A board wider than its box (a phone keeps spaces finger-sized; a zoomed board) fades the box's
 * edge on each side where more of it lies: the sign that it scrolls sideways (a review found half a
 * board out of sight with nothing saying so). Classes `more-left` / `more-right` on `.board-scroll`,
 * kept as it scrolls and resizes; theme.ts draws them.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class ScrollCue implements ReactiveController {
  private box: HTMLElement | null = null;
  private readonly resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => this.mark());

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  hostUpdated(): void {
    const box = this.host.shadowRoot?.querySelector<HTMLElement>('.board-scroll') ?? null;
    if (box !== this.box) {
      this.hostDisconnected();
      this.box = box;
      box?.addEventListener('scroll', this.mark, { passive: true });
      if (box) for (const el of [box, box.firstElementChild]) if (el) this.resized?.observe(el);
    }
    this.mark();
  }

  hostDisconnected(): void {
    this.resized?.disconnect();
    this.box?.removeEventListener('scroll', this.mark);
    this.box = null;
  }

  private readonly mark = (): void => {
    const b = this.box;
    if (!b) return;
    const room = b.scrollWidth - b.clientWidth;
    b.classList.toggle('more-left', room > 1 && b.scrollLeft > 1);
    b.classList.toggle('more-right', room > 1 && b.scrollLeft < room - 1);
  };
}
