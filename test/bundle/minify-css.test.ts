// The stylesheet is minified at build (bundling/plugins/trim-templates.ts, minifyCss): only spaces CSS does not read
// may go. A space before a colon can be a descendant combinator (`.grid :focus`), so it stays.
import { expect, test } from 'vitest';
import { minifyCss } from '../../bundling/plugins/trim-templates.ts';

test('minifyCss drops comments and the spaces round braces, semicolons, commas, ">" and after colons', () => {
  const css = `/* palette */
.board > .grid , .legend {
  border: 1px solid var(--doom-edge);
  font-family: system-ui, 'Segoe UI';
}
@media (pointer: coarse) { button { min-height: 44px; } }`;
  // The comment goes; the line break after it is all that is left of it.
  expect(minifyCss(css)).toBe("\n.board>.grid,.legend{border:1px solid var(--doom-edge);font-family:system-ui,'Segoe UI'}@media (pointer:coarse){button{min-height:44px}}");
});

test('minifyCss keeps what CSS reads: a space before a colon, spaces inside values, ${…} parts', () => {
  expect(minifyCss('.grid :focus-visible { outline: 3px solid red; }')).toBe('.grid :focus-visible{outline:3px solid red}');
  expect(minifyCss(':host([theme="dark"]) { ${dark} }')).toBe(':host([theme="dark"]){${dark}}');
  expect(minifyCss('.tile { margin: 0 auto; flex: 1 1 0; }')).toBe('.tile{margin:0 auto;flex:1 1 0}');
});
