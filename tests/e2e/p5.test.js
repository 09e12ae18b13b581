// P5 under the counting-filter view, in Debian's Chromium: Fig. 3 timed row by row (the store
// alone against IMP-CB, in memory by the lab's WebAssembly, on disk in SQLite's own WebAssembly
// build) and P5's slips with this run's numbers. Every count equals `urlhash paper p5 --disk
// --json` on the same URLs (times are not compared); every row is timed at least five times,
// its times and ratio the medians of the runs and its verdict the one the runs give
// (www/timing.js); each SQLite table holds what a direct SQL count says; both languages render.
// The one file, opened from disk, times the memory rows and says the disk rows need the served lab.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { useLab, cliJson, withOneFile, ARTIFACTS, assertTimedCell, openView } from './helpers.js';
import { RUNS, compare } from '../../www/timing.js';
import { S } from '../../www/strings.js';
import { fixed, int } from '../../www/format.js';

/** The page's default input: the corpus's first 100 000 URLs, all inserted by the counting filter. */
const N = 100_000;
/** The counts of a Fig. 3 row that do not depend on the clock. */
const COUNTS = ['n', 'duplicates', 'store_found', 'lookups_avoided', 'by_counters', 'found', 'not_found'];

async function waitCbf(p) {
  await openView(p, 'cbf');
  await p.waitForFunction(
    () => document.getElementById('cbf').dataset.gen === '1' || !document.getElementById('cbf-error').hidden,
    null,
    { timeout: 240_000 },
  );
  assert.equal(await p.isHidden('#cbf-error'), true, `no error: ${await p.textContent('#cbf-error')}`);
}

/** Times Fig. 3 on the page and reads its rows back. */
async function runFig3(p) {
  await p.locator('#p5fig3-run').scrollIntoViewIfNeeded();
  await p.waitForFunction(() => !/** @type {HTMLButtonElement} */ (document.getElementById('p5fig3-run')).disabled);
  await p.click('#p5fig3-run');
  await p.waitForFunction(
    () => document.getElementById('p5fig3').dataset.done === '1' || !document.getElementById('p5fig3-error').hidden,
    null,
    { timeout: 600_000 },
  );
  assert.equal(await p.isHidden('#p5fig3-error'), true, `no error: ${await p.textContent('#p5fig3-error')}`);
  return p.evaluate(() => ({
    rows: [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#p5fig3-table tbody tr'))].map((tr) => {
      const d = tr.dataset;
      const timed = (col) => {
        const td = /** @type {HTMLTableCellElement} */ (tr.querySelector(`td[data-col="${col}"]`));
        return {
          runs: td.dataset.runs ? td.dataset.runs.split(',').map(Number) : [],
          value: Number(td.dataset.value),
          min: Number(td.dataset.min),
          max: Number(td.dataset.max),
          preliminary: td.classList.contains('preliminary'),
        };
      };
      return {
        store: timed('store_us'),
        imp: timed('imp_cb_us'),
        ratios: timed('ratio'),
        verdict: d.verdict,
        runs: Number(d.runs),
        faster: tr.querySelector('td[data-col="faster"]').textContent,
        counts: d.counts.split(';'),
        medium: d.medium,
        n: Number(d.n),
        duplicates: Number(d.duplicates),
        store_found: Number(d.storeFound),
        lookups_avoided: Number(d.avoided),
        by_counters: Number(d.zero),
        found: Number(d.found),
        not_found: Number(d.notFound),
        ratio: Number(d.ratio),
        sql: d.rowsStored,
      };
    }),
    vfs: document.getElementById('p5fig3-vfs').dataset.vfs,
    vfsText: document.getElementById('p5fig3-vfs').textContent,
    note: document.getElementById('p5fig3-note').textContent,
    noteKinds: { ...document.getElementById('p5fig3-note').dataset },
    status: document.getElementById('p5fig3-status').textContent,
    chartLabel: document.getElementById('p5fig3-chart').getAttribute('aria-label'),
  }));
}

function pick(row) {
  return Object.fromEntries(COUNTS.map((k) => [k, row[k]]));
}

