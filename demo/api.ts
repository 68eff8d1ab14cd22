/** The API page: one board query through the client generated from openapi.yaml (openapi-fetch). */
import createClient from 'openapi-fetch';
import type { paths } from '../src/api/schema.d.ts';
import cover from '../src/scenario/bundled/rulebook-doom2016-cover.json';
import { figureName } from '../components/coords.ts';
import { readableSummary } from '../components/interaction/readable.ts';

const api = createClient<paths>({ baseUrl: location.origin });
const $ = (id: string) => document.getElementById(id)!;

$('ask').addEventListener('click', async () => {
  const [from, to] = cover.figures;
  try {
    const { data, error } = await api.POST('/api/v1/board/sight', { body: { scenario: cover as never, from: from.id, to: to.id } });
    if (!data) throw new Error(error?.detail ?? 'no answer');
    // The answer in the board's words, as <doom-board> says it (spaces "A1", figures by name); the JSON below is the API's own (ids, corner coordinates).
    const names = new Map(cover.figures.map((f) => [f.id, figureName(f.id)]));
    const board = { width: cover.map[0].length, height: cover.map.length };
    const boxes = [from, to].map((f) => ({ x: f.x, y: f.y, w: 1, h: 1 }));
    $('answer-summary').textContent = `${names.get(from.id)} → ${names.get(to.id)}: ${data.los ? 'in line of sight' : 'no line of sight'}${data.cover ? ', in cover' : ''}, range ${data.range}. ${readableSummary(data.summary, board, names, boxes)}`;
    $('answer').textContent = JSON.stringify({ ...data, losLines: `${data.losLines.length} lines`, coverLines: `${data.coverLines.length} lines` }, null, 2);
  } catch (e) {
    $('answer-summary').textContent = `The API is not reachable here (${(e as Error).message}): start the server with npm start.`;
  }
});
