// The lab opened anywhere: the one file (dist/url-hash-lab.html) double-clicked from disk in
// Chromium and in Firefox ESR, dist/index.html from disk, and the served folder offline after
// one visit (service worker), with the update it announces after a rebuild.
//
// The one file is copied alone into an empty temporary folder first, so nothing beside it can
// be what makes it work. Firefox runs through puppeteer-core with
// security.fileuri.strict_origin_policy forced back to true (puppeteer's own profile turns it
// off, which would let file:// pages load their neighbours and hide the very problem).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { ARTIFACTS, CLI, DIST, ROOT, TYPES, assertMatchesCli, cliDist, launch, readTable, requireCli, requireDist, serveDist, watchProblems, FIREFOX, launchFirefox } from './helpers.js';
import { ZH } from '../../www/strings-zh.js';

const P1 = ['elfhash', 'hfip', 'hf'];
const VIEWPORT = { width: 1280, height: 720 };
/** Every section that computes after a load, and marks the load it shows in data-gen. */
const VIEWS = ['why', 'fig1', 'fig2', 'fig3', 'partition', 'trie', 'bloom', 'cbf', 'fp'];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'uhl-anywhere-'));
const oneFile = path.join(tmp, 'usb-stick', 'url-hash-lab.html');
const urlFile = path.join(tmp, 'urls.txt');

before(() => {
  requireDist();
  requireCli();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.mkdirSync(path.dirname(oneFile));
  fs.copyFileSync(path.join(DIST, 'url-hash-lab.html'), oneFile);
  const gen = spawnSync(CLI, ['gen', '--n', '3000', '--seed', '13'], { encoding: 'utf8' });
  assert.equal(gen.status, 0, gen.stderr);
  fs.writeFileSync(urlFile, gen.stdout);
});
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

// ------------------------------------------------------------------------ browser-neutral steps
// Playwright's and Puppeteer's pages share evaluate(fn, arg), click(selector) and screenshot()
// (so helpers' readTable works on both); everything else goes through these.

