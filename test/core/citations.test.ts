/**
 * The rules reference (docs/rules.md) and the citations that link to it: every citation an
 * explanation or a refusal can carry ("RULES §2.1", "clause 1.1.3", "RULES §3 blow-through") has
 * its anchor in the reference (src/core/citations.ts turns one into the other), and no anchor is
 * there twice. Citations are collected two ways: from the sources' strings (every template an
 * explanation or refusal is made from), and from real answers — sight explanations on random boards
 * of the three rulesets and the refusals of seeded games of every bundled scenario.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { CITATION, ruleAnchor } from '../../src/core/citations.ts';
import { RULESETS } from '../../src/core/types.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { createGame, type Command } from '../../src/rules/index.ts';
import { bundledScenarios } from '../../src/scenario/bundled.ts';
import { randomBoardInput, rng } from './random-boards.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const RULES_MD = readFileSync(join(root, 'docs/rules.md'), 'utf8');
/** Every explicit anchor of the reference, in order (duplicates kept, to find them). */
const ANCHOR_LIST = [...RULES_MD.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]);
const ANCHORS = new Set(ANCHOR_LIST);

/** Every citation in a text, as the element finds them (the same regular expression). */
const citationsIn = (text: string): string[] => text.split(CITATION).filter((_, i) => i % 2 === 1);

beforeAll(async () => {
  await loadCore();
});

describe('ruleAnchor: a citation → its anchor in docs/rules.md', () => {
  test.each([
    ['RULES §2.1', 'rule-2-1'],
    ['clause 1.1.3', 'rule-1-1-3'],
    ['RULES §3', 'rule-3'],
    ['RULES §3 blow-through', 'rule-3-blow-through'],
    ['RULES §4 Melee Attack', 'rule-4-melee-attack'],
    ['RULES §2.3 demon activation', 'rule-2-3-demon-activation'],
  ])('%s → #%s', (citation, anchor) => {
    expect(ruleAnchor(citation)).toBe(anchor);
  });

  test('in running text a citation is the number alone; a topic counts only where the citation ends', () => {
    expect(citationsIn('a has no line of sight to b (RULES §2.1: every line is blocked; e.g. the line … (clause 1.1.2)); range 3.'))
      .toEqual(['RULES §2.1', 'clause 1.1.2']);
    expect(citationsIn('Blast 1 around C3: 9 spaces within 1, counted like range (RULES §3 blast); hits Imp.')).toEqual(['RULES §3 blast']);
    expect(citationsIn('Refused (RULES §3 frags): marine-1 has been fragged')).toEqual(['RULES §3 frags']);
    expect(citationsIn('as RULES §3 says. See §3.')).toEqual(['RULES §3']);
  });
});

describe('docs/rules.md', () => {
  test('no anchor is defined twice', () => {
    const seen = new Set<string>();
    const twice = ANCHOR_LIST.filter((a) => (seen.has(a) ? true : (seen.add(a), false)));
    expect(twice).toEqual([]);
  });

  test('every numbered section and clause of the reference has its anchor', () => {
    for (const n of ['1', '1-1', '1-1-1', '1-1-2', '1-1-3', '1-1-4', '1-2', '2', '2-1', '2-2', '2-3', '2-4', '3', '4', '5', '6']) {
      expect(ANCHORS, `rule-${n}`).toContain(`rule-${n}`);
    }
    expect(ANCHORS).toContain('rulings');
  });

  test('every link inside the reference points to one of its anchors', () => {
    const links = [...RULES_MD.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(0);
    for (const l of links) expect(ANCHORS, `#${l}`).toContain(l);
  });
});

/** Source files of the engine and the element, comments removed (they cite RULES.md freely). */
function sources(dir: string): { file: string; code: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    if (!/\.ts$/.test(name) || name.endsWith('.d.ts')) return [];
    const code = readFileSync(p, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
    return [{ file: p.slice(root.length), code }];
  });
}