/**
 * Asserts each row was timed at least RUNS times with the same counts every run; its times and
 * ratio are the medians of the runs, and its verdict the one they give: "no clear difference"
 * when the two times' ranges overlap or the ratio's range contains 1. Returns each row's comparison.
 */
function assertRepeated(rows) {
  return rows.map((row) => {
    const what = `${row.medium} N = ${row.n}`;
    assert.ok(row.runs >= RUNS, `${what}: ${row.runs} runs`);
    for (const [name, cell] of [['store alone', row.store], ['IMP-CB', row.imp], ['ratio', row.ratios]]) assertTimedCell(cell, `${what}, ${name}`);
    assert.equal(row.ratio, row.ratios.value, `${what}: the row's ratio is the median ratio`);
    assert.equal(new Set(row.counts).size, 1, `${what}: every run counts the same: ${row.counts.join(' | ')}`);
    const cmp = compare(row.store.runs, row.imp.runs, { ratios: row.ratios.runs });
    assert.equal(row.verdict, cmp.kind, `${what}: the verdict of the runs`);
    const overlap = Math.max(cmp.a.min, cmp.b.min) <= Math.min(cmp.a.max, cmp.b.max);
    const spans = cmp.ratio.min <= 1 && cmp.ratio.max >= 1;
    assert.equal(row.verdict === 'same', overlap || spans, `${what}: no clear difference exactly when the ranges overlap or the ratio's spans 1`);
    if (row.verdict === 'a-faster') assert.ok(cmp.ratio.min > 1, `${what}: the store is faster in every run`);
    if (row.verdict === 'b-faster') assert.ok(cmp.ratio.max < 1, `${what}: IMP-CB is faster in every run`);
    assert.equal(row.faster, S.p5Fig3Faster[row.verdict]);
    return cmp;
  });
}

/** The note's sentence on the largest N of `medium`, as the page words it from the runs. */
function noteVerdict(rows, cmps, medium) {
  const i = rows.findLastIndex((r) => r.medium === medium);
  const { n } = rows[i];
  const c = cmps[i];
  const why = c.reason ? S.timingReason[c.reason] : '';
  const x = (v) => fixed(v, 2);
  return { kind: c.kind, text: S.p5Fig3Verdict(medium === 'disk', int(n), c.kind, why, x(c.ratio.median), x(c.ratio.min), x(c.ratio.max), c.runs, RUNS) };
}

