/** Pure helpers of the component: coordinates, URL state, the editor's working copy, descriptions. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { cellName, columnName, figureInitials, parseCellName, uniqueLabels } from '../../components/coords.ts';
import {
  beginStroke, blankScenario, canRedo, canUndo, commit, embedSnippet, endStroke, formatScenario, fromScenario, paintCell, placeToken, redo,
  removeTokenAt, resize, startHistory, terrainToolsFor, toggleEdge, tokenAtCell, tokenToolsFor, toScenario, undo, withRuleset, type EditState,
} from '../../components/editor/edit-state.ts';
import { describeCommand, describeEvent } from '../../components/interaction/describe.ts';
import { navigate } from '../../components/interaction/keyboard.ts';
import { cornerWords, edgeWords, pointWords, readableSummary } from '../../components/interaction/readable.ts';
import { decodeState, encodeState, packHistory, readFragment, unpackHistory, writeFragment } from '../../components/url-state.ts';
import { TOKEN_KINDS as DOOM2004_TOKEN_KINDS } from '../../src/rules/doom2004/state.ts';
import { createGame } from '../../src/rules/index.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { bundledScenarios } from '../../src/scenario/bundled.ts';
import type { Scenario } from '../../src/scenario/types.ts';

const BUNDLED_DIR = join(import.meta.dirname, '../../src/scenario/bundled');
const bundled = (file: string): Scenario => JSON.parse(readFileSync(join(BUNDLED_DIR, file), 'utf8'));

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
    expect(figureInitials('possessed-soldier-1')).toBe('Ps1');
    expect(figureInitials('trooper-2')).toBe('Tr2');
    // Never a space's name (capitals and digits): Archvile 1 on E9 was labelled "A1".
    for (const id of ['archvile-1', 'imp-1', 'hell-knight-2', 'marine-3', 'a-1', 'BIG-ONE-7']) expect(figureInitials(id), id).not.toMatch(/^[A-Z]+\d+$/);
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
    expect(() => decodeState(encodeState({ z: 'not base64!' }))).toThrow(/packed moves/);
  });
  test('a played game\'s moves are packed: 300 commands of a d20 game fit in a short link and come back equal', async () => {
    await loadCore();
    const game = createGame(bundledScenarios.get('d20-skirmish')!, { seed: 5 });
    for (let i = 0; i < 300 && game.legalActions().length; i++) game.apply(game.legalActions()[i % game.legalActions().length]);
    const h = game.history;
    expect(h.length).toBeGreaterThan(100);
    const plain = encodeState({ h });
    const packed = encodeState({ z: await packHistory(h) });
    expect(packed.length).toBeLessThan(plain.length / 4);
    const back = decodeState(packed);
    expect(await unpackHistory(back.z!)).toEqual(h);
    await expect(unpackHistory('AAAA')).rejects.toThrow(/not a valid packed list of commands/);
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

describe('editor terrain', () => {
  test('each ruleset is offered the terrain its rules read: barrels, hazards and ducts in doom2004, low objects in d20, inactive teleporters in doom2016', () => {
    const labels = (r: 'doom2016' | 'doom2004' | 'd20') => terrainToolsFor(r).map((t) => t.label);
    expect(labels('doom2016')).toEqual(['Floor', 'Off the map', 'Difficult', 'Obstacle', 'Teleporter', 'Inactive teleporter']);
    expect(labels('doom2004')).toEqual(['Floor', 'Off the map', 'Difficult', 'Obstacle', 'Barrel', 'Hazard', 'Teleporter', 'Duct']);
    expect(labels('d20')).toEqual(['Floor', 'Off the map', 'Difficult', 'Obstacle', 'Low objects']);
  });
});

describe('editor tokens', () => {
  /** A 4×3 doom2004 board whose top-right cell is off the map, with a hidden area holding armor-1. */
  const board = (): EditState => fromScenario({
    ...blankScenario('doom2004', 4, 3),
    map: ['... ', '....', '....'],
    areas: [{ id: 'room', cells: [[0, 2, 4, 1]], tokens: [{ id: 'armor-1', kind: 'armor', x: 3, y: 2 }] }],
  });
  const tokens = (st: EditState) => toScenario(st).tokens;

  test('the tools are the kinds each ruleset reads', () => {
    expect(tokenToolsFor('doom2004').map((t) => t.kind).sort()).toEqual([...DOOM2004_TOKEN_KINDS].sort());
    expect(tokenToolsFor('doom2016').map((t) => t.kind).sort()).toEqual(['medkit', 'portal', 'weapon']);
    expect(tokenToolsFor('d20')).toEqual([]);
  });
  test('placing: first free id, only the fields of the kind, order id-kind-fields-x-y', () => {
    let st = placeToken(board(), 1, 1, 'key', { color: 'red', weapon: 'ignored' });
    st = placeToken(st, 2, 1, 'key', { color: 'blue' });
    st = placeToken(st, 0, 0, 'armor'); // armor-1 is taken by the area's hidden token
    expect(tokens(st)).toEqual([
      { id: 'key-1', kind: 'key', color: 'red', x: 1, y: 1 },
      { id: 'key-2', kind: 'key', color: 'blue', x: 2, y: 1 },
      { id: 'armor-2', kind: 'armor', x: 0, y: 0 },
    ]);
    expect(Object.keys(tokens(st)![0])).toEqual(['id', 'kind', 'color', 'x', 'y']);
    expect(tokenAtCell(st, 2, 1)?.id).toBe('key-2');
    expect(tokenAtCell(st, 3, 1)).toBeUndefined();
  });
  test('a token the ruleset would refuse is not placed', () => {
    const st = board();
    expect(placeToken(st, 1, 1, 'key')).toBe(st); // a key needs its colour
    expect(placeToken(st, 1, 1, 'key', { color: '' })).toBe(st);
    expect(placeToken(st, 1, 1, 'medkit')).toBe(st); // a doom2016 kind
    expect(placeToken(st, 3, 0, 'armor')).toBe(st); // off the map
    expect(placeToken(st, 4, 0, 'armor')).toBe(st); // outside the grid
  });
  test('replacing keeps the place in the list; the same kind keeps its id; no change is the same state', () => {
    let st = placeToken(board(), 0, 0, 'health');
    st = placeToken(st, 1, 1, 'key', { color: 'red' });
    st = placeToken(st, 2, 1, 'health');
    st = placeToken(st, 1, 1, 'ammo', { ammo: 'shotgun' });
    expect(tokens(st)!.map((t) => t.id)).toEqual(['health-1', 'ammo-1', 'health-2']);
    st = placeToken(st, 0, 0, 'key', { color: 'red' }); // key-1 was freed by the replacement
    expect(tokenAtCell(st, 0, 0)).toEqual({ id: 'key-1', kind: 'key', color: 'red', x: 0, y: 0 });
    st = placeToken(st, 0, 0, 'key', { color: 'yellow' });
    expect(tokenAtCell(st, 0, 0)).toEqual({ id: 'key-1', kind: 'key', color: 'yellow', x: 0, y: 0 });
    expect(placeToken(st, 0, 0, 'key', { color: 'yellow' })).toBe(st);
  });
  test('removing; removing the last token drops the key, and the export is then stable', () => {
    let st = placeToken(board(), 1, 1, 'berserk');
    st = placeToken(st, 2, 2, 'adrenaline');
    expect(removeTokenAt(st, 0, 0)).toBe(st);
    st = removeTokenAt(st, 1, 1);
    expect(tokens(st)).toEqual([{ id: 'adrenaline-1', kind: 'adrenaline', x: 2, y: 2 }]);
    st = removeTokenAt(st, 2, 2);
    const out = toScenario(st);
    expect('tokens' in out).toBe(false);
    expect(toScenario(fromScenario(out))).toEqual(out);
  });
  test('an empty token list of the scenario survives the round trip', () => {
    const s = { ...blankScenario('doom2004', 2, 2), tokens: [] };
    expect(toScenario(fromScenario(s))).toEqual(s);
  });
  test('resizing drops the tokens that no longer fit', () => {
    let st = placeToken(board(), 0, 0, 'armor');
    st = placeToken(st, 2, 1, 'health');
    st = placeToken(st, 0, 2, 'berserk');
    expect(tokens(resize(st, 2, 3))!.map((t) => t.kind)).toEqual(['armor', 'berserk']);
    expect(tokens(resize(st, 3, 2))!.map((t) => t.kind)).toEqual(['armor', 'health']);
    expect(tokens(resize(st, 8, 8))).toEqual(tokens(st));
    expect('tokens' in toScenario(resize(removeTokenAt(st, 0, 0), 1, 1))).toBe(false);
  });
  test.each(readdirSync(BUNDLED_DIR).filter((f) => f.endsWith('.json')))('%s: only edge runs change in the round trip', (file) => {
    const s = bundled(file);
    const out = toScenario(fromScenario(s));
    expect({ ...out, edges: [] }).toEqual({ ...s, edges: [] });
    expect(fromScenario(out).edges).toEqual(fromScenario(s).edges);
    expect(toScenario(fromScenario(out))).toEqual(out);
  });
  test('the tutorial with tokens edited: export → reload → export is stable and the rules accept it', () => {
    let st = fromScenario(bundled('doom2016-tutorial.json'));
    expect(tokenAtCell(st, 12, 1)?.id).toBe('portal-blue');
    st = placeToken(st, 12, 1, 'portal', { color: 'red' });
    st = removeTokenAt(st, 1, 8);
    st = placeToken(st, 0, 0, 'medkit');
    st = placeToken(st, 15, 9, 'weapon', { weapon: 'heavy-assault-rifle' });
    const out = toScenario(st);
    expect(out.tokens!.map((t) => `${t.id}:${t.kind}@${t.x},${t.y}`)).toEqual([
      'portal-blue:portal@12,1', 'portal-yellow:portal@13,8', 'rocket-launcher:weapon@14,4', 'medkit-1:medkit@0,0', 'weapon-1:weapon@15,9',
    ]);
    expect(out.tokens![0].color).toBe('red');
    const text = formatScenario(out);
    expect(formatScenario(toScenario(fromScenario(JSON.parse(text))))).toBe(text);
    expect(() => createGame(out)).not.toThrow();
  });
});

