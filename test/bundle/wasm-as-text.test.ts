/**
 * The Wasm core inlined as text (bundling/plugins/wasm-as-text.ts): one character per byte, the
 * frequent unprintable bytes traded for rare printable characters. Every byte comes back exactly,
 * no two bytes share a character, and the core's text costs about a byte of UTF-8 per byte.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { wasmAsText, wasmSwaps } from '../../bundling/plugins/wasm-as-text.ts';

const core = readFileSync(fileURLToPath(new URL('../../build/core.wasm', import.meta.url)));

/** The bytes back from the text, by the character each byte alone is written as (independent of the plugin's decoder). */
function decode(text: string, swaps: [number, number][]): Uint8Array {
  const byChar = new Map<number, number>();
  for (let b = 0; b < 256; b++) byChar.set(wasmAsText(Uint8Array.of(b), swaps).charCodeAt(0), b);
  expect(byChar.size).toBe(256);
  return Uint8Array.from(text, (c) => byChar.get(c.charCodeAt(0))!);
}

describe('the Wasm core as text', () => {
  test('the core: every byte back, one character each, about one byte of UTF-8 each', () => {
    const swaps = wasmSwaps(core);
    const text = wasmAsText(core, swaps);
    expect(text.length).toBe(core.length);
    expect(Buffer.from(decode(text, swaps)).equals(core)).toBe(true);
    expect(Buffer.byteLength(text)).toBeLessThan(1.1 * core.length);
    // Zero bytes, the most frequent, are written as one printable character.
    expect(text.charCodeAt(core.indexOf(0))).toBeLessThan(0x7f);
  });

  test('random bytes, and every byte value alone, come back exactly', () => {
    let seed = 7;
    const random = Uint8Array.from({ length: 5000 }, () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 255);
    for (const bytes of [random, Uint8Array.from({ length: 256 }, (_, i) => i), core.subarray(0, 300)]) {
      const swaps = wasmSwaps(bytes);
      expect(Buffer.from(decode(wasmAsText(bytes, swaps), swaps)).equals(Buffer.from(bytes))).toBe(true);
    }
  });
});
