/**
 * Where a large board's time goes (issue 41): one `runLarge(side)` of bench/ui/bench-page.js under a
 * Chromium trace, the main thread's top-level work summed per case (first render, selection) by
 * kind (script, style, layout, paint, …), and, with PROFILE=1, the hottest functions of a CPU
 * profile. A diagnostic, not a bench: tracing slows the page. Run after `npm run build:lib`:
 * `node bench/ui/profile-large.mjs 101` (KEEP_TRACE=file.json keeps the trace; BUNDLE=path another build of
 * the element, such as the code before a change). Prints the main thread's CPU time per case (thread
 * time: another process's load does not count), for the large board and the 40×40 reference.
 * With PROFILE=1: PROFILE_CASES=<regex> the cases profiled (e.g. '^render-101$', the page's first
 * large render), TOTAL=1 time with callees instead of self time, TOP=n the number of functions shown.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBench } from './bench-browser.mjs';

const side = Number(process.argv[2] ?? 101);
const { browser, benchPage } = await launchBench(process.env.BUNDLE ?? 'dist/doom-board.js');
const page = await benchPage();

// PROFILE=1: a CPU profile of each case, from its start mark to its rendered mark (console.profile,
// which the DevTools protocol's Profiler reports).
const cdp = process.env.PROFILE ? await page.context().newCDPSession(page) : null;
const profiles = [];
if (cdp) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  cdp.on('Profiler.consoleProfileFinished', (e) => profiles.push(e));
  await page.evaluate(() => {
    const mark = performance.mark.bind(performance);
    performance.mark = (name, ...rest) => {
      if (/^(render-10[1-3]|large-select-\d+)-rendered$/.test(name)) console.profileEnd(name.replace(/-rendered$/, ''));
      const m = mark(name, ...rest);
      if (/^(render-10[1-3]|large-select-\d+)-start$/.test(name)) console.profile(name.replace(/-start$/, ''));
      return m;
    };
  });
}
const tracePath = join(mkdtempSync(join(tmpdir(), 'doom-profile-')), 'trace.json');
await browser.startTracing(page, { path: tracePath, categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'] });
const result = await page.evaluate(async (s) => (await import('/bench-page.js')).runLarge(s), side);
await browser.stopTracing();
console.log(JSON.stringify(result));

const trace = JSON.parse(readFileSync(tracePath, 'utf8'));
if (process.env.KEEP_TRACE) writeFileSync(process.env.KEEP_TRACE, JSON.stringify(trace));
const events = trace.traceEvents ?? trace;
const marks = events.filter((e) => e.cat?.includes('blink.user_timing') && ['R', 'I', 'n'].includes(e.ph) && /-(start|rendered)$/.test(e.name)).sort((a, b) => a.ts - b.ts);
const cases = [];
for (const m of marks) {
  if (!m.name.endsWith('-start')) continue;
  const name = m.name.slice(0, -'-start'.length);
  const end = marks.find((e) => e.name === `${name}-rendered` && e.ts >= m.ts);
  if (end) cases.push({ name, from: m.ts, to: end.ts });
}
// The renderer's main thread: the thread of the user-timing marks.
const main = marks[0] ? { pid: marks[0].pid, tid: marks[0].tid } : null;
const KINDS = ['FunctionCall', 'EvaluateScript', 'TimerFire', 'FireAnimationFrame', 'RunMicrotasks', 'v8.callFunction', 'ParseHTML', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'HitTest', 'IntersectionObserverController::computeIntersections', 'UpdateLayer', 'CompositeLayers', 'ScheduleStyleRecalculation', 'InvalidateLayout', 'MajorGC', 'MinorGC', 'V8.GC_SCAVENGER', 'BlinkGC.AtomicPhase'];
const x = events.filter((e) => e.ph === 'X' && main && e.pid === main.pid && e.tid === main.tid && e.dur);
function summary(c) {
  const inCase = x.filter((e) => e.ts + e.dur > c.from && e.ts < c.to);
  const by = {};
  // Self time by event name: children subtracted (events nest on one thread).
  inCase.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const stack = [];
  for (const e of inCase) {
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    // Thread time where the trace has it: the machine's load does not count.
    if (parent) by[parent.name] = (by[parent.name] ?? 0) - (e.tdur ?? e.dur);
    by[e.name] = (by[e.name] ?? 0) + (e.tdur ?? e.dur);
    stack.push(e);
  }
  return Object.entries(by).filter(([, v]) => v > 200).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`).join(', ');
}
/** The main thread's CPU time (thread durations of its outermost events) within the case: the machine's load does not count. */
function cpu(c) {
  let end = -Infinity;
  let sum = 0;
  let wall = 0;
  // The case starts inside a task (an animation frame callback): events that overlap it count for
  // their overlapping part.
  for (const e of x.filter((e) => e.ts + e.dur > c.from && e.ts < c.to).sort((a, b) => a.ts - b.ts)) {
    if (e.ts < end) continue;
    end = e.ts + e.dur;
    const part = (Math.min(c.to, e.ts + e.dur) - Math.max(c.from, e.ts)) / e.dur;
    sum += (e.tdur ?? e.dur) * part;
    wall += e.dur * part;
  }
  if (process.env.DETAIL) console.log(`${c.name}: busy ${(wall / 1000).toFixed(1)} ms of ${((c.to - c.from) / 1000).toFixed(1)}, CPU ${(sum / 1000).toFixed(1)}`);
  return sum / 1000;
}
const med = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const renderCpu = cases.filter((c) => /^render-10[1-3]$/.test(c.name)).map(cpu);
const selectCpu = cases.filter((c) => /^large-select-\d+$/.test(c.name)).map(cpu);
console.log(`main-thread CPU: first render ${renderCpu.map((v) => v.toFixed(1)).join(' / ')} ms; selection median ${med(selectCpu).toFixed(1)} ms (${selectCpu.map((v) => v.toFixed(1)).join(' ')})`);
// The 40×40 board of the same page (bench-page.js runLarge's reference).
const refRenderCpu = cases.filter((c) => /^render-11[1-3]$/.test(c.name)).map(cpu);
const refSelectCpu = cases.filter((c) => /^ref-select-\d+$/.test(c.name)).map(cpu);
if (refSelectCpu.length) console.log(`40×40 reference, main-thread CPU: first render ${refRenderCpu.map((v) => v.toFixed(1)).join(' / ')} ms; selection median ${med(refSelectCpu).toFixed(1)} ms`);
if (process.env.DETAIL) for (const c of cases) if (/^(render-10[1-3]|large-select-[0-2])$/.test(c.name)) console.log(`${c.name} ${((c.to - c.from) / 1000).toFixed(1)} ms: ${summary(c)}`);

