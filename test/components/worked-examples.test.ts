/**
 * The demo's six worked examples (issue 40: demo/public/examples/*.json, one wiki page each): every
 * step plays (the position after step n is `replay(scenario, seed, commands of steps 1..n)`), every
 * caption says only what the engine did at that step — a caption saying "in cover" stands where the
 * explanation (a selection's target) or the attack's events say cover, "hits" where an attack hit,
 * numbers of damage, MP, range and healing are the engine's — and every rule anchor a step or a page
 * cites exists in docs/rules.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { loadCore } from '../../src/core/wasm.ts';
import type { SightExplanation } from '../../src/core/types.ts';
import { createGame, replay } from '../../src/rules/index.ts';
import type { Command, GameEvent, GameView } from '../../src/rules/types.ts';
import { stepCommands } from '../../src/scenario/steps.ts';
import type { Scenario, ScenarioStep } from '../../src/scenario/types.ts';
import { validateScenario } from '../../src/scenario/validate.ts';
import { boardDataOfView } from '../../components/interaction/selection.ts';

const DEMO = fileURLToPath(new URL('../../demo/', import.meta.url));
const RULES = readFileSync(fileURLToPath(new URL('../../docs/rules.md', import.meta.url)), 'utf8');
const ANCHORS = new Set([...RULES.matchAll(/<a id="(rule-[a-z0-9-]+)"><\/a>/g)].map((m) => m[1]));
const FILES = readdirSync(`${DEMO}public/examples`).filter((f) => f.endsWith('.json')).sort();
const read = (file: string): Scenario => JSON.parse(readFileSync(`${DEMO}public/examples/${file}`, 'utf8'));

/** What the engine says at one step: the selection's explanation, or the command's events and what it left legal. */
interface Verdict {
  step: ScenarioStep;
  explain: SightExplanation | null;
  events: GameEvent[];
  view: GameView;
  /** Figures the selected figure may attack now (selection steps). */
  attackable: string[];
  /** The cover of the attack this step is part of (a defense or a press answers the last attack rolled). */
  attackCover?: boolean;
}

/** Plays the example step by step, as replay mode does. */
function verdicts(s: Scenario): Verdict[] {
  const game = createGame(s, { seed: s.seed });
  let lastCover: boolean | undefined;
  return (s.steps ?? []).map((step, i) => {
    let events: GameEvent[] = [];
    let explain: SightExplanation | null = null;
    if (step.command) {
      const r = game.apply(step.command as Command);
      if (!r.ok) throw new Error(`steps[${i}].command refused: ${r.refusal.message}`);
      events = r.events;
    }
    const view = game.view();
    const board = Board.fromData(boardDataOfView(view)!);
    if (step.select && step.target) explain = board.explain(step.select, step.target);
    const c = step.command;
    if (c && typeof c.target === 'string' && view.figures.some((f) => f.id === c.target)) explain = board.explain(String(c.figure), c.target);
    const attackable = step.select ? game.legalActions(step.select).filter((a) => a.type === 'attack').map((a) => String(a.target)) : [];
    const rolled = events.find((e) => typeof e.cover === 'boolean');
    if (rolled) lastCover = rolled.cover as boolean;
    const answers = step.command?.type === 'defend' || step.command?.type === 'press';
    return { step, explain, events, view, attackable, attackCover: rolled ? lastCover : answers ? lastCover : undefined };
  });
}

const numbers = (text: string, unit: RegExp): number[] => [...text.matchAll(new RegExp(`(\\d+) (?:${unit.source})`, 'g'))].map((m) => Number(m[1]));
const has = (events: GameEvent[], pred: (e: GameEvent) => boolean) => events.some(pred);

