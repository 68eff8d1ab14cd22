import type { Plugin } from 'vite';

/**
 * The minifier keeps `@__PURE__` annotations for bundlers that tree-shake this output further.
 * doom-board.js is loaded as it is (and defines the element when imported, so a bundler keeps
 * most of it anyway): there they are only bytes.
 */
export function dropPureAnnotations(): Plugin {
  return {
    name: 'doom-board:drop-pure-annotations',
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') chunk.code = chunk.code.replaceAll('/* @__PURE__ */', '');
    },
  };
}