const keyOf = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;

/** Every sample of the profiles whose title matches `re`: `visit(node, parentOf, ms)`. */
function eachSample(re, visit) {
  for (const { title, profile } of profiles) {
    if (!re.test(title)) continue;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map(profile.nodes.flatMap((n) => (n.children ?? []).map((c) => [c, n])));
    profile.samples.forEach((id, i) => visit(byId.get(id), (m) => parent.get(m.id), profile.timeDeltas[i] ?? 0));
  }
}

/** Self time (TOTAL=1: time with callees) per function of the profiles whose title matches `re`, top 25 (TOP=n). */
function hot(re) {
  const self = new Map();
  let total = 0;
  eachSample(re, (n, parentOf, dt) => {
    total += dt;
    // TOTAL=1: time including callees (each function once per sample), else self time.
    const keys = new Set();
    for (let m = n; m; m = process.env.TOTAL ? parentOf(m) : undefined) keys.add(keyOf(m));
    for (const key of keys) self.set(key, (self.get(key) ?? 0) + dt);
  });
  console.log(`-- ${re}: ${(total / 1000).toFixed(1)} ms sampled`);
  // CALLERS=<function name>: where that function's time (with its callees') came from: its callers, DEPTH=n deep (3).
  if (process.env.CALLERS) {
    const from = new Map();
    eachSample(re, (leaf, parentOf, dt) => {
      // The function's frame nearest the sample (its own time and its callees').
      let n = leaf;
      while (n && n.callFrame.functionName !== process.env.CALLERS) n = parentOf(n);
      if (!n) return;
      const chain = [];
      for (let m = parentOf(n); m && chain.length < Number(process.env.DEPTH ?? 3); m = parentOf(m)) chain.push(keyOf(m));
      const key = chain.join(' < ');
      from.set(key, (from.get(key) ?? 0) + dt);
    });
    for (const [k, v] of [...from.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`   ${(v / 1000).toFixed(1)} ms  ${process.env.CALLERS} < ${k}`);
  }
  for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 25))) console.log(`${(v / 1000).toFixed(1)} ms  ${k}`);
}
// PROFILE_CASES=<regex> picks other cases (e.g. '^render-101$', a page's first large render).
if (cdp) {
  if (process.env.PROFILE_CASES) hot(new RegExp(process.env.PROFILE_CASES));
  else {
    hot(/^render-10[23]$/);
    hot(/^large-select-[1-8]$/);
  }
}
await browser.close();
