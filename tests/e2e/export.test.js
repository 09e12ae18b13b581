// End-to-end tests of the exports (www/export.js) in Debian's Chromium: every chart as PNG,
// SVG, CSV and JSON, every result table as CSV and JSON, each file carrying the parameters.
// Downloads are caught with Playwright's `download` event and read back: the PNG's signature,
// the SVG parsed by the browser (vector paths and text, the axis titles, the parameters as
// JSON), the CSV parsed as RFC 4180 and the JSON parsed, both against what the page shows.
// Run with `node --test tests/e2e/` after `./lab build`.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { useLab, ARTIFACTS, assertChartsReadable, openView } from './helpers.js';

const VIEWPORT = { width: 1440, height: 900 };
/** The parameters the test gives setupExports when the page has not called it itself. */
const STUB = { test: 1, source: 'corpus', note: 'a "quoted", comma, value' };
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Sections whose views run after the load, with the element that shows their error. */
const VIEWS = { fig1: 'fig1-error', partition: 'part-error', trie: 'trie-run-error', bloom: 'bloom-error', cbf: 'cbf-error', fp: 'fp-error' };

let page;
/** The parameters every file must carry: the stub's, or (once app.js calls setupExports) null. */
let expectedParams = null;

/** Splits the leading `# key: value` lines off a CSV and parses the rest (RFC 4180). */
function parseCsv(text) {
  const comments = {};
  let rest = text;
  while (rest.startsWith('#')) {
    const end = rest.indexOf('\r\n');
    assert.ok(end > 0, 'comment lines end with CRLF');
    const line = rest.slice(0, end);
    const m = /^# ([^:]+): (.*)$/.exec(line);
    assert.ok(m, `comment line "${line}" reads "# key: value"`);
    comments[m[1]] = m[2];
    rest = rest.slice(end + 2);
  }
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (quoted) {
      if (c === '"' && rest[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') {
      assert.equal(field, '', 'a quote opens a field only at its start');
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && rest[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      assert.notEqual(c, '\n', 'records end with CRLF');
      field += c;
    }
  }
  assert.equal(quoted, false, 'no quote left open');
  assert.ok(field === '' && row.length === 0, 'the file ends with CRLF');
  const [header, ...body] = rows;
  for (const r of body) assert.equal(r.length, header.length, `row ${JSON.stringify(r)} has ${header.length} fields`);
  return { comments, header, rows: body };
}

/** Clicks `format` on the toolbar of `id` and returns the download { name, bytes, text }. */
async function download(id, format) {
  const button = page.locator(`.export-tools[data-export-for="${id}"] button[data-format="${format}"]`);
  await button.waitFor({ state: 'attached', timeout: 30_000 });
  // A chart of a view not in front is brought into it, as a reader opens its view to export it.
  if (!(await button.isVisible())) await openView(page, id);
  let dl;
  try {
    [dl] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), button.click()]);
  } catch (err) {
    // An export that fails says why on its toolbar: name it, not only the timeout.
    const note = await page.locator(`.export-tools[data-export-for="${id}"] .export-note`).textContent().catch(() => null);
    throw new Error(`${id} ${format}: no download; the toolbar's note: ${JSON.stringify(note)}`, { cause: err });
  }
  const file = await dl.path();
  const bytes = fs.readFileSync(file);
  fs.mkdirSync(path.join(ARTIFACTS, 'exports'), { recursive: true });
  fs.writeFileSync(path.join(ARTIFACTS, 'exports', dl.suggestedFilename()), bytes);
  return { name: dl.suggestedFilename(), bytes, text: bytes.toString('utf8') };
}

function assertName(name, id, ext) {
  assert.match(name, new RegExp(`^urlhashlab-${id}-\\d{8}-\\d{6}\\.${ext}$`), `file name ${name}`);
}

