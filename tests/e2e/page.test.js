// End-to-end tests of the web page in Debian's Chromium: the numbers on the page must equal
// the `urlhash` CLI's on the same input. Run with `node --test tests/e2e/` after `./lab build`.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { cliDist, cliJson, ARTIFACTS, CLI, watchProblems, useLab, generation, waitView, readTable, assertMatchesCli, pasteEvent, openView } from './helpers.js';
import { int } from '../../www/format.js';
import { S } from '../../www/strings.js';

const P1 = ['elfhash', 'hfip', 'hf'];
const VIEWPORT = { width: 1440, height: 900 };

let baseUrl;
let browser;
let page;
let report;
const timings = {};

/** Collects console errors, page errors, failed requests and dialogs of `p`. */
function watch(p) {
  watchProblems(p, report);
}

/** Waits for P1's figures and the "Why?" cards of load `gen`; none may show an error. */
async function waitFigures(p, gen) {
  await p.waitForFunction(
    (gen) =>
      document.getElementById('why').dataset.gen === String(gen) ||
      [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#figures .error, #why-error'))].some((e) => !e.hidden && e.textContent !== ''),
    gen,
    { timeout: 120_000 },
  );
  // An error is a box a reader sees: not hidden and with a message. An unhidden box without
  // text has been seen after a fast load in 3 of 11 runs (cause not found: only showText()
  // unhides it, with a message); style.css hides such a box (`.error:empty`), and it is named
  // on stderr, with its markup, so the cause can still be traced.
  const boxes = await p.$$eval('#figures .error, #why-error', (xs) =>
    xs.map((x) => ({
      shown: !x.hidden && x.textContent.trim() !== '',
      odd: !x.hidden && x.textContent.trim() === '',
      what: `${x.id}: ${x.textContent} (why ${document.getElementById('why').dataset.gen}, figures ${[1, 2, 3].map((f) => document.getElementById(`fig${f}`).dataset.gen)}; ${x.outerHTML}, ${x.id ? document.querySelectorAll(`#${x.id}`).length : 0} with this id)`,
    })),
  );
  for (const b of boxes.filter((b) => b.odd)) console.error(`an unhidden error box without a message: ${b.what}`);
  const errors = boxes.filter((b) => b.shown).map((b) => b.what);
  assert.deepEqual(errors, [], 'no error in the figures or the Why? cards');
  for (const fig of [1, 2, 3]) assert.equal(await p.getAttribute(`#fig${fig}`, 'data-gen'), String(gen));
}

async function clickPreset(p, m) {
  await p.click(`button.preset[data-m="${m}"]`);
}

async function setFunctions(p, fns) {
  await openView(p, 'view-panel');
  const all = await p.$$eval('input[name="fn"]', (xs) => xs.map((x) => x.value));
  for (const id of all) {
    const box = p.locator(`#fn-${id}`);
    if ((await box.isChecked()) !== fns.includes(id)) await box.click();
  }
}

describe('URL Hash Lab page', { timeout: 180_000 }, () => {
  report = useLab(VIEWPORT, (lab) => ({ baseUrl, browser, page } = lab));

  after(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    fs.writeFileSync(path.join(ARTIFACTS, 'timings.json'), JSON.stringify(timings, null, 2) + '\n');
  });

  test('loads the built-in corpus and shows the CLI numbers, P1 figures and Why? cards', async (t) => {
    await waitView(page, { fns: P1, m: 12, gen: 1 });
    const view = await readTable(page);
    assert.equal(view.n, 100_000);
    assertMatchesCli(view, cliDist({ fns: P1, m: 12, n: 100_000 }), P1);
    assert.equal(await page.isVisible('#per-slot-chart'), true);
    assert.equal(await page.isHidden('#buckets-box'), true);

    await waitFigures(page, 1);
    const hf3 = await page.textContent('#why-hf3');
    assert.ok(hf3.includes(S.ev.hf3Slots('4')), `the hf card says hf hits 4 of 12 slots: ${hf3}`);
    assert.equal(await page.locator('#why-cards .card').count(), 5);
    // The misprint card: A(opt) for whole loads (1.80 at N/M = 2.5) and Fig. 2's captions against
    // its text, B of a random function at P1's 20 000 000 URLs at both M (urlhash paper p1's).
    const p1 = cliJson(['paper', 'p1', '--n', '1000']);
    const misprint = await page.$$eval('#why-misprint table', (ts) =>
      ts.map((t) => [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.cells].map((c) => c.textContent))),
    );
    assert.equal(misprint.length, 2);
    assert.equal(misprint[0][0][3], '1.80');
    assert.deepEqual(
      misprint[1].map((r) => r[3]),
      p1.fig2_captions.map((c) => c.random_b_text.toFixed(4)),
    );
    assert.deepEqual(
      misprint[1].map((r) => r[2]),
      p1.fig2_captions.map((c) => c.random_b_caption.toFixed(3)),
    );
    // Fig. 1 has P1's printed values as points on its M = 200 000 axes.
    const labels = await page.evaluate(() =>
      window.Chart.getChart(document.getElementById('fig1-chart')).data.datasets.map((d) => d.label),
    );
    assert.ok(labels.includes(S.printedAopt) && labels.includes(S.printedHfip), labels.join());

    const firstChart = await page.evaluate(() => performance.getEntriesByName('uhl:first-chart')[0]?.startTime);
    timings.firstChart100k_ms = Math.round(firstChart);
    t.diagnostic(`page load to first chart, 100 000 corpus URLs: ${Math.round(firstChart)} ms`);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(ARTIFACTS, 'main.png') });
    await page.screenshot({ path: path.join(ARTIFACTS, 'full.png'), fullPage: true });

    // Re-binning for a new M, from the wasm's cache.
    for (const m of [8, 200000]) {
      await clickPreset(page, m);
      await waitView(page, { fns: P1, m });
      const ms = Number(await page.getAttribute('#results', 'data-ms'));
      timings[`rebin_100k_M${m}_ms`] = Math.round(ms);
      t.diagnostic(`re-bin to M = ${m} (3 functions, 100 000 URLs): ${ms.toFixed(1)} ms`);
    }
    assert.equal(await page.isVisible('#buckets-chart'), true);
    assertMatchesCli(await readTable(page), cliDist({ fns: P1, m: 200000, n: 100_000 }), P1);
    await page.screenshot({ path: path.join(ARTIFACTS, 'buckets.png') });
    await clickPreset(page, 12);
    await waitView(page, { fns: P1, m: 12 });
  });

  test('pasted URLs (BOM, blank lines, a script tag, non-ASCII) give the CLI numbers', async () => {
    const gen = await generation(page);
    const corpus = spawnSync(CLI, ['gen', '--n', '300', '--seed', '7'], { encoding: 'utf8' }).stdout;
    const text =
      '\uFEFFhttp://www.pku.edu.cn/\n\n' +
      '   http://net.pku.edu.cn/~webg/index.html   \n' +
      'http://b.cn/<script>alert(1)</script>\n' +
      '<img src=x onerror=alert(2)>\n' +
      'http://例子.中国/路径?q=网址\n' +
      'mailto:someone@example.com\n\n' +
      corpus;
    const scriptsBefore = await page.locator('script').count();
    await openView(page, 'input-panel');
    await page.fill('#paste', text);
    await page.click('#paste-go');
    await waitView(page, { fns: P1, m: 12, gen: gen + 1 });
    const bytes = Buffer.from(text, 'utf8');
    const cli = cliDist({ fns: P1, m: 12, bytes });
    assertMatchesCli(await readTable(page), cli, P1);
    await waitFigures(page, gen + 1);
    const report = await page.textContent('#report');
    assert.ok(report.includes(S.reportBom), report);
    assert.ok(report.includes(S.reportBlank(2)), report);
    assert.ok(report.includes(S.reportLines(308, 306)), report);
    assert.equal(cli.input.urls, 306);
    assert.equal(await page.locator('script').count(), scriptsBefore, 'no script element was injected');
    assert.equal(await page.locator('img').count(), 0, 'no img element was injected');

    // Another M and two more functions on the same pasted input.
    const fns = ['hfip', 'hf', 'md5', 'crc32'];
    await setFunctions(page, fns);
    await clickPreset(page, 10);
    await waitView(page, { fns, m: 10 });
    assertMatchesCli(await readTable(page), cliDist({ fns, m: 10, bytes }), fns);

    // The host key: lines without a host are counted, reported and left out.
    await openView(page, 'input-panel');
    await page.check('input[name="key"][value="host"]');
    await waitView(page, { fns, m: 10, key: 'host' });
    const hostCli = cliDist({ fns, m: 10, key: 'host', bytes });
    assertMatchesCli(await readTable(page), hostCli, fns);
    const hostReport = await page.textContent('#report');
    assert.ok(hostReport.includes(`no ${S.partHost}`), hostReport);
    await page.check('input[name="key"][value="url"]');
    await setFunctions(page, P1);
    await clickPreset(page, 12);
    await waitView(page, { fns: P1, m: 12 });
  });

  test('a paste of 100 000 URLs stays out of the text box and is hashed whole', async () => {
    const gen = await generation(page);
    const text = spawnSync(CLI, ['gen', '--n', '100000', '--seed', '9'], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    }).stdout;
    await openView(page, 'input-panel');
    await page.fill('#paste', '');
    await pasteEvent(page, text);
    const shown = await page.inputValue('#paste');
    assert.ok(shown.split('\n').length <= 20, `the box shows a preview only (${shown.length} chars)`);
    assert.ok(text.startsWith(shown), 'the preview is the start of the paste');
    assert.ok(!(await page.locator('#paste-note').isHidden()), 'the note says what happened');
    assert.equal(await page.textContent('#paste-note'), S.bigPaste(int(100000), 20));
    await page.locator('#paste').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS, 'big-paste.png') });
    await openView(page, 'input-panel');
    await page.click('#paste-go');
    await waitView(page, { fns: P1, m: 12, gen: gen + 1 });
    const cli = cliDist({ fns: P1, m: 12, bytes: Buffer.from(text, 'utf8') });
    assert.equal(cli.input.urls, 100000);
    assertMatchesCli(await readTable(page), cli, P1);
  });

  test('an uploaded file (CRLF, invalid UTF-8, an over-long line, an odd name) gives the CLI numbers', async () => {
    const gen = await generation(page);
    const corpus = spawnSync(CLI, ['gen', '--n', '2000', '--seed', '11'], { encoding: 'utf8' }).stdout;
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('http://www.pku.edu.cn/\r\nhttp://bad.cn/'),
      Buffer.from([0xff, 0xfe, 0x80]),
      Buffer.from('\r\n\r\nhttp://long.cn/' + 'x'.repeat(70 * 1024) + '\r\n'),
      Buffer.from(corpus.replace(/\n/g, '\r\n')),
    ]);
    const name = '<img src=x onerror=alert(3)> urls.txt';
    await page.setInputFiles('#file', { name, mimeType: 'text/plain', buffer: bytes });
    await waitView(page, { fns: P1, m: 12, gen: gen + 1 });
    const cli = cliDist({ fns: P1, m: 12, bytes });
    assertMatchesCli(await readTable(page), cli, P1);
    await waitFigures(page, gen + 1);
    const report = await page.textContent('#report');
    assert.ok(report.includes(name), `the file name is shown as text: ${report}`);
    assert.equal(await page.locator('#report img').count(), 0);
    const input = cli.input;
    assert.ok(input.bom && input.crlf > 2000 && input.too_long.count === 1 && input.invalid_utf8.count === 1);
    assert.ok(report.includes(S.reportLines(input.lines, input.urls)), report);
    assert.ok(report.includes(S.reportBom), report);
    assert.ok(report.includes(S.reportBlank(input.blank)), report);
    assert.ok(report.includes(S.reportCrlf(input.crlf)), report);
    const at = (o) => S.lineList(o.first_lines, o.count);
    assert.ok(report.includes(S.reportTooLong(1, at(input.too_long))), report);
    assert.ok(report.includes(S.reportInvalidUtf8(1, at(input.invalid_utf8))), report);
    assert.deepEqual(input.too_long.first_lines, [4]);
    assert.deepEqual(input.invalid_utf8.first_lines, [2]);

    // Functions and M changed on the file's data, including a typed M.
    const fns = ['elfhash', 'hf', 'xxh3'];
    await setFunctions(page, fns);
    await openView(page, 'view-panel');
    await page.fill('#m-input', '2^15');
    await page.press('#m-input', 'Enter');
    await waitView(page, { fns, m: 32768 });
    assertMatchesCli(await readTable(page), cliDist({ fns, m: 32768, bytes }), fns);
    await page.fill('#m-input', '40');
    await page.click('#m-apply');
    await waitView(page, { fns, m: 40 });
    assertMatchesCli(await readTable(page), cliDist({ fns, m: 40, bytes }), fns);
    await setFunctions(page, P1);
    await clickPreset(page, 12);
    await waitView(page, { fns: P1, m: 12 });
  });

  test('a file dropped on the page is hashed like an uploaded one', async () => {
    const gen = await generation(page);
    const corpus = spawnSync(CLI, ['gen', '--n', '500', '--seed', '3'], { encoding: 'utf8' }).stdout;
    const bytes = Buffer.from('http://www.pku.edu.cn/dropped\r\n' + corpus);
    await page.evaluate(
      ({ data, name }) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(data)], name, { type: 'text/plain' }));
        for (const type of ['dragenter', 'dragover', 'drop']) {
          document.body.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
        }
      },
      { data: [...bytes], name: 'dropped.txt' },
    );
    await waitView(page, { fns: P1, m: 12, gen: gen + 1 });
    assertMatchesCli(await readTable(page), cliDist({ fns: P1, m: 12, bytes }), P1);
    await waitFigures(page, gen + 1);
    assert.ok((await page.textContent('#report')).includes('dropped.txt'));
    assert.equal(await page.isHidden('#drop-overlay'), true);
  });

  test('a wrong M gets a clear message next to the field and changes nothing', async () => {
    await openView(page, 'view-panel');
    const before = await page.getAttribute('#results', 'data-view');
    const cases = [
      ['0', S.slotsZero],
      ['-5', S.slotsNegative],
      ['abc', S.slotsNotNumber('abc')],
      ['NaN', S.slotsNotNumber('NaN')],
      ['12.5', S.slotsFraction('12.5')],
      ['4294967296', S.slotsTooLarge],
      ['', S.slotsEmpty],
    ];
    for (const [typed, message] of cases) {
      await page.fill('#m-input', typed);
      await page.click('#m-apply');
      assert.equal((await page.textContent('#m-error')).trim(), message, `M = "${typed}"`);
      assert.equal(await page.isVisible('#m-error'), true);
      assert.equal(await page.getAttribute('#m-input', 'aria-invalid'), 'true');
    }
    assert.equal(await page.getAttribute('#results', 'data-view'), before);
    // Valid, but more slots than the wasm will count: its JsError is shown above the results.
    await page.fill('#m-input', '4294967295');
    await page.click('#m-apply');
    assert.equal(await page.isHidden('#m-error'), true);
    await page.waitForSelector('#results-error:not([hidden])');
    const shown = await page.textContent('#results-error');
    assert.match(shown, /4294967295 is more slots than the browser can count/);
    await page.fill('#m-input', '12');
    await page.click('#m-apply');
    await page.waitForSelector('#results-error', { state: 'hidden' });
    await waitView(page, { fns: P1, m: 12 });
    assert.equal(await page.isHidden('#m-error'), true);
  });

  test('cancelling a load keeps the previous input', async () => {
    const gen = await generation(page);
    // 20 million URLs: a load long enough (seconds) that the click always lands before its end.
    await openView(page, 'input-panel');
    await page.selectOption('#corpus-n', '20000000');
    await page.click('#corpus-load');
    await page.waitForSelector('#progress-box:not([hidden])');
    await page.click('#cancel');
    await page.waitForSelector('#progress-box', { state: 'hidden', timeout: 30_000 });
    assert.equal((await page.textContent('#input-error')).trim(), S.cancelled);
    assert.equal(await generation(page), gen);
  });

  test('1 000 000 corpus URLs: time to the first chart, and re-binning', async (t) => {
    const p = await browser.newPage({ viewport: VIEWPORT });
    watch(p);
    await p.goto(`${baseUrl}?n=1000000`);
    await waitView(p, { fns: P1, m: 12, gen: 1 });
    const firstChart = await p.evaluate(() => performance.getEntriesByName('uhl:first-chart')[0]?.startTime);
    timings.firstChart1M_ms = Math.round(firstChart);
    t.diagnostic(`page load to first chart, 1 000 000 corpus URLs: ${Math.round(firstChart)} ms`);
    assert.equal((await readTable(p)).n, 1_000_000);
    // While P1's figures are computed the worker is busy: a re-bin waits its turn.
    await clickPreset(p, 2000000);
    await waitView(p, { fns: P1, m: 2000000 });
    timings.rebin_1M_M2000000_busy_ms = Math.round(Number(await p.getAttribute('#results', 'data-ms')));
    await p.waitForFunction(() => document.getElementById('why').dataset.gen === '1', null, { timeout: 120_000 });
    const measured = await p.evaluate(() =>
      Object.fromEntries(performance.getEntriesByType('measure').map((e) => [e.name, Math.round(e.duration)])),
    );
    Object.assign(timings, Object.fromEntries(Object.entries(measured).map(([k, v]) => [`1M_${k}_ms`, v])));
    t.diagnostic(`1 000 000 URLs, worker round trips (ms): ${JSON.stringify(measured)}`);
    for (const m of [8, 2000000, 12]) {
      await clickPreset(p, m);
      await waitView(p, { fns: P1, m });
      const ms = Number(await p.getAttribute('#results', 'data-ms'));
      timings[`rebin_1M_M${m}_ms`] = Math.round(ms);
      t.diagnostic(`re-bin to M = ${m} (3 functions, 1 000 000 URLs): ${ms.toFixed(1)} ms`);
    }
    assertMatchesCli(await readTable(p), cliDist({ fns: P1, m: 12, n: 1_000_000 }), P1);
    await p.close();
  });
});
