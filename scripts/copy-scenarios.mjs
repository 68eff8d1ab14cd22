/**
 * The scenario files the README's embedding snippets name, shipped beside the one-tag bundle: a wiki
 * that copies dist/ has them at the URLs the snippets use (`scenarios/corridor.json`,
 * `scenarios/doom2016-tutorial.json`, `examples/d20-cover-nearest.json`). dist/scenarios/ holds the
 * bundled games' scenarios and the demo's corridor, dist/examples/ the worked examples (replay mode).
 */
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const at = (p) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const copy = (fromDir, names, toDir) => {
  mkdirSync(at(toDir), { recursive: true });
  for (const n of names) copyFileSync(at(`${fromDir}/${n}`), at(`${toDir}/${n}`));
};
copy('src/scenario/bundled', ['doom2016-tutorial.json', 'doom2004-skirmish.json', 'd20-skirmish.json'], 'dist/scenarios');
copy('demo/public/scenarios', ['corridor.json'], 'dist/scenarios');
copy('demo/public/examples', readdirSync(at('demo/public/examples')).filter((n) => n.endsWith('.json')), 'dist/examples');
