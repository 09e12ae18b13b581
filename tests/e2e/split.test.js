// A file loaded by several workers at once (www/split-load.js) gives the page one worker gives:
// the same input report, measures, P1's report and P2's partition, equal to the CLI's; in the
// served lab and in the one file opened from disk. `workers=N` in the address sets the number
// of workers (by default a file below 384 MiB loads in one).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { useLab, withOneFile, waitView, readTable, cliDist, assertMatchesCli, writeCorpus, ARTIFACTS, openView } from './helpers.js';
import { S } from '../../www/strings.js';
import { int } from '../../www/format.js';

const P1 = ['elfhash', 'hfip', 'hf'];

/**
 * A list from fixed bytes with what real files hold, cut anywhere: a BOM, blank and white-space
 * lines, CRLF, invalid UTF-8, NUL, lines that are no URL, bare and Chinese hosts, lines over the
 * 64 KiB limit, and a BOM-like line in the middle (bytes there, not a mark).
 */
function hostileList(lines) {
  const parts = [Buffer.from('\ufeff', 'utf8')];
  let x = 2004;
  for (let i = 0; i < lines; i += 1) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const r = x >>> 8;
    const pick = [
      () => '',
      () => `http://www.site${r % 977}.cn/a/${i}.html\r`,
      () => Buffer.from([0x68, 0x74, 0x74, 0x70, 0x3a, 0x2f, 0x2f, 0xff, 0xfe, 0x2e, 0x63, 0x6e]),
      () => `not a url ${i}`,
      () => `http://新浪${r % 13}.中国/散列?q=${i}`,
      () => 'http://a.cn/\0nul',
      () => `http://bare${r % 50}.cn`,
      () => '   \t ',
      () => `\ufeffhttp://bom.cn/mid${i}`,
      () => (i % 997 === 0 ? `http://long.cn/${'a'.repeat(70 * 1024)}` : `http://h${r % 61}.cn/x`),
    ][r % 13] ?? (() => `http://www.host${r % 5003}.com/p/${r % 97}/${i}`);
    const line = pick();
    parts.push(Buffer.isBuffer(line) ? line : Buffer.from(line, 'utf8'), Buffer.from('\n'));
  }
  return Buffer.concat(parts);
}

const HOSTILE = hostileList(60_000);

/**
 * The input report's lines, without the ones that say how many workers read the file and how
 * much memory the page's worker holds (one worker's memory is not the other's).
 */
async function reportLines(page) {
  const lines = await page.$$eval('#report li', (xs) => xs.map((x) => x.textContent));
  const said = [S.reportWorkers('#'), S.reportMemory('#')].map((t) => t.split('#')[0]);
  return lines.filter((l) => !said.some((s) => l.startsWith(s)));
}

/** The text of `selector` without its buttons and the times it took (which differ run to run). */
function numbersOf(page, selector) {
  return page.$eval(selector, (node) => {
    const copy = node.cloneNode(true);
    for (const b of copy.querySelectorAll('button')) b.remove();
    return copy.textContent.replace(/[\d\s.,]+\s?(ms|s)\b/g, '#').replace(/\s+/g, ' ');
  });
}

/** Opens the lab at `url` asking for `workers`, loads `buffer` as `name`; what the page shows of it. */
async function loadWith(page, url, workers, name, buffer) {
  const sep = url.includes('?') ? '&' : '?';
  await page.goto(`${url}${sep}workers=${workers}`);
  await page.waitForFunction(() => Number(document.getElementById('results').dataset.gen) >= 1 && document.body.dataset.busy === '0', null, { timeout: 60_000 });
  await page.setInputFiles('#file', { name, mimeType: 'text/plain', buffer });
  await page.waitForFunction(() => Number(document.getElementById('results').dataset.gen) >= 2, null, { timeout: 120_000 });
  const shown = { workers: await page.getAttribute('#report', 'data-workers'), report: await reportLines(page) };
  await page.fill('#m-input', '12');
  await page.click('#m-apply');
  await waitView(page, { fns: P1, m: 12 });
  shown.url = await readTable(page);
  // P1's report and P2's partition read the kept lines again (in the report, every view runs).
  await openView(page, 'all');
  await page.waitForFunction(() => ['why', 'partition'].every((id) => document.getElementById(id).dataset.gen === '2'), null, { timeout: 120_000 });
  shown.why = await numbersOf(page, '#why');
  shown.partition = await numbersOf(page, '#partition');
  await openView(page, 'input-panel');
  await page.check('input[name="key"][value="host"]');
  await waitView(page, { fns: P1, key: 'host', m: 12 });
  shown.host = await readTable(page);
  shown.hostReport = await reportLines(page);
  return shown;
}

