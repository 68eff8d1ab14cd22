/**
 * `import doc from './x.yaml'`: the YAML file parsed at build time, a module whose default export is
 * the object. The server then starts without a YAML parser (parsing the OpenAPI document took about
 * half a second of its cold start), and pages using the API handlers carry JSON, not a parser.
 * Used by the server build, the demo site and Vitest (vitest.config.ts).
 */
import type { Plugin } from 'vite';
import { parse } from 'yaml';

export function yamlAsJson(): Plugin {
  return {
    name: 'doom-board:yaml-as-json',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.ya?ml$/.test(id)) return null;
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(parse(code)))});`, map: null };
    },
  };
}
