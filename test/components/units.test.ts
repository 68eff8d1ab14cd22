/** Pure helpers of the component: coordinates, URL state, the editor's working copy, descriptions. */
import { describe, expect, test } from 'vitest';
import { cellName, columnName, figureInitials, parseCellName } from '../../components/coords.ts';
import { embedSnippet, formatScenario, fromScenario, paintCell, resize, toggleEdge, toScenario } from '../../components/editor/edit-state.ts';
import { describeCommand, describeEvent } from '../../components/interaction/describe.ts';
import { navigate } from '../../components/interaction/keyboard.ts';
import { decodeState, encodeState, readFragment, writeFragment } from '../../components/url-state.ts';
import type { Scenario } from '../../src/scenario/types.ts';

describe('coordinates', () => {
  test('columns A…Z, AA…; rows from 1', () => {
    expect([0, 2, 25, 26, 27, 39].map(columnName)).toEqual(['A', 'C', 'Z', 'AA', 'AB', 'AN']);
    expect(cellName(2, 3)).toBe('C4');
    expect(parseCellName('C4')).toEqual({ x: 2, y: 3 });
    expect(parseCellName('AB10')).toEqual({ x: 27, y: 9 });
    expect(parseCellName('4C')).toBeNull();
  });
  test('figure initials', () => {
    expect(figureInitials('alpha')).toBe('Al');
    expect(figureInitials('possessed-soldier-1')).toBe('PS1');
    expect(figureInitials('trooper-2')).toBe('T2');
  });
});

describe('keyboard grid', () => {
  test('arrows clamp at the edges; Home/End; Ctrl+Home/End', () => {
    expect(navigate('ArrowLeft', false, { x: 0, y: 0 }, 5, 4)).toEqual({ x: 0, y: 0 });
    expect(navigate('ArrowRight', false, { x: 0, y: 0 }, 5, 4)).toEqual({ x: 1, y: 0 });
    expect(navigate('End', false, { x: 1, y: 2 }, 5, 4)).toEqual({ x: 4, y: 2 });
    expect(navigate('Home', true, { x: 3, y: 2 }, 5, 4)).toEqual({ x: 0, y: 0 });
    expect(navigate('End', true, { x: 0, y: 0 }, 5, 4)).toEqual({ x: 4, y: 3 });
    expect(navigate('a', false, { x: 0, y: 0 }, 5, 4)).toBeNull();
  });
});

describe('URL state', () => {
  test('round trip through base64url, other fragment parameters kept', () => {
    const state = { f: [[1, 2], [3, 4, 1]] as [number, number, number?][], d: [2], s: 'alpha', t: 'imp' };
    const code = encodeState(state);
    expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeState(code)).toEqual(state);
    const hash = writeFragment('#other=1', 'doom-x', code);
    expect(readFragment(hash, 'doom-x')).toBe(code);
    expect(readFragment(hash, 'other')).toBe('1');
    expect(writeFragment(hash, 'doom-x', null)).toBe('#other=1');
  });
  test('garbage is an error with a readable message, never a crash', () => {
    expect(() => decodeState('%%%')).toThrow(/not base64url/);
    expect(() => decodeState(encodeState({ f: 'x' } as never))).toThrow(/figure positions/);
    expect(() => decodeState(btoa('not json').replace(/=+$/, ''))).toThrow(/not JSON/);
    expect(() => decodeState(encodeState({ h: [{ nope: 1 }] } as never))).toThrow(/commands/);
  });
});

describe('editor working copy', () => {
  const s: Scenario = {
    ruleset: 'doom2016',
    map: ['....', '....', '..  '],
    edges: [{ from: [2, 1], to: [4, 1], kind: 'door', key: 'red' }, { from: [1, 0], to: [1, 2], kind: 'wall' }],
    figures: [{ id: 'a', side: 'marines', type: 'marine', x: 0, y: 0 }],
    sides: ['marines', 'invader'],
    title: 'T',
  };
  test('scenario → working copy → scenario is the identity (runs merged in a fixed order)', () => {
    expect(toScenario(fromScenario(s))).toEqual(s);
  });
  test('painting, edges, resizing', () => {
    let st = fromScenario(s);
    st = paintCell(st, 3, 0, 'd');
    st = toggleEdge(st, 0, 1, 'bottom', 'blocking');
    st = toggleEdge(st, 1, 1, 'bottom', 'blocking');
    st = toggleEdge(st, 1, 0, 'left', 'wall'); // the same wall again: removed
    const out = toScenario(st);
    expect(out.map[0]).toBe('...d');
    expect(out.edges).toContainEqual({ from: [0, 2], to: [2, 2], kind: 'blocking' });
    expect(out.edges).toContainEqual({ from: [1, 1], to: [1, 2], kind: 'wall' });
    const small = toScenario(resize(st, 2, 2));
    expect(small.map).toEqual(['..', '..']);
    expect(small.edges!.every((e) => e.from[0] <= 2 && e.to[0] <= 2 && e.from[1] <= 2 && e.to[1] <= 2)).toBe(true);
  });
  test('the export reads one map row, edge or figure per line and parses back to the same scenario', () => {
    const text = formatScenario(toScenario(fromScenario(s)));
    expect(JSON.parse(text)).toEqual(s);
    expect(text).toContain('\n    { "id": "a", "side": "marines", "type": "marine", "x": 0, "y": 0 }');
    expect(text).toContain('\n    "....",\n');
  });
  test('the embed snippet carries the scenario and cannot close its script early', () => {
    const snippet = embedSnippet({ ...s, title: '</script><b>' }, 'https://example.org/doom-board.js');
    expect(snippet).toContain('<script type="module" src="https://example.org/doom-board.js"></script>');
    expect(snippet).toContain('<\\/script><b>');
    expect(snippet.match(/<\/script>/g)).toHaveLength(2);
  });
});

describe('descriptions', () => {
  test('known commands and events read as sentences; unknown ones still read', () => {
    expect(describeCommand({ type: 'move', figure: 'trooper-1', to: { x: 2, y: 1 } })).toBe('Move Trooper 1 to C2');
    expect(describeCommand({ type: 'attack', figure: 'a', target: 'imp-1' })).toBe('Attack Imp 1 with A');
    expect(describeCommand({ type: 'open-door', figure: 'alpha', at: { x: 1, y: 1 } })).toBe('Open door (Alpha) (at B2)');
    expect(describeEvent({ type: 'moved', figure: 'a', from: { x: 0, y: 0 }, to: { x: 1, y: 0 }, cost: 1 })).toBe('A moves from A1 to B1 (cost 1)');
    expect(describeEvent({ type: 'portal-opened', color: 'blue' })).toBe('Portal opened (color blue)');
  });
});