/** The parameters block of a file: the chart or table id, a title, the page URL, the time, the params. */
function assertMeta(meta, kind, id) {
  assert.equal(meta.lab, 'URL Hash Lab');
  assert.equal(meta[kind], id);
  assert.ok(meta.title && typeof meta.title === 'string', `${id}: a title`);
  assert.match(meta.url, /^http:\/\/127\.0\.0\.1:\d+\//, `${id}: the page URL`);
  assert.ok(!Number.isNaN(Date.parse(meta.exported)) && meta.exported.endsWith('Z'), `${id}: an ISO time`);
  assert.equal(typeof meta.params, 'object');
  if (expectedParams) assert.deepEqual(meta.params, expectedParams, `${id}: the parameters`);
  else assert.ok(Object.keys(meta.params).length > 0, `${id}: some parameters`);
}

/** CSV comment lines say the same as the JSON's parameters. */
function assertCsvMeta(comments, kind, id, params) {
  assert.equal(comments.lab, 'URL Hash Lab');
  assert.equal(comments[kind], id);
  assert.ok(comments.title, 'a title line');
  assert.match(comments.url, /^http:\/\/127\.0\.0\.1:\d+\//);
  assert.ok(!Number.isNaN(Date.parse(comments.exported)));
  for (const [k, v] of Object.entries(params)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) continue;
    assert.equal(comments[k], typeof v === 'string' ? v : JSON.stringify(v), `# ${k}`);
  }
}

/** The chart on `id` as the page holds it: axis titles, labels, datasets with their points. */
function chartOnPage(id) {
  return page.evaluate((id) => {
    const chart = window.Chart.getChart(document.getElementById(id));
    const axes = Object.fromEntries(
      Object.entries(chart.options.scales).filter(([, s]) => s.title?.display).map(([k, s]) => [k, [s.title.text].flat().join(' ')]),
    );
    return {
      width: chart.width,
      height: chart.height,
      axes,
      labels: chart.data.labels ?? [],
      legend: (chart.legend?.legendItems ?? []).map((i) => i.text).filter((t) => typeof t === 'string' && t),
      datasets: chart.data.datasets.map((d) => ({ label: d.label, data: JSON.parse(JSON.stringify(d.data)) })),
    };
  }, id);
}

/** The x and y of point j of a dataset as the CSV writes them. */
function xy(point, j, labels) {
  if (point !== null && typeof point === 'object') return [String(point.x ?? labels[j] ?? j), point.y === null ? '' : String(point.y)];
  return [String(labels[j] ?? j), point === null ? '' : String(point)];
}

/** PNG: the signature, a real size, 2x the chart, and the parameters in an iTXt chunk. */
function checkPng({ name, bytes }, id, chart) {
  assertName(name, id, 'png');
  assert.deepEqual([...bytes.subarray(0, 8)], PNG_SIGNATURE, `${id}: PNG signature`);
  assert.ok(bytes.length > 20_000, `${id}: a PNG of ${bytes.length} bytes is more than a blank`);
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  assert.ok(width >= 2 * chart.width && height >= 2 * chart.height, `${id}: ${width}×${height} is at least 2× ${chart.width}×${chart.height}`);
  const comment = bytes.indexOf(Buffer.from('iTXtComment\0'));
  assert.ok(comment > 0, `${id}: an iTXt Comment chunk`);
  const len = bytes.readUInt32BE(comment - 4);
  const data = bytes.subarray(comment + 4, comment + 4 + len);
  const meta = JSON.parse(data.subarray('Comment'.length + 5).toString('utf8'));
  assertMeta(meta, 'chart', id);
}

/** SVG, parsed by the browser: vector paths and text, the axis titles, the parameters as JSON, no raster. */
async function checkSvg({ name, text }, id, chart) {
  assertName(name, id, 'svg');
  const svg = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const root = doc.documentElement;
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: root.localName,
      ns: root.namespaceURI,
      paths: doc.getElementsByTagName('path').length,
      texts: [...doc.getElementsByTagName('text')].map((t) => t.textContent),
      images: doc.getElementsByTagName('image').length,
      title: doc.querySelector('title')?.textContent,
      metadata: doc.querySelector('metadata')?.textContent,
      desc: doc.querySelector('desc')?.textContent,
    };
  }, text);
  assert.equal(svg.error, null, `${id}: the SVG parses`);
  assert.equal(svg.root, 'svg');
  assert.equal(svg.ns, 'http://www.w3.org/2000/svg');
  assert.ok(svg.paths > 10, `${id}: ${svg.paths} <path> elements`);
  assert.ok(svg.texts.length > 5, `${id}: ${svg.texts.length} <text> elements`);
  assert.equal(svg.images, 0, `${id}: vector only, no embedded image`);
  for (const title of Object.values(chart.axes)) assert.ok(svg.texts.includes(title), `${id}: axis title "${title}" in the SVG`);
  for (const label of chart.legend) assert.ok(svg.texts.includes(label), `${id}: legend "${label}" in the SVG`);
  const meta = JSON.parse(svg.metadata);
  assertMeta(meta, 'chart', id);
  assert.equal(svg.title, meta.title);
  assert.ok(svg.desc.includes(`chart: ${id}`), `${id}: <desc> names the chart`);
  for (const k of Object.keys(meta.params)) assert.ok(svg.desc.includes(`${k}: `), `${id}: <desc> has ${k}`);
  return meta;
}