describe('P5’s Fig. 3 and slips in the browser', { timeout: 1_200_000 }, () => {
  let page;
  useLab({ width: 1280, height: 900 }, (o) => ({ page } = o));

  test('the slips and every Fig. 3 row count what the CLI counts; SQLite holds what SQL says; English and Chinese', async (t) => {
    await waitCbf(page);
    const cli = cliJson(['paper', 'p5', '--n', String(N), '--disk']);
    await page.waitForSelector('#p5-slip-twice');
    const slips = await page.evaluate(() => ({
      tail: [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#p5-tail-table tbody tr'))].map((tr) => ({ setting: tr.dataset.setting, j: Number(tr.dataset.j), holds: tr.dataset.holds === 'true' })),
      nk: [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#p5-nk-table tbody tr'))].map((tr) => Number(tr.dataset.measured)),
      twice: [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#p5-twice-table tbody tr'))].map((tr) => ({ runs: Number(tr.dataset.runs), extra: Number(tr.dataset.extra) })),
      names: document.querySelector('#p5-slip-names p').textContent,
    }));
    const m = cli.misprints;
    assert.deepEqual(
      slips.tail,
      m.tail_bound.map((r) => ({ setting: r.setting, j: r.j, holds: r.holds })),
    );
    assert.ok(slips.tail.some((r) => !r.holds), 'the printed bound fails somewhere');
    assert.deepEqual(slips.nk, m.n_for_nk.map((r) => r.measured));
    assert.deepEqual(
      slips.twice,
      m.double_increment.map((d) => ({ runs: d.not_found_runs, extra: d.counter_sum_printed - d.counter_sum_lab })),
    );
    assert.ok(slips.twice[1].runs > 0 && slips.twice[1].extra === 4 * slips.twice[1].runs, 'printed: k = 4 more per not-found run');
    assert.match(slips.names, /IMP-CB 6 times.*IMP-CM 11 times/);

    const shown = await runFig3(page);
    assert.deepEqual(shown.rows.map((r) => r.medium), ['memory', 'memory', 'memory', 'memory', 'disk', 'disk', 'disk', 'disk']);
    const disk = cli.fig3_disk.filter((r) => r.medium === 'disk');
    const cmps = assertRepeated(shown.rows);
    for (const [i, row] of shown.rows.entries()) {
      const c = row.medium === 'memory' ? cli.fig3[i] : disk[i - 4];
      assert.deepEqual(pick(row), pick(c), `${row.medium} N = ${row.n}`);
      if (row.medium === 'disk') {
        const distinct = row.n - row.duplicates;
        // Both tables, counted by SQL: a row per distinct URL, the counts summing to the pages.
        assert.equal(row.sql, `${distinct},${row.n};${distinct},${row.n}`);
      }
    }
    assert.ok(['opfs-sahpool', 'memory'].includes(shown.vfs), `the VFS is named: ${shown.vfs}`);
    // The note words the largest N in each medium from its runs.
    const [mem, onDisk] = [noteVerdict(shown.rows, cmps, 'memory'), noteVerdict(shown.rows, cmps, 'disk')];
    assert.ok(shown.note.startsWith(mem.text), `the note begins with the memory verdict: ${shown.note}`);
    assert.ok(shown.note.includes(onDisk.text), `the note gives the disk verdict: ${onDisk.text}`);
    assert.deepEqual(shown.noteKinds, { memory: mem.kind, disk: onDisk.kind });
    assert.equal(shown.status.startsWith(`Timed ${RUNS} times in `), true, shown.status);
    assert.ok(shown.chartLabel.length > 0);
    const ratios = shown.rows.map((r) => `${r.medium} ${r.n}: ${r.ratio.toFixed(2)} (${r.ratios.min.toFixed(2)}–${r.ratios.max.toFixed(2)}, ${r.verdict})`);
    t.diagnostic(`Fig. 3 in Chromium (${shown.vfs}), IMP-CB ÷ store, median of ${RUNS} runs: ${ratios.join('; ')}`);
    const file = path.join(ARTIFACTS, 'p5-fig3.png');
    await page.locator('#p5fig3').screenshot({ path: file });
    t.diagnostic(`screenshot: ${file}`);

    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang.startsWith('zh') && document.body.dataset.busy === '0');
    const zh = await page.evaluate(() => ({
      title: document.querySelector('#p5fig3 h3').textContent,
      head: document.querySelector('#p5fig3-table thead th').textContent,
      medium: document.querySelector('#p5fig3-table tbody th').textContent,
      slips: document.querySelector('#p5-slip-tail h4').textContent,
      holds: document.querySelector('#p5-tail-table tbody td:last-child').textContent,
      faster: document.querySelector('#p5fig3-table tbody td[data-col="faster"]').textContent,
      note: document.getElementById('p5fig3-note').textContent,
    }));
    assert.match(zh.title, /图 3/);
    assert.equal(zh.head, '指纹库');
    assert.equal(zh.medium, '指纹库在内存');
    assert.match(zh.slips, /上界/);
    assert.equal(zh.holds, '不成立');
    assert.equal(zh.faster, { 'a-faster': '单独指纹库', 'b-faster': 'IMP-CB', same: '无明显差别' }[shown.rows[0].verdict]);
    assert.match(zh.note, /^在内存中，N = /);
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang.startsWith('en'));
  });
});

describe('P5’s Fig. 3 in the one file, from disk', { timeout: 600_000 }, () => {
  test('the memory rows are timed; the disk rows say they need the served lab', async () => {
    await withOneFile(async (p) => {
      await waitCbf(p);
      const shown = await runFig3(p);
      assert.deepEqual(shown.rows.map((r) => r.medium), ['memory', 'memory', 'memory', 'memory']);
      assertRepeated(shown.rows);
      assert.equal(shown.vfs, 'none');
      assert.match(shown.vfsText, /served lab/);
    });
  });
});
