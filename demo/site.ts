/**
 * Shared script of the demo pages: defines <doom-board> (from source, through Vite) and draws the
 * navigation. Boards carry their scenario as inline JSON, or name a bundled scenario (the rulebook
 * examples, the tutorial) in `data-bundled`, so the pages show exactly what the engine ships.
 */
import type { DoomBoard } from '../components/doom-board.ts';
import '../components/doom-board.ts';
import { cellName, figureName } from '../components/coords.ts';

const BUNDLED = import.meta.glob<DoomBoard['scenario']>('../src/scenario/bundled/*.json', { eager: true, import: 'default' });

export const PAGES: [href: string, title: string][] = [
  ['index.html', 'Overview'],
  ['line-of-sight.html', 'Line of sight'],
  ['cover.html', 'Cover'],
  ['movement.html', 'Movement'],
  ['large-figures.html', 'Large figures and rotation'],
  ['doors-teleporters.html', 'Doors and teleporters'],
  ['doom2004-attack.html', 'doom2004 attack and blast'],
  ['doom2004-play.html', 'Play doom2004'],
  ['d20.html', 'd20 cover and nearest enemy'],
  ['examples.html', 'Worked examples'],
  ['tutorial.html', 'The doom2016 tutorial'],
  ['solo.html', 'Play solo against the autopilot'],
  ['solo-doom2004.html', 'Play doom2004 solo'],
  ['editor.html', 'Editor'],
  ['embed.html', 'Embed this'],
  ['server-game.html', 'Play on the server'],
  ['api.html', 'The HTTP API'],
  ['rules.html', 'Rules reference'],
];

/** The site's rules reference (docs/rules.md rendered): every board's rule citations link there. */
export const RULES_HREF = 'rules.html';

function nav(): void {
  const el = document.querySelector('nav.site');
  if (!el) return;
  const here = location.pathname.split('/').pop() || 'index.html';
  const ul = document.createElement('ul');
  for (const [href, title] of PAGES) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = href;
    a.textContent = title;
    if (href === here) a.setAttribute('aria-current', 'page');
    li.append(a);
    ul.append(li);
  }
  ul.id = 'site-pages';
  // On narrow screens the list folds away behind a "Pages" button (site.css).
  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.className = 'nav-toggle';
  toggle.textContent = 'Pages';
  toggle.setAttribute('aria-expanded', 'false');
  toggle.setAttribute('aria-controls', ul.id);
  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    el.classList.toggle('open', open);
  });
  el.append(toggle, ul);
  // A keyboard reaches the page's content without tabbing through every page's link first.
  const main = document.querySelector('main');
  if (main) {
    main.id ||= 'content';
    main.tabIndex = -1;
    const skip = document.createElement('a');
    skip.href = `#${main.id}`;
    skip.className = 'skip-link';
    skip.textContent = 'Skip to the content';
    skip.addEventListener('click', (e) => {
      e.preventDefault(); // the fragment is the boards' url-state, not this link's
      main.focus();
    });
    document.body.prepend(skip);
  }
}

/** One sentence for an event of a board (the raw detail stays on the event for scripts). */
function eventSentence(type: string, d: Record<string, any>, ruleset = ''): string {
  const at = (c: { x: number; y: number } | null | undefined) => (c ? cellName(c.x, c.y) : '?');
  switch (type) {
    case 'doom-ready':
      return `Board ready: ${d.title ?? 'untitled'}, ${d.width}×${d.height}, ${d.ruleset}, ${d.mode} mode.`;
    case 'doom-select':
      return d.figure ? `${figureName(d.figure)} selected at ${at(d.at)}.` : 'Selection cleared.';
    case 'doom-target':
      return `${figureName(d.figure)} → ${figureName(d.target)}: ${d.los ? 'in line of sight' : 'no line of sight'}${d.los && d.cover ? ', in cover' : ''}, range ${d.range}.`;
    case 'doom-move':
      // d20 counts squares of movement, the DOOM games MP.
      return `${figureName(d.figure)} moved from ${at(d.from)} to ${at(d.to)}${d.cost ? ` (${ruleset === 'd20' ? `${d.cost} ${d.cost === 1 ? 'square' : 'squares'} of movement` : `${d.cost} MP`})` : ''}.`;
    case 'doom-door':
      return `Door ${d.open ? 'opened' : 'closed'}.`;
    case 'doom-action':
      return `Command accepted: ${String(d.command?.type ?? '').replace(/-/g, ' ')}${Array.isArray(d.events) ? ` (${d.events.length} ${d.events.length === 1 ? 'event' : 'events'})` : ''}.`;
    case 'doom-undo':
      return `Last command taken back (${d.history} left).`;
    case 'doom-change':
      return 'Scenario edited.';
    case 'doom-error':
      return `Not done: ${d.message}`;
    default:
      return type;
  }
}

