/** Below the board in play mode: whose turn, the explanation, the selected figure's commands, undo, hint, the event log. */
import { html, nothing, type TemplateResult } from 'lit';
import type { LogLine } from '../log/event-words.ts';
import { explanationLine, messageLine } from './explore-panel.ts';

export interface PlayPanel {
  status: string;
  /** The winning side's name, once the game is over. */
  winner: string | null;
  explanation: string | null;
  /** The rules reference the explanation's citations link to (`rules-href`). */
  rules?: string;
  message: string;
  hint: string | null;
  /** "Trooper 1:" or null when nothing is selected. */
  selectedName: string | null;
  commands: { label: string; run: () => void }[];
  undo: { enabled: boolean; run: () => void };
  askHint: (() => void) | null;
  /** The autopilot decides now: Hint is off (its plans are not the person's to follow). */
  hintOff?: boolean;
  log: LogLine[];
  /** Once the game is over: step through it (replay mode). */
  replay: (() => void) | null;
  /** What to do when it is not "select a figure" (a fragged marine to put back on the board). */
  prompt?: string;
  /** The play table (doom2016, doom2004), or nothing. */
  table: TemplateResult | typeof nothing;
}

export function playPanel(p: PlayPanel): TemplateResult {
  return html`
    <p class="status" part="status">${p.winner ? html`<strong>${p.winner} won</strong>` : p.status}</p>
    ${explanationLine(p.explanation, p.rules)}
    ${messageLine(p.message, p.rules)}
    ${p.hint ? html`<p class="hint" part="explanation">Hint: ${p.hint}</p>` : nothing}
    <div class="bar" part="toolbar" role="group" aria-label="Actions">
      ${p.prompt ? html`<span>${p.prompt}</span>` : p.selectedName ? html`<span>${p.selectedName}:</span>` : p.commands.length ? nothing : html`<span>Select a figure to see its actions.</span>`}
      ${p.commands.map((c) => html`<button part="button" @click=${c.run}>${c.label}</button>`)}
      <button part="button" ?disabled=${!p.undo.enabled} @click=${p.undo.run}>Undo</button>
      ${p.askHint ? html`<button part="button" ?disabled=${!!p.hintOff} title=${p.hintOff ? 'The autopilot is playing this turn' : nothing} @click=${p.askHint}>Hint</button>` : nothing}
      ${p.replay ? html`<button part="button" @click=${p.replay}>Replay step by step</button>` : nothing}
    </div>
    ${p.table}
    <h3 class="visually-hidden">Event log</h3>
    <ol class="log" part="log" aria-label="Event log" tabindex="0">${p.log.map((l) => html`<li>${l.detail ? html`<details><summary>${l.text}</summary>${l.detail}</details>` : l.text}</li>`)}</ol>`;
}