describe('editor history', () => {
  const st0 = fromScenario(blankScenario('doom2016', 3, 1));
  const painted = (...xs: number[]) => xs.reduce((st, x) => paintCell(st, x, 0, 'd'), st0);
  const row = (st: EditState) => toScenario(st).map[0];

  test('undo and redo walk the steps; a new edit drops what could be redone', () => {
    let h = startHistory(st0);
    h = commit(h, paintCell(h.present, 0, 0, 'd'));
    h = commit(h, paintCell(h.present, 1, 0, 'o'));
    expect([canUndo(h), canRedo(h)]).toEqual([true, false]);
    h = undo(h);
    expect(row(h.present)).toBe('d..');
    h = undo(h);
    expect(h.present).toBe(st0);
    expect([canUndo(h), canRedo(h)]).toEqual([false, true]);
    h = redo(h);
    expect(row(h.present)).toBe('d..');
    h = commit(h, paintCell(h.present, 2, 0, 'b'));
    expect(row(h.present)).toBe('d.b');
    expect(canRedo(h)).toBe(false);
    expect(row(undo(h).present)).toBe('d..');
  });
  test('nothing to undo or redo, or an edit that changed nothing: the same object', () => {
    const h = startHistory(st0);
    expect(undo(h)).toBe(h);
    expect(redo(h)).toBe(h);
    expect(commit(h, paintCell(h.present, 0, 0, '.'))).toBe(h);
  });
  test('at most `limit` steps are kept, the oldest dropped', () => {
    let h = startHistory(st0);
    for (const x of [0, 1, 2]) h = commit(h, paintCell(h.present, x, 0, 'd'), 2);
    expect(h.past).toHaveLength(2);
    h = undo(undo(h));
    expect(row(h.present)).toBe('d..');
    expect(undo(h)).toBe(h);
  });
  test('a stroke is one undo step, even when its first cell changed nothing', () => {
    let h = commit(startHistory(st0), painted(0));
    h = beginStroke(h);
    for (const x of [0, 1, 2]) h = commit(h, paintCell(h.present, x, 0, 'd'));
    expect(h.past).toHaveLength(1); // the stroke becomes a step only when it ends
    h = endStroke(h);
    expect(row(h.present)).toBe('ddd');
    h = undo(h);
    expect(row(h.present)).toBe('d..');
    expect(row(undo(h).present)).toBe('...');
  });
  test('a stroke that changed nothing adds no step; undo during a stroke takes it back whole', () => {
    const h = commit(startHistory(st0), painted(0));
    const idle = endStroke(commit(beginStroke(h), paintCell(h.present, 0, 0, 'd')));
    expect(idle.past).toEqual(h.past);
    let g = beginStroke(h);
    g = commit(g, paintCell(g.present, 1, 0, 'd'));
    g = commit(g, paintCell(g.present, 2, 0, 'd'));
    expect(canUndo(g)).toBe(true);
    g = undo(g);
    expect(row(g.present)).toBe('d..');
    expect(g.strokeStart).toBeNull();
    expect(row(redo(g).present)).toBe('ddd');
  });
});

