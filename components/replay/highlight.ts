/** A step's highlights over the board: marked spaces and lines from the centre of one space to another's. */
import { svg, type SVGTemplateResult } from 'lit';
import type { ScenarioStep } from '../../src/scenario/types.ts';

/** One space in SVG units (components/render/geometry.ts). */
const S = 32;
const centre = (c: number) => c * S + S / 2;

export function highlightLayer(h: ScenarioStep['highlight']): SVGTemplateResult | null {
  if (!h || (!h.spaces?.length && !h.lines?.length)) return null;
  return svg`<g part="highlight" style="pointer-events:none">
    ${(h.spaces ?? []).map(([x, y]) => svg`<rect x=${x * S + 3} y=${y * S + 3} width=${S - 6} height=${S - 6} rx="4" fill="none" stroke="var(--doom-focus)" stroke-width="3" stroke-dasharray="5 3"></rect>`)}
    ${(h.lines ?? []).map(([[x1, y1], [x2, y2]]) => svg`<line x1=${centre(x1)} y1=${centre(y1)} x2=${centre(x2)} y2=${centre(y2)} stroke="var(--doom-focus)" stroke-width="3" stroke-linecap="round" stroke-dasharray="8 4"></line>`)}
  </g>`;
}
