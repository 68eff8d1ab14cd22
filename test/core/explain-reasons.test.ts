/**
 * An explanation says why, also when the answer is "not in cover" (issue 21): geometry (a corner of
 * the attacker from which every line to the target's corners is clear) or a rule (RULES §2.1: a
 * large figure is never in cover). And a blocked corner is not called a wall joint when the wall runs
 * straight through it (clause 1.1.2 covers both).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { parseBoard } from '../../src/core/board-input.ts';
import { describeBlocker } from '../../src/core/explain.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { fixture } from './fixture.ts';
import { COVER_EXAMPLE_2016 } from './rulebook-boards.ts';

beforeAll(async () => {
  await loadCore();
});

const marine = (id: string) => ({ id, side: 'marines' });
const demon = (id: string) => ({ id, side: 'demons' });

describe('why not in cover', () => {
  test('rulebook cover example: the cacodemon is not in cover, and the corner with every line clear is named', () => {
    const b = Board.create(COVER_EXAMPLE_2016);
    const e = b.explain('alpha', 'cacodemon');
    expect(e.cover).toBe(false);
    expect(e.summary).toMatch(/not in cover \(RULES §2\.1: from corner \(\d+,\d+\) every line to cacodemon's corners is clear\)/);
  });

  test('a large figure behind a wall end is not in cover because of the rule, and the explanation says so', () => {
    const b = Board.create(fixture('doom2016', `
      +-+-+-+-+-+
      |A . . . .|
      + + +-+ + +
      |. . . C C|
      + + + + + +
      |. . . C C|
      +-+-+-+-+-+`, { A: marine('alpha'), C: demon('cyber') }));
    const e = b.explain('alpha', 'cyber');
    expect(e.los).toBe(true);
    expect(e.cover).toBe(false);
    expect(e.summary).toContain('not in cover (RULES §2.1: a large figure is never in cover)');
  });
});

describe('clause 1.1.2 wording', () => {
  test('a corner where a wall runs straight across is not called a joint; the words name both cases', () => {
    // A vertical wall from (2,0) to (2,2): corner (2,1) lies mid-wall.
    const data = parseBoard(fixture('doom2016', `
      +-+-+-+-+
      |. A|. .|
      + + + + +
      |. .|B .|
      +-+-+-+-+`, { A: marine('a'), B: demon('b') }));
    const words = describeBlocker({ clause: '1.1.2', corner: { x: 2, y: 1 } }, data);
    expect(words).not.toContain('joint');
    expect(words).toBe('passes through corner (2,1) with blocking edges on both sides of the line (clause 1.1.2)');
  });
});

describe('d20 and door wording', () => {
  test('d20 not in cover: the corner the attacker picks is named, not the rule about adjacent enemies', () => {
    const e = Board.create({ ruleset: 'd20', map: ['.....', '.....', '.....'], figures: [{ id: 'a', side: 'empire', x: 0, y: 1 }, { id: 't', side: 'alliance', x: 4, y: 1 }] }).explain('a', 't');
    expect(e.cover).toBe(false);
    expect(e.summary).toContain("not in cover (RULES §4: from corner (0,1) every line to t's space is clear)");
  });
  test('d20 touching diagonally past a wall end and not in cover: not adjacent, and the clear corner', () => {
    const e = Board.create({ ruleset: 'd20', map: ['...', '...', '...'], edges: [{ from: [1, 0], to: [1, 1], kind: 'wall' }], figures: [{ id: 'a', side: 'empire', x: 0, y: 0 }, { id: 'b', side: 'alliance', x: 1, y: 1 }] }).explain('a', 'b');
    expect(e).toMatchObject({ los: true, cover: false });
    expect(e.summary).toContain('not in cover (RULES §4: touching only across a wall or door or past a wall end, so not adjacent for movement; from corner (');
  });
  test('d20 names doors and blocking terrain where the board has them, not "a wall"', () => {
    const door = Board.create({ ruleset: 'd20', map: ['...', '...'], edges: [{ from: [1, 0], to: [1, 2], kind: 'door' }], figures: [{ id: 'a', side: 'empire', x: 0, y: 0 }, { id: 'b', side: 'alliance', x: 2, y: 1 }] });
    expect(door.explain('a', 'b').summary).toContain('every line between their spaces crosses or touches a wall or closed door)');
    const both = Board.create({ ruleset: 'd20', map: ['...', '...'], edges: [{ from: [1, 0], to: [1, 1], kind: 'door' }, { from: [2, 1], to: [2, 2], kind: 'blocking' }], figures: [{ id: 'a', side: 'empire', x: 0, y: 1 }, { id: 'b', side: 'alliance', x: 1, y: 1 }] });
    expect(both.explain('a', 'b').summary).toContain('missing every wall, closed door and blocking terrain)');
    const walls = Board.create({ ruleset: 'd20', map: ['...'], figures: [{ id: 'a', side: 'empire', x: 0, y: 0 }, { id: 'b', side: 'alliance', x: 2, y: 0 }] });
    expect(walls.explain('a', 'b').summary).toContain('missing every wall)');
  });
  test('doom2016 no LOS through a door in a corridor names the door, not the border wall a line runs along first', () => {
    const e = Board.create({ ruleset: 'doom2016', map: ['.....'], edges: [{ from: [2, 0], to: [2, 1], kind: 'door' }], figures: [{ id: 'a', side: 'marines', x: 0, y: 0 }, { id: 'b', side: 'demons', x: 4, y: 0 }] }).explain('a', 'b');
    expect(e.los).toBe(false);
    expect(e.summary).toContain('crosses or runs along a closed door from (2,0) to (2,1) (clause 1.1.1)');
  });
});