describe('descriptions', () => {
  test('known commands and events read as sentences; unknown ones still read', () => {
    expect(describeCommand({ type: 'move', figure: 'trooper-1', to: { x: 2, y: 1 } })).toBe('Move (Trooper 1) to C2');
    expect(describeCommand({ type: 'attack', figure: 'a', target: 'imp-1' })).toBe('Attack (A) Imp 1');
    expect(describeCommand({ type: 'open-door', figure: 'alpha', at: { x: 1, y: 1 } })).toBe('Open door (Alpha) (at B2)');
    expect(describeEvent({ type: 'moved', figure: 'a', from: { x: 0, y: 0 }, to: { x: 1, y: 0 }, cost: 1 })).toBe('Moved: A (from A1, to B1, cost 1)');
    expect(describeEvent({ type: 'portal-opened', color: 'blue' })).toBe('Portal opened (color blue)');
  });
});

describe('readable explanations', () => {
  const board = { width: 7, height: 5 };
  const names = new Map([['alpha', 'Alpha'], ['soldier', 'Possessed soldier'], ['imp', 'Imp'], ['imp-2', 'Second imp']]);

  test('d20: the clear line reads as the board draws it — Trooper 1 moved to E2, the scout at G2 (a review\'s case on the d20 page)', async () => {
    await loadCore();
    const s = structuredClone(bundledScenarios.get('d20-skirmish')!) as Scenario;
    const at = (id: string, x: number, y: number) => Object.assign(s.figures.find((f) => f.id === id)!, { x, y });
    const trooper = at('trooper-1', 4, 1), scout = at('scout', 6, 1);
    const { Board } = await import('../../src/core/board.ts');
    const e = Board.create({ ruleset: 'd20', map: s.map, edges: s.edges, figures: s.figures }).explain('trooper-1', 'scout');
    const boxes = [trooper, scout].map((f) => ({ x: f.x, y: f.y, w: 1, h: 1 }));
    expect(readableSummary(e.summary, { width: s.map[0].length, height: s.map.length }, new Map([['trooper-1', 'Trooper 1'], ['scout', 'Scout']]), boxes))
      .toBe('Trooper 1 has line of sight to Scout (RULES §4: a clear line runs within a hair of the line from the top-left corner of E2 to the top-right corner of G2, missing every wall); not in cover (RULES §4: from the top-left corner of E2 every line to Scout\'s space is clear); range 2.');
  });
  test('a line\'s ends are named by the spaces of the figures it joins: Alpha on A1 to the imp on E3, not the empty B1 and F3', () => {
    const alpha = { x: 0, y: 0, w: 1, h: 1 };
    const imp = { x: 4, y: 2, w: 1, h: 1 };
    expect(cornerWords(board, 1, 0)).toBe('the top-left corner of B1');
    expect(cornerWords(board, 1, 0, [alpha, imp])).toBe('the top-right corner of A1');
    expect(cornerWords(board, 5, 2, [alpha, imp])).toBe('the top-right corner of E3');
    // A corner neither touches keeps the board's naming; a 2×2 figure names its own space's corner.
    expect(cornerWords(board, 3, 3, [alpha, imp])).toBe('the top-left corner of D4');
    expect(cornerWords(board, 2, 2, [{ x: 0, y: 0, w: 2, h: 2 }])).toBe('the bottom-right corner of B2');
    expect(readableSummary('a clear line from corner (1,0) to (5,2)', board, names, [alpha, imp])).toBe('A clear line from the top-right corner of A1 to the top-right corner of E3');
  });

  test('corners and edges get board labels; the rim names one cell', () => {
    expect(cornerWords(board, 3, 3)).toBe('the top-left corner of D4');
    expect(cornerWords(board, 0, 0)).toBe('the top-left corner of A1');
    expect(cornerWords(board, 7, 5)).toBe('the bottom-right corner of G5');
    expect(edgeWords(board, 1, 3, 2, 3)).toBe('the edge between B3 and B4');
    expect(edgeWords(board, 3, 0, 3, 1)).toBe('the edge between C1 and D1');
    expect(edgeWords(board, 0, 0, 1, 0)).toBe('the top edge of A1');
    expect(pointWords(board, 0.5, 0.5)).toBe('the centre of A1');
  });

  test('the cover example sentence names spaces and figures; the core\'s numbers are gone', () => {
    const raw = 'alpha has line of sight to soldier (RULES §2.1: a clear line from (0,0) to (2,3)); in cover (RULES §2.1: from every corner with LOS some line to soldier\'s corners is blocked, e.g. one crosses or runs along blocking terrain from (1,3) to (2,3) (clause 1.1.1)); range 3.';
    expect(readableSummary(raw, board, names)).toBe(
      'Alpha has line of sight to Possessed soldier (RULES §2.1: a clear line from the top-left corner of A1 to the top-left corner of C4); in cover (RULES §2.1: from every corner with LOS some line to Possessed soldier\'s corners is blocked, e.g. one crosses or runs along blocking terrain on the edge between B3 and B4 (clause 1.1.1)); range 3.',
    );
  });

  test('cells, joints, centres, longer ids first, and d20 distance called range', () => {
    expect(readableSummary('imp-2 sees imp; passes through the space of soldier at (2,3) (clause 1.1.3)', board, names)).toBe('Second imp sees Imp; passes through the space of Possessed soldier in C4 (clause 1.1.3)');
    expect(readableSummary('the line from (1.5,1.5) passes through the wall joint at corner (3,3) (clause 1.1.2)', board, names)).toBe('The line from the centre of B2 passes through the wall joint at the top-left corner of D4 (clause 1.1.2)');
    // A review read "passes through corner the top-left corner of D2".
    expect(readableSummary('passes through corner (3,1) with blocking edges on both sides of the line (clause 1.1.2)', board, names)).toBe('Passes through the top-left corner of D2 with blocking edges on both sides of the line (clause 1.1.2)');
    expect(readableSummary('alpha has no line of sight to imp; distance 7.', board, names)).toBe('Alpha has no line of sight to Imp; range 7.');
    expect(readableSummary('no distance (no path).', board, names)).toBe('No range (no path).');
    // Not "from corner the top-left corner of C4" (a solo player's explanation line).
    expect(readableSummary('not in cover (RULES §2.1: from corner (2,3) every line to imp\'s corners is clear)', board, names)).toBe('Not in cover (RULES §2.1: from the top-left corner of C4 every line to Imp\'s corners is clear)');
  });
});

