/**
 * Where keyboard focus goes after a button press re-renders the board. A command's button is often
 * gone afterwards (or disabled, or Lit reuses its element for the next command, so that a second
 * Enter would run something nobody chose): focus then moves to the status line, which says what
 * happened and acts on no key, instead of falling to the page's body. A toggle (`aria-pressed`: Play and
 * Pause) keeps its focus as its words change.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class FocusKeeper implements ReactiveController {
  private pressed: { button: HTMLButtonElement; label: string } | null = null;

  constructor(private readonly host: ReactiveControllerHost & { readonly renderRoot: HTMLElement | DocumentFragment }) {
    host.addController(this);
  }

  hostConnected(): void {
    this.host.renderRoot.addEventListener('click', this.onClick, true);
  }

  hostDisconnected(): void {
    this.host.renderRoot.removeEventListener('click', this.onClick, true);
  }

  private readonly onClick = (e: Event): void => {
    const button = (e.target as Element).closest?.('button');
    this.pressed = button ? { button, label: button.textContent ?? '' } : null;
  };

  /** Whether the pressed button holds the focus as this render starts (else the person has moved on). */
  hostUpdate(): void {
    if (this.pressed && (this.host.renderRoot as ShadowRoot).activeElement !== this.pressed.button) this.pressed = null;
  }

  hostUpdated(): void {
    const p = this.pressed;
    if (!p || (p.button.isConnected && !p.button.disabled && (p.button.textContent === p.label || p.button.hasAttribute('aria-pressed')) && (this.host.renderRoot as ShadowRoot).activeElement === p.button)) return;
    this.pressed = null;
    const status = this.host.renderRoot.querySelector<HTMLElement>('[part="status"]');
    if (!status) return;
    status.tabIndex = -1;
    status.focus({ preventScroll: true });
  }
}
