/** Below the board in replay mode: the step's caption and rule, the explanation, Back / Play / Next, the scrubber and the log. */
import { html, nothing, type TemplateResult } from 'lit';
import type { LogLine } from '../log/event-words.ts';
import { explanationLine, messageLine } from '../panels/explore-panel.ts';
import { caption } from './caption.ts';

export interface ReplayPanel {
  /** The step shown (0: before step 1) and how many there are. */
  at: number;
  of: number;
  caption: string;
  /** The rule the step illustrates (an anchor of docs/rules.md), or null. */
  rule: string | null;
  rulesHref: string | undefined;
  status: string;
  /** A warning or a failure that is not the whole board's (explore's message line). */
  message: string;
  explanation: string | null;
  playing: boolean;
  go: (n: number) => void;
  toggle: () => void;
  log: LogLine[];
}

/** "rule-2-1-cover" → "RULES §2.1 cover". */
export function ruleLabel(anchor: string): string {
  const parts = anchor.replace(/^rule-/, '').split('-');
  const numbers = parts.filter((p) => /^\d+$/.test(p));
  const words = parts.filter((p) => !/^\d+$/.test(p));
  return `RULES §${numbers.join('.')}${words.length ? ` ${words.join(' ')}` : ''}`;
}

export function replayPanel(p: ReplayPanel): TemplateResult {
  const where = p.at === 0 ? `Before step 1 of ${p.of}` : `Step ${p.at} of ${p.of}`;
  return html`
    <p class="status" part="status">${where}${p.status ? html` · ${p.status}` : nothing}</p>
    <p class="caption" part="caption" style="font-size:1.05rem;margin:.4rem 0">${p.at === 0 && !p.caption ? 'The position before the first step. Next shows step 1.' : caption(p.caption, p.rulesHref)}</p>
    ${p.rule ? html`<p class="rule" part="rule" style="margin:.2rem 0">Rule: ${p.rulesHref ? html`<a href=${`${p.rulesHref}#${p.rule}`}>${ruleLabel(p.rule)}</a>` : ruleLabel(p.rule)}</p>` : nothing}
    ${explanationLine(p.explanation, p.rulesHref)}
    ${messageLine(p.message, p.rulesHref)}
    <div class="bar" part="toolbar" role="group" aria-label="Steps">
      <button part="button" ?disabled=${p.at === 0} @click=${() => p.go(p.at - 1)}>◀ Back</button>
      <button part="button" aria-pressed=${p.playing ? 'true' : 'false'} ?disabled=${p.at === p.of && !p.playing} @click=${p.toggle}>${p.playing ? 'Pause' : 'Play'}</button>
      <button part="button" ?disabled=${p.at === p.of} @click=${() => p.go(p.at + 1)}>Next ▶</button>
      <input part="scrubber" type="range" min="0" max=${p.of} step="1" .value=${String(p.at)} aria-label="Step" aria-valuetext=${where}
        style="flex:1 1 8rem;min-width:8rem" @input=${(e: Event) => p.go(Number((e.target as HTMLInputElement).value))} />
    </div>
    <h3 class="visually-hidden">Event log</h3>
    <ol class="log" part="log" aria-label="Event log" tabindex="0">${p.log.map((l) => html`<li>${l.detail ? html`<details><summary>${l.text}</summary>${l.detail}</details>` : l.text}</li>`)}</ol>`;
}