describe('a file split over workers', { timeout: 600_000 }, () => {
  let page;
  let baseUrl;
  useLab({ width: 1280, height: 900 }, (o) => ({ page, baseUrl } = o));

  test('a hostile list read by 1, 2 and 3 workers: the same report, measures, P1 report and partition, the CLI\'s', async () => {
    const one = await loadWith(page, baseUrl, 1, 'hostile.txt', HOSTILE);
    assert.equal(one.workers, '1');
    const cli = cliDist({ fns: P1, m: 12, bytes: HOSTILE });
    assertMatchesCli(one.url, cli, P1);
    assertMatchesCli(one.host, cliDist({ fns: P1, m: 12, key: 'host', bytes: HOSTILE }), P1);
    for (const kind of ['too_long', 'invalid_utf8', 'nul']) assert.ok(cli.input[kind].count > 0, `the list has ${kind} lines`);
    assert.ok(cli.input.bom && cli.input.crlf > 0 && cli.input.blank > 0);
    for (const workers of [2, 3]) {
      const split = await loadWith(page, baseUrl, workers, 'hostile.txt', HOSTILE);
      assert.equal(split.workers, String(workers), 'the file was read by that many workers');
      const said = await page.$$eval('#report li', (xs) => xs.map((x) => x.textContent));
      assert.ok(said.includes(S.reportWorkers(int(workers))), said.join(' | '));
      for (const k of ['report', 'url', 'why', 'partition', 'host', 'hostReport']) assert.deepEqual(split[k], one[k], `${workers} workers: ${k}`);
      // No helper outlives the load.
      assert.equal(page.workers().length, 1, 'only the page\'s worker is left');
    }
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'split-hostile.png') });
  });

  test('a table with a header read by 2 workers: the header skipped once, the CLI\'s numbers', async () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => `${i + 1},site${(i * 7919) % 4001}.com.cn,${i % 3}`);
    const csv = Buffer.from(`rank,domain,flag\n${rows.join('\n')}\n`);
    const one = await loadWith(page, baseUrl, 1, 'top.csv', csv);
    const two = await loadWith(page, baseUrl, 2, 'top.csv', csv);
    assert.equal(two.workers, '2');
    for (const k of ['report', 'url', 'why', 'partition', 'host']) assert.deepEqual(two[k], one[k], k);
    assert.ok(two.report.includes(S.reportHeader), two.report.join(' | '));
    assertMatchesCli(two.url, cliDist({ fns: P1, m: 12, bytes: csv }), P1);
  });

  test('cancelling a split load stops every helper and keeps the input on screen', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uhl-split-'));
    try {
      const file = writeCorpus(path.join(dir, 'two-million.txt'), 2_000_000);
      await page.goto(`${baseUrl}?workers=3`);
      await page.waitForFunction(() => Number(document.getElementById('results').dataset.gen) >= 1 && document.body.dataset.busy === '0', null, { timeout: 60_000 });
      const view = await page.getAttribute('#results', 'data-view');
      await page.setInputFiles('#file', file);
      await page.waitForFunction(() => /3/.test(document.getElementById('progress-text').textContent) && Number(/** @type {HTMLInputElement} */ (document.getElementById('progress')).value) > 0.2, null, { timeout: 60_000 });
      assert.equal(page.workers().length, 3, 'two helpers read beside the page\'s worker');
      assert.match(await page.textContent('#progress-text'), new RegExp(S.loadingSplit('', '', 3).split(':')[0]));
      await page.click('#cancel');
      await page.waitForFunction(() => !document.getElementById('input-error').hidden, null, { timeout: 60_000 });
      await page.waitForFunction(() => document.body.dataset.busy === '0', null, { timeout: 60_000 });
      assert.ok(await page.isHidden('#progress-box'));
      assert.equal(await page.getAttribute('#results', 'data-view'), view, 'the input on screen is the same');
      assert.equal(page.workers().length, 1, 'the helpers are gone, and their memory with them');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the one file from disk splits a load too, with the same numbers', async () => {
    const served = await loadWith(page, baseUrl, 1, 'hostile.txt', HOSTILE);
    await withOneFile(async (p) => {
      // The file's address without the fragment the page may already have written its state
      // into: "?workers=2" after a fragment would be part of it, and going there would not
      // even load the page again.
      const url = p.url().split('#')[0];
      const split = await loadWith(p, url, 2, 'hostile.txt', HOSTILE);
      assert.equal(split.workers, '2');
      for (const k of ['report', 'url', 'why', 'partition', 'host']) assert.deepEqual(split[k], served[k], k);
    });
  });
});
