// Crawl nodes joining and leaving (www/views/rebalance-view.js, src/mechanisms/partition/rebalance.rs)
// in Debian's Chromium: the study runs in the page's second WebAssembly module, fetched only when
// the view opens; its table equals `urlhash rebalance` on the same 100 000 corpus URLs for a node
// joining (7 → 8) and leaving (8 → 7); the animation's dots are the hosts and its movers the
// scheme's; every lookup is timed; a bad node count is refused beside its field, in the language
// shown; the one file runs it from disk. Run with `node --test tests/e2e/` after `./lab build`.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useLab, cliJson, ready, openView, withOneFile } from './helpers.js';

let page;

const cli = (from, to) => cliJson(['rebalance', '--n', '100000', '--nodes', String(from), '--to', String(to), '--vnodes', '100']);

/** Waits until the view shows `from` → `to` for the input on screen. */
async function shown(p, from, to) {
  await p.waitForFunction(
    ([from, to]) => {
      const s = document.getElementById('rebalance').dataset;
      return s.gen && s.gen === document.getElementById('data-badge').dataset.gen && s.from === String(from) && s.to === String(to);
    },
    [from, to],
    { timeout: 90_000 },
  );
}

/** The table's rows: { scheme, hostsMoved, urlsMoved, theory, bAfter, ns }. */
function rows(p) {
  return p.$$eval('#reb-table tbody tr', (trs) =>
    trs.map((tr) => ({
      scheme: tr.dataset.scheme,
      hostsMoved: Number(tr.dataset.hostsMoved),
      urlsMoved: Number(tr.dataset.urlsMoved),
      theory: Number(tr.dataset.theory),
      bAfter: Number(tr.dataset.bAfter),
      ns: tr.dataset.ns === undefined ? null : Number(tr.dataset.ns),
    })),
  );
}

function assertEqualsCli(got, report) {
  assert.deepEqual(
    got.map((r) => [r.scheme, r.hostsMoved, r.urlsMoved, r.theory, r.bAfter]),
    report.schemes.map((s) => [s.id, s.hosts_moved, s.urls_moved, s.theory_fraction, s.b_after]),
  );
}

/** Every URL the page and its workers asked for (not the service worker, which precaches every file for offline use). */
const requested = [];
/** The second module's requests so far. */
const beyondFetched = () => requested.filter((u) => u.includes('urlhashlab_beyond_bg.wasm')).length;

describe('crawl nodes joining and leaving', () => {
  useLab({ width: 1280, height: 720 }, (o) => ({ page } = o));

  before(async () => {
    page.context().on('request', (r) => {
      if (!r.serviceWorker()) requested.push(r.url());
    });
    await ready(page);
  });

  test('opening the view fetches the second module and equals urlhash rebalance, 7 → 8', async () => {
    assert.equal(beyondFetched(), 0, 'the second module is not fetched before its view opens');
    await openView(page, 'rebalance');
    await shown(page, 7, 8);
    assert.equal(beyondFetched(), 1, 'the view fetched the second module');
    const want = cli(7, 8);
    assertEqualsCli(await rows(page), want);
    // The mod n schemes move most hosts, the consistent ones about 1/8, on these 149 hosts.
    const nutch = want.schemes.find((s) => s.id === 'nutch');
    const jump = want.schemes.find((s) => s.id === 'jump');
    assert.ok(nutch.hosts_moved_fraction > 0.8 && jump.hosts_moved_fraction < 0.25, `${nutch.hosts_moved_fraction} ${jump.hosts_moved_fraction}`);
    // Every scheme's lookup timed in the browser.
    await page.waitForFunction(() => [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#reb-table tbody tr'))].every((tr) => tr.dataset.ns), null, { timeout: 30_000 });
    for (const r of await rows(page)) assert.ok(r.ns > 0 && r.ns < 1e6, `${r.scheme}: ${r.ns} ns`);
    // The animation: a dot a host (149 ≤ 720), the movers the scheme's.
    const flow = () => page.$eval('#reb-flow-canvas', (c) => ({ scheme: c.dataset.scheme, dots: Number(c.dataset.dots), moved: Number(c.dataset.moved) }));
    assert.deepEqual(await flow(), { scheme: 'nutch', dots: want.hosts, moved: nutch.hosts_moved });
    await page.selectOption('#reb-scheme', 'jump');
    assert.deepEqual(await flow(), { scheme: 'jump', dots: want.hosts, moved: jump.hosts_moved });
    // The moved-share chart and the curve drawn, with a legend and titled axes.
    const axes = await page.evaluate(() => ['reb-moved-chart', 'reb-curve-chart'].map((id) => {
      const c = window.Chart.getChart(document.getElementById(id));
      return [c.options.scales.x.title.text, c.options.scales.y.title.text, c.data.datasets.length];
    }));
    assert.ok(axes.every(([x, y, n]) => x && y && n >= 3), JSON.stringify(axes));
  });

  test('a node leaving, 8 → 7, equals urlhash rebalance too', async () => {
    await page.click('#reb-preset-leave');
    await shown(page, 8, 7);
    assertEqualsCli(await rows(page), cli(8, 7));
  });

  test('a bad node count is refused beside its field, in the language shown', async () => {
    const gen = await page.$eval('#rebalance', (s) => s.dataset.gen);
    await page.fill('#reb-to', '0');
    await page.press('#reb-to', 'Enter');
    await page.waitForSelector('#reb-to-error:not([hidden])');
    assert.match(await page.textContent('#reb-to-error'), /crawl nodes after/i);
    assert.equal(await page.$eval('#reb-to', (i) => i.getAttribute('aria-invalid')), 'true');
    assert.equal(await page.$eval('#rebalance', (s) => s.dataset.gen), gen, 'nothing ran');
    await page.click('#lang-toggle');
    await page.fill('#reb-to', '65');
    await page.press('#reb-to', 'Enter');
    await page.waitForFunction(() => /之后的搜集节点数/.test(document.getElementById('reb-to-error').textContent));
    await page.click('#lang-toggle');
    await page.click('#reb-preset-join');
    await shown(page, 7, 8);
    assert.equal(await page.$eval('#reb-to-error', (e) => e.hidden), true);
  });
});

describe('crawl nodes joining and leaving, from the one file', () => {
  test('the one file runs the second module from disk, with the CLI numbers', async () => {
    const want = cli(7, 8);
    await withOneFile(async (p) => {
      // The file's address without the state the page may already have written into its
      // fragment: "#p2-nodes" after that fragment would be part of it, not a view.
      await p.goto(`${p.url().split('#')[0]}#p2-nodes`);
      await shown(p, 7, 8);
      assertEqualsCli(await rows(p), want);
    });
  });
});
