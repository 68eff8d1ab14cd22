/**
 * The "play on the server" page: start a game through the API (the client generated from
 * openapi.yaml), hand out one link per seat, and show a <doom-board api="…"> that plays the game
 * and follows its live stream. `?mock` runs the same API handlers in this page with msw.
 */
import createClient from 'openapi-fetch';
import type { paths } from '../src/api/schema.d.ts';
import '../components/doom-board.ts';
import type { DoomBoard } from '../components/doom-board.ts';

const params = new URLSearchParams(location.search);
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

async function startMock(): Promise<void> {
  const [{ setupWorker }, { apiHandlers }] = await Promise.all([import('msw/browser'), import('../src/api/msw.ts')]);
  await setupWorker(...apiHandlers()).start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true });
}

async function main(): Promise<void> {
  if (params.has('mock')) await startMock();
  const api = createClient<paths>({ baseUrl: location.origin });
  const gameId = params.get('game');
  if (gameId) return showGame(api, gameId);

  const select = $<HTMLSelectElement>('scenario-id');
  const { data } = await api.GET('/api/v1/scenarios');
  for (const s of data?.scenarios ?? []) {
    if (s.id.startsWith('rulebook-')) continue; // positions to study, not games to play
    select.add(new Option(`${s.title} (${s.ruleset})`, s.id));
  }
  $('start').addEventListener('submit', async (e) => {
    e.preventDefault();
    if (params.has('mock')) {
      // The mock's games live in this page: play here, holding every seat (the element starts the game).
      const { data: scenario } = await api.GET('/api/v1/scenarios/{id}', { params: { path: { id: select.value } } });
      return void showBoard(`${location.origin}/api/v1`, scenario!, `Mock server game (${scenario!.title ?? select.value})`, Number($<HTMLInputElement>('seed').value) || 0);
    }
    const { data: game, error } = await api.POST('/api/v1/games', { body: { scenarioId: select.value, seed: Number($<HTMLInputElement>('seed').value) || 0 } });
    if (!game) return void ($('api-error').textContent = error?.detail ?? 'the server could not start the game');
    const list = $('seat-links');
    list.replaceChildren();
    for (const side of game.sides) {
      const a = document.createElement('a');
      const mock = params.has('mock') ? '&mock' : '';
      a.href = `server-game.html?game=${game.id}${mock}#seat=${game.seats[side]}`;
      a.textContent = `Play ${side}`;
      a.dataset.side = side;
      const li = document.createElement('li');
      li.append(a);
      list.append(li);
    }
    const watch = document.createElement('li');
    watch.innerHTML = `<a href="server-game.html?game=${game.id}" data-side="spectator">Watch</a>`;
    list.append(watch);
    $('seats').hidden = false;
  });
}

async function showGame(api: ReturnType<typeof createClient<paths>>, gameId: string): Promise<void> {
  $('start').hidden = true;
  const { data: replay, error } = await api.GET('/api/v1/games/{gameId}/replay', { params: { path: { gameId } } });
  if (!replay) return void ($('api-error').textContent = error?.detail ?? `no game ${gameId}`);
  const seat = new URLSearchParams(location.hash.slice(1)).get('seat');
  $('game-title').textContent = replay.scenario.title ?? 'Game';
  $('game-info').textContent = seat ? `You hold a seat in game ${gameId}.` : `You are watching game ${gameId}.`;
  showBoard(`${location.origin}/api/v1/games/${gameId}${seat ? `#seat=${seat}` : ''}`, replay.scenario, `Server game ${gameId}`);
}

function showBoard(api: string, scenario: unknown, label: string, seed?: number): void {
  const board = document.createElement('doom-board') as DoomBoard;
  board.id = 'server-board';
  board.label = label;
  board.mode = 'play';
  board.api = api;
  board.rulesHref = 'rules.html'; // the site's rules reference, as on every demo page (site.ts)
  if (seed !== undefined) board.seed = seed;
  board.scenario = scenario as DoomBoard['scenario'];
  $('board-slot').replaceChildren(board);
  $('game').hidden = false;
}

main().catch((e) => {
  $('api-error').textContent = `The API is not reachable: ${(e as Error).message}. Start the server with npm start.`;
});
