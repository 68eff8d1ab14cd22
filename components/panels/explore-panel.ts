/** Below the board in explore mode: status, the LOS explanation, and the board's buttons. */
import { html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { CITATION, ruleAnchor } from '../../src/core/citations.ts';

export interface ExplorePanel {
  status: string;
  explanation: string | null;
  /** The rules reference the explanation's citations link to (the `rules-href` attribute); unset: plain text. */
  rules?: string;
  message: string;
  /** "Rotate Brute" for a selected non-square figure. */
  rotate: { label: string; run: () => void } | null;
  clear: (() => void) | null;
  /** Take back the last move or door. */
  undo: { enabled: boolean; run: () => void };
  /** Every figure back to the scenario's position, every door closed. */
  reset: () => void;
  /** The movement control: its value, its label ("MP", d20's "Movement") and what a new value does. */
  mp: { value: number; label: string; set: (mp: number) => void };
  /** Copy a link carrying the whole board (boards with url-state). */
  share: (() => void) | null;
  /** Download the board as SVG / PNG. */
  download: (format: 'svg' | 'png') => void;
  doors: { label: string; open: boolean; toggle: () => void }[];
  /** More than MANY_DOORS doors: their buttons are behind "Doors (n)", made only while it is open. */
  doorsShown: boolean;
  showDoors: (shown: boolean) => void;
}

/**
 * Up to this many doors have a button each in the toolbar. A campaign map has hundreds: a toolbar
 * of 269 buttons is no help to read or to tab through, and laying them out took a fifth of a
 * 201×201 board's first render and a share of each selection (its status line sits above them).
 */
export const MANY_DOORS = 16;

const doorButtons = (doors: ExplorePanel['doors']) =>
  doors.map((d) => html`<button part="button" aria-pressed=${d.open ? 'true' : 'false'} @click=${d.toggle}>${d.label}</button>`);

/**
 * The one-line LOS / cover / range explanation citing the rule (empty: hidden); with `rules`, every
 * citation is a link to its anchor there ("RULES §2.1" → `${rules}#rule-2-1`, src/core/citations.ts).
 */
export const explanationLine = (text: string | null, rules?: string): TemplateResult =>
  html`<p class="explanation" part="explanation">${cited(text, rules)}</p>`;

/** Text with its citations as links to the rules reference (when there is one). */
const cited = (text: string | null, rules?: string) => text?.split(CITATION).map((s, i) => (i % 2 && rules ? html`<a href="${rules}#${ruleAnchor(s)}">${s}</a>` : s));

/** A message or refusal ("Refused (RULES §3 frags): …"), its citations linked like the explanation's. */
export const messageLine = (text: string, rules?: string): TemplateResult | typeof nothing =>
  text ? html`<p class="message" role="note">${cited(text, rules)}</p>` : nothing;

export function explorePanel(p: ExplorePanel): TemplateResult {
  return html`
    <p class="status" part="status">${p.status}</p>
    ${explanationLine(p.explanation, p.rules)}
    ${messageLine(p.message, p.rules)}
    <div class="bar" part="toolbar" role="group" aria-label="Board actions">
      ${p.rotate ? html`<button part="button" @click=${p.rotate.run}>${p.rotate.label}</button>` : nothing}
      ${p.clear ? html`<button part="button" @click=${p.clear}>Clear selection</button>` : nothing}
      <button part="button" ?disabled=${!p.undo.enabled} @click=${p.undo.run}>Undo</button>
      <button part="button" @click=${p.reset}>Reset</button>
      <label class="mp">${p.mp.label} <input type="number" min="0" max="40" .value=${String(p.mp.value)} @change=${(e: Event) => p.mp.set(Number((e.target as HTMLInputElement).value))} /></label>
      ${p.share ? html`<button part="button" @click=${p.share}>Copy share link</button>` : nothing}
      <button part="button" @click=${() => p.download('svg')}>Save SVG</button>
      <button part="button" @click=${() => p.download('png')}>Save PNG</button>
      ${p.doors.length <= MANY_DOORS ? guard([p.doors], () => doorButtons(p.doors)) : nothing}
    </div>
    ${p.doors.length > MANY_DOORS ? html`
      <details class="doors" part="doors" ?open=${p.doorsShown} @toggle=${(e: Event) => p.showDoors((e.target as HTMLDetailsElement).open)}>
        <summary part="button">Doors (${p.doors.length})</summary>
        <div class="bar" role="group" aria-label="Doors">${p.doorsShown ? guard([p.doors], () => doorButtons(p.doors)) : nothing}</div>
      </details>` : nothing}`;
}
