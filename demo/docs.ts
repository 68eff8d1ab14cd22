/**
 * The API reference page (/docs): Swagger UI, served from this site (no outside requests: the
 * validator badge is off), over the server's own /openapi.json with working "try it" examples — the
 * operations on one game act on a sandbox game started for this page (api-examples.ts).
 */
import { withSandboxGame } from './api-examples.ts';

declare const SwaggerUIBundle: (options: Record<string, unknown>) => { preauthorizeApiKey(name: string, value: string): void };

const note = document.getElementById('sandbox-note')!;
const doc = await (await fetch('/openapi.json')).json();
let spec = doc;
let token: string | null = null;
try {
  const sandbox = await withSandboxGame(doc, location.origin);
  ({ document: spec, token } = sandbox);
  note.textContent = `"Try it out" runs against this server. The game operations' examples act on sandbox game ${sandbox.gameId}, started for this page (its seat token is filled in; reload the page for a fresh one).`;
} catch (e) {
  note.textContent = `"Try it out" runs against this server; no sandbox game could be started (${(e as Error).message}), so the game operations need a game id and seat token of yours.`;
}
const ui = SwaggerUIBundle({
  spec,
  dom_id: '#swagger',
  validatorUrl: null,
  deepLinking: true,
  tryItOutEnabled: true,
  displayOperationId: true,
  defaultModelsExpandDepth: 0,
});
if (token) ui.preauthorizeApiKey('seatToken', token);
