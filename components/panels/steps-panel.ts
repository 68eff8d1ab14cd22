/**
 * The editor's worked example (issue 40): record a sequence of steps — each a command legal at that
 * point of the game, or a selection (a figure, a target) — give each a caption, remove the last,
 * and step through them (mode="replay"). The embed snippet then carries `mode="replay"`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Command } from '../../src/rules/types.ts';
import { stepLabel } from '../editor/step-recorder.ts';
import { describeCommand } from '../interaction/describe.ts';
import type { EditMode } from '../modes/edit-mode.ts';

const selected = (root: Element, id: string) => (root.querySelector(`#${id}`) as HTMLSelectElement | null)?.value ?? '';

export function stepsPanel(edit: EditMode, run: (action: () => void) => void, replay: () => void): TemplateResult {
  const rec = edit.recorder;
  const steps = edit.steps;
  // Closed, nothing is played (the ruleset's engine is fetched only for an example being recorded).
  const open = edit.stepsOpen || steps.length > 0;
  if (open) rec.sync(edit.scenario());
  const root = (e: Event) => (e.target as Element).closest('.steps')!;
  return html`
    <details class="steps" part="steps" ?open=${open} @toggle=${(e: Event) => {
      const now = (e.target as HTMLDetailsElement).open;
      if (now !== edit.stepsOpen) run(() => (edit.stepsOpen = now));
    }}>
      <summary>Steps: a worked example (mode="replay")</summary>
      ${open ? html`
      ${steps.length ? html`<ol>${steps.map((s, i) => html`<li>${stepLabel(s, describeCommand)}
        <label>Caption <input type="text" maxlength="600" .value=${s.caption ?? ''} aria-label=${`Caption of step ${i + 1}`}
          @change=${(e: Event) => run(() => edit.setCaption(i, (e.target as HTMLInputElement).value))} /></label></li>`)}</ol>` : html`<p>No steps yet: the example starts from the board above.</p>`}
      ${rec.problem ? html`<p role="note">${rec.problem}</p>` : nothing}
      ${rec.problem && !edit.scenario().data ? html`<div class="bar"><button part="button" @click=${() => run(() => edit.useBundledData())}>Use the bundled data sets</button></div>` : nothing}
      ${rec.legal.length || !rec.problem ? html`
        <div class="bar">
          <label>Next command <select id="next-command">${rec.legal.map((c, i) => html`<option value=${i}>${describeCommand(c)}</option>`)}</select></label>
          <button part="button" ?disabled=${!rec.legal.length} @click=${(e: Event) => run(() => edit.addStep({ command: rec.legal[Number(selected(root(e), 'next-command'))] as Command & { type: string } }))}>Record command</button>
        </div>` : nothing}
      ${rec.figures.length ? html`
        <div class="bar">
          <label>Select <select id="step-select">${rec.figures.map((f) => html`<option>${f}</option>`)}</select></label>
          <label>Target <select id="step-target"><option value="">none</option>${rec.figures.map((f) => html`<option>${f}</option>`)}</select></label>
          <button part="button" ?disabled=${!rec.figures.length} @click=${(e: Event) => run(() => {
            const select = selected(root(e), 'step-select');
            const target = selected(root(e), 'step-target');
            edit.addStep({ select, ...(target && target !== select ? { target } : {}) });
          })}>Record selection</button>
        </div>` : nothing}
      <div class="bar">
        <button part="button" ?disabled=${!steps.length} @click=${() => run(() => edit.removeLastStep())}>Remove last step</button>
        ${steps.length ? html`<button part="button" @click=${replay}>Step through</button>` : nothing}
      </div>` : nothing}
    </details>`;
}
