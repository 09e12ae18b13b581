#!/usr/bin/env node
// Per view of the page: the time to its first picture and to complete, on the default 100 000
// corpus URLs, in Debian's Chromium at 1280×720, dist/ served over HTTP, a fresh browser context
// per run (nothing cached). Two ways in:
//   opened  the view's link (#p4-trie) opened in a new tab: the page, the corpus, then the view;
//   switch  the page open on P1's slots with its figures drawn, then the view's map link clicked.
// "First picture": the view's main chart holds the input's numbers (its canvas has a Chart.js
// chart with data, of the load on screen: its view done, or the chart marked with the load it
// drew early, data-drawn) or, for views without one (Why?, the slot map), its report is complete.
// "Complete": the section says it shows the load on screen (its data-gen). The load on screen
// is the one the data badge names (its data-gen), not P1's slots, which another view in front
// no longer waits for. Prints the median
// and range per view and way, the ratio to the 1 s and 3 s budgets, and the old figures
// beside them. Asserts nothing.
//
//   node benches/browser/views.mjs [RUNS] [VIEW…]      after ./lab build; RUNS defaults to 3
import { launch, serveDist } from '../../tests/e2e/helpers.js';

const RUNS = Number(process.argv[2] ?? 3);
const ONLY = process.argv.slice(3);
const FIRST_MS = 1000;
const DONE_MS = 3000;

/** Each view: its fragment, its section, the chart whose first drawing is its first picture, and the figure measured before the workbench (issue 32, a quiet machine). */
const VIEWS = [
  { hash: 'p1-slots', section: 'view-panel', chart: 'per-slot-chart', before: null },
  { hash: 'p1-figures', section: 'figures', chart: 'fig2-chart', before: null },
  { hash: 'p1-why', section: 'why', chart: null, before: null },
  { hash: 'p1-slotmap', section: 'slotmap', chart: null, before: null },
  { hash: 'p2-crawler', section: 'partition', chart: 'part-nodes-chart', before: null },
  { hash: 'p2-nodes', section: 'rebalance', chart: 'reb-moved-chart', before: null },
  { hash: 'p4-trie', section: 'trie', chart: 'trie-growth-chart', before: '11.3 s (trie), 3.2 s (Table 1)' },
  { hash: 'p5-bloom', section: 'bloom', chart: 'bloom-fpr-chart', before: '11.4 s' },
  { hash: 'p5-counting', section: 'cbf', chart: 'cbf-hist-chart', before: '6.9 s (P5 Fig. 3)' },
  { hash: 'p5-filters', section: 'filters', chart: 'filters-chart', before: null },
  { hash: 'p3-fingerprints', section: 'fp', chart: 'fp-birthday-chart', before: '3.9 s' },
  { hash: 'p3-canon', section: 'canon', chart: 'canon-chart', before: null },
  { hash: 'p1-quality', section: 'quality', chart: 'quality-chart', before: null },
].filter((v) => !ONLY.length || ONLY.includes(v.hash));

/** In the page: resolves { first, done } (ms since `t0`, a performance.now()) for `view`. */
function watch({ section, chart, t0, limit }) {
  return new Promise((resolve) => {
    const out = { first: null, done: null };
    const tick = () => {
      const now = performance.now() - t0;
      const s = document.getElementById(section);
      const gen = document.getElementById('data-badge').dataset.gen;
      // The section's own data-gen or, where it has none (P1's figures), its figures'; P1's
      // results: the results' own mark once the page is idle.
      const marks = s.dataset.gen !== undefined ? [s, ...s.querySelectorAll('[data-gen]')] : [...s.querySelectorAll('[data-gen]')];
      const done = Boolean(gen) && (marks.length ? marks.every((m) => m.dataset.gen === gen) : document.body.dataset.busy === '0');
      const c = chart && window.Chart?.getChart(document.getElementById(chart));
      // A chart drawn before its view is done (the trie's growth, checkpoint by checkpoint) says
      // which load it shows in its canvas's data-drawn.
      const early = Boolean(gen) && c?.canvas.dataset.drawn === gen;
      const drawn = c ? c.data.datasets.some((d) => (d.data?.length ?? 0) > 0) && (early || (s.dataset.gen !== '' && !c.canvas.closest('[data-gen=""]'))) : done;
      if (out.first === null && drawn) out.first = now;
      if (out.done === null && done) out.done = now;
      if ((out.first !== null && out.done !== null) || now > limit) resolve(out);
      else requestAnimationFrame(tick);
    };
    tick();
  });
}

async function opened(browser, url, view) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.goto(`${url}#${view.hash}`);
  const r = await page.evaluate(watch, { section: view.section, chart: view.chart, t0: 0, limit: 120_000 });
  await context.close();
  return r;
}

async function switched(browser, url, view) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => {
    const gen = document.getElementById('data-badge').dataset.gen;
    return gen && document.body.dataset.busy === '0' && [1, 2, 3].every((f) => document.getElementById(`fig${f}`).dataset.gen === gen);
  }, null, { timeout: 120_000 });
  await page.waitForTimeout(300);
  await page.evaluate(`window.__watch = ${watch.toString()}`);
  const r = await page.evaluate(
    (args) => {
      const t0 = performance.now();
      /** @type {HTMLElement} */ (document.querySelector(`#map a[href="#${args.hash}"]`)).click();
      return /** @type {any} */ (window).__watch({ ...args, t0 });
    },
    { hash: view.hash, section: view.section, chart: view.chart, limit: 120_000 },
  );
  await context.close();
  return r;
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : null;
};
const ms = (x) => (x === null ? '—' : x >= 10_000 ? `${(x / 1000).toFixed(1)} s` : `${Math.round(x)} ms`);
const range = (xs) => {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  return s.length ? `${ms(s[0])}–${ms(s.at(-1))}` : '—';
};

const { server, url } = await serveDist();
const browser = await launch();
try {
  await opened(browser, url, VIEWS[0]); // the server's first reads are not the page's
  console.log(`Per view, 100 000 corpus URLs, ${RUNS} runs each (Chromium, 1280×720); budgets: first picture ${FIRST_MS} ms, complete ${DONE_MS} ms:`);
  const head = ['view', 'way', 'first picture', 'range', '/1 s', 'complete', 'range', '/3 s', 'before (issue 32)'];
  const rows = [head];
  for (const view of VIEWS) {
    for (const [way, run] of [
      ['opened', opened],
      ['switch', switched],
    ]) {
      if (way === 'switch' && view.hash === 'p1-slots') continue;
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await run(browser, url, view));
      const first = median(runs.map((r) => r.first));
      const done = median(runs.map((r) => r.done));
      rows.push([
        view.hash,
        way,
        ms(first),
        range(runs.map((r) => r.first)),
        first === null ? '—' : (first / FIRST_MS).toFixed(2),
        ms(done),
        range(runs.map((r) => r.done)),
        done === null ? '—' : (done / DONE_MS).toFixed(2),
        way === 'opened' ? (view.before ?? '') : '',
      ]);
    }
  }
  const widths = head.map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  for (const r of rows) console.log(r.map((x, c) => String(x).padEnd(widths[c])).join('  '));
} finally {
  await browser.close();
  server.close();
}
