import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { marked } from 'marked';
import type { Plugin } from 'vite';

/**
 * The rules reference page (demo/rules.html): docs/rules.md, the file the package ships, rendered
 * into the page's `<!--docs/rules.md-->` when the page is served or built, so the site and the
 * package always show the same text. The file's own `<a id="rule-…">` anchors are kept as written:
 * they are what the boards' rule citations link to (`rules-href`).
 */
export function rulesPage(): Plugin {
  const file = fileURLToPath(new URL('../../docs/rules.md', import.meta.url));
  const MARK = '<!--docs/rules.md-->';
  return {
    name: 'doom-board:rules-page',
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        if (!ctx.path.endsWith('/rules.html')) return html;
        if (!html.includes(MARK)) throw new Error(`rules.html has no ${MARK} to render docs/rules.md into`);
        return html.replace(MARK, () => marked.parse(readFileSync(file, 'utf8'), { async: false }));
      },
    },
  };
}
