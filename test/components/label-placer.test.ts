/**
 * The AI's label placer (components/ai/label-placer.ts): a label touches its space when it can, else
 * takes the nearest free spot with a leader line to the space; labels never cover a figure or each
 * other while a free spot is left.
 */
import { expect, test } from 'vitest';
import { labelPlacer, type Box } from '../../components/ai/label-placer.ts';
import { rng } from '../core/random-boards.ts';

const S = 32;
const cellBox = (x: number, y: number): Box => ({ x: x * S, y: y * S, w: S, h: S });
/** A figure as the element blocks it: its token, 1 unit inside its space. */
const figure = (x: number, y: number): Box => ({ x: x * S + 1, y: y * S + 1, w: S - 2, h: S - 2 });
const meets = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const gap = (a: Box, b: Box) => Math.hypot(Math.max(0, b.x - (a.x + a.w), a.x - (b.x + b.w)), Math.max(0, b.y - (a.y + a.h), a.y - (b.y + b.h)));
const onEdge = (b: Box, p: { x: number; y: number }) =>
  p.x >= b.x - 1e-9 && p.x <= b.x + b.w + 1e-9 && p.y >= b.y - 1e-9 && p.y <= b.y + b.h + 1e-9 &&
  (Math.abs(p.x - b.x) < 1e-9 || Math.abs(p.x - b.x - b.w) < 1e-9 || Math.abs(p.y - b.y) < 1e-9 || Math.abs(p.y - b.y - b.h) < 1e-9);

test('on an open board a label sits just above its space, left-aligned with it, with no leader', () => {
  const place = labelPlacer([figure(4, 4)], { w: 10 * S, h: 10 * S });
  expect(place(86, 12, cellBox(4, 4))).toEqual({ x: 4 * S, y: 4 * S - 13, leader: null });
});

test('hemmed in above and below, the label goes beside its space, still touching it', () => {
  // Figures on every space of the rows above and below, and to the left: the right side is free.
  const blocked = [...[3, 4, 5, 6, 7, 8].flatMap((x) => [figure(x, 3), figure(x, 5)]), figure(3, 4)];
  const place = labelPlacer(blocked, { w: 12 * S, h: 10 * S });
  const at = place(40, 12, cellBox(4, 4));
  expect(at.leader).toBeNull();
  expect(at.x).toBe(5 * S + 1);
  expect(at.y).toBeGreaterThanOrEqual(4 * S);
  expect(at.y + 12).toBeLessThanOrEqual(5 * S);
});

test('with nothing free beside its space the label takes the nearest free spot and a leader line from its edge to the space', () => {
  // Every space round (4,4) holds a figure, and the rows of figures go on two more spaces each way.
  const blocked: Box[] = [];
  for (let y = 2; y <= 6; y++) for (let x = 0; x <= 9; x++) blocked.push(figure(x, y));
  const place = labelPlacer(blocked, { w: 10 * S, h: 12 * S });
  const space = cellBox(4, 4);
  const at = place(86, 12, space);
  const label = { x: at.x, y: at.y, w: 86, h: 12 };
  expect(blocked.some((b) => meets(label, b))).toBe(false);
  // Nearest: just above the figures' rows (y = 2) or just below them (y = 6), two rows of figures
  // away; spots come in steps of a label's height and a unit.
  expect(gap(label, space)).toBeGreaterThanOrEqual(2 * S - 1);
  expect(gap(label, space)).toBeLessThanOrEqual(2 * S - 1 + 13);
  expect(at.leader).not.toBeNull();
  const l = at.leader!;
  expect(onEdge(label, { x: l.x1, y: l.y1 })).toBe(true);
  expect(onEdge(space, { x: l.x2, y: l.y2 })).toBe(true);
});

test('randomized: labels never cover a figure or another label while the board has room, and each touches its space or leads to it', () => {
  const random = rng(41);
  for (let round = 0; round < 200; round++) {
    const side = 8 + Math.floor(random() * 8);
    const occupied = new Set<number>();
    const blocked: Box[] = [];
    const count = 3 + Math.floor(random() * side);
    while (blocked.length < count) {
      const x = Math.floor(random() * side), y = Math.floor(random() * side);
      if (occupied.has(y * side + x)) continue;
      occupied.add(y * side + x);
      blocked.push(figure(x, y));
    }
    const place = labelPlacer(blocked, { w: side * S, h: side * S });
    const placed: Box[] = [];
    for (let k = 0; k < 6; k++) {
      const f = blocked[Math.floor(random() * blocked.length)];
      const space = { x: f.x - 1, y: f.y - 1, w: S, h: S };
      const w = 20 + Math.floor(random() * 80);
      const at = place(w, 12, space);
      const label = { x: at.x, y: at.y, w, h: 12 };
      expect(blocked.some((b) => meets(label, b)), `round ${round}: label over a figure`).toBe(false);
      expect(placed.some((b) => meets(label, b)), `round ${round}: label over a label`).toBe(false);
      if (gap(label, space) > 2) {
        expect(at.leader, `round ${round}: a label away from its space has a leader`).not.toBeNull();
        expect(onEdge(space, { x: at.leader!.x2, y: at.leader!.y2 })).toBe(true);
      } else expect(at.leader).toBeNull();
      placed.push(label);
    }
  }
});

test('an item\'s icon above the target: the label goes below it, still touching its space (it covered the icon)', () => {
  const icon = (x: number, y: number): Box => ({ x: x * S + 4, y: y * S + 4, w: S - 8, h: S - 8 });
  const place = labelPlacer([figure(4, 4)], { w: 10 * S, h: 10 * S }, [icon(4, 3), icon(5, 3), icon(3, 3)]);
  const at = place(86, 12, cellBox(4, 4));
  expect(at).toEqual({ x: 4 * S, y: 5 * S + 1, leader: null });
});

test('an icon is covered rather than the label sent further off: with every touching spot over an icon, the nearest free one is kept', () => {
  const icon = (x: number, y: number): Box => ({ x: x * S + 4, y: y * S + 4, w: S - 8, h: S - 8 });
  const icons: Box[] = [];
  for (let y = 2; y <= 6; y++) for (let x = 1; x <= 8; x++) if (x !== 4 || y !== 4) icons.push(icon(x, y));
  const without = labelPlacer([figure(4, 4)], { w: 10 * S, h: 10 * S })(86, 12, cellBox(4, 4));
  expect(labelPlacer([figure(4, 4)], { w: 10 * S, h: 10 * S }, icons)(86, 12, cellBox(4, 4))).toEqual(without);
});
