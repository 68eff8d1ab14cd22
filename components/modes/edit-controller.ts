/**
 * Edit mode's part of the element: the editor module (dist/doom-board-editor.js, fetched the first
 * time a board is edited), the working copy while a board is edited (components/modes/edit-mode.ts)
 * and the editor's panel. Pages that only show or play boards never download the editor.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Scenario } from '../../src/scenario/types.ts';
import type { EngineClient } from '../engine-client.ts';
import type { BoardState, Mode } from '../state/board-state.ts';
import type { EditMode } from './edit-mode.ts';

const loadEditor = () => import('./editor-entry.ts');
export type EditorModule = Awaited<ReturnType<typeof loadEditor>>;

/**
 * The embed snippet's script: the one-tag bundle's own URL when this runs from it, else `doom-board.js`
 * (the package's dist/ beside the page) — never an app's own chunk (a review's snippet named the demo
 * site's hashed module, which no other site can load).
 */
const OWN_URL = /\/doom-board\.js([?#]|$)/.test(import.meta.url) ? import.meta.url : 'doom-board.js';

/** What edit mode reads and sets of the element. */
export interface EditHost extends ReactiveControllerHost {
  readonly engine: EngineClient;
  /** Names the draft kept in this browser. */
  readonly id: string;
  readonly bundleUrl: string | undefined;
  /** "Explore this board" shows the edited scenario in explore mode. */
  scenario: Scenario | string | null | undefined;
  mode: Mode;
}

export class EditController implements ReactiveController {
  // Edit mode follows none of the host's updates; TypeScript takes a class for a controller once it names a hook.
  hostConnected?(): void;
  /** The working copy, while a board is edited. */
  editor: EditMode | null = null;
  /** The editor module, once loaded. */
  module: EditorModule | null = null;
  /** The board is the editor's, shown in explore or replay mode ("Explore this board", "Step through"). */
  private returnable = false;

  constructor(private readonly host: EditHost, private readonly state: BoardState) {
    host.addController(this);
  }

  load(): Promise<EditorModule> {
    return loadEditor();
  }

  /** Edit `source` (`scenario`: as validated); `restored`: it is the draft this browser kept. */
  start(module: EditorModule, source: Scenario, scenario: Scenario, restored: boolean): void {
    this.editor = new module.EditMode(this.host, this.state, source, scenario);
    // Back from exploring the board: the draft is the board just left, not news.
    if (restored && !this.returnable) this.state.message = 'Your last edit of this board was restored from this browser. "Discard draft" goes back to the page\'s board.';
    this.module = module;
    this.returnable = false;
  }

  /** Once the editor's board is explored or stepped through: the way back to editing it. */
  backBar(): TemplateResult | typeof nothing {
    const { host } = this;
    return this.returnable && host.mode !== 'edit' ? html`<div class="bar"><button part="button" @click=${() => (host.mode = 'edit')}>Back to the editor</button></div>` : nothing;
  }

  /** Enter, a click or a tap on a space: the chosen tool there. */
  activate(x: number, y: number): void {
    this.editor?.at(x, y, null);
  }

  /** The editor's tools and export, or null before the editor is there; `reload` loads the page's board again. */
  panel(reload: () => void): TemplateResult | null {
    const { editor, module, host, state } = this;
    if (!editor || !module) return null;
    return module.editPanel({
      edit: editor,
      message: state.message,
      bundleUrl: host.bundleUrl ?? OWN_URL,
      run: (action) => void state.guard(action),
      explore: (mode = 'explore') => {
        this.returnable = true;
        host.scenario = editor.scenario();
        host.mode = mode;
      },
      // Asked first: the draft is the only copy of the work (a review lost it to one press).
      discard: module.readDraft(host.id) ? () => {
        if (!confirm('Discard the draft kept in this browser? It cannot be brought back.')) return;
        module.discardDraft(host.id);
        reload();
      } : null,
    });
  }
}
