/**
 * The board's legend under it: a <details> whose list (components/render/legend-list.ts) is drawn
 * only while it is open and is loaded on demand, the first time a legend opens. Closed, nothing in
 * it can be mistaken for the board's own marks (by scripts reading the drawing, too).
 */
import { html, nothing, type TemplateResult } from 'lit';

/** `list`: the open legend's list, or undefined while its module loads. */
export function legend(open: boolean, list: TemplateResult | undefined, toggle: (open: boolean) => void): TemplateResult {
  return html`<details class="legend" part="legend" ?open=${open} @toggle=${(e: Event) => toggle((e.target as HTMLDetailsElement).open)}>
    <summary>Legend</summary>
    ${open ? list ?? html`<p>Loading…</p>` : nothing}
  </details>`;
}