describe('every citation the sources can produce has its anchor', () => {
  // In the sources a citation is a string of its own ('RULES §3 frags', a refusal's rule) or part of
  // a message; a closing quote ends it as ")" does in the shown text ("Refused (RULES §3 frags): …").
  const inCode = new RegExp(CITATION.source.replace('[):;,]', '[):;,\'"`]'), 'g');
  const found = new Map<string, string>();
  for (const { file, code } of [...sources(join(root, 'src')), ...sources(join(root, 'components'))]) {
    for (const m of code.matchAll(inCode)) if (!found.has(m[1])) found.set(m[1], file);
  }
  // Built from a template: `RULES §3 ${stage}` with the re-roll stages.
  for (const stage of ['aim', 'dodge']) found.set(`RULES §3 ${stage}`, 'src/rules/doom2004 (re-roll stage)');

  test('the scan finds the citations of explanations and refusals', () => {
    expect(found.size).toBeGreaterThan(50);
    for (const c of ['RULES §2.1', 'clause 1.1.1', 'clause 1.1.4', 'RULES §3 blast', 'RULES §3 frags', 'RULES §4 combined fire', 'RULES §2.3 demon activation']) {
      expect([...found.keys()], c).toContain(c);
    }
  });

  test('each resolves to an anchor of docs/rules.md', () => {
    const missing = [...found].filter(([c]) => !ANCHORS.has(ruleAnchor(c))).map(([c, file]) => `${c} → #${ruleAnchor(c)} (${file})`);
    expect(missing).toEqual([]);
  });
});

describe('every citation of real answers has its anchor', () => {
  test('sight explanations on random boards of every ruleset (every pair of figures)', () => {
    const cited = new Set<string>();
    for (const ruleset of RULESETS) {
      for (let seed = 1; seed <= 40; seed++) {
        const board = Board.create(randomBoardInput(ruleset, seed, { smallFigures: 4, largeFigures: seed % 2 }));
        const ids = board.data.figures.map((f) => f.id);
        for (const a of ids) for (const t of ids) for (const c of citationsIn(board.explain(a, t).summary)) cited.add(c);
      }
    }
    // The three rulesets' rules and the four clauses of the line test all show up.
    for (const c of ['RULES §2.1', 'RULES §3', 'RULES §4', 'clause 1.1.1', 'clause 1.1.2', 'clause 1.1.3']) expect([...cited], c).toContain(c);
    for (const c of cited) expect(ANCHORS, `${c} → #${ruleAnchor(c)}`).toContain(ruleAnchor(c));
  });

  test('refusals in seeded games of every bundled playable scenario (legal commands, and the same with another figure)', () => {
    const cited = new Map<string, string>();
    // The rulebook examples are boards to look at, without the data a game needs.
    const playable = [...bundledScenarios].filter(([name]) => !name.startsWith('rulebook-'));
    expect(playable.map(([, s]) => s.ruleset).sort()).toEqual([...RULESETS].sort());
    for (const [name, scenario] of playable) {
      const game = createGame(scenario);
      const r = rng(name.length * 7919);
      const ids = game.view().figures?.map((f: { id: string }) => f.id) ?? scenario.figures.map((f) => f.id);
      for (let i = 0; i < 400; i++) {
        const legal = game.legalActions();
        if (!legal.length) break;
        const pick = legal[Math.floor(r() * legal.length)];
        // Someone else trying the same command: refused, citing a rule.
        const other = { ...pick, figure: ids[Math.floor(r() * ids.length)] } as Command;
        const res = game.apply(other);
        if (!res.ok) for (const c of citationsIn(`(${res.refusal.rule})`)) cited.set(c, name);
        if (res.ok) continue;
        game.apply(pick);
      }
    }
    expect(cited.size).toBeGreaterThan(3);
    for (const [c, name] of cited) expect(ANCHORS, `${c} → #${ruleAnchor(c)} (${name})`).toContain(ruleAnchor(c));
  });
});
