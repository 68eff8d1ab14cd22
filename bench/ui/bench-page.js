// Runs in the browser page of bench/ui-bench.mjs, after dist/doom-board.js has defined <doom-board>.
// Performance marks around: the first render of a 40×40 board (cold: the Wasm core is compiled
// too; warm: a further board), and select-to-highlight (select a figure → reach, fog and costs drawn).

function scenario40() {
  let s = 12345;
  const rnd = () => ((s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const W = 40;
  const H = 40;
  const map = [];
  for (let y = 0; y < H; y++) {
    let row = '';
    for (let x = 0; x < W; x++) row += rnd() < 0.08 ? 'd' : rnd() < 0.01 ? 't' : '.';
    map.push(row);
  }
  const edges = [];
  for (let i = 0; i < 60; i++) {
    const x = 1 + Math.floor(rnd() * (W - 6));
    const y = 1 + Math.floor(rnd() * (H - 6));
    const len = 1 + Math.floor(rnd() * 5);
    const kind = rnd() < 0.7 ? 'wall' : rnd() < 0.5 ? 'blocking' : 'door';
    edges.push(rnd() < 0.5 ? { from: [x, y], to: [x + len, y], kind } : { from: [x, y], to: [x, y + len], kind });
  }
  const figures = [];
  const taken = new Set();
  for (let i = 0; i < 24; i++) {
    let x;
    let y;
    do {
      x = Math.floor(rnd() * W);
      y = Math.floor(rnd() * H);
    } while (taken.has(`${x},${y}`));
    taken.add(`${x},${y}`);
    figures.push({ id: i < 6 ? `marine-${i + 1}` : `imp-${i - 5}`, side: i < 6 ? 'marines' : 'invader', type: i < 6 ? 'marine' : 'imp', x, y });
  }
  return { ruleset: 'doom2016', title: 'Bench 40×40', map, edges, figures, sides: ['marines', 'invader'] };
}

const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
const median = (a) => [...a].sort((p, q) => p - q)[Math.floor(a.length / 2)];

async function firstRender(i, sc) {
  const el = document.createElement('doom-board');
  el.id = `b${i}`;
  el.setAttribute('mp', '8');
  const ready = new Promise((r) => el.addEventListener('doom-ready', r, { once: true }));
  performance.mark(`render-start-${i}`);
  el.scenario = sc;
  document.body.append(el);
  await ready;
  performance.mark(`render-dom-${i}`);
  await frame();
  performance.mark(`render-painted-${i}`);
  const dom = performance.measure(`render-dom-${i}`, `render-start-${i}`, `render-dom-${i}`).duration;
  const painted = performance.measure(`render-painted-${i}`, `render-start-${i}`, `render-painted-${i}`).duration;
  return { el, dom, painted };
}

export async function run() {
  const sc = scenario40();
  const cold = await firstRender(0, sc);
  cold.el.remove();
  const warm = [];
  for (let i = 1; i <= 9; i++) {
    const r = await firstRender(i, sc);
    warm.push(r);
    if (i < 9) r.el.remove();
  }
  const el = warm[warm.length - 1].el;
  const cells = el.shadowRoot.querySelectorAll('[role="gridcell"]').length;
  const select = [];
  const selectPainted = [];
  for (let i = 0; i < 21; i++) {
    const id = `marine-${(i % 6) + 1}`;
    await el.select(null);
    await frame();
    performance.mark(`select-start-${i}`);
    await el.select(id);
    performance.mark(`select-dom-${i}`);
    await frame();
    performance.mark(`select-painted-${i}`);
    select.push(performance.measure(`select-${i}`, `select-start-${i}`, `select-dom-${i}`).duration);
    selectPainted.push(performance.measure(`select-p-${i}`, `select-start-${i}`, `select-painted-${i}`).duration);
  }
  const reachCells = el.shadowRoot.querySelectorAll('.cost').length;
  return {
    cells,
    reachCells,
    coldDom: cold.dom,
    coldPainted: cold.painted,
    warmDom: median(warm.map((r) => r.dom)),
    warmPainted: median(warm.map((r) => r.painted)),
    selectDom: median(select),
    selectPainted: median(selectPainted),
    selectMax: Math.max(...select),
  };
}
