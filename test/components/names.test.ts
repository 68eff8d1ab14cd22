// One naming for the element's buttons and the AI's words (src/core/names.ts): a hint's steps read
// as the buttons do, a token the rules named from its kind and space included.
import { describe, expect, it } from 'vitest';
import { cellName, figureName } from '../../components/coords.ts';
import { cellName as hintCell, readableName } from '../../src/ai/hints/words.ts';

describe('names', () => {
  it('reads ids as words, and a made token id as its kind at its space', () => {
    expect(figureName('possessed-soldier-1')).toBe('Possessed soldier 1');
    expect(figureName('weapon@2,2')).toBe('Weapon at C3');
    expect(figureName('red_key@27,0')).toBe('Red key at AB1');
  });

  it('is the same in the element and in the hints', () => {
    for (const id of ['imp-1', 'weapon@2,2', 'medkit-1']) expect(readableName(id)).toBe(figureName(id));
    for (const [x, y] of [[0, 0], [25, 3], [26, 9], [701, 1]]) expect(hintCell(x, y)).toBe(cellName(x, y));
    expect(cellName(26, 0)).toBe('AA1');
  });
});