/** Each claim a caption makes, checked against the verdict; answers the claims that do not hold. */
export function captionProblems(v: Verdict): string[] {
  const text = (v.step.caption ?? '').replace(/\*\*|\*|`/g, '');
  const problems: string[] = [];
  const claim = (ok: boolean, what: string) => ok || problems.push(`"${what}" in "${text}"`);
  const cover = v.attackCover ?? v.explain?.cover;
  if (/\bnot in cover\b/.test(text)) claim(cover === false, 'not in cover');
  else if (/\bin cover\b/.test(text)) claim(cover === true, 'in cover');
  if (/no line of sight/.test(text)) claim(v.explain?.los === false, 'no line of sight');
  else if (/\bsees\b/.test(text) && v.explain) claim(v.explain.los, 'sees');
  if (/\ba hit\b|\bhits\b/.test(text)) claim(has(v.events, (e) => e.hit === true) || has(v.events, (e) => e.type === 'attack-resolved' && Number(e.damage) > 0), 'hit');
  if (/\bmiss\b/.test(text)) claim(has(v.events, (e) => Array.isArray(e.faces) && (e.faces as { miss?: boolean }[]).some((f) => f.miss)), 'miss');
  if (/\bkilled\b/.test(text)) claim(has(v.events, (e) => e.type === 'killed'), 'killed');
  if (/\bglory kill\b/.test(text) && v.step.command) claim(has(v.events, (e) => e.type === 'glory-kill'), 'glory kill');
  if (/\bstaggered\b/.test(text) && v.step.target) claim(!!v.view.figures.find((f) => f.id === v.step.target)?.markers?.includes('staggered'), 'staggered');
  if (/\bdisplaced\b/.test(text)) claim(has(v.events, (e) => e.type === 'displaced'), 'displaced');
  if (/\brotates\b/.test(text)) claim(has(v.events, (e) => e.type === 'moved' && e.rotated === true), 'rotates');
  if (/\bre-roll\b/.test(text) && v.step.command) claim(has(v.events, (e) => e.type === 'rerolled'), 're-roll');
  if (/second defense card/.test(text)) claim(has(v.events, (e) => e.type === 'second-defense-card'), 'second defense card');
  if (/\bguard window\b/.test(text)) claim(has(v.events, (e) => e.type === 'interrupt-window'), 'guard window');
  if (/\binterrupts\b/.test(text)) claim(has(v.events, (e) => e.type === 'order-used' && e.order === 'guard'), 'interrupts');
  if (/\bblast\b/.test(text) && v.step.command) {
    const hurt = new Set(v.events.filter((e) => /wounded|damaged|armor-held|killed/.test(e.type)).map((e) => e.figure));
    claim(hurt.size >= 2, 'blast: more than one figure hit');
  }
  if (/may not attack/.test(text)) claim(!!v.step.target && !v.attackable.includes(v.step.target), `may not attack ${v.step.target}`);
  if (/\bnearest\b/.test(text) && /may attack the (\w+)/.test(text)) claim(v.attackable.length > 0, 'may attack');
  for (const n of numbers(text, /damage\b/)) {
    const rolled = (e: GameEvent) => Array.isArray(e.dice) && (e.dice as { damage?: number }[]).reduce((t, d) => t + (d.damage ?? 0), 0) === n;
    claim(has(v.events, (e) => e.damage === n || e.icons === n || rolled(e)) || v.view.figures.some((f) => f.damage === n), `${n} damage`);
  }
  for (const n of numbers(text, /shields?/)) claim(has(v.events, (e) => e.shields === n), `${n} shields`);
  for (const n of numbers(text, /wounds?/)) claim(has(v.events, (e) => e.wounds === n), `${n} wounds`);
  for (const n of numbers(text, /MP in all|MP\./)) claim(has(v.events, (e) => e.cost === n), `${n} MP`);
  if (/\bheals (\d+)/.test(text)) claim(has(v.events, (e) => e.healed === Number(/heals (\d+)/.exec(text)![1])), 'heals');
  for (const m of text.matchAll(/\b(?:at|is) (?:range|distance) (\d+)\b/g)) {
    const n = Number(m[1]);
    claim(v.explain?.range === n || has(v.events, (e) => e.range === n), `${m[0]}`);
  }
  return problems;
}

beforeAll(async () => {
  await loadCore();
});

describe('the worked examples', () => {
  test('there are six, one page each on the demo site, each linked from the examples page', () => {
    expect(FILES).toHaveLength(6);
    const index = readFileSync(`${DEMO}examples.html`, 'utf8');
    for (const file of FILES) {
      const page = readdirSync(DEMO).find((f) => f.endsWith('.html') && readFileSync(`${DEMO}${f}`, 'utf8').includes(`scenario="examples/${file}"`));
      expect(page, file).toBeDefined();
      expect(readFileSync(`${DEMO}${page}`, 'utf8')).toMatch(/mode="replay"/);
      expect(index).toContain(`href="${page}"`);
    }
    // The six the issue asks for.
    expect(FILES.map((f) => read(f).ruleset).sort()).toEqual(['d20', 'doom2004', 'doom2004', 'doom2016', 'doom2016', 'doom2016']);
  });

  for (const file of FILES) {
    describe(file, () => {
      const s = read(file);
      test('is a valid scenario whose steps all play; the position after step n is the replay of the commands of steps 1..n', () => {
        const valid = validateScenario(s);
        const game = createGame(valid, { seed: valid.seed });
        valid.steps!.forEach((step, i) => {
          if (step.command) expect(game.apply(step.command as Command).ok, `steps[${i}]`).toBe(true);
          expect(JSON.stringify(game.state)).toBe(JSON.stringify(replay(valid, valid.seed!, stepCommands(valid.steps!, i + 1) as Command[]).state));
        });
      });

      test('every step has a caption, and every caption says what the engine did at that step', () => {
        const all = verdicts(validateScenario(s));
        expect(all.length).toBeGreaterThanOrEqual(4);
        for (const [i, v] of all.entries()) {
          expect(v.step.caption?.trim(), `steps[${i}] caption`).toBeTruthy();
          expect(captionProblems(v), `steps[${i}]`).toEqual([]);
        }
      });

      test('cites docs/rules.md: every anchor it names exists, and it names at least one', () => {
        const cited = [...JSON.stringify(s).matchAll(/(?:#|"rule": ")(rule-[a-z0-9-]+)/g)].map((m) => m[1]);
        expect(cited.length).toBeGreaterThan(0);
        for (const a of cited) expect(ANCHORS, a).toContain(a);
      });
    });
  }

  test('every rules link on the example pages resolves', () => {
    for (const page of readdirSync(DEMO).filter((f) => /^example(s|-.*)\.html$/.test(f))) {
      for (const m of readFileSync(`${DEMO}${page}`, 'utf8').matchAll(/rules\.html#(rule-[a-z0-9-]+)/g)) expect(ANCHORS, `${page}: ${m[1]}`).toContain(m[1]);
    }
  });

  test('the checker catches a caption that does not match the engine (a claim of cover where there is none, a wrong number)', () => {
    const s = validateScenario(read('d20-cover-nearest.json'));
    const wrong = structuredClone(s);
    wrong.steps![2].caption = 'The brawler is **in cover**.';
    wrong.steps![5].caption = 'The shot hits for 12 damage.';
    wrong.steps![4].caption = 'The trooper may not attack it.';
    wrong.steps![4].target = 'brawler';
    const problems = verdicts(wrong).flatMap(captionProblems);
    expect(problems).toEqual([
      expect.stringContaining('"in cover"'),
      expect.stringContaining('"may not attack brawler"'),
      expect.stringContaining('"12 damage"'),
    ]);
  });
});
