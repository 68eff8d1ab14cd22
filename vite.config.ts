import { defineConfig } from 'vite';
import { VITE_BUILDS } from './bundling/builds.ts';

// `vite`, the dev server (Playwright's too), serves the demo site from the sources. Every output of
// `npm run build`, the built demo site included, is declared in bundling/outputs.ts; this is the
// site's build from bundling/builds.ts.
export default defineConfig(VITE_BUILDS.site());
