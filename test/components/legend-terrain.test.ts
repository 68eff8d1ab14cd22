/**
 * The map legend names difficult terrain by what it does in the board's ruleset (issue 22 item 4,
 * RULES §2.2, §3, §4): doom2016 +1 MP, doom2004 no effect, d20 double cost.
 */
import { describe, expect, test } from 'vitest';
import type { TemplateResult } from 'lit';
import type { DrawModel } from '../../components/model.ts';
import { legendList } from '../../components/render/legend-list.ts';

/** Every text of a lit template, nested templates and lists included (no DOM needed). */
function texts(t: unknown): string[] {
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.flatMap(texts);
  if (t && typeof t === 'object' && 'values' in t) return (t as TemplateResult).values.flatMap(texts);
  return [];
}

const model = (ruleset: string): DrawModel => ({
  ruleset, width: 2, height: 1, map: ['d.'], cells: new Uint8Array(2), hEdges: new Uint8Array(4), vEdges: new Uint8Array(3),
  doors: [], figures: [], tokens: [], hidden: new Set(), sides: [],
});

describe('the legend says what difficult terrain does in this ruleset', () => {
  test.each([
    ['doom2016', 'Difficult terrain (+1 MP)'],
    ['doom2004', 'Difficult terrain (no effect in doom2004)'],
    ['d20', 'Difficult terrain (double cost)'],
  ])('%s: %s', (ruleset, words) => {
    const all = texts(legendList(model(ruleset)));
    expect(all).toContain(words);
    expect(all.filter((s) => s.startsWith('Difficult terrain'))).toEqual([words]);
  });
});

describe('on a board with the AI the legend says what its labels and arrows are, in the ruleset\'s words', () => {
  test.each([
    ['doom2016', 'Odds on a target: chance to hit · damage expected · chance to kill'],
    ['doom2004', 'Odds on a target: chance to hit · wounds expected · chance to kill'],
    ['d20', 'Odds on a target: chance to hit · hit points expected · chance to kill'],
  ])('%s: %s', (ruleset, words) => {
    const all = texts(legendList(model(ruleset), true));
    expect(all).toContain(words);
    expect(all).toContain('A hinted plan: its rank, then its odds');
    expect(all).toContain('A label away from its figure: a thin line leads to it');
    // Without the AI, none of it.
    expect(texts(legendList(model(ruleset))).filter((s) => /odds|hinted/i.test(s))).toEqual([]);
  });
});
