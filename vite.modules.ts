/**
 * The embeddable bundle is one main module (dist/doom-board.js) and modules fetched from beside it
 * only when a board needs them (rules engines, HTTP engine, editor, play table, export). These two
 * plugins draw that line: the main build leaves the on-demand entries out, and each on-demand build
 * takes everything outside its own files from the main module (one Wasm core, one Lit).
 */
import type { Plugin } from 'vite';

/** Main build: an import that resolves to `entry` (its first capture group names the module) becomes `./doom-board-<name>.js`. */
export function onDemand(name: string, entry: RegExp): Plugin {
  return {
    name: `doom-board:${name}-on-demand`,
    enforce: 'pre',
    async resolveId(source, importer) {
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      const m = resolved && entry.exec(resolved.id);
      return m ? { id: `./doom-board-${m[1]}.js`, external: true } : null;
    },
  };
}

/** On-demand build: whatever a file matching `own` imports from outside `own` comes from `./doom-board.js`. */
export function fromMainModule(name: string, own: RegExp): Plugin {
  return {
    name: `doom-board:${name}-from-main-module`,
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !own.test(importer)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (!resolved || own.test(resolved.id)) return null;
      return { id: './doom-board.js', external: true };
    },
  };
}

/**
 * Built modules: the Wasm core (`…core.wasm?init`) inlined as a string of one character per byte
 * instead of Vite's base64 data URL. Base64 hides the bytes' repetitions from gzip (12.4 KB gzipped
 * against 9.2 KB for the bytes themselves); here printable ASCII bytes stay as they are and every
 * other byte b becomes U+0100 + b, so gzip sees the same repetitions (≈10.3 KB). A module script is
 * always read as UTF-8, so the characters arrive as written. Same default export as `?init`.
 */
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
    async load(id) {
      if (id !== VIRTUAL) return null;
      const { readFileSync } = await import('node:fs');
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

/**
 * `import doc from './x.yaml'`: the YAML file parsed at build time, a module whose default export is
 * the object. The server then starts without a YAML parser (parsing the OpenAPI document took about
 * half a second of its cold start), and pages using the API handlers carry JSON, not a parser.
 */
export function yamlAsJson(): Plugin {
  return {
    name: 'doom-board:yaml-as-json',
    enforce: 'pre',
    async transform(code, id) {
      if (!/\.ya?ml$/.test(id)) return null;
      const { parse } = await import('yaml');
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(parse(code)))});`, map: null };
    },
  };
}