/** CSV: one row per point per dataset, the known points as the page holds them. */
function checkChartCsv({ name, text }, id, chart, params) {
  assertName(name, id, 'csv');
  const { comments, header, rows } = parseCsv(text);
  assertCsvMeta(comments, 'chart', id, params);
  for (const [axis, title] of Object.entries(chart.axes)) assert.equal(comments[`axis ${axis}`], title);
  assert.deepEqual(header.slice(0, 3), ['dataset', 'x', 'y']);
  const points = chart.datasets.reduce((n, d) => n + d.data.length, 0);
  assert.equal(rows.length, points, `${id}: ${points} points`);
  let at = 0;
  for (const d of chart.datasets) {
    for (const j of [0, Math.floor(d.data.length / 2), d.data.length - 1]) {
      if (j < 0 || j >= d.data.length) continue;
      const row = rows[at + j];
      assert.equal(row[0], d.label ?? row[0], `${id}: dataset of row ${at + j}`);
      assert.deepEqual(row.slice(1, 3), xy(d.data[j], j, chart.labels), `${id}: ${d.label} point ${j}`);
      const p = d.data[j];
      if (p && typeof p === 'object') {
        for (const [k, v] of Object.entries(p)) {
          if (k === 'x' || k === 'y') continue;
          // A nested record is spread over columns "k.field".
          const fields = v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v).map(([f, w]) => [`${k}.${f}`, w]) : [[k, v]];
          for (const [name, w] of fields) {
            if (w && typeof w === 'object' && !Array.isArray(w)) continue;
            const col = header.indexOf(name);
            assert.ok(col >= 3, `${id}: column ${name}`);
            assert.equal(row[col], typeof w === 'string' ? w : JSON.stringify(w), `${id}: ${d.label} point ${j} ${name}`);
          }
        }
      }
    }
    at += d.data.length;
  }
}

/** JSON: the datasets and labels as the page holds them. */
function checkChartJson({ name, text }, id, chart) {
  assertName(name, id, 'json');
  const json = JSON.parse(text);
  assertMeta(json, 'chart', id);
  assert.deepEqual(json.labels, chart.labels);
  assert.deepEqual(json.axes, chart.axes);
  assert.equal(json.datasets.length, chart.datasets.length);
  json.datasets.forEach((d, i) => {
    assert.equal(d.label, chart.datasets[i].label);
    assert.deepEqual(d.data, chart.datasets[i].data, `${id}: dataset ${i} data`);
  });
  return json;
}

