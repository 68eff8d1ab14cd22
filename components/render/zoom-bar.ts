/** Zoom buttons for boards whose spaces would be too small to tap on a phone. */
import { html, nothing, type TemplateResult } from 'lit';

/** Boards this wide or wider get zoom buttons (their spaces are small on a phone). */
const ZOOMABLE_WIDTH = 12;

/** `set` gets the new zoom, from 1 (the board fits the width) to 4. */
export function zoomBar(width: number, zoom: number, set: (zoom: number) => void): TemplateResult | typeof nothing {
  if (width < ZOOMABLE_WIDTH) return nothing;
  const to = (z: number) => () => set(Math.min(4, Math.max(1, z)));
  return html`<div class="bar zoom" role="toolbar" aria-label="Zoom">
      <button part="button" aria-label="Zoom in" ?disabled=${zoom >= 4} @click=${to(zoom * 1.5)}>+</button>
      <button part="button" aria-label="Zoom out" ?disabled=${zoom <= 1} @click=${to(zoom / 1.5)}>−</button>
      <button part="button" ?disabled=${zoom === 1} @click=${to(1)}>Fit</button>
    </div>`;
}
