/**
 * Built modules: the Wasm core (`…core.wasm?init`) inlined as a string of one character per byte
 * instead of Vite's base64 data URL. Base64 hides the bytes' repetitions from gzip (12.4 KB gzipped
 * against 9.2 KB for the bytes themselves); here every byte is one character, so gzip sees the same
 * repetitions (≈10.3 KB). A module script is always read as UTF-8, so the characters arrive as
 * written: printable ASCII bytes stay as they are (one byte of UTF-8) and every other byte b becomes
 * U+0100 + b (two bytes). The core's most frequent unprintable bytes (0, 1, 2, …) trade places with
 * its least frequent printable ones (`swaps`), so most bytes cost one byte of UTF-8: the core is 40 KB,
 * its text 62 KB before the trade, 41 KB after — which kept the AI's worker under the 244 KiB
 * webpack warns about. Same default export as `?init`.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** Bytes written as themselves: printable ASCII but for the characters a template literal or a string would need escaped. */
const printable = (b: number) => b >= 0x20 && b < 0x7f && !'\\"\'`$'.includes(String.fromCharCode(b));

/**
 * The trades: [unprintable byte, printable byte] pairs, each unprintable byte more frequent in
 * `bytes` than the printable one it takes the character of (most frequent with least frequent).
 */
export function wasmSwaps(bytes: Uint8Array): [number, number][] {
  const count = new Array<number>(256).fill(0);
  for (const b of bytes) count[b]++;
  const all = [...Array(256).keys()];
  const hidden = all.filter((b) => !printable(b)).sort((a, b) => count[b] - count[a] || a - b);
  const shown = all.filter(printable).sort((a, b) => count[a] - count[b] || a - b);
  const swaps: [number, number][] = [];
  for (let k = 0; k < Math.min(hidden.length, shown.length) && count[hidden[k]] > count[shown[k]]; k++) swaps.push([hidden[k], shown[k]]);
  return swaps;
}

/** The core's bytes as that text (test/bundle/size.test.ts looks for exactly this in the bundles). */
export function wasmAsText(bytes: Uint8Array, swaps = wasmSwaps(bytes)): string {
  const code = new Array<number>(256);
  for (let b = 0; b < 256; b++) code[b] = printable(b) ? b : 0x100 + b;
  for (const [hidden, shown] of swaps) {
    code[hidden] = shown;
    code[shown] = 0x100 + shown;
  }
  let text = '';
  for (const b of bytes) text += String.fromCharCode(code[b]);
  return text;
}

/** The plugin that inlines the core that way (see wasmAsText). */
export function inlineWasmAsText(): Plugin {
  const VIRTUAL = '\0doom-board:core-wasm';
  let file = '';
  return {
    name: 'doom-board:inline-wasm-as-text',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith('.wasm?init')) return null;
      const resolved = await this.resolve(source.slice(0, -'?init'.length), importer, { skipSelf: true });
      if (!resolved) return null;
      file = resolved.id;
      return VIRTUAL;
    },
    load(id) {
      if (id !== VIRTUAL) return null;
      this.addWatchFile(file);
      const bytes = readFileSync(file);
      const swaps = wasmSwaps(bytes);
      // A character under U+0100 is a printable byte or, traded, the unprintable one it stands for; above, U+0100 + the byte.
      return `const text = ${JSON.stringify(wasmAsText(bytes, swaps))};
const swaps = ${JSON.stringify(swaps.flat())};
export default async function init(imports) {
  const byte = new Uint8Array(256).map((_, i) => i);
  for (let k = 0; k < swaps.length; k += 2) byte[swaps[k + 1]] = swaps[k];
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes[i] = c < 256 ? byte[c] : c & 255;
  }
  return (await WebAssembly.instantiate(bytes, imports)).instance;
}
`;
    },
  };
}
