/** Edit mode's tools and output: terrain, edges, figures and tokens; undo; size; JSON export, embed snippet, import. */
import { html, nothing, type TemplateResult } from 'lit';
import { EDGE_TOOLS, embedSnippet, formatScenario, terrainToolsFor } from '../editor/edit-state.ts';
import type { EditMode, FigureSpec, TokenSpec } from '../modes/edit-mode.ts';
import { messageLine } from './explore-panel.ts';
import { stepsPanel } from './steps-panel.ts';

export interface EditPanelContext {
  edit: EditMode;
  message: string;
  /** Script URL written into the embed snippet. */
  bundleUrl: string;
  /** Runs an action, reporting what it throws as a `doom-error`; re-renders. */
  run: (action: () => void) => void;
  /** Show the edited board in explore mode, or its steps in replay mode (the editor is a mode switch away). */
  explore: (mode?: 'explore' | 'replay') => void;
  /** Forget the draft kept in this browser and edit the page's board again (null: no draft). */
  discard: (() => void) | null;
}

const valueOf = (e: Event) => (e.target as HTMLInputElement).value;

export function editPanel({ edit, message, bundleUrl, run, explore, discard }: EditPanelContext): TemplateResult {
  const st = edit.state;
  const s = edit.scenario();
  const tool = (id: string, label = edit.toolLabel(id)) =>
    html`<button part="button" aria-pressed=${edit.tool === id ? 'true' : 'false'} @click=${() => run(() => edit.selectTool(id))}>${label}</button>`;
  const setFigure = (k: keyof FigureSpec) => (e: Event) => run(() => {
    const v = valueOf(e);
    edit.figureSpec = { ...edit.figureSpec, [k]: k === 'w' || k === 'h' ? Math.max(1, Math.min(3, Number(v) || 1)) : v };
  });
  const setToken = (k: keyof TokenSpec) => (e: Event) => run(() => {
    edit.tokenSpec = { ...edit.tokenSpec, [k]: valueOf(e) };
  });
  const fields = new Set(edit.tokenTools.flatMap((t) => t.fields));
  const spec = edit.figureSpec;
  return html`
    <div class="editor" part="editor">
      <p class="status" part="status">${s.title ?? 'Scenario'} — ${st.width}×${st.height}, ${s.ruleset}. Tool: ${edit.toolLabel()}</p>
      ${messageLine(message)}
      <div class="bar" role="group" aria-label="History">
        <button part="button" ?disabled=${!edit.canUndo} @click=${() => run(() => edit.undo())}>Undo</button>
        <button part="button" ?disabled=${!edit.canRedo} @click=${() => run(() => edit.redo())}>Redo</button>
        <button part="button" @click=${() => explore()}>Explore this board</button>
        ${discard ? html`<button part="button" @click=${discard}>Discard draft</button>` : nothing}
      </div>
      <div class="bar">
        <label>Ruleset <select @change=${(e: Event) => run(() => edit.setRuleset(valueOf(e) as 'doom2016' | 'doom2004' | 'd20'))}>
          ${['doom2016', 'doom2004', 'd20'].map((r) => html`<option value=${r} ?selected=${s.ruleset === r}>${r}</option>`)}
        </select></label>
      </div>
      <div class="bar" role="group" aria-label="Terrain">${terrainToolsFor(s.ruleset).map((t) => tool(t.letter, t.label))}</div>
      <div class="bar" role="group" aria-label="Edges and figures">
        ${EDGE_TOOLS.map((k) => tool(k))} ${tool('erase-edge')} ${tool('figure')} ${tool('erase')}
      </div>
      <div class="bar">
        <label>Side <input type="text" .value=${spec.side} @change=${setFigure('side')} /></label>
        <label>Type <input type="text" .value=${spec.type} @change=${setFigure('type')} /></label>
        <label>W <input type="number" min="1" max="3" .value=${String(spec.w)} @change=${setFigure('w')} /></label>
        <label>H <input type="number" min="1" max="3" .value=${String(spec.h)} @change=${setFigure('h')} /></label>
      </div>
      ${edit.tokenTools.length
        ? html`
          <div class="bar" role="group" aria-label="Tokens">${edit.tokenTools.map((t) => tool(`token:${t.kind}`, t.label))}</div>
          <div class="bar">
            ${fields.has('color') ? html`<label>Colour <input type="text" .value=${edit.tokenSpec.color} @change=${setToken('color')} /></label>` : nothing}
            ${fields.has('weapon') ? html`<label>Weapon <input type="text" .value=${edit.tokenSpec.weapon} @change=${setToken('weapon')} /></label>` : nothing}
            ${fields.has('ammo') ? html`<label>Ammo <input type="text" .value=${edit.tokenSpec.ammo} @change=${setToken('ammo')} /></label>` : nothing}
          </div>`
        : nothing}
      <div class="bar">
        <label>Width <input type="number" min="1" max="64" .value=${String(st.width)} @change=${(e: Event) => run(() => edit.resize(Number(valueOf(e)), st.height))} /></label>
        <label>Height <input type="number" min="1" max="64" .value=${String(st.height)} @change=${(e: Event) => run(() => edit.resize(st.width, Number(valueOf(e))))} /></label>
      </div>
      ${edit.problems.length ? html`<div class="error" part="error"><strong>Not yet a valid scenario:</strong><ul>${edit.problems.map((p) => html`<li>${p}</li>`)}</ul></div>` : nothing}
      ${stepsPanel(edit, run, () => explore('replay'))}
      <label for="export">Scenario JSON</label>
      <textarea id="export" class="export" readonly .value=${formatScenario(s)}></textarea>
      <label for="embed">Embed snippet</label>
      <textarea id="embed" class="embed" readonly .value=${embedSnippet(s, bundleUrl)}></textarea>
      <label for="import">Paste a scenario to load it</label>
      <textarea id="import" class="import" .value=${edit.pastedText} @input=${(e: Event) => { edit.pastedText = (e.target as HTMLTextAreaElement).value; }}></textarea>
      <div class="bar"><button part="button" @click=${() => run(() => edit.loadPasted())}>Load pasted scenario</button></div>
    </div>`;
}
