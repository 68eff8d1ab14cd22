// Runs in the browser page of bench/ui-bench.mjs, after dist/doom-board.js has defined <doom-board>.
// Performance marks around: the first render of a 40×40 board (cold: the Wasm core is compiled
// too; warm: a further board), and select-to-highlight (select a figure → reach, fog and costs drawn).
// Each starts at the beginning of a frame, as input does, and ends when that frame is rendered.

export function scenario40(W = 40, H = W) {
  let s = 12345;
  const rnd = () => ((s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32);
  // Larger boards (issue 41: 101×101, 201×201) keep the 40×40 board's density of edge runs and figures.
  const scale = (W * H) / 1600;
  const map = [];
  for (let y = 0; y < H; y++) {
    let row = '';
    for (let x = 0; x < W; x++) row += rnd() < 0.08 ? 'd' : rnd() < 0.01 ? 't' : '.';
    map.push(row);
  }
  const edges = [];
  for (let i = 0; i < Math.round(60 * scale); i++) {
    const x = 1 + Math.floor(rnd() * (W - 6));
    const y = 1 + Math.floor(rnd() * (H - 6));
    const len = 1 + Math.floor(rnd() * 5);
    const kind = rnd() < 0.7 ? 'wall' : rnd() < 0.5 ? 'blocking' : 'door';
    edges.push(rnd() < 0.5 ? { from: [x, y], to: [x + len, y], kind } : { from: [x, y], to: [x, y + len], kind });
  }
  const figures = [];
  const taken = new Set();
  for (let i = 0; i < Math.round(24 * scale); i++) {
    let x;
    let y;
    do {
      x = Math.floor(rnd() * W);
      y = Math.floor(rnd() * H);
    } while (taken.has(`${x},${y}`));
    taken.add(`${x},${y}`);
    figures.push({ id: i < 6 ? `marine-${i + 1}` : `imp-${i - 5}`, side: i < 6 ? 'marines' : 'invader', type: i < 6 ? 'marine' : 'imp', x, y });
  }
  return { ruleset: 'doom2016', title: `Bench ${W}×${H}`, map, edges, figures, sides: ['marines', 'invader'] };
}

const median = (a) => [...a].sort((p, q) => p - q)[Math.floor(a.length / 2)];

/**
 * Runs `work` the way a browser runs an input handler: at the start of a frame. Marks
 * `${name}-start`; `${name}-dom` when `work` has settled (the element updated its DOM); and
 * `${name}-rendered` when the frame showing that DOM is rendered (style, layout, paint, commit).
 * A timer queued inside a frame's animation callbacks runs only after that frame is rendered. If
 * `work` settles later (the cold render waits for the Wasm core), the next frame is the one.
 */
function inFrame(name, work) {
  return new Promise((resolve, reject) => {
    requestAnimationFrame(() => {
      performance.mark(`${name}-start`);
      let frameRendered = false;
      let settled = false;
      let value;
      const finish = () => {
        performance.mark(`${name}-rendered`);
        resolve({
          value,
          dom: performance.measure(`${name}-dom`, `${name}-start`, `${name}-dom`).duration,
          rendered: performance.measure(`${name}-rendered`, `${name}-start`, `${name}-rendered`).duration,
        });
      };
      setTimeout(() => {
        frameRendered = true;
        if (settled) finish();
      }, 0);
      Promise.resolve(work()).then((v) => {
        value = v;
        performance.mark(`${name}-dom`);
        settled = true;
        if (frameRendered) requestAnimationFrame(() => setTimeout(finish, 0));
      }, reject);
    });
  });
}

const settle = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0))));

function firstRender(i, sc) {
  const el = document.createElement('doom-board');
  el.id = `b${i}`;
  el.setAttribute('mp', '8');
  const ready = new Promise((r) => el.addEventListener('doom-ready', r, { once: true }));
  return inFrame(`render-${i}`, () => {
    el.scenario = sc;
    document.body.append(el);
    return ready.then(() => el);
  });
}

export async function run(idleMs = 0) {
  const sc = scenario40();
  // The page's first board: `idleMs` after the bundle was evaluated (0: while its Wasm core is
  // still compiling). Its render code runs for the first time.
  await new Promise((r) => setTimeout(r, idleMs));
  const cold = await firstRender(0, sc);
  cold.value.remove();
  await settle();
  const warm = [];
  for (let i = 1; i <= 9; i++) {
    const r = await firstRender(i, sc);
    warm.push(r);
    if (i < 9) r.value.remove();
    await settle();
  }
  const el = warm[warm.length - 1].value;
  const cells = el.shadowRoot.querySelectorAll('[role="gridcell"]').length;
  const select = [];
  for (let i = 0; i < 21; i++) {
    const id = `marine-${(i % 6) + 1}`;
    await el.select(null);
    await settle();
    select.push(await inFrame(`select-${i}`, () => el.select(id)));
  }
  const reachCells = el.shadowRoot.querySelector('.cost')?.getAttribute('data-costs')?.split(' ').length ?? 0;
  return {
    cells,
    reachCells,
    coldDom: cold.dom,
    coldRendered: cold.rendered,
    warmDom: median(warm.map((r) => r.dom)),
    warmRendered: median(warm.map((r) => r.rendered)),
    selectDom: median(select.map((r) => r.dom)),
    selectRendered: median(select.map((r) => r.rendered)),
    selectMax: Math.max(...select.map((r) => r.rendered)),
  };
}

/**
 * Issue 41: a large board (side × side, the 40×40 board's densities) after the page's first board:
 * first render (median of 3 boards) and select-to-highlight (median of 9, and the worst).
 */
export async function runLarge(side) {
  const sc = scenario40(side);
  // The reference: the 40×40 board in the same page, interleaved with the large one (render, then
  // selections), so that the machine's load shows in both.
  const small = await firstRender(100, scenario40());
  await settle();
  const refSelect = [];
  for (let i = 0; i < 9; i++) {
    await small.value.select(null);
    await settle();
    refSelect.push(await inFrame(`ref-select-${i}`, () => small.value.select(`marine-${(i % 6) + 1}`)));
  }
  small.value.remove();
  await settle();
  const refRender = [];
  for (let i = 1; i <= 3; i++) {
    const r = await firstRender(110 + i, scenario40());
    refRender.push(r);
    r.value.remove();
    await settle();
  }
  const renders = [];
  for (let i = 1; i <= 3; i++) {
    const r = await firstRender(100 + i, sc);
    renders.push(r);
    if (i < 3) r.value.remove();
    await settle();
  }
  const el = renders[renders.length - 1].value;
  // A person's first click comes well after the board appears: the page's idle work is done by then
  // (components/state/warm-board.ts: the board put into the grid core, its code warmed).
  await new Promise((r) => setTimeout(r, 500));
  const select = [];
  for (let i = 0; i < 9; i++) {
    await el.select(null);
    await settle();
    select.push(await inFrame(`large-select-${i}`, () => el.select(`marine-${(i % 6) + 1}`)));
  }
  const reachCells = el.shadowRoot.querySelector('.cost')?.getAttribute('data-costs')?.split(' ').length ?? 0;
  return {
    side,
    figures: sc.figures.length,
    reachCells,
    renderDom: median(renders.map((r) => r.dom)),
    renderRendered: median(renders.map((r) => r.rendered)),
    selectDom: median(select.map((r) => r.dom)),
    selectRendered: median(select.map((r) => r.rendered)),
    selectMax: Math.max(...select.map((r) => r.rendered)),
    refRenderRendered: median(refRender.map((r) => r.rendered)),
    refSelectRendered: median(refSelect.map((r) => r.rendered)),
  };
}
