/**
 * The legend's list: a swatch and a name for each kind of terrain, edge and token this board has,
 * and for the marks drawn over it (reach, path, fog, lines of sight, cover, what blocks; the AI's
 * odds and hinted plans on a board that has the AI). Loaded
 * the first time a legend is opened (dist/doom-board-legend.js, components/modes/legend-entry.ts).
 */
import { html, svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import { EdgeKind } from '../../src/core/types.ts';
import type { DrawModel, DrawToken } from '../model.ts';
import { tokenIcon } from './figures.ts';

const swatch = (content: SVGTemplateResult) =>
  html`<svg class="swatch" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false"><rect class="floor" width="32" height="32"></rect>${content}</svg>`;

/** What difficult terrain does, by ruleset (RULES §2.2 +1 MP, §3 nothing, §4 double cost); doom2016 otherwise. */
const DIFFICULT: Record<string, string> = { doom2004: 'no effect in doom2004', d20: 'double cost' };

const TERRAIN: [letters: string, name: string, draw: SVGTemplateResult][] = [
  ['dT', 'Difficult terrain', svg`<rect class="difficult-fill" x="2" y="2" width="28" height="28"></rect>`],
  ['o', 'Blocking obstacle', svg`<rect class="obstacle" x="4" y="4" width="24" height="24"></rect>`],
  ['b', 'Exploding barrel', svg`<circle class="barrel" cx="16" cy="16" r="10"></circle>`],
  ['h', 'Damaging obstacle', svg`<rect class="hazard" x="4" y="4" width="24" height="24"></rect>`],
  ['l', 'Low objects', svg`<rect class="low" x="4" y="4" width="24" height="24"></rect>`],
  ['tT', 'Teleporter', svg`<circle class="teleporter" cx="16" cy="16" r="10"></circle>`],
  ['i', 'Inactive teleporter', svg`<circle class="teleporter-off" cx="16" cy="16" r="10"></circle>`],
  ['u', 'Duct', svg`<rect class="duct" x="6" y="6" width="20" height="20"></rect>`],
];

const EDGES: [kind: number, name: string, draw: SVGTemplateResult][] = [
  [EdgeKind.wall, 'Wall: blocks movement and sight', svg`<line class="wall" x1="4" y1="16" x2="28" y2="16"></line>`],
  [EdgeKind.door, 'Door (closed)', svg`<line class="door" x1="4" y1="16" x2="28" y2="16"></line>`],
  [EdgeKind.blocking, 'Blocking terrain: blocks sight and small figures', svg`<line class="blocking" x1="4" y1="16" x2="28" y2="16"></line>`],
  [EdgeKind.impassable, 'Impassable terrain: blocks small figures only', svg`<circle class="impassable" cx="8" cy="16" r="2"></circle><circle class="impassable" cx="16" cy="16" r="2"></circle><circle class="impassable" cx="24" cy="16" r="2"></circle>`],
];

const MARKS: [name: string, draw: SVGTemplateResult][] = [
  ['Reachable space (digits: MP)', svg`<rect class="reach-cells" x="1" y="1" width="30" height="30"></rect>`],
  ['Cheapest path', svg`<g class="path"><polyline points="4,28 16,16 28,16"></polyline></g>`],
  ['Out of line of sight', svg`<rect class="fog" x="0" y="0" width="32" height="32"></rect>`],
  ['Clear line of sight', svg`<line class="los-clear" x1="3" y1="29" x2="29" y2="3"></line>`],
  ['Blocked line', svg`<line class="los-blocked" x1="3" y1="29" x2="29" y2="3" stroke-width="2"></line>`],
  ['Line giving cover', svg`<line class="cover-line" x1="3" y1="29" x2="29" y2="3" stroke-width="2"></line>`],
  ['What blocks a line', svg`<line class="blocker-edge" x1="6" y1="16" x2="26" y2="16"></line>`],
];

/** The AI's marks (components/ai: odds labels, hinted plans), in the words of the board's ruleset. */
function aiMarks(ruleset: string): [name: string, draw: SVGTemplateResult][] {
  const unit = ruleset === 'doom2004' ? 'wounds' : ruleset === 'd20' ? 'hit points' : 'damage';
  const label = (text: string) => svg`<rect x="1" y="10" width="30" height="12" rx="2" fill="var(--doom-bg, #fff)" stroke="var(--doom-focus, #1a5fb4)" stroke-width="0.8"></rect><text x="16" y="19" text-anchor="middle" font-size="8" font-weight="700" fill="var(--doom-text, #111)">${text}</text>`;
  const arrow = (dash: string) => svg`<line x1="4" y1="26" x2="26" y2="6" stroke="var(--doom-focus, #1a5fb4)" stroke-width="2.2" stroke-dasharray=${dash}></line><path d="M27 5 l-7 1 l6 6 z" fill="var(--doom-focus, #1a5fb4)"></path>`;
  return [
    [`Odds on a target: chance to hit · ${unit} expected · chance to kill`, label('%')],
    ['A hinted plan: its rank, then its odds', label('1 ·')],
    ['A hinted move (the plan’s path)', arrow('none')],
    ['A hinted attack', arrow('4 3')],
    ['A hinted step back after the attack', arrow('1 4')],
    ['A label away from its figure: a thin line leads to it', svg`<line x1="4" y1="28" x2="28" y2="4" stroke="var(--doom-focus, #1a5fb4)" stroke-width="0.8"></line>`],
  ];
}

function tokenKinds(m: DrawModel): DrawToken[] {
  const seen = new Map<string, DrawToken>();
  for (const t of m.tokens) {
    const key = `${t.kind}:${t.color ?? ''}`;
    if (!seen.has(key)) seen.set(key, { ...t, x: 0, y: 0 });
  }
  return [...seen.values()];
}

/** The list of what this board has and what is drawn over it; `ai`: the AI's marks too (a play board with the AI). */
export function legendList(m: DrawModel, ai = false): TemplateResult {
  const letters = new Set(m.map.join(''));
  const edges = new Set([...m.hEdges, ...m.vEdges]);
  const name = (t: DrawToken) => {
    const words = t.label && t.label !== t.kind ? t.label : `${t.color ? `${t.color} ` : ''}${t.kind}`;
    return words.charAt(0).toUpperCase() + words.slice(1);
  };
  return html`<ul>
    ${TERRAIN.filter(([l]) => [...l].some((c) => letters.has(c))).map(([l, n, d]) => html`<li>${swatch(d)}${l === 'dT' ? `${n} (${DIFFICULT[m.ruleset] ?? '+1 MP'})` : n}</li>`)}
    ${EDGES.filter(([k]) => edges.has(k)).map(([, n, d]) => html`<li>${swatch(d)}${n}</li>`)}
    ${tokenKinds(m).map((t) => html`<li>${swatch(tokenIcon(t))}${name(t)}</li>`)}
    ${MARKS.map(([n, d]) => html`<li>${swatch(d)}${m.ruleset === 'd20' ? n.replace('MP', 'squares of movement') : n}</li>`)}
    ${ai ? aiMarks(m.ruleset).map(([n, d]) => html`<li>${swatch(d)}${n}</li>`) : ''}
  </ul>`;
}