/** Show the last doom-* event of each board, as a sentence, in an <output data-events-of="board-id">. */
function eventEcho(): void {
  for (const out of document.querySelectorAll<HTMLOutputElement>('output[data-events-of]')) {
    const board = document.getElementById(out.dataset.eventsOf!);
    if (!board) continue;
    let ruleset = '';
    board.addEventListener('doom-ready', (e) => (ruleset = (e as CustomEvent).detail?.ruleset ?? ''));
    for (const type of ['doom-ready', 'doom-select', 'doom-target', 'doom-move', 'doom-door', 'doom-action', 'doom-undo', 'doom-change', 'doom-error']) {
      board.addEventListener(type, (e) => {
        out.textContent = eventSentence(type, (e as CustomEvent).detail ?? {}, ruleset);
      });
    }
  }
}

/** Rule citations in every board's explanation link to the rules page, unless the page says otherwise. */
function rulesLinks(): void {
  for (const board of document.querySelectorAll<DoomBoard>('doom-board:not([rules-href])')) board.rulesHref = RULES_HREF;
}

/** Boards with `data-bundled="<name>"` get that bundled scenario as their `scenario` property. */
function bundledScenarios(): void {
  for (const board of document.querySelectorAll<DoomBoard>('doom-board[data-bundled]')) {
    const scenario = BUNDLED[`../src/scenario/bundled/${board.dataset.bundled}.json`];
    if (!scenario) throw new Error(`no bundled scenario ${JSON.stringify(board.dataset.bundled)}`);
    board.scenario = scenario;
  }
}

/**
 * A `<select data-handicap-for="board-id">` sets that board's `handicap`, kept in the page URL's
 * query (`?handicap=…`) so that a reload or a link plays the same game. A new handicap is a new
 * game: the moves in the URL fragment were played on the old one, so they go — after the player
 * says so, when there are any (nothing a player did is lost without asking).
 */
/** The handicap in the page URL's query; `fresh`: without the moves of the fragment (a new game). */
function keep(handicap: string, fresh: boolean): void {
  const url = new URL(location.href);
  url.searchParams.set('handicap', handicap);
  if (fresh) url.hash = '';
  history.replaceState(null, '', url);
}

function handicapChoosers(): void {
  for (const select of document.querySelectorAll<HTMLSelectElement>('select[data-handicap-for]')) {
    const board = document.getElementById(select.dataset.handicapFor!) as DoomBoard | null;
    if (!board) continue;
    const asked = new URLSearchParams(location.search).get('handicap');
    if (asked !== null && [...select.options].some((o) => o.value === asked)) select.value = asked;
    // A value the chooser does not offer is not played quietly under its name: the URL says what is.
    if (asked !== null && asked !== select.value) keep(select.value, false);
    board.handicap = select.value || undefined;
    let current = select.value;
    select.addEventListener('change', () => {
      // Moves in the URL fragment: a game in progress, which a new handicap would end.
      if (location.hash.length > 1 && !confirm('A new handicap starts a new game: the game in progress is lost. Start a new game?')) {
        select.value = current;
        return;
      }
      current = select.value;
      keep(select.value, true);
      board.handicap = select.value || undefined;
    });
  }
}

/**
 * A `<select data-strength-for="board-id">` sets that board's `ai-strength`, kept in the page URL's
 * query (`?strength=…`) so that a reload plays on at the same strength. Unlike a handicap it leaves
 * the game as it is: the AI's next decision is made at the new strength.
 */
function strengthChoosers(): void {
  for (const select of document.querySelectorAll<HTMLSelectElement>('select[data-strength-for]')) {
    const board = document.getElementById(select.dataset.strengthFor!) as DoomBoard | null;
    if (!board) continue;
    const asked = new URLSearchParams(location.search).get('strength');
    if (asked !== null && [...select.options].some((o) => o.value === asked)) select.value = asked;
    const apply = () => {
      board.aiStrength = select.value as DoomBoard['aiStrength'];
      const url = new URL(location.href);
      url.searchParams.set('strength', select.value);
      history.replaceState(null, '', url);
    };
    if (asked !== null) apply();
    else board.aiStrength = select.value as DoomBoard['aiStrength'];
    select.addEventListener('change', apply);
  }
}

nav();
rulesLinks();
handicapChoosers();
strengthChoosers();
bundledScenarios();
eventEcho();
