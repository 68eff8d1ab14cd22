/**
 * Built modules: the Wasm core (`…core.wasm?init`) inlined as a string of one character per byte
 * instead of Vite's base64 data URL. Base64 hides the bytes' repetitions from gzip (12.4 KB gzipped
 * against 9.2 KB for the bytes themselves); here printable ASCII bytes stay as they are and every
 * other byte b becomes U+0100 + b, so gzip sees the same repetitions (≈10.3 KB). A module script is
 * always read as UTF-8, so the characters arrive as written. Same default export as `?init`.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** The core's bytes as that text (test/bundle/size.test.ts looks for exactly this in the bundles). */
export function wasmAsText(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) {
    const c = String.fromCharCode(b);
    text += b >= 0x20 && b < 0x7f && !'\\"\'`$'.includes(c) ? c : String.fromCharCode(0x100 + b);
  }
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
      return `const text = ${JSON.stringify(wasmAsText(readFileSync(file)))};
export default async function init(imports) {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 255;
  return (await WebAssembly.instantiate(bytes, imports)).instance;
}
`;
    },
  };
}