/** Polls `fn(arg)` in the page until it is truthy; returns its value. */
async function until(page, fn, arg, what, timeout = 120_000) {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await page.evaluate(fn, arg);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The results show P1's functions at M for load `gen`, with every view computed for it. */
async function waitLoad(page, gen, { m = 12, views = VIEWS } = {}) {
  // The report (every section runs), opened from the map as a reader does.
  await until(
    page,
    () => {
      if (document.body.dataset.route === 'all') return true;
      if (document.body.dataset.route) /** @type {HTMLElement | null} */ (document.querySelector('#map a[data-section="all"]'))?.click();
      return false;
    },
    undefined,
    'the report',
  );
  await until(
    page,
    ({ gen, m, views }) => {
      const r = document.getElementById('results');
      if (document.body.dataset.busy !== '0' || Number(r.dataset.gen) < gen || !r.dataset.view) return false;
      if (JSON.parse(r.dataset.view).m !== m) return false;
      return views.every((id) => document.getElementById(id).dataset.gen === String(gen));
    },
    { gen, m, views },
    `load ${gen} and the views ${views.join(', ')}`,
  );
  const errors = await page.evaluate(() =>
    [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.error:not([hidden]), #banner:not([hidden])'))]
      .filter((e) => e.textContent.trim() !== '' && !e.hidden)
      .map((e) => `${e.id}: ${e.textContent.trim()}`),
  );
  assert.deepEqual(errors, [], 'no error shown');
}

/** The measures table equals `urlhash dist --json` on the same input (helpers' checks). */
async function assertTable(page, cli) {
  assertMatchesCli(await readTable(page), cli, P1);
}

async function switchToChinese(page) {
  await page.click('#lang-toggle');
  await until(page, (tagline) => document.documentElement.lang === 'zh-CN' && document.querySelector('[data-s="tagline"]').textContent === tagline, ZH.tagline, '中文');
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The one file's walk: default view = CLI, a file through the picker = CLI, 中文, a PNG export. */
async function walkOneFile(page, { upload, downloadPng, shot }) {
  await waitLoad(page, 1);
  await assertTable(page, cliDist({ fns: P1, m: 12, n: 100_000 }));
  // The worker started on the default input by itself (early-worker.js, inlined here).
  assert.equal(await page.evaluate(() => document.documentElement.dataset.preload), 'used');
  await page.screenshot({ path: path.join(ARTIFACTS, `${shot}-default.png`) });

  await upload(urlFile);
  await waitLoad(page, 2);
  await assertTable(page, cliDist({ fns: P1, m: 12, bytes: fs.readFileSync(urlFile) }));

  await switchToChinese(page);
  await page.screenshot({ path: path.join(ARTIFACTS, `${shot}-zh.png`) });

  const png = await downloadPng('.export-tools[data-export-for="per-slot-chart"] button[data-format="png"]');
  assert.deepEqual([...png.subarray(0, 8)], PNG_SIGNATURE, 'a PNG file');
  assert.ok(png.length > 10_000, `a PNG of a chart (${png.length} bytes)`);
}

// ----------------------------------------------------------------------------------- Chromium

describe('the one file from disk in Chromium', { timeout: 300_000 }, () => {
  test('opens on the corpus with the CLI numbers and every view, loads a file, switches to 中文, exports a PNG', async () => {
    const problems = [];
    const browser = await launch();
    try {
      const page = await browser.newPage({ viewport: VIEWPORT, acceptDownloads: true });
      watchProblems(page, (p) => problems.push(p));
      await page.goto(pathToFileURL(oneFile).href);
      await walkOneFile(page, {
        shot: 'one-file-chromium',
        upload: (file) => page.setInputFiles('#file', file),
        downloadPng: async (selector) => {
          const [dl] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
          return fs.readFileSync(await dl.path());
        },
      });
      const firstChart = await page.evaluate(() => performance.getEntriesByName('uhl:first-chart')[0]?.startTime);
      assert.ok(firstChart > 0, 'the first chart was drawn');
    } finally {
      await browser.close();
    }
    assert.deepEqual(problems, [], 'no console error, page error or failed request');
  });

  test('dist/index.html from disk says to open url-hash-lab.html, in both languages', async () => {
    const browser = await launch();
    try {
      const page = await browser.newPage({ viewport: VIEWPORT });
      await page.goto(pathToFileURL(path.join(DIST, 'index.html')).href);
      await page.waitForSelector('#from-disk:not([hidden])', { timeout: 10_000 });
      const text = await page.textContent('#from-disk');
      assert.match(text, /Open url-hash-lab\.html/);
      assert.match(text, /请打开同一文件夹中的 url-hash-lab\.html/);
      assert.equal(await page.getAttribute('#from-disk a', 'href'), 'url-hash-lab.html');
      // Nothing else of the page shows (its buttons would stay blank).
      assert.equal(await page.isVisible('header.top'), false);
      await page.screenshot({ path: path.join(ARTIFACTS, 'index-from-disk.png') });
    } finally {
      await browser.close();
    }
  });
});

// ------------------------------------------------------------------------------ Firefox ESR

describe('the one file from disk in Firefox ESR', { timeout: 300_000 }, () => {
  test('opens on the corpus with the CLI numbers and every view, loads a file, switches to 中文, exports a PNG', async (t) => {
    if (!fs.existsSync(FIREFOX)) {
      t.skip(`no Firefox ESR at ${FIREFOX} (apt-get install firefox-esr; ./lab test installs it)`);
      return;
    }
    const browser = await launchFirefox();
    const problems = [];
    try {
      const page = await browser.newPage();
      await page.setViewport(VIEWPORT);
      page.on('console', (m) => m.type() === 'error' && problems.push(`console error: ${m.text()}`));
      page.on('pageerror', (/** @type {Error} */ e) => problems.push(`page error: ${e.message}`));
      await page.goto(pathToFileURL(oneFile).href);
      // The strict policy holds: this page cannot read a file beside it.
      const neighbour = await page.evaluate(
        (url) => fetch(url).then(() => 'read', (e) => `refused: ${e.name}`),
        pathToFileURL(urlFile).href,
      );
      assert.match(neighbour, /^refused/, 'file:// pages cannot fetch other files (strict_origin_policy)');
      await walkOneFile(page, {
        shot: 'one-file-firefox',
        upload: async (file) => /** @type {import('puppeteer-core').ElementHandle<HTMLInputElement>} */ (await page.$('#file')).uploadFile(file),
        // The download itself is Firefox's business; the PNG is the blob the page hands to it.
        downloadPng: async (selector) => {
          await page.evaluate(() => {
            const create = URL.createObjectURL;
            window.__blobs = [];
            URL.createObjectURL = (blob) => (window.__blobs.push(/** @type {Blob} */ (blob)), create.call(URL, blob));
          });
          await page.click(selector);
          const bytes = await until(
            page,
            async () => window.__blobs.length && [...new Uint8Array(await window.__blobs.at(-1).arrayBuffer())],
            null,
            'the PNG export',
          );
          return Buffer.from(bytes);
        },
      });
    } finally {
      await browser.close();
    }
    // The check above that the page may not read its neighbour logs that refusal.
    const unexpected = problems.filter((p) => !p.includes(path.basename(urlFile)));
    assert.deepEqual(unexpected, [], 'no console error or page error');
  });
});

// ------------------------------------------------------------------- served, then offline

describe('the served folder after one visit', { timeout: 400_000 }, () => {
  test('works offline (every view, 中文), then announces the update a rebuild makes', async () => {
    const site = path.join(tmp, 'site');
    fs.cpSync(DIST, site, { recursive: true });
    let { server, url } = await serveDist({ dir: site });
    const port = server.address().port;
    const problems = [];
    const browser = await launch();
    try {
      const context = await browser.newContext({ viewport: VIEWPORT });
      const page = await context.newPage();
      page.on('console', (m) => m.type() === 'error' && problems.push(`console error: ${m.text()}`));
      page.on('pageerror', (/** @type {Error} */ e) => problems.push(`page error: ${e.message}`));
      await page.goto(url);
      await waitLoad(page, 1);
      await page.waitForSelector('#offline-badge:not([hidden])', { state: 'attached', timeout: 60_000 });
      const version = await page.evaluate(() => document.body.dataset.offline);
      assert.match(version, /^[0-9a-f]{12}$/);
      const sw = fs.readFileSync(path.join(site, 'sw.js'), 'utf8');
      assert.ok(sw.includes(`"${version}"`), 'the badge names the version of sw.js');
      for (const f of ['./', 'index.html', 'www/app.js', 'www/worker.js', 'pkg/urlhashlab_bg.wasm', 'data/public-suffix-list.txt', 'url-hash-lab.html', 'www/manifest.webmanifest']) {
        assert.ok(sw.includes(`"${f}"`), `sw.js precaches ${f}`);
      }
      // The modules loaded later (the Chinese strings, svgcanvas for SVG exports) are chunks.
      assert.match(sw, /"www\/strings-zh-[A-Z0-9]+\.js"/, 'sw.js precaches the Chinese strings');
      assert.match(sw, /"www\/svgcanvas-[A-Z0-9]+\.js"/, 'sw.js precaches svgcanvas');

      // The server goes away; the page reloads from the cache, in Chinese, every view computed.
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await page.reload();
      await waitLoad(page, 1);
      await assertTable(page, cliDist({ fns: P1, m: 12, n: 100_000 }));
      await switchToChinese(page);
      await page.goto(`${url}?lang=zh&m=40`);
      await waitLoad(page, 1, { m: 40 });
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
      await page.screenshot({ path: path.join(ARTIFACTS, 'offline-zh.png') });

      // A rebuild: one file changes, the build writes sw.js again; the page says so.
      fs.appendFileSync(path.join(site, 'www/style.css'), '\n/* rebuilt */\n');
      const again = spawnSync(process.execPath, [path.join(ROOT, 'tools/build-web.mjs'), '--service-worker', site], { encoding: 'utf8' });
      assert.equal(again.status, 0, again.stderr);
      ({ server, url } = await serveDist({ dir: site, port }));
      await page.reload();
      await waitLoad(page, 1, { m: 40 });
      await page.waitForSelector('#update-note:not([hidden])', { timeout: 60_000 });
      assert.equal((await page.textContent('#update-note p')).trim(), ZH.updateReady);
      await page.screenshot({ path: path.join(ARTIFACTS, 'update-ready.png') });
      await Promise.all([page.waitForEvent('load'), page.click('#update-reload')]);
      await waitLoad(page, 1, { m: 40 });
      await page.waitForSelector('#offline-badge:not([hidden])', { state: 'attached', timeout: 60_000 });
      const next = await page.evaluate(() => document.body.dataset.offline);
      assert.notEqual(next, version, 'the new version took over');
      assert.ok(fs.readFileSync(path.join(site, 'sw.js'), 'utf8').includes(`"${next}"`));
    } finally {
      await browser.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
    // Offline, the browser's own look for a newer sw.js fails; nothing else may.
    const unexpected = problems.filter((p) => !/sw\.js/.test(p));
    assert.deepEqual(unexpected, [], 'no console error or page error');
  });

  test('a plain static host: no CSP header, .wasm as application/octet-stream, a sub-path; the pages workflow builds and publishes dist/', async () => {
    const { server, url } = await serveDist({ header: false, types: { ...TYPES, '.wasm': 'application/octet-stream', '.webmanifest': 'text/plain' } });
    const problems = [];
    const browser = await launch();
    try {
      const page = await browser.newPage({ viewport: VIEWPORT });
      watchProblems(page, (p) => problems.push(p));
      await page.goto(url);
      await waitLoad(page, 1, { views: ['why', 'partition'] });
      await assertTable(page, cliDist({ fns: P1, m: 12, n: 100_000 }));
    } finally {
      await browser.close();
      await new Promise((r) => server.close(r));
    }
    assert.deepEqual(problems, [], 'no console error, page error or failed request');
    // The workflow cannot run here: it must run the README's build step and publish what it writes.
    const workflow = fs.readFileSync(path.join(ROOT, '.github/workflows/pages.yml'), 'utf8');
    assert.match(workflow, /^\s+run: \.\/lab build$/m);
    assert.match(workflow, /uses: actions\/upload-pages-artifact@v\d+\n\s+with:\n\s+path: dist$/m);
    assert.match(workflow, /uses: actions\/deploy-pages@v\d+/);
  });

  test('the manifest names the app, its icons and a start URL relative to the site', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(DIST, 'www/manifest.webmanifest'), 'utf8'));
    assert.equal(manifest.start_url, '../');
    assert.equal(manifest.scope, '../');
    for (const icon of manifest.icons) assert.ok(fs.existsSync(path.join(DIST, 'www', icon.src)), icon.src);
    assert.ok(manifest.icons.some((i) => i.sizes === '512x512'));
    assert.ok(fs.existsSync(path.join(DIST, '.nojekyll')));
  });

  test('the WebAssembly core is under 1 MB (1 000 000 bytes) and the served page starts the worker from its head', () => {
    const wasm = fs.statSync(path.join(DIST, 'pkg/urlhashlab_bg.wasm')).size;
    assert.ok(wasm < 1_000_000, `urlhashlab_bg.wasm is ${wasm} bytes`);
    const index = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
    const head = index.slice(0, index.indexOf('</head>'));
    assert.ok(head.includes('<script src="www/early-worker.js"></script>'), 'early-worker.js in the head');
    assert.ok(head.indexOf('early-worker.js') < head.indexOf('chart.umd.min.js'), 'before Chart.js and app.js');
  });
});
