/**
 * Makes every "try it" of the API reference work as shipped: the document's examples for the
 * operations on one game (its id, If-Match, a command the rules accept now, the seat token) come
 * from a sandbox game this function starts on the server, with one command played so that undo has
 * something to take back. Used by the reference page (docs.ts) and by the test that runs every
 * operation's example against the built server.
 */
type Json = Record<string, any>;

export interface SandboxDocument {
  /** The document with the sandbox game's examples filled in. */
  document: Json;
  gameId: string;
  /** The seat token of the side that acts in the sandbox game. */
  token: string;
}

export async function withSandboxGame(doc: Json, base: string, fetchFn: typeof fetch = fetch): Promise<SandboxDocument> {
  const document = structuredClone(doc);
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const r = await fetchFn(`${base}${path}`, { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<Json>;
  };
  const exampleOf = (path: string, method: string) => document.paths[path][method].requestBody.content['application/json'];
  const created = await call('POST', '/api/v1/games', exampleOf('/api/v1/games', 'post').example);
  const game = `/api/v1/games/${created.id}`;
  const first = await call('GET', `${game}/actions`);
  const side = (await call('GET', game)).view?.side ?? created.sides[0];
  const token: string = created.seats[side];
  const auth = { authorization: `Bearer ${token}` };
  const played = await call('POST', `${game}/commands`, first.actions[0], { ...auth, 'if-match': `"${first.version}"` });
  const next = await call('GET', `${game}/actions`);
  document.components.parameters.GameId.example = created.id;
  document.components.parameters.IfMatch.example = `"${played.version}"`;
  exampleOf('/api/v1/games/{gameId}/commands', 'post').example = next.actions[0];
  return { document, gameId: created.id, token };
}
