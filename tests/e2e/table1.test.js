// P4's Table 1 timed on the page (the trie view), in Debian's Chromium: the lists by the lab's
// WebAssembly and the database by SQLite's own WebAssembly build, each row through the core's
// loop (src/papers/p4/table1.rs). Every row is there; every store finds what `urlhash paper p4
// --json` finds on the same URLs (times are not compared); every store is timed at least five
// times, its time and ratio to the list the medians of the runs and its verdict the one the runs
// give (www/timing.js); each SQLite table holds the stored URLs, counted by SQL; SQLite's plans
// name a full scan and the primary key; both languages render. The one file, opened from disk,
// times the lists and says the database needs the served lab.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { useLab, cliJson, withOneFile, assertTimedCell, openView } from './helpers.js';
import { RUNS, compare } from '../../www/timing.js';
import { S } from '../../www/strings.js';

/** The page's default input: the corpus's first 100 000 URLs. */
const N = 100_000;
const ROWS = ['database-scan', 'database-index', 'linked-list', 'generalized-list', 'md5-dirs'];

/** Runs Table 1 on the page (after its trie study) and reads it back. */
async function runTable1(p) {
  await openView(p, 'trie');
  await p.waitForFunction(() => document.getElementById('trie').dataset.gen === '1', null, { timeout: 240_000 });
  await p.locator('#table1-run').scrollIntoViewIfNeeded();
  await p.click('#table1-run');
  await p.waitForFunction(
    () => document.getElementById('table1').dataset.done === '1' || !document.getElementById('table1-error').hidden,
    null,
    { timeout: 240_000 },
  );
  assert.equal(await p.isHidden('#table1-error'), true, `no error: ${await p.textContent('#table1-error')}`);
  return p.evaluate(() => ({
    runs: Number(document.getElementById('table1').dataset.runs),
    status: document.getElementById('table1-status').textContent,
    rows: [.../** @type {NodeListOf<HTMLTableRowElement>} */ (document.querySelectorAll('#table1-table tbody tr'))].map((tr) => {
      const value = (col) => /** @type {HTMLElement} */ (tr.querySelector(`td[data-col="${col}"]`))?.dataset.value;
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
        msRuns: timed('measured_ms'),
        vsListRuns: timed('vs_list'),
        verdict: tr.dataset.verdict ?? null,
        verdictText: tr.querySelector('td[data-col="verdict"]').textContent,
        foundRuns: tr.dataset.found ?? null,
        method: tr.dataset.method,
        stored: tr.dataset.stored === undefined ? null : Number(tr.dataset.stored),
        lookups: tr.dataset.lookups === undefined ? null : Number(tr.dataset.lookups),
        found: value('found') === undefined ? null : Number(value('found')),
        ms: value('measured_ms') === undefined ? null : Number(value('measured_ms')),
        vsList: value('vs_list') === undefined ? null : Number(value('vs_list')),
        sqlRows: tr.dataset.rows === undefined ? null : Number(tr.dataset.rows),
        heldIn: tr.querySelector('td[data-col="held_in"]').textContent,
      };
    }),
    plans: Object.fromEntries([.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#table1-plans li'))].map((li) => [li.dataset.method, li.dataset.plan])),
    vfs: document.getElementById('table1-vfs').dataset.vfs,
    vfsText: document.getElementById('table1-vfs').textContent,
    head: [...document.querySelectorAll('#table1-table thead th')].map((th) => th.textContent),
    ticks: document.getElementById('table1-ticks').textContent,
    md5: document.getElementById('table1-md5-command').textContent,
  }));
}

describe('P4’s Table 1 in the browser', { timeout: 900_000 }, () => {
  let page;
  useLab({ width: 1280, height: 900 }, (o) => ({ page } = o));

  test('every row, the CLI’s found / lookups, SQLite’s own count and plans, in English and Chinese', async () => {
    const shown = await runTable1(page);
    // The same URLs as the page: the corpus's first 100 000, Table 1 on the first 16 000 and the
    // 16 000 after them (the trie study's limit and one URL's MD5 directories only make the CLI quicker).
    const cli = cliJson(['paper', 'p4', '--n', String(N), '--limit', '2000', '--md5-dirs', '1']).table1;
    assert.deepEqual(
      shown.rows.map((r) => r.method),
      ROWS,
    );
    assert.equal(shown.runs, RUNS, `${RUNS} runs of the four stores`);
    assert.equal(shown.status.startsWith(`Timed ${RUNS} times in `), true, shown.status);
    const list = shown.rows.find((r) => r.method === 'generalized-list');
    for (const row of shown.rows.slice(0, 4)) {
      const c = cli.rows.find((r) => r.method === row.method);
      assert.ok(c, `the CLI has a ${row.method} row`);
      assert.deepEqual({ stored: row.stored, lookups: row.lookups, found: row.found }, { stored: c.stored, lookups: c.lookups, found: c.found }, row.method);
      assert.deepEqual(row.foundRuns.split(',').map(Number), Array(RUNS).fill(c.found), `${row.method}: every run finds the same`);
      assertTimedCell(row.msRuns, `${row.method}, ms per lookup`);
      assertTimedCell(row.vsListRuns, `${row.method}, × the list`);
      assert.equal(row.ms, row.msRuns.value);
      assert.equal(row.vsList, row.vsListRuns.value);
      if (row === list) continue;
      // The verdict of the runs, each run's store against the list of the same run.
      const cmp = compare(list.msRuns.runs, row.msRuns.runs, { ratios: row.vsListRuns.runs });
      assert.equal(row.verdict, cmp.kind, `${row.method}: the verdict of the runs`);
      const overlap = Math.max(cmp.a.min, cmp.b.min) <= Math.min(cmp.a.max, cmp.b.max);
      const spans = cmp.ratio.min <= 1 && cmp.ratio.max >= 1;
      assert.equal(row.verdict === 'same', overlap || spans, `${row.method}: no clear difference exactly when the ranges overlap or the ratio's spans 1`);
      assert.equal(row.verdictText, S.table1Verdict[row.verdict]);
    }
    assert.deepEqual(list.vsListRuns.runs, Array(RUNS).fill(1), 'the generalized list is 1 × itself in every run');
    assert.equal(list.verdictText, '—');
    assert.equal(cli.lookups_per_pass, shown.rows[0].lookups);
    // Each SQLite table holds exactly the stored URLs, counted by SQL.
    for (const row of shown.rows.slice(0, 2)) assert.equal(row.sqlRows, cli.stored, `${row.method}: SELECT count(*)`);
    // The plans: a full scan, and the primary key's B-tree, as the CLI's SQLite says them.
    assert.match(shown.plans['database-scan'], /^SCAN urls\b/);
    assert.match(shown.plans['database-index'], /^SEARCH urls USING PRIMARY KEY \(url=\?\)/);
    assert.deepEqual(shown.plans, Object.fromEntries(cli.plans));
    assert.ok(['opfs-sahpool', 'memory'].includes(shown.vfs), `the VFS is named: ${shown.vfs}`);
    assert.equal(shown.rows[4].ms, null, 'the MD5 directories are not timed in a browser');
    assert.match(shown.md5, /^urlhash paper p4 --md5-dirs \d+$/);
    assert.match(shown.ticks, /^An inference, not in P4: .*15\.625 ms.*968 ms ≈ 62 ticks/);
    const times = Object.fromEntries(shown.rows.slice(0, 4).map((r) => [r.method, { ms: r.ms, vsList: r.vsList, range: [r.vsListRuns.min, r.vsListRuns.max], verdict: r.verdict }]));
    console.log(`# Table 1 in Chromium (${shown.vfs}): ${JSON.stringify(times)}`);

    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang.startsWith('zh') && document.body.dataset.busy === '0');
    const zh = await page.evaluate(() => ({
      head: [...document.querySelectorAll('#table1-table thead th')].map((th) => th.textContent),
      first: document.querySelector('#table1-table tbody th .m-name').textContent,
      ticks: document.getElementById('table1-ticks').textContent,
      vfs: document.getElementById('table1-vfs').textContent,
      title: document.querySelector('#table1 h4').textContent,
      found: document.querySelector('#table1-table tbody td[data-col="found"]').textContent,
    }));
    assert.equal(zh.head[0], '存储方式');
    assert.equal(zh.first, '数据库，全表扫描（P4 的做法）');
    assert.match(zh.ticks, /^以下是推断/);
    assert.match(zh.vfs, /SQLite/);
    assert.match(zh.title, /表 1/);
    assert.match(zh.found, /^\d[\d\u202f]* \/ 1\u202f000$/);
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang.startsWith('en'));
  });
});

describe('P4’s Table 1 in the one file, from disk', { timeout: 600_000 }, () => {
  test('the lists are timed; the database rows say they need the served lab', async () => {
    await withOneFile(async (p) => {
      const shown = await runTable1(p);
      const by = Object.fromEntries(shown.rows.map((r) => [r.method, r]));
      assert.equal(by['linked-list'].found * 2, by['linked-list'].lookups);
      for (const m of ['linked-list', 'generalized-list']) assertTimedCell(by[m].msRuns, `${m}, ms per lookup`);
      const cmp = compare(by['generalized-list'].msRuns.runs, by['linked-list'].msRuns.runs, { ratios: by['linked-list'].vsListRuns.runs });
      assert.equal(by['linked-list'].verdict, cmp.kind);
      assert.equal(by['generalized-list'].vsList, 1);
      for (const m of ['database-scan', 'database-index']) {
        assert.equal(by[m].ms, null, `${m} is not timed in the one file`);
        assert.equal(by[m].heldIn, 'served lab only');
      }
      assert.equal(shown.vfs, 'none');
      assert.match(shown.vfsText, /\.\/lab serve/);
    });
  });
});
