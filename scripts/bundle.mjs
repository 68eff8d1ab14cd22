/**
 * Builds the folders of bundling/outputs.ts, each by its STEPS in order: a Vite build of
 * bundling/builds.ts, or a script of scripts/. `node scripts/bundle.mjs [dist] [lib] [dist-demo]`;
 * with no folder, all three (what `npm run build` does after the Wasm core). The folders are built
 * in the table's order whatever the order of the arguments: the demo site copies dist/'s worker.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { build, runnerImport } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
// What is built is what ships, whatever NODE_ENV the caller has: loading bundling/ below must not make
// the builds development builds (Lit's dev mode, `process.env.NODE_ENV` in the bundles). A test
// runner's NODE_ENV=test reached this through `npm start` and built a dist/ 4 KB over its budget.
process.env.NODE_ENV = 'production';

const load = async (file) => (await runnerImport(fileURLToPath(new URL(`../bundling/${file}`, import.meta.url)), { root, logLevel: 'error' })).module;
const { STEPS } = await load('outputs.ts');
const { VITE_BUILDS } = await load('builds.ts');

const asked = process.argv.slice(2);
const unknown = asked.filter((f) => !(f in STEPS));
if (unknown.length) {
  console.error(`scripts/bundle.mjs: no folder ${unknown.join(', ')} in bundling/outputs.ts (there are: ${Object.keys(STEPS).join(', ')})`);
  process.exit(2);
}

for (const [folder, steps] of Object.entries(STEPS)) {
  if (asked.length && !asked.includes(folder)) continue;
  for (const step of steps) {
    console.log(`\n${folder}/ — ${step}`);
    if (step in VITE_BUILDS) {
      await build({ configFile: false, root, ...VITE_BUILDS[step]() });
    } else {
      const r = spawnSync(process.execPath, [step], { cwd: root, stdio: 'inherit' });
      if (r.status !== 0) process.exit(r.status ?? 1);
    }
  }
}
