/**
 * The element's templates (Lit html/svg/css) keep the source's indentation as text, which the
 * minifier cannot touch: a line break followed by indentation becomes a line break alone. Outside
 * template literals the minifier drops that whitespace anyway; no template here keeps whitespace
 * as it is written (no <pre>; `.hint` keeps line breaks, but its text comes at run time). The
 * stylesheet (theme.ts, CSS alone) is minified too.
 */
import type { Plugin } from 'vite';

/**
 * The stylesheet without comments and without the spaces CSS does not need: round braces,
 * semicolons, commas and child combinators, and after a colon (a space before one can be a
 * descendant combinator, so those stay). `${…}` parts have no spaces to lose.
 */
export function minifyCss(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s*([{};,>])\s*/g, '$1').replace(/:\s+/g, ':').replace(/;}/g, '}');
}

export function trimTemplateIndentation(): Plugin {
  const OWN = /[\\/]components[\\/][^?]*\.ts$/;
  return {
    name: 'doom-board:trim-template-indentation',
    enforce: 'pre',
    transform(code, id) {
      if (!OWN.test(id)) return null;
      const trimmed = code.replace(/\n[ \t]+/g, '\n');
      return { code: /[\\/]theme\.ts$/.test(id) ? trimmed.replace(/css`[^`]*`/g, minifyCss) : trimmed, map: null };
    },
  };
}