/** The table on `id` as shown: header texts, and per body row the data-value or the text of each cell. */
function tableOnPage(id) {
  return page.evaluate((id) => {
    const table = /** @type {HTMLTableElement} */ (document.getElementById(id));
    const text = (c) => c.innerText.split(/\n+/).map((s) => s.replace(/\s+/g, ' ').trim()).filter(Boolean).join(' — ');
    return {
      header: [...table.tHead.rows].map((r) => [...r.cells].map(text)),
      rows: [...table.tBodies[0].rows].map((r) => [...r.cells].map((c) => ({ value: c.dataset.value ?? null, text: text(c), span: c.colSpan }))),
    };
  }, id);
}

async function checkTable(id) {
  const shown = await tableOnPage(id);
  assert.ok(shown.rows.length > 0, `${id}: rows on the page`);
  const csv = await download(id, 'csv');
  const json = await download(id, 'json');
  assertName(csv.name, id, 'csv');
  assertName(json.name, id, 'json');
  const data = JSON.parse(json.text);
  assertMeta(data, 'table', id);
  const parsed = parseCsv(csv.text);
  assertCsvMeta(parsed.comments, 'table', id, data.params);
  assert.equal(parsed.comments.title, data.title);
  assert.equal(parsed.rows.length, shown.rows.length, `${id}: one CSV row per table row`);
  assert.equal(data.rows.length, shown.rows.length, `${id}: one JSON row per table row`);
  assert.deepEqual(parsed.header, data.columns);
  if (shown.header.length === 1 && shown.header[0].length === parsed.header.length) assert.deepEqual(parsed.header, shown.header[0]);
  shown.rows.forEach((cells, r) => {
    if (cells.some((c) => c.span > 1)) return;
    cells.forEach((cell, c) => {
      const want = cell.value ?? cell.text;
      assert.equal(parsed.rows[r][c], want, `${id}: CSV row ${r} column ${c}`);
      assert.equal(data.shown[r][c], cell.text, `${id}: JSON shown text, row ${r} column ${c}`);
      if (cell.value !== null && Number.isFinite(Number(cell.value)) && cell.value.trim() !== '') {
        assert.equal(data.rows[r][c], Number(cell.value), `${id}: JSON value, row ${r} column ${c}`);
      } else {
        assert.equal(data.rows[r][c], want, `${id}: JSON value, row ${r} column ${c}`);
      }
    });
  });
  return { csv: parsed, json: data, shown };
}

/** Every export of a chart, checked; returns the JSON. */
async function checkChart(id) {
  const chart = await chartOnPage(id);
  assert.ok(chart.datasets.length > 0, `${id}: drawn`);
  checkPng(await download(id, 'png'), id, chart);
  await checkSvg(await download(id, 'svg'), id, chart);
  const json = checkChartJson(await download(id, 'json'), id, chart);
  checkChartCsv(await download(id, 'csv'), id, chart, json.params);
  return { chart, json };
}

/** Waits until the view in section `id` has drawn the current load, or shows its error (which fails). */
async function waitView(id) {
  await openView(page, id);
  await page.waitForFunction(
    ({ id, errorId }) => {
      const gen = document.getElementById('results').dataset.gen;
      return document.getElementById(id).dataset.gen === gen || !document.getElementById(errorId).hidden;
    },
    { id, errorId: VIEWS[id] },
    { timeout: 300_000 },
  );
  assert.equal(await page.isHidden(`#${VIEWS[id]}`), true, `${id}: no error`);
}

