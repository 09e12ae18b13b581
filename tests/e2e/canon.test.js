// Which URLs are one page (www/views/canon-view.js, src/mechanisms/canon/) in Debian's Chromium:
// run in the page's second WebAssembly module, every scheme's distinct pages, knock-on effects,
// largest groups and disagreements equal to `urlhash canon` on the same 100 000 corpus URLs, as
// loaded and with the learner's respellings; the count of respellings said beside the numbers;
// a value out of range refused beside its field in the language shown. Run with
// `node --test tests/e2e/` after `./lab build`.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { useLab, cliJson, ready, openView } from './helpers.js';

let page;

/** Waits until the view shows the input on screen with `respell` respellings asked. */
async function shown(p, respell) {
  await p.waitForFunction(
    (respell) => {
      const s = document.getElementById('canon').dataset;
      return s.gen && s.gen === document.getElementById('data-badge').dataset.gen && s.respell === String(respell);
    },
    respell,
    { timeout: 120_000 },
  );
}

function rows(p) {
  return p.$$eval('#canon-table tbody tr', (trs) =>
    trs.map((tr) => ({ scheme: tr.dataset.scheme, distinct: Number(tr.dataset.distinct), md5: Number(tr.dataset.md5Changed), fpr: Number(tr.dataset.fpr), split: Number(tr.dataset.split) })),
  );
}

function assertEqualsCli(got, report) {
  const want = [
    { scheme: 'as-written', distinct: report.spellings, md5: 0, fpr: report.as_written.bloom.measured, split: 0 },
    ...report.schemes.map((s) => ({ scheme: s.scheme, distinct: s.distinct, md5: s.effects.md5_changed, fpr: s.effects.bloom.measured, split: s.effects.split_groups })),
  ];
  assert.deepEqual(got, want);
}

describe('which URLs are one page', () => {
  useLab({ width: 1280, height: 720 }, (o) => ({ page } = o));

  before(async () => {
    await ready(page);
  });

  test('as loaded, the corpus is one page a line under every scheme, as urlhash canon says', async () => {
    await openView(page, 'canon');
    await shown(page, 0);
    const want = cliJson(['canon', '--n', '100000', '--examples', '10']);
    assert.equal(want.spellings, 100_000);
    assertEqualsCli(await rows(page), want);
    assert.match(await page.textContent('#canon-input'), /100\s000 lines as loaded/);
    assert.match(await page.textContent('#canon-groups tbody'), /keeps every line apart/);
  });

  test('with 2 000 respellings, every number, group and disagreement is the CLI’s', async () => {
    await page.check('#canon-list-respelled');
    await shown(page, 2000);
    const want = cliJson(['canon', '--n', '100000', '--respell', '2000', '--examples', '10']);
    assert.equal(want.respellings, 1993);
    assertEqualsCli(await rows(page), want);
    // The learner's respellings are named beside the numbers.
    assert.match(await page.textContent('#canon-input'), /101\s993 lines: yours, and 1\s993 respellings you asked for \(one after each of your first 2\s000 lines\)/);
    // The largest groups of the scheme chosen, with the rule that merged them.
    await page.selectOption('#canon-scheme', 'stormcrawler');
    const storm = want.schemes.find((s) => s.scheme === 'stormcrawler');
    const groups = await page.$$eval('#canon-groups tbody tr', (trs) => trs.map((tr) => ({ rules: tr.dataset.rules, canonical: tr.children[3].textContent })));
    assert.deepEqual(groups, storm.largest.map((g) => ({ rules: g.rules.join(' '), canonical: g.canonical })));
    assert.ok(groups.some((g) => g.rules === 'drop-session-ids'), 'StormCrawler drops session ids');
    // Every cell of the disagreement matrix; a cell picked shows its example.
    const cells = await page.$$eval('#canon-pairs button', (bs) => bs.map((b) => [b.dataset.merges, b.dataset.keepsApart, Number(b.dataset.pairs)]));
    assert.deepEqual(
      cells.sort(),
      want.disagreements.map((d) => [d.merges, d.keeps_apart, d.pairs]).sort(),
    );
    const d = want.disagreements.find((x) => x.merges === 'p3' && x.keeps_apart === 'whatwg');
    assert.ok(d.pairs > 0);
    await page.click('#canon-pairs button[data-merges="p3"][data-keeps-apart="whatwg"]');
    const example = await page.textContent('#canon-pair-example');
    assert.ok(example.includes(d.example[0]) && example.includes(d.example[1]), example);
    // The chart: a bar per scheme of the spellings it merged, and the pages P2 splits.
    const chart = await page.evaluate(() => {
      const c = window.Chart.getChart(document.getElementById('canon-chart'));
      return { x: c.options.scales.x.title.text, y: c.options.scales.y.title.text, sets: c.data.datasets.map((s) => s.data) };
    });
    assert.deepEqual(chart.sets, [want.schemes.map((s) => want.spellings - s.distinct), want.schemes.map((s) => s.effects.split_groups)]);
    assert.ok(chart.x && chart.y);
  });

  test('a number of lines out of range is refused beside its field, in Chinese too', async () => {
    await page.fill('#canon-respell', '0');
    await page.press('#canon-respell', 'Enter');
    assert.match(await page.textContent('#canon-respell-error'), /1/);
    assert.equal(await page.getAttribute('#canon-respell', 'aria-invalid'), 'true');
    // The numbers on screen are still those of the last run, 2 000 respellings.
    assert.equal(await page.getAttribute('#canon', 'data-respell'), '2000');
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang.startsWith('zh'));
    assert.match(await page.textContent('#canon-respell-error'), /[\u4e00-\u9fff]/);
    await page.click('#lang-toggle');
    await page.fill('#canon-respell', '2000');
    await page.press('#canon-respell', 'Enter');
    assert.equal(await page.getAttribute('#canon-respell', 'aria-invalid'), null);
  });
});