describe('figure labels', () => {
  test('labels on one board never collide; distinct initials stay short', () => {
    const ids = ['alpha', 'alex', 'imp-1', 'imp-2', 'imp1', 'possessed-soldier-1', 'pinky', 'pinkie'];
    const labels = uniqueLabels(ids);
    expect(new Set(labels.values()).size).toBe(ids.length);
    expect(labels.get('imp-2')).toBe('Im2');
    expect(labels.get('possessed-soldier-1')).toBe('Ps1');
    // Initials shared by two kinds: more letters, and the number stays (the doom2004 skirmish).
    const skirmish = uniqueLabels(['marine-1', 'marine-2', 'mancubus-1', 'alpha', 'alex']);
    expect([...skirmish.values()]).toEqual(['Mar1', 'Ma2', 'Man1', 'Alph', 'Alex']);
    for (const l of labels.values()) expect(l.length).toBeLessThanOrEqual(4);
  });

  test('random boards of look-alike ids get distinct labels', () => {
    const words = ['imp', 'imps', 'impa', 'alpha', 'alps', 'al', 'a', 'a-1', 'a1', 'b'];
    for (let seed = 1; seed < 200; seed++) {
      const ids = [...new Set(words.filter((_, i) => ((seed * (i + 7)) >> (i % 5)) & 1).concat(`x-${seed}`))];
      expect(new Set(uniqueLabels(ids).values()).size, ids.join(',')).toBe(ids.length);
      for (const l of uniqueLabels(ids).values()) expect(l, ids.join(',')).not.toMatch(/^[A-Z]+\d+$/);
    }
  });
});

describe('editor ruleset', () => {
  test('switching the ruleset renames the sides, drops data sets and tokens the new ruleset does not read', () => {
    const s = {
      ruleset: 'doom2016', map: ['....'], figures: [{ id: 'a', side: 'marines', type: 'marine', x: 0, y: 0 }, { id: 'b', side: 'invader', type: 'imp', x: 3, y: 0 }],
      sides: ['marines', 'invader'], tokens: [{ kind: 'portal', color: 'red', x: 1, y: 0 }, { kind: 'weapon', weapon: 'shotgun', x: 2, y: 0 }],
      data: { units: 'doom2016/sample-units' }, mission: { summon: 'first-door' },
    } as unknown as Scenario;
    const out = toScenario(withRuleset(fromScenario(s), 'doom2004'));
    expect(out.ruleset).toBe('doom2004');
    expect(out.sides).toEqual(['marines', 'invaders']);
    expect(out.figures.map((f) => f.side)).toEqual(['marines', 'invaders']);
    expect(out.tokens).toEqual([{ kind: 'weapon', weapon: 'shotgun', x: 2, y: 0 }]);
    expect('data' in out || 'mission' in out).toBe(false);
    expect(out.map).toEqual(s.map);
  });
});
