/**
 * The package's type declarations (lib/types/, and one small .d.ts per entry point): tsc's output
 * with relative imports ending in `.js`, so they resolve under every moduleResolution, and the
 * OpenAPI document's generated types (src/api/schema.d.ts, which tsc does not copy) beside them.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const lib = join(root, 'lib');
const types = join(lib, 'types');

rmSync(types, { recursive: true, force: true });
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.lib.json')], { stdio: 'inherit' });
copyFileSync(join(root, 'src/api/schema.d.ts'), join(types, 'src/api/schema.d.ts'));

const walk = (dir) => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
for (const file of walk(types).filter((f) => f.endsWith('.d.ts'))) {
  const text = readFileSync(file, 'utf8');
  const fixed = text.replace(/((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]*?)(?:\.d)?\.ts(['"])/g, '$1$2.js$3');
  if (fixed !== text) writeFileSync(file, fixed);
}

const entries = {
  'engine.d.ts': './types/src/index.js',
  'server.d.ts': './types/src/server/index.js',
  'element.d.ts': './types/components/index.js',
  'openapi.d.ts': './types/src/api/schema.js',
};
for (const [file, target] of Object.entries(entries)) writeFileSync(join(lib, file), `export * from '${target}';\n`);
