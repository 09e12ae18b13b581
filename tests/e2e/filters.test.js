// The filter bake-off (www/views/filters-view.js, src/mechanisms/bakeoff/) in Debian's Chromium:
// run in the page's second WebAssembly module, every row (filter, derivation, setting) equal to
// `urlhash filters` on the same 100 000 + 100 000 corpus URLs in bits per key and false positives,
// at target rates and at bits per key; every built row timed in the browser; a value out of
// range refused beside its field in the language shown. Run with `node --test tests/e2e/` after
// `./lab build`.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useLab, cliJson, ready, openView } from './helpers.js';

let page;

const cli = (flag, values) => cliJson(['filters', '--n', '100000', flag, values]);

/** Waits until the view shows `values` sized `by` for the input on screen. */
async function shown(p, by, values) {
  await p.waitForFunction(
    ([by, values]) => {
      const s = document.getElementById('filters').dataset;
      return s.gen && s.gen === document.getElementById('data-badge').dataset.gen && s.by === by && s.values === values;
    },
    [by, values],
    { timeout: 120_000 },
  );
}

function rows(p) {
  return p.$$eval('#filters-table tbody tr', (trs) =>
    trs.map((tr) => ({ filter: tr.dataset.filter, method: tr.dataset.method, target: Number(tr.dataset.target), bits: Number(tr.dataset.bits), fp: Number(tr.dataset.fp), ns: tr.dataset.lookupNs ? Number(tr.dataset.lookupNs) : null })),
  );
}

function assertEqualsCli(got, report) {
  assert.deepEqual(
    got.map((r) => [r.filter, r.method, r.target, r.bits, r.fp]),
    report.filters.map((r) => [r.filter, r.method ?? '', r.target, r.bits_per_key, r.false_positives]),
  );
}

describe('the filter bake-off', () => {
  useLab({ width: 1280, height: 720 }, (o) => ({ page } = o));

  before(async () => {
    await ready(page);
  });

  test('at 1 % and 0.1 % it equals urlhash filters, and every built row is timed', async () => {
    await openView(page, 'filters');
    await shown(page, 'fpr', '0.01,0.001');
    const want = cli('--fpr', '1%,0.1%');
    assertEqualsCli(await rows(page), want);
    // The published sizes, on these URLs: xor8 at 9.84 bits per key and about 2^-8.
    const xor = want.filters.find((r) => r.filter === 'xor8');
    assert.ok(Math.abs(xor.bits_per_key - 9.84) < 0.01 && xor.fpr_low < 2 ** -8 && 2 ** -8 < xor.fpr_high, JSON.stringify(xor));
    await page.waitForFunction((n) => document.getElementById('filters-table').dataset.timed === String(n), want.filters.length, { timeout: 120_000 });
    for (const r of await rows(page)) if (r.ns !== null) assert.ok(r.ns > 0 && r.ns < 1e6, `${r.filter}: ${r.ns} ns`);
    assert.ok((await rows(page)).filter((r) => r.ns > 0).length >= want.filters.length - 2, 'the rows are timed');
    const chart = await page.evaluate(() => {
      const c = window.Chart.getChart(document.getElementById('filters-chart'));
      return { x: c.options.scales.x.title.text, y: c.options.scales.y.title.text, sets: c.data.datasets.map((d) => d.label) };
    });
    assert.ok(chart.x && chart.y && chart.sets.length >= 8, JSON.stringify(chart));
  });

  test('at bits per key it equals urlhash filters --bits-per-key', async () => {
    await page.click('#filters-preset-bits');
    await shown(page, 'bits', '8,10,12,16');
    assertEqualsCli(await rows(page), cli('--bits-per-key', '8,10,12,16'));
  });

  test('a value out of range is refused beside its field, in the language shown', async () => {
    const gen = await page.$eval('#filters', (s) => s.dataset.gen);
    await page.fill('#filters-values', '8, 99');
    await page.press('#filters-values', 'Enter');
    await page.waitForSelector('#filters-values-error:not([hidden])');
    assert.match(await page.textContent('#filters-values-error'), /“99” is not a number of bits per key from 1 to 64/);
    assert.equal(await page.$eval('#filters', (s) => s.dataset.gen), gen, 'nothing ran');
    // The error shown is worded again in the language switched to, and still nothing runs.
    await page.click('#lang-toggle');
    await page.waitForFunction(() => /“99”.*1 到 64/.test(document.getElementById('filters-values-error').textContent));
    assert.equal(await page.$eval('#filters', (s) => s.dataset.gen), gen, 'nothing ran');
    await page.fill('#filters-values', 'abc');
    await page.press('#filters-values', 'Enter');
    await page.waitForFunction(() => /不是 1 到 64 之间的每键位数/.test(document.getElementById('filters-values-error').textContent));
    await page.click('#lang-toggle');
  });

  test('the views beyond the papers embed their charts, drawn the frame’s height', async () => {
    const base = page.url().split('#')[0];
    for (const [name, chart, section] of [
      ['p2-rebalance', 'reb-moved-chart', 'rebalance'],
      ['p2-rebalance-curve', 'reb-curve-chart', 'rebalance'],
      ['p5-filters', 'filters-chart', 'filters'],
      ['p3-canon', 'canon-chart', 'canon'],
      ['p1-quality', 'quality-chart', 'quality'],
    ]) {
      const context = await page.context().browser().newContext({ viewport: { width: 800, height: 600 } });
      const p = await context.newPage();
      await p.goto(`${base}#embed=${name}&lang=en`);
      await p.waitForFunction(([c, s]) => window.Chart?.getChart(document.getElementById(c)) && document.getElementById(s).dataset.gen, [chart, section], { timeout: 90_000 });
      // Laid out: the chart takes its box's size once the box is shown.
      await p.waitForFunction((c) => document.getElementById(c).getBoundingClientRect().height > 0, chart, { timeout: 10_000 }).catch(() => {});
      const box = await p.evaluate((c) => {
        const r = document.getElementById(c).getBoundingClientRect();
        return { height: r.height, bottom: r.bottom, header: document.querySelector('.top')?.checkVisibility() ?? false };
      }, chart);
      assert.ok(box.height >= 300 && box.bottom <= 600 && !box.header, `${name}: ${JSON.stringify(box)}`);
      await context.close();
    }
  });
});
