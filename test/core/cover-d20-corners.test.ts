/**
 * d20 cover corners (RULES §4 corrected, Star Wars Miniatures FAQ; issue 9 item 9): the attacker
 * chooses a corner of ANY square of its space — 4 points for 1×1, 9 for 2×2, 16 for 3×3 — not only
 * the outer corners of the footprint. Answered by the Wasm core and the TypeScript reference alike.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { Board } from '../../src/core/board.ts';
import { loadCore } from '../../src/core/wasm.ts';
import { fixture } from './fixture.ts';
import { both } from './both-implementations.ts';

beforeAll(async () => {
  await loadCore();
});


const trooper = (id: string) => ({ id, side: 'empire' });
const rebel = (id: string) => ({ id, side: 'rebels' });

describe('d20: the attacker picks a corner of any square of its space (RULES §4)', () => {
  test('3×3 attacker: from the middle of its right side it sees between two characters, so no cover', () => {
    // From every outer corner of A's space the region swept to T meets X's or Y's space (the old
    // reading: cover); from (3,2) the region stays between them (y from 2 to 3).
    const gap = fixture('d20', `
      +-+-+-+-+-+-+-+
      |. . . . . . .|
      + + + + + + + +
      |A A A . X . .|
      + + + + + + + +
      |A A A . . T .|
      + + + + + + + +
      |A A A . Y . .|
      + + + + + + + +
      |. . . . . . .|
      +-+-+-+-+-+-+-+`, { A: trooper('walker'), T: rebel('target'), X: rebel('x'), Y: rebel('y') });
    both(gap, (b, id, impl) => expect(b.sight(id('walker'), id('target')), impl).toEqual({ los: true, cover: false, range: 3 }));
  });

  test('2×2 attacker: the middle of its right side sees past a wall end and a character, so no cover', () => {
    // Outer corners: (2,1) and (0,1)… are cut off by the wall at x=4 or by C; (0,3) and (2,3) by C.
    // From (2,2) the swept region passes above C and touches the wall only at its end (4,3).
    const corner = fixture('d20', `
      +-+-+-+-+-+-+-+
      |. . . . . . .|
      + + + + + + + +
      |A A . . . . .|
      + + + + + + + +
      |A A . .|. . .|
      + + + + + + + +
      |. . . . . . .|
      + + + + + + + +
      |. . . C . T .|
      +-+-+-+-+-+-+-+`, { A: trooper('walker'), T: rebel('target'), C: rebel('c') });
    both(corner, (b, id, impl) => expect(b.sight(id('walker'), id('target')), impl).toMatchObject({ los: true, cover: false }));
  });

  test('cover still holds when every one of the 9 points has something in the way', () => {
    // A column of characters between them: every region swept from A's points to T meets one.
    const column = fixture('d20', `
      +-+-+-+-+-+-+-+
      |A A . . X . .|
      + + + + + + + +
      |A A . . Y T .|
      + + + + + + + +
      |. . . . Z . .|
      +-+-+-+-+-+-+-+`, { A: trooper('walker'), T: rebel('target'), X: rebel('x'), Y: rebel('y'), Z: rebel('z') });
    both(column, (b, id, impl) => expect(b.sight(id('walker'), id('target')), impl).toMatchObject({ los: true, cover: true }));
  });

  test('the explanation says the attacker may use every corner of every square', () => {
    const e = Board.create(fixture('d20', `
      +-+-+-+-+-+-+
      |A A . F . B|
      + + + + + + +
      |A A . F . .|
      +-+-+-+-+-+-+`, { A: trooper('walker'), B: rebel('b'), F: trooper('friend') })).explain('walker', 'b');
    expect(e.cover).toBe(true);
    expect(e.summary).toContain("from every corner of every square of walker's space something lies in the way");
  });
});
