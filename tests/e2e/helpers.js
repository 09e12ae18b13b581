// Shared by the end-to-end tests: a static server for dist/ (under a sub-path, with a strict
// Content-Security-Policy), Debian's Chromium through playwright-core, and the `urlhash` CLI
// as the oracle.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { MEASURE_FORMAT } from '../../www/format.js';
import { setConstants } from '../../www/constants.js';
import { RUNS, median } from '../../www/timing.js';
import vm from 'node:vm';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The core's numbers the page reads before its worker answers (`self.uhlBoot`, which the build
 * writes into dist/www/early-worker.js), installed for the page's modules that tests run in
 * Node (slots.js).
 */
export function bootConstants() {
  const self = {};
  vm.runInNewContext(fs.readFileSync(path.join(ROOT, 'dist/www/early-worker.js'), 'utf8'), { self });
  return self.uhlBoot;
}
setConstants(JSON.parse(fs.readFileSync(path.join(ROOT, 'www/constants.json'), 'utf8')));
export const DIST = path.join(ROOT, 'dist');
export const CLI = path.join(ROOT, 'target/quick/urlhash');
export const ARTIFACTS = path.join(ROOT, 'target/e2e');

/** The site is served below this prefix: every path in the page must be relative. */
export const PREFIX = '/some/sub/path/';

/** The policy the page must run under (no inline script or style, wasm allowed). */
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Content types of the static files the tests and the browser benchmark serve. */
export const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Fails with a clear message when dist/ has not been built. */
export function requireDist() {
  for (const f of ['index.html', 'www/app.js', 'pkg/urlhashlab.js', 'pkg/urlhashlab_bg.wasm', 'vendor/chart.umd.min.js']) {
    if (!fs.existsSync(path.join(DIST, f))) {
      throw new Error(`dist/${f} is missing: build the site first with ./lab build`);
    }
  }
}

let cliBuilt = false;
/** Builds the CLI the page is compared with (once per test file: cargo is a no-op when it is current, never a stale binary). */
export function requireCli() {
  if (cliBuilt) return;
  cliBuilt = true;
  const r = spawnSync('cargo', ['build', '--profile', 'quick', '--bin', 'urlhash'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0 || !fs.existsSync(CLI)) throw new Error('could not build target/quick/urlhash');
}

/**
 * Serves `dir` (dist/) under PREFIX on 127.0.0.1 at `port` (0: a free one); resolves to
 * { server, url }. With `header: false`, without the CSP header (the page's own meta policy
 * then applies alone, as on any static host); `types` maps extensions to content types.
 */
export function serveDist({ header = true, dir = DIST, port = 0, types = TYPES } = {}) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (!url.pathname.startsWith(PREFIX)) {
      res.writeHead(404).end('outside the site');
      return;
    }
    let rel = decodeURIComponent(url.pathname.slice(PREFIX.length)) || 'index.html';
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.join(dir, rel);
    if (!file.startsWith(dir + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    fs.readFile(file, (err, data) => {
      if (err) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(200, {
        'Content-Type': types[path.extname(file)] ?? 'application/octet-stream',
        ...(header ? { 'Content-Security-Policy': CSP } : {}),
        'Cache-Control': 'no-store',
      });
      res.end(data);
    });
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({ server, url: `http://127.0.0.1:${port}${PREFIX}` });
    });
  });
}

/**
 * Debian's Chromium, headless, with no background traffic (this machine has no internet), in
 * English whatever the machine's locale (the page opens in Chinese for a zh browser).
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--lang=en-US',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launch() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Runs `urlhash dist ... --json` (and `extra` arguments) on `bytes` (or `n` corpus URLs): { fns: { id: measures }, input }. */
export function cliDist({ fns, m, key = 'url', bytes = null, n = null, extra = [] }) {
  const args = ['dist', '--fn', fns.join(','), '--slots', String(m), '--key', key, '--json', ...extra];
  let tmp = null;
  if (bytes) {
    tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'uhl-e2e-')), 'input.txt');
    fs.writeFileSync(tmp, bytes);
    args.push(tmp);
  } else if (n) {
    args.push('--n', String(n));
  }
  const r = spawnSync(CLI, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (tmp) fs.rmSync(path.dirname(tmp), { recursive: true, force: true });
  if (r.status !== 0) throw new Error(`urlhash ${args.join(' ')} failed: ${r.stderr}`);
  const json = JSON.parse(r.stdout);
  return { fns: Object.fromEntries(json.functions.map((f) => [f.fn, f])), input: json.input };
}

