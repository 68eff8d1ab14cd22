/** The API page: one board query through the client generated from openapi.yaml (openapi-fetch). */
import createClient from 'openapi-fetch';
import type { paths } from '../src/api/schema.d.ts';
import cover from '../src/scenario/bundled/rulebook-doom2016-cover.json';

const api = createClient<paths>({ baseUrl: location.origin });
const $ = (id: string) => document.getElementById(id)!;

$('ask').addEventListener('click', async () => {
  const [from, to] = cover.figures;
  try {
    const { data, error } = await api.POST('/api/v1/board/sight', { body: { scenario: cover as never, from: from.id, to: to.id } });
    if (!data) throw new Error(error?.detail ?? 'no answer');
    $('answer-summary').textContent = `${from.id} → ${to.id}: ${data.los ? 'in line of sight' : 'no line of sight'}${data.cover ? ', in cover' : ''}, range ${data.range}. ${data.summary}`;
    $('answer').textContent = JSON.stringify({ ...data, losLines: `${data.losLines.length} lines`, coverLines: `${data.coverLines.length} lines` }, null, 2);
  } catch (e) {
    $('answer-summary').textContent = `The API is not reachable here (${(e as Error).message}): start the server with npm start.`;
  }
});
