// The hash-quality battery (www/views/quality-view.js, src/mechanisms/quality/) in Debian's
// Chromium: run in the page's second WebAssembly module, every function's lines, scores and
// verdicts equal to `urlhash quality` on the same 100 000 corpus URLs; each function timed in the
// browser and the table in SMHasher3's order by those times; the chosen function's every line
// and its heat maps, on the loaded URLs and on random keys. Run with `node --test tests/e2e/`
// after `./lab build`.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useLab, cliJson, ready, openView } from './helpers.js';

let page;
let want;

function rows(p) {
  return p.$$eval('#quality-table tbody tr', (trs) =>
    trs.map((tr) => ({ hash: tr.dataset.hash, verdict: tr.dataset.verdict, failures: Number(tr.dataset.failures), worst: Number(tr.dataset.worst), ns: tr.dataset.ns ? Number(tr.dataset.ns) : null })),
  );
}

describe('the hash-quality battery', () => {
  useLab({ width: 1280, height: 720 }, (o) => ({ page } = o));

  before(async () => {
    await ready(page);
    want = cliJson(['quality', '--n', '100000', '--maps']);
  });

  test('every function’s verdict, failures and worst score are the CLI’s, timed and sorted as SMHasher3 sorts', async () => {
    await openView(page, 'quality');
    await page.waitForFunction(() => {
      const s = document.getElementById('quality').dataset;
      return s.gen && s.gen === document.getElementById('data-badge').dataset.gen;
    }, null, { timeout: 180_000 });
    await page.waitForFunction(() => document.getElementById('quality-table').dataset.timed === '15', null, { timeout: 180_000 });
    const got = await rows(page);
    const byHash = (list) => [...list].sort((a, b) => a.hash.localeCompare(b.hash));
    assert.deepEqual(
      byHash(got).map((r) => [r.hash, r.verdict, r.failures, r.worst]),
      byHash(want.summary).map((r) => [r.hash, r.verdict, r.failures, r.worst_log2_p]),
    );
    // MD5 passes every line; P1's three functions fail some.
    assert.equal(got.find((r) => r.hash === 'md5').failures, 0);
    for (const id of ['elfhash', 'hfip', 'hf']) assert.ok(got.find((r) => r.hash === id).failures > 0, id);
    // Timed in the browser, then in SMHasher3's order: no failure first by speed, then by
    // failures, then speed.
    for (const r of got) assert.ok(r.ns > 0 && r.ns < 1e6, `${r.hash}: ${r.ns} ns`);
    for (let i = 1; i < got.length; i++) {
      const [a, b] = [got[i - 1], got[i]];
      const key = (r) => [r.failures > 0 ? 1 : 0, r.failures > 0 ? r.failures : 0, r.ns];
      const [ka, kb] = [key(a), key(b)];
      const before = ka[0] < kb[0] || (ka[0] === kb[0] && (ka[1] < kb[1] || (ka[1] === kb[1] && ka[2] <= kb[2])));
      assert.ok(before, `${a.hash} before ${b.hash}`);
    }
    // The chart: passed, warned and failed lines per function, stacked.
    const chart = await page.evaluate(() => {
      const c = window.Chart.getChart(document.getElementById('quality-chart'));
      return { x: c.options.scales.x.title.text, y: c.options.scales.y.title.text, legend: c.data.datasets.map((d) => d.label), failed: c.data.datasets[2].data };
    });
    assert.equal(chart.legend.length, 3);
    assert.deepEqual(chart.failed, got.map((r) => r.failures));
  });

  test('a function chosen shows its every line as the CLI scores it, and its heat maps', async () => {
    await page.selectOption('#quality-fn', 'crc32');
    const lines = await page.$$eval('#quality-tests tbody tr', (trs) => trs.map((tr) => [tr.dataset.keyset, tr.dataset.test, Number(tr.dataset.score), tr.dataset.verdict]));
    const crc = want.functions.find((f) => f.hash === 'crc32');
    assert.deepEqual(lines, crc.tests.map((t) => [t.keyset, t.test, t.log2_p, t.verdict]));
    // CRC-32 is linear: a flipped input bit flips a fixed set of output bits, so it fails the
    // avalanche.
    assert.ok(lines.some(([, test, , verdict]) => test === 'avalanche' && verdict === 'fail'));
    assert.equal(await page.getAttribute('#quality-aval', 'data-hash'), 'crc32');
    assert.equal(await page.getAttribute('#quality-aval', 'data-keyset'), 'avalanche-urls');
    assert.match(await page.getAttribute('#quality-aval', 'aria-label'), /CRC-32/);
    await page.check('#quality-set-random');
    assert.equal(await page.getAttribute('#quality-aval', 'data-keyset'), 'avalanche-random');
    const size = await page.evaluate(() => {
      const c = /** @type {HTMLCanvasElement} */ (document.getElementById('quality-aval'));
      return [c.width, c.height];
    });
    assert.ok(size[0] > 200 && size[1] > 150, `${size}`);
  });
});