describe('Exports: every chart as PNG, SVG, CSV and JSON, every table as CSV and JSON, with the parameters', { timeout: 900_000 }, () => {
  useLab(VIEWPORT, (opened) => {
    page = opened.page;
  });

  before(async () => {
    await page.waitForFunction(() => Number(document.getElementById('results').dataset.gen) >= 1, null, { timeout: 120_000 });
    await page.waitForFunction(() => window.Chart?.getChart(document.getElementById('per-slot-chart')), null, { timeout: 60_000 });
    // Once app.js calls setupExports itself, the toolbars are there; until then the test calls it.
    const wired = await page
      .waitForSelector('.export-tools', { state: 'attached', timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (!wired) {
      await page.evaluate(async (stub) => {
        // The page's module, as the page's address resolves it (not this file's).
        const exportModule = './www/export.js';
        return (await import(exportModule)).setupExports(() => stub);
      }, STUB);
      expectedParams = STUB;
    }
    await page.waitForSelector('.export-tools[data-export-for="per-slot-chart"]:not([hidden])', { state: 'attached' });
  });

  test('the per-slot chart: PNG, SVG, CSV and JSON', async () => {
    const { chart } = await checkChart('per-slot-chart');
    assert.ok(chart.labels.length > 0 && chart.datasets.length >= 2, 'bars per slot with the ideal line');
  });

  test('the measures table: CSV and JSON with exact values', async () => {
    const { csv, json } = await checkTable('measures-table');
    // B of HfIp, as the page holds it (data-value), in its row and column.
    const at = await page.evaluate(() => {
      const table = /** @type {HTMLTableElement} */ (document.getElementById('measures-table'));
      const row = [...table.tBodies[0].rows].findIndex((r) => r.dataset.col === 'b');
      const col = [...table.tHead.rows[0].cells].findIndex((c) => c.dataset.fn === 'hfip');
      const td = /** @type {HTMLTableCellElement} */ (table.querySelector('td[data-fn="hfip"][data-col="b"]'));
      return { row, col, value: td.dataset.value };
    });
    assert.ok(at.row >= 0 && at.col > 0);
    assert.equal(csv.rows[at.row][at.col], at.value, 'B of HfIp in the CSV');
    assert.equal(json.rows[at.row][at.col], Number(at.value), 'B of HfIp in the JSON');
  });

  test('P1’s Fig. 1: PNG, SVG, CSV and JSON', async () => {
    await waitView('fig1');
    await checkChart('fig1-chart');
  });

  test('the partition: the nodes chart and the node and Table 1 tables', async () => {
    await waitView('partition');
    const { chart } = await checkChart('part-nodes-chart');
    const nodes = await checkTable('part-node-table');
    assert.ok(nodes.csv.rows.length >= chart.labels.length, 'a row per node');
    await checkTable('part-table1');
  });

  test('the Bloom filters’ false-positive chart: its 95 % intervals as columns', async () => {
    await waitView('bloom');
    const { chart } = await checkChart('bloom-fpr-chart');
    const csv = parseCsv((await download('bloom-fpr-chart', 'csv')).text);
    const withInterval = chart.datasets.flatMap((d) => d.data).find((p) => p && p.hi !== undefined);
    assert.ok(withInterval, 'a point with an interval');
    assert.ok(csv.header.includes('lo') && csv.header.includes('hi'), 'lo and hi columns');
    // Each measured point's whole row travels with it: its false positives out of its trials.
    const fp = csv.header.indexOf('row.false_positives');
    const trials = csv.header.indexOf('row.trials');
    assert.ok(fp > 0 && trials > 0, 'the measured row as columns');
    const measured = csv.rows.find((r) => r[fp] !== '');
    assert.equal(Number(measured[2]), Number(measured[fp]) / Number(measured[trials]), 'y = false positives / trials');
  });

  test('the toolbar: one tab stop, arrows between its buttons, Enter downloads; labelled in English and Chinese', async () => {
    await openView(page, 'view-panel');
    const bar = page.locator('.export-tools[data-export-for="per-slot-chart"]');
    assert.equal(await bar.getAttribute('role'), 'toolbar');
    assert.match(await bar.getAttribute('aria-label'), /chart/i);
    const tabbable = await bar.locator('button[tabindex="0"]').count();
    assert.equal(tabbable, 1, 'one tab stop');
    for (const f of ['png', 'svg', 'csv', 'json']) {
      const label = await bar.locator(`button[data-format="${f}"]`).getAttribute('aria-label');
      assert.match(label, new RegExp(f, 'i'), `${f}: labelled`);
    }
    await bar.locator('button[data-format="png"]').focus();
    // Seen when a button has focus (it fades in).
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.export-tools[data-export-for="per-slot-chart"]')).opacity === '1');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement).dataset.format), 'svg');
    await page.keyboard.press('End');
    assert.equal(await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement).dataset.format), 'json');
    assert.equal(await bar.locator('button[tabindex="0"]').getAttribute('data-format'), 'json', 'the tab stop follows');
    const [dl] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    assertName(dl.suggestedFilename(), 'per-slot-chart', 'json');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement).dataset.format), 'png', 'wraps around');

    const lang = await page.evaluate(() => document.documentElement.lang);
    try {
      await page.evaluate(() => {
        document.documentElement.lang = 'zh-CN';
      });
      await page.waitForFunction(() =>
        document.querySelector('.export-tools[data-export-for="per-slot-chart"] button[data-format="png"]').getAttribute('aria-label').includes('下载'),
      );
      assert.match(await bar.getAttribute('aria-label'), /导出图表/);
    } finally {
      await page.evaluate((lang) => {
        document.documentElement.lang = lang;
      }, lang);
    }
    await page.waitForFunction(() =>
      document.querySelector('.export-tools[data-export-for="per-slot-chart"] button[data-format="png"]').getAttribute('aria-label').startsWith('Download'),
    );
  });

  test('every chart canvas and every result table gets a toolbar once the dedup views have run', async () => {
    for (const id of Object.keys(VIEWS)) await waitView(id);
    // The report shows every view at once.
    await openView(page, 'all');
    await page.waitForFunction(
      () => {
        const bars = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.export-tools'))];
        const barFor = (id) => bars.find((b) => b.dataset.exportFor === id && !b.hidden && b.isConnected);
        const charts = [...document.querySelectorAll('canvas')].filter((c) => window.Chart.getChart(c));
        const tables = [.../** @type {NodeListOf<HTMLTableElement>} */ (document.querySelectorAll('main table'))].filter((t) => [...t.rows].some((r) => r.cells.length && r.parentElement !== t.tHead));
        // A table's toolbar follows it; a chart's is named after its canvas.
        const tableBar = (t) => t.nextElementSibling?.matches('.export-tools:not([hidden])');
        return charts.length > 0 && charts.every((c) => barFor(c.id)) && tables.every(tableBar);
      },
      null,
      { timeout: 30_000 },
    );
    const seen = await page.evaluate(() => {
      const charts = [...document.querySelectorAll('canvas')].filter((c) => window.Chart.getChart(c)).map((c) => c.id);
      const plain = [...document.querySelectorAll('canvas')].filter((c) => !window.Chart.getChart(c)).map((c) => c.id);
      const bars = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.export-tools:not([hidden])'))].map((b) => b.dataset.exportFor);
      return { charts, plain, bars };
    });
    assert.ok(seen.charts.length >= 12, `charts drawn: ${seen.charts.join(', ')}`);
    // Read at this width: no tick labels on top of each other, no toolbar over a chart.
    await assertChartsReadable(page, `${VIEWPORT.width} px`);
    for (const id of seen.plain) assert.ok(!seen.bars.includes(id), `${id}: no toolbar on a canvas without a chart`);
    // Every drawn chart exports as SVG (vector) without a page problem.
    for (const id of seen.charts) {
      const chart = await chartOnPage(id);
      await checkSvg(await download(id, 'svg'), id, chart);
    }
  });
});