/** Runs `urlhash partition --policy P --nodes N --json` on `bytes`: the simulation's JSON. */
export function cliPartition({ policy, nodes, bytes }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uhl-e2e-'));
  const file = path.join(dir, 'input.txt');
  fs.writeFileSync(file, bytes);
  // `url:md5`: the policy `url` with the hash `md5`.
  const [id, fn] = policy.split(':');
  const args = ['partition', '--policy', id, ...(fn ? ['--fn', fn] : []), '--nodes', String(nodes), '--json', file];
  const r = spawnSync(CLI, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  fs.rmSync(dir, { recursive: true, force: true });
  if (r.status !== 0) throw new Error(`urlhash ${args.join(' ')} failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** Reports console errors, page errors, failed requests and dialogs of page `p` to `report`. */
export function watchProblems(p, report) {
  p.on('console', (msg) => {
    if (msg.type() === 'error') report(`console error: ${msg.text()}`);
  });
  p.on('pageerror', (err) => report(`page error: ${err.message}`));
  p.on('requestfailed', (req) => {
    // A request the page itself dropped by navigating away is not a failure.
    if (req.failure()?.errorText === 'net::ERR_ABORTED') return;
    report(`request failed: ${req.url()} ${req.failure()?.errorText}`);
  });
  p.on('dialog', (d) => {
    report(`unexpected dialog: ${d.message()}`);
    d.dismiss();
  });
}

/** Serves dist/ and opens it in Chromium at `viewport`, reporting the page's problems to `report`. */
export async function openLab(viewport, report) {
  requireDist();
  requireCli();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const { server, url } = await serveDist();
  const browser = await launch();
  const page = await browser.newPage({ viewport });
  watchProblems(page, report);
  await page.goto(url);
  return { server, baseUrl: url, browser, page };
}

/**
 * Opens the one file from disk (dist/url-hash-lab.html, file://) at 1280x900 in a new browser,
 * runs `fn(page)`, closes the browser, and fails on any console error or failed request.
 */
export async function withOneFile(fn) {
  requireDist();
  const browser = await launch();
  const problems = [];
  try {
    const p = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    watchProblems(p, (x) => problems.push(x));
    await p.goto(pathToFileURL(path.join(DIST, 'url-hash-lab.html')).href);
    await fn(p);
  } finally {
    await browser.close();
  }
  assert.deepEqual(problems, []);
}

/** Writes `n` URLs of the built-in corpus (`urlhash gen --n N`) to `file`; returns `file`. */
export function writeCorpus(file, n) {
  const out = fs.openSync(file, 'w');
  try {
    const r = spawnSync(CLI, ['gen', '--n', String(n)], { stdio: ['ignore', out, 'inherit'] });
    if (r.status !== 0) throw new Error(`urlhash gen --n ${n} failed`);
  } finally {
    fs.closeSync(out);
  }
  return file;
}

/** Runs `urlhash ARGS... --json` and returns its parsed output. */
export function cliJson(args) {
  const all = [...args, '--json'];
  const r = spawnSync(CLI, all, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, cwd: ROOT });
  if (r.status !== 0) throw new Error(`urlhash ${all.join(' ')} failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/**
 * The cells of repeated timings (www/timed-cell.js) in the elements `selector` names, read in
 * the page: `{ col, runs, value, min, max, preliminary }`, `runs` from data-runs.
 */
export function readTimedCells(p, selector) {
  return p.$$eval(selector, (tds) =>
    tds.map((td) => ({
      col: td.dataset.col,
      runs: td.dataset.runs ? td.dataset.runs.split(',').map(Number) : [],
      value: Number(td.dataset.value),
      min: Number(td.dataset.min),
      max: Number(td.dataset.max),
      preliminary: td.classList.contains('preliminary'),
    })),
  );
}

/** Asserts a repeated timing's cell: RUNS runs at least, its number their median, its range theirs. */
export function assertTimedCell(cell, what) {
  assert.ok(cell.runs.length >= RUNS, `${what}: ${cell.runs.length} runs, at least ${RUNS}`);
  assert.ok(cell.runs.every((v) => Number.isFinite(v) && v > 0), `${what}: every run timed: ${cell.runs}`);
  assert.equal(cell.value, median(cell.runs), `${what}: the median of ${cell.runs}`);
  assert.equal(cell.min, Math.min(...cell.runs), `${what}: the smallest run`);
  assert.equal(cell.max, Math.max(...cell.runs), `${what}: the largest run`);
  assert.equal(cell.preliminary, false, `${what}: not marked preliminary`);
}

/** The page's load generation: bumped by every completed load. */
export async function generation(p) {
  return p.evaluate(() => Number(document.getElementById('results').dataset.gen || 0));
}

/**
 * Waits for load `gen`'s results with the page idle; safe during a reload, before the new
 * document has its results.
 */
export async function ready(p, gen = 1) {
  await p.waitForFunction((g) => Number(document.getElementById('results')?.dataset.gen) >= g && document.body?.dataset.busy === '0', gen, { timeout: 60_000 });
}

/** Loads `file` (a path, or { name, mimeType, buffer }) through the file input; returns its load generation. */
export async function loadFile(p, file) {
  const gen = (await generation(p)) + 1;
  await p.setInputFiles('#file', file);
  await p.waitForFunction((gen) => Number(document.getElementById('results').dataset.gen) >= gen, gen, { timeout: 60_000 });
  return gen;
}

/** Every chart of `ids` has titled axes, a legend and at least two datasets. */
export async function assertChartsLabelled(page, ids) {
  for (const id of ids) {
    const c = await page.evaluate((id) => {
      const chart = window.Chart.getChart(document.getElementById(id));
      return {
        x: chart.options.scales.x.title.text,
        y: chart.options.scales.y.title.text,
        legend: chart.options.plugins.legend.display !== false,
        datasets: chart.data.datasets.length,
      };
    }, id);
    if (!(c.x && c.y && c.legend && c.datasets >= 2)) throw new Error(`${id}: ${JSON.stringify(c)}`);
  }
}

/**
 * Every chart drawn on the page can be read: on each axis, no two tick labels overlap (side by
 * side on a flat axis, a line apart on a rotated or upright one), and no export toolbar lies over
 * its chart. Returns the number of charts checked.
 */
export async function assertChartsReadable(page, where) {
  const seen = await page.evaluate(() => {
    const problems = [];
    let charts = 0;
    const overlap = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    for (const canvas of document.querySelectorAll('canvas')) {
      const chart = window.Chart.getChart(canvas);
      if (!chart || !canvas.checkVisibility()) continue;
      charts += 1;
      for (const scale of Object.values(chart.scales)) {
        if (!scale.options.display || !scale.options.ticks.display) continue;
        const font = window.Chart.helpers.toFont(scale.options.ticks.font);
        chart.ctx.save();
        chart.ctx.font = font.string;
        const labels = scale.ticks
          .map((t, i) => ({ lines: [t.label].flat().map(String), at: scale.getPixelForTick(i) }))
          .map((l) => ({ text: l.lines.join(' / '), at: l.at, width: Math.max(...l.lines.map((x) => chart.ctx.measureText(x).width)) }))
          .filter((l) => l.text.trim() !== '')
          .sort((a, b) => a.at - b.at);
        chart.ctx.restore();
        const flat = scale.isHorizontal() && !scale.labelRotation;
        for (let i = 1; i < labels.length; i += 1) {
          const [a, b] = [labels[i - 1], labels[i]];
          const need = flat ? (a.width + b.width) / 2 + 2 : font.size * 1.05;
          if (b.at - a.at < need) problems.push(`${canvas.id} ${scale.id}: "${a.text}" and "${b.text}" ${Math.round(b.at - a.at)} px apart, need ${Math.round(need)}`);
        }
      }
      const bar = document.querySelector(`.export-tools[data-export-for="${canvas.id}"]:not([hidden])`);
      if (bar && overlap(bar.getBoundingClientRect(), canvas.getBoundingClientRect())) problems.push(`${canvas.id}: its export toolbar lies over it`);
    }
    return { charts, problems };
  });
  if (seen.problems.length) throw new Error(`${where}: ${seen.problems.join('; ')}`);
  return seen.charts;
}

/**
 * Inside a `describe`: opens the lab before its tests (`onOpen` receives
 * { server, baseUrl, browser, page }), closes it after them, and fails every test that left a
 * console error, page error, failed request or dialog. Returns the function that records a
 * problem, for other pages the tests open.
 */
export function useLab(viewport, onOpen) {
  let problems = [];
  const report = (problem) => problems.push(problem);
  let opened = null;
  before(async () => {
    opened = await openLab(viewport, report);
    onOpen(opened);
  });
  after(async () => {
    await opened?.browser.close();
    await new Promise((r) => (opened ? opened.server.close(r) : r()));
  });
  afterEach(() => {
    const seen = problems;
    problems = [];
    assert.deepEqual(seen, [], 'no console errors, page errors, failed requests or dialogs');
  });
  return report;
}

/** Waits until the results show `fns` over `key` at `m` (from load generation `gen` on). */
export async function waitView(p, { fns, key = 'url', m, gen = 0 }) {
  await p.waitForFunction(
    ({ fns, key, m, gen }) => {
      const r = document.getElementById('results');
      if (document.body.dataset.busy !== '0' || !r.dataset.view) return false;
      if (Number(r.dataset.gen) < gen) return false;
      const v = JSON.parse(r.dataset.view);
      return v.key === key && v.m === m && [...v.fns].sort().join() === [...fns].sort().join();
    },
    { fns, key, m, gen },
    { timeout: 60_000 },
  );
}

/** The measures table as { n, rows: { fn: { column: { value, text } } } }. */
export function readTable(p) {
  return p.evaluate(() => {
    const rows = {};
    for (const td of /** @type {NodeListOf<HTMLTableCellElement>} */ (document.querySelectorAll('#measures-table tbody td'))) {
      rows[td.dataset.fn] ??= {};
      rows[td.dataset.fn][td.dataset.col] = { value: Number(td.dataset.value), text: td.querySelector('.v').textContent };
    }
    return { n: Number(document.getElementById('results-caption').dataset.n), rows };
  });
}

function close(actual, expected, what) {
  const tol = 1e-9 * Math.max(1, Math.abs(expected));
  assert.ok(Math.abs(actual - expected) <= tol, `${what}: page ${actual}, CLI ${expected}`);
}

/** Asserts the page's table equals the CLI's JSON for `fns`. */
export function assertMatchesCli(view, cli, fns) {
  assert.deepEqual(Object.keys(view.rows).sort(), [...fns].sort(), 'functions shown');
  for (const fn of fns) {
    const row = view.rows[fn];
    const want = cli.fns[fn];
    assert.equal(view.n, want.n, `${fn}: n`);
    for (const k of ['a', 'a_opt', 'a_random', 'b', 'max_load', 'empty_slots', 'chi2']) {
      assert.equal(row[k].value, want[k], `${fn}: ${k}`);
      assert.equal(row[k].text, MEASURE_FORMAT[k](want[k]), `${fn}: ${k} as shown`);
    }
    close(row.expected_max_load.value, want.expected_max_load, `${fn}: expected_max_load`);
    close(row.p_value.value, want.p_value, `${fn}: p_value`);
  }
}

/** SplitMix64's 32-bit outputs from `seed` (the core's `mix` module): the seeded tests' one stream. */
export function splitmix(seed) {
  let s = BigInt(seed) & 0xffffffffffffffffn;
  return () => {
    s = (s + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = s;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    return Number((z ^ (z >> 31n)) >> 32n);
  };
}

/**
 * Pastes `text` into the paste box as the browser's clipboard would (a paste event carrying it),
 * in Chromium; Firefox gives a made-up paste event no data (see input-ways.test.js).
 */
export function pasteEvent(p, text) {
  return p.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.getElementById('paste').dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Debian's Firefox ESR. */
export const FIREFOX = '/usr/lib/firefox-esr/firefox-esr';

/**
 * Firefox ESR through puppeteer-core, in English, with security.fileuri.strict_origin_policy
 * back to true (puppeteer's own profile turns it off, which would let file:// pages read their
 * neighbours and hide the very problem the one file must not have).
 */
export async function launchFirefox() {
  const { default: puppeteer } = await import('puppeteer-core');
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: { 'security.fileuri.strict_origin_policy': true, 'intl.accept_languages': 'en-US', 'intl.locale.requested': 'en-US' },
  });
}

/** The sections shown with another view's section: P1's controls with its results. */
const VIEW_OF = { 'functions-panel': 'view-panel', 'slots-panel': 'view-panel' };

/**
 * Opens the view that shows section `id` (or the element `id` is in) from the map, as a reader
 * does, and waits until it is in front: one view at a time, and only the view in front computes
 * its long studies. `all` opens the report (every section). True when another view was opened
 * (a step in the page's history).
 * @param {import('playwright-core').Page} p
 * @param {string} id
 * @returns {Promise<boolean>}
 */
export async function openView(p, id) {
  const section = id === 'all' ? 'all' : await p.evaluate((id) => document.getElementById(id)?.closest('section.panel')?.id ?? id, id);
  const route = VIEW_OF[section] ?? section;
  if ((await p.evaluate(() => document.body.dataset.route)) === route) return false;
  const link = p.locator(`#map a[data-section="${route}"]`);
  await link.scrollIntoViewIfNeeded();
  await link.click();
  await p.waitForFunction((r) => document.body.dataset.route === r, route, { timeout: 10_000 });
  return true;
}

/**
 * Presses one of the settings in the page's menu (`#projector-toggle`, `#theme-toggle`,
 * `#copy-link`), opening the menu first as a reader does; `tap` on a touch screen.
 * @param {import('playwright-core').Page} p
 * @param {string} sel
 */
export async function pressTool(p, sel, { tap = false } = {}) {
  if (!(await p.locator(sel).isVisible())) {
    if (tap) await p.tap('#tools-menu > summary');
    else await p.click('#tools-menu > summary');
    // The menu open and drawn, its items where they stay, before one is pressed.
    await p.waitForFunction(() => /** @type {HTMLDetailsElement} */ (document.getElementById('tools-menu')).open);
    await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }
  if (tap) await p.tap(sel);
  else await p.click(sel);
}
