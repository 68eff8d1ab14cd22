/**
 * lib/reference/: the pages `doom-board serve` answers without `--static` — the API reference
 * (/docs: Swagger UI over the server's own /openapi.json, its two files copied from swagger-ui-dist,
 * no outside requests), the rules reference (/rules: docs/rules.md rendered, with its fixed
 * `rule-…` anchors) and a start page (/) naming what the server offers. Built with the package
 * (`npm run build:package`), so the installed package needs neither marked nor swagger-ui-dist.
 * A `--static` site (the demo) has its own /docs and /rules and wins over these.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { marked } from 'marked';
import { transformWithOxc } from 'vite';

const root = fileURLToPath(new URL('../', import.meta.url));
const out = join(root, 'lib/reference');
const swagger = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
mkdirSync(out, { recursive: true });

const STYLE = `body { margin: 0 auto; max-width: 60rem; padding: 1rem 1.2rem 3rem; font: 16px/1.5 system-ui, sans-serif; color: #1b1b1f; }
a { color: #0b57d0; } code { font-size: 0.9em; } table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 0.2rem 0.5rem; }
nav { font-size: 0.95rem; margin-bottom: 1rem; } nav a { margin-right: 1rem; display: inline-block; min-height: 44px; line-height: 44px; }`;
const NAV = '<nav aria-label="Pages"><a href="/">doom-board</a><a href="/docs">API reference</a><a href="/rules">Rules reference</a><a href="/openapi.json">OpenAPI document</a></nav>';
const page = (title, body, head = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><link rel="icon" href="data:,"><style>${STYLE}</style>${head}</head>
<body>${NAV}${body}</body></html>
`;

writeFileSync(join(out, 'index.html'), page(`doom-board ${version} server`, `
<h1>doom-board ${version}</h1>
<p>This server plays games of DOOM: The Board Game (2016, 2004) and a d20 skirmish over HTTP, and answers
line-of-sight, cover, range and movement questions with explanations citing the rules.</p>
<ul>
<li><a href="/docs">API reference</a>: every operation of <code>/api/v1</code>, with "try it".</li>
<li><a href="/rules">Rules reference</a>: the rules the engine plays by (<code>docs/rules.md</code>); explanations cite its sections.</li>
<li><a href="/openapi.json">The OpenAPI 3.1 document</a>, for client generators.</li>
<li><a href="/api/v1/scenarios">The bundled scenarios</a>; <code>POST /api/v1/games</code> starts a game.</li>
<li><a href="/healthz">/healthz</a> and <a href="/readyz">/readyz</a>: the probes.</li>
</ul>
<p>The demo wiki (live boards, the editor, solo play) is served with <code>doom-board serve --static DIR</code> for a built site.</p>`));

writeFileSync(join(out, 'rules.html'), page('Rules reference — doom-board', `<main>${marked.parse(readFileSync(join(root, 'docs/rules.md'), 'utf8'), { async: false })}</main>`));

mkdirSync(join(out, 'vendor/swagger-ui'), { recursive: true });
for (const f of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
  // The bundle ends with a pointer to its source map, which is not shipped.
  writeFileSync(join(out, 'vendor/swagger-ui', f), readFileSync(join(swagger, f), 'utf8').replace(/\n\/[*/]# sourceMappingURL=[^\n]*\s*$/, '\n'));
}
writeFileSync(join(out, 'docs.html'), page('doom-board API reference', `<p id="sandbox-note">"Try it out" runs against this server.</p><div id="swagger"></div>
<script src="/vendor/swagger-ui/swagger-ui-bundle.js"></script>
<script type="module" src="/docs.js"></script>`, '<link rel="stylesheet" href="/vendor/swagger-ui/swagger-ui.css">').replace('max-width: 60rem', 'max-width: 90rem'));
// The demo site's reference script, as plain modules: "try it" of the operations on one game acts on a
// sandbox game started for the page, as on the demo's /docs. Not inline: a server that sends a
// Content-Security-Policy without 'unsafe-inline' still shows it.
const asModule = async (file) => (await transformWithOxc(readFileSync(join(root, file), 'utf8'), file, { lang: 'ts' })).code;
writeFileSync(join(out, 'api-examples.js'), await asModule('demo/api-examples.ts'));
writeFileSync(join(out, 'docs.js'), (await asModule('demo/docs.ts')).replace(/(["'])\.\/api-examples\.ts\1/, "'./api-examples.js'"));
console.log(`lib/reference: index.html, docs.html (+ Swagger UI ${JSON.parse(readFileSync(join(swagger, 'package.json'), 'utf8')).version}), rules.html`);
