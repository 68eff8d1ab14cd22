/** Zoom buttons for boards whose spaces would be too small to tap on a phone. */
import { html, nothing, type TemplateResult } from 'lit';

/**
 * Boards this wide or wider get zoom buttons on touch screens: a space keeps a finger's 45 px there
 * (`--doom-cell-min`; 40 px when the board then fits, as 8 columns do on a 390 px phone), so a wider board scrolls — Fit
 * shows it whole (with 12, boards of 8–11 columns scrolled on a phone with no way to see them whole).
 */
const ZOOMABLE_WIDTH = 8;
/** …and with a mouse from this wide: a board of 8–11 columns fits its box there, and three more tab stops would only be in the way. */
const ZOOMABLE_WIDTH_FINE = 12;

/**
 * `set` gets the new zoom, and words for the live region: from 1 (spaces big enough for a finger on a touch screen, the board
 * fitting the width elsewhere) to 4, and FIT: the whole board in its box whatever the size of its
 * spaces (on a phone the default scrolls; a player must still be able to see every space at once).
 */
export const FIT = 0.5;

export function zoomBar(width: number, zoom: number, set: (zoom: number, words: string) => void): TemplateResult | typeof nothing {
  if (width < ZOOMABLE_WIDTH) return nothing;
  // `words`: what the live region says of the new zoom.
  const to = (z: number) => () => set(z, z === FIT ? 'Fitted to the box: the whole board is shown' : `Zoomed ${z > zoom ? 'in' : 'out'} to ${Math.round(z * 100)}%`);
  return html`<div class="bar zoom${width < ZOOMABLE_WIDTH_FINE ? ' touch-only' : ''}" role="group" aria-label="Zoom">
      <button part="button" aria-label="Zoom in" ?disabled=${zoom >= 4} @click=${to(zoom < 1 ? 1 : Math.min(4, zoom * 1.5))}>+</button>
      <button part="button" aria-label="Zoom out" ?disabled=${zoom <= FIT} @click=${to(zoom > 1 ? Math.max(1, zoom / 1.5) : FIT)}>−</button>
      <button part="button" ?disabled=${zoom === FIT} @click=${to(FIT)}>Fit</button>
    </div>`;
}
