// End-to-end tests of the page's crawler partition (P2) in Debian's Chromium: the loads per
// crawl node shown on the page must equal `urlhash partition --json` on the same bytes, for
// every policy; Table 1's matches row and the re-hashed path tables must equal `urlhash paper p2
// --json` and `urlhash partition --json`. Run with `node --test tests/e2e/` after `./lab build`.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { cliPartition, cliJson, ARTIFACTS, ROOT, useLab, generation, assertChartsLabelled, openView } from './helpers.js';
import { int, fixed, pValue, percent } from '../../www/format.js';
import { S } from '../../www/strings.js';
import { ZH } from '../../www/strings-zh.js';

const VIEWPORT = { width: 1440, height: 900 };
const SAMPLE = path.join(ROOT, 'data/corpus-sample-1000.txt');
/**
 * The CLI's policy ids, as `--policy` takes them (the report names host as host:xxh3), in the
 * report's order; `url:md5` is `--policy url --fn md5`.
 */
const POLICIES = ['p2-printed', 'p2-xor', 'p2-repaired', 'host', 'domain', 'url', 'nutch', 'heritrix', 'frontera', 'url:md5'];
/** P2's Table 1 as printed: URLs per crawl node 1..7. */
const TABLE1 = [35_580, 35_059, 35_368, 35_206, 34_972, 35_283, 35_483];
/** P2's printed matches, as `urlhash paper p2 --json` gives them under "printed". */
const P2_PRINTED = {
  system_matches: 2_066_713,
  control_matches: 1_806_747,
  node_matches: [38_076, 37_408, 37_673, 37_077, 35_946, 36_745, 37_041],
};
/** A host that looks like markup: WHATWG hosts may hold &, ;, ", ( and = (never < or >). */
const EVIL_HOST = '&lt;img&gt;"onerror=alert(1)".com.cn';

let page;

/** Waits until the results show load `gen` (or a later one). */
async function waitLoaded(p, gen) {
  await p.waitForFunction(
    (gen) => document.body.dataset.busy === '0' && Number(document.getElementById('results').dataset.gen) >= gen,
    gen,
    { timeout: 60_000 },
  );
}

/** Waits for the partition of load `gen` with `nodes` crawl nodes; it must show no error. */
async function waitPartition(p, gen, nodes) {
  await openView(p, 'partition');
  await p.waitForFunction(
    ({ gen, nodes }) => {
      const s = document.getElementById('partition');
      const error = document.getElementById('part-error');
      return (s.dataset.gen === String(gen) && s.dataset.nodes === String(nodes)) || !error.hidden;
    },
    { gen, nodes },
    { timeout: 120_000 },
  );
  assert.equal(await p.isHidden('#part-error'), true, `no partition error: ${await p.textContent('#part-error')}`);
}

async function setNodes(p, nodes) {
  await p.fill('#part-nodes', String(nodes));
  await p.press('#part-nodes', 'Enter');
}

async function pickPolicy(p, id) {
  await p.selectOption('#part-policy', id);
  await p.waitForFunction((id) => document.getElementById('partition').dataset.policy === id, id);
}

/** What the page shows for the policy on screen. */
function readShown(p) {
  return p.evaluate(() => {
    const rows = [.../** @type {NodeListOf<HTMLTableRowElement>} */ (document.querySelectorAll('#part-node-table tbody tr'))];
    const stat = (key) => {
      const e = document.getElementById(`part-stat-${key}`);
      return e ? { value: Number(e.dataset.value), text: e.querySelector('.stat-value').textContent } : null;
    };
    return {
      nodes: rows.map((r) => Number(r.dataset.node)),
      urls: rows.map((r) => Number(/** @type {HTMLElement} */ (r.querySelector('[data-node-urls]')).dataset.nodeUrls)),
      urlsText: rows.map((r) => r.querySelector('[data-node-urls]').textContent),
      links: rows.map((r) => Number(r.cells[2].dataset.value)),
      hosts: rows.map((r) => Number(r.cells[3].dataset.value)),
      biggest: rows.map((r) => r.children[4].textContent),
      b: stat('b'),
      bRandom: stat('b-random'),
      p: stat('p'),
      zero: stat('zero'),
      chart: window.Chart.getChart(document.getElementById('part-nodes-chart')).data.datasets[0].data,
    };
  });
}

/** The row of Table 1 for `id` (a policy id, or "printed"): node cells and B as shown. */
function readTable1Row(p, id) {
  return p.evaluate((id) => {
    const tr = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#part-table1 tbody tr'))].find((r) => r.dataset.row === id);
    if (!tr) return null;
    const nodes = [.../** @type {NodeListOf<HTMLTableCellElement>} */ (tr.querySelectorAll('td[data-node]'))].filter((td) => td.textContent !== '');
    return {
      text: nodes.map((td) => td.textContent),
      values: nodes.map((td) => Number(td.dataset.value)),
      cells: [...tr.children].map((c) => c.textContent),
    };
  }, id);
}

/** The matches row for `id` (a policy id, or "printed"): system, control, Σ nodes and per node. */
function readMatchRow(p, id) {
  return p.evaluate((id) => {
    const tr = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#part-match-table tbody tr'))].find((r) => r.dataset.row === id);
    if (!tr) return null;
    const col = (c) => Number(/** @type {HTMLElement} */ (tr.querySelector(`td[data-col="${c}"]`)).dataset.value);
    const nodes = [.../** @type {NodeListOf<HTMLTableCellElement>} */ (tr.querySelectorAll('td[data-node]'))].filter((td) => td.textContent !== '');
    return {
      system: col('system'),
      control: col('control'),
      nodes: col('nodes'),
      perNode: nodes.map((td) => Number(td.dataset.value)),
      text: [...tr.children].map((c) => c.textContent),
    };
  }, id);
}

/** A policy's matches as the CLI's `control.node_matching` entry gives them. */
const matchesOf = (m) => ({ system: m.system_matches, control: m.control_matches, nodes: m.nodes_matches, perNode: m.node_matches });

/** The re-hash table as shown: one entry per (reading, site, stage). */
function readRehash(p) {
  return p.$$eval('#part-rehash-table tbody tr', (rows) =>
    rows.map((r) => ({
      reading: r.dataset.reading,
      host: r.dataset.host,
      stage: r.dataset.stage,
      values: [...r.querySelectorAll('td[data-value]')].map((td) => Number(td.dataset.value)),
    })),
  );
}

/** The same entries from the CLI's `control.rehash`. */
function rehashOf(control) {
  return control.rehash.flatMap((r) =>
    r.sites.flatMap((site) =>
      ['before', 'after'].map((stage) => {
        const t = site[stage];
        const own = stage === 'before' ? [site.paths, site.rehashes, site.moved] : [];
        return { reading: r.reading, host: site.host, stage, values: [...own, t.slots, t.load_factor, t.occupied, t.colliding_paths, t.chainless_drops] };
      }),
    ),
  );
}

/** The identity sentence under the matches table for policy `m` (a `node_matching` entry), in `L`. */
function identityText(L, printed, m, links) {
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  const own = sum(m.node_own_links);
  return L.partMatchIdentity(
    L.partMatchSum(int(printed.system_matches), int(printed.control_matches), int(sum(printed.node_matches))),
    L.partPolicyNames[m.policy] ?? m.policy,
    L.partMatchSum(int(m.system_matches), int(m.control_matches), int(m.nodes_matches)),
    int(own),
    int(links),
    percent(own / links, 1),
    int(sum(m.node_dropped)),
    int(m.control_links),
  );
}

/** Asserts the page shows the CLI's simulation for `policy` (a `--policy` id) on `bytes`. */
async function assertPolicyMatchesCli(p, { policy, nodes, bytes }) {
  const cli = cliPartition({ policy, nodes, bytes });
  const want = cli.policies[0];
  await pickPolicy(p, want.policy);
  const shown = await readShown(p);
  assert.deepEqual(shown.nodes, want.per_node.map((r) => r.node), `${policy}: node numbers`);
  assert.deepEqual(shown.urls, want.node_urls, `${policy}: URLs per node`);
  assert.deepEqual(shown.urlsText, want.node_urls.map((u) => int(u)), `${policy}: URLs per node as shown`);
  assert.deepEqual(shown.chart, want.node_urls, `${policy}: the bars`);
  assert.deepEqual(shown.links, want.node_links, `${policy}: links per node`);
  assert.deepEqual(shown.hosts, want.per_node.map((r) => r.hosts), `${policy}: hosts per node`);
  assert.deepEqual(shown.biggest, want.per_node.map((r) => r.biggest_site ?? S.noSite), `${policy}: biggest site`);
  assert.equal(shown.b.text, fixed(want.b, 4), `${policy}: B as shown`);
  assert.ok(Math.abs(shown.b.value - want.b) <= 1e-12, `${policy}: B ${shown.b.value} vs ${want.b}`);
  assert.equal(shown.bRandom.text, fixed(want.expected_b_random, 4), `${policy}: B of a random assignment`);
  assert.equal(shown.p.text, pValue(want.p_value), `${policy}: χ² p as shown`);
  if (want.zero_hash_urls === null) assert.equal(shown.zero, null, `${policy}: no zero-hash count`);
  else assert.equal(shown.zero.value, want.zero_hash_urls, `${policy}: URLs whose path hash is 0`);
  const row = await readTable1Row(p, want.policy);
  assert.deepEqual(row.values, want.node_urls, `${policy}: Table 1 row`);
  assert.ok(row.cells.includes(fixed(want.b, 4)), `${policy}: Table 1 shows B = ${fixed(want.b, 4)}: ${row.cells}`);
  // Its matches row: the node-side matching of `urlhash partition`, system = control + Σ nodes.
  const m = cli.control.node_matching[0];
  const shownMatches = await readMatchRow(p, want.policy);
  assert.deepEqual({ ...shownMatches, text: undefined }, { ...matchesOf(m), text: undefined }, `${policy}: matches row`);
  assert.equal(shownMatches.system, shownMatches.control + shownMatches.nodes, `${policy}: system = control + Σ nodes`);
  assert.equal(await p.textContent('#part-match-identity'), identityText(S, cli.printed ?? P2_PRINTED, m, cli.links), `${policy}: identity`);
  return cli;
}

describe('P2 crawler partition on the page', { timeout: 300_000 }, () => {
  useLab(VIEWPORT, (lab) => ({ page } = lab));

  test('runs when its view is opened, P1’s figures computed unasked before it, with P2’s printed Table 1 first', async () => {
    await waitLoaded(page, 1);
    // The view in front (P1's slots) has nothing long to run: the page computes P1's figures
    // next, up to the "Why?" cards, without being asked, and not the partition.
    await page.waitForFunction(() => document.getElementById('why').dataset.gen === '1', null, { timeout: 60_000 });
    assert.equal(await page.getAttribute('#partition', 'data-gen'), '', 'the partition waits for its view');
    await waitPartition(page, 1, 7);
    const printed = await readTable1Row(page, 'printed');
    assert.deepEqual(printed.text, TABLE1.map((u) => int(u)), 'P2’s Table 1: 35 580 … 35 483');
    assert.ok((await page.textContent('#part-table1-note')).includes(`${int(246_951)} URLs`), 'the printed size');
    assert.ok(printed.cells.includes('1.0085'), `printed B: ${printed.cells.join(' | ')}`);
    assert.equal(await page.isHidden('#part-table1-n'), true, 'no "other n" note at 7 nodes');
    assert.equal(await page.locator('#part-table1 tbody tr').count(), 1 + POLICIES.length);
    assert.equal(await page.locator('#part-verdicts li').count(), 3);
    assert.equal(await page.getAttribute('#part-verdicts li[data-policy="p2-printed"]', 'data-could'), '0');
    assert.equal(await page.getAttribute('#part-verdicts li[data-policy="p2-repaired"]', 'data-could'), '1');
    assert.equal(await page.inputValue('#part-nodes'), '7');
    assert.equal(await page.inputValue('#part-policy'), 'p2-printed');
    assert.equal(await page.inputValue('#part-reading'), 'site-folded');
    await assertChartsLabelled(page, ['part-nodes-chart', 'part-site-chart', 'part-path-chart', 'part-load-chart']);
    // Table 1's matches row: printed first, then every policy as `urlhash paper p2` replays it.
    const p2 = cliJson(['paper', 'p2', '--n', '100000']);
    const printedMatches = await readMatchRow(page, 'printed');
    assert.deepEqual({ ...printedMatches, text: undefined }, { system: 2_066_713, control: 1_806_747, nodes: 259_966, perNode: P2_PRINTED.node_matches, text: undefined });
    assert.equal(await page.locator('#part-match-table tbody tr').count(), 1 + POLICIES.length);
    for (const m of p2.control.node_matching) {
      const row = await readMatchRow(page, m.policy);
      assert.deepEqual({ ...row, text: undefined }, { ...matchesOf(m), text: undefined }, `${m.policy}: matches row`);
      assert.ok(row.text.includes(int(m.system_matches)), `${m.policy}: system shown as ${int(m.system_matches)}`);
    }
    const shownMatches = p2.control.node_matching.find((m) => m.policy === 'p2-printed');
    assert.equal(await page.textContent('#part-match-identity'), identityText(S, p2.printed, shownMatches, p2.simulation.links));
    assert.ok((await page.textContent('#part-match-ratio')).includes('d ≈ 0.05'), 'the printed ratio read as n − d');
    // 100 000 URLs: no site passes 0.75 · 2^15 paths.
    assert.ok(p2.control.rehash.every((r) => r.sites_rehashed === 0));
    assert.equal(await page.getAttribute('#part-rehash-status', 'data-state'), 'none');
    assert.equal(await page.textContent('#part-rehash-status'), S.partRehashNone(int(24_576)));
    assert.deepEqual(await readRehash(page), []);
  });

  test('corpus-sample-1000.txt at 5 nodes: every policy’s node loads equal urlhash partition', async (t) => {
    const gen = (await generation(page)) + 1;
    await page.setInputFiles('#file', SAMPLE);
    await waitLoaded(page, gen);
    await setNodes(page, 5);
    await waitPartition(page, gen, 5);
    const bytes = fs.readFileSync(SAMPLE);
    const runs = await page.evaluate(() => performance.getEntriesByName('uhl:partition').length);
    let cli;
    /** Every path reading's tables, from the CLI run of the policy that keeps them. */
    const pathTables = new Map();
    for (const policy of POLICIES) {
      cli = await assertPolicyMatchesCli(page, { policy, nodes: 5, bytes });
      for (const t of cli.path_tables) pathTables.set(t.reading, t);
    }
    assert.equal(pathTables.size, 3, 'the P2 policies keep their own path reading');
    // Switching the policy redrew the last report: nothing was simulated again.
    assert.equal(await page.evaluate(() => performance.getEntriesByName('uhl:partition').length), runs);
    const summary = await page.textContent('#part-summary');
    assert.equal(summary, S.partSummary(int(cli.links), int(cli.urls), int(cli.duplicates), int(cli.sites)));
    assert.equal(await page.textContent('#part-unsplittable'), S.partAllSplit);
    // P2's printed table stays the one for 7 nodes, and the page says so.
    assert.deepEqual((await readTable1Row(page, 'printed')).text, TABLE1.map((u) => int(u)));
    assert.equal(await page.textContent('#part-table1-n'), S.partTable1OtherN(int(7), int(5)));
    // The control node's tables are the CLI's.
    const site = await page.$$eval('#part-site-table tbody tr', (rows) =>
      rows.map((r) => [r.dataset.reading, ...[...r.querySelectorAll('td')].map((td) => Number(td.dataset.value))]),
    );
    assert.deepEqual(
      site,
      cli.site_tables.map((s) => [s.reading, s.sites, s.occupied, s.load_factor, s.collisions, s.expected_collisions, s.colliding_sites, s.max_chain]),
    );
    const paths = await page.$$eval('#part-path-table tbody tr', (rows) =>
      rows.map((r) => [r.dataset.reading, ...[...r.querySelectorAll('td')].map((td) => Number(td.dataset.value))]),
    );
    // The CLI keeps the path tables of one reading (the policy's, or path-xor); the page all three.
    assert.deepEqual(
      paths,
      paths.map(([reading]) => pathTables.get(reading)).map((s) => [s.reading, s.tables, s.urls, s.occupied, s.collisions, s.expected_collisions, s.sites_over_rule]),
    );
    const folded = cli.site_tables.find((s) => s.reading === 'site-folded');
    const slots = await page.$$eval('#part-groups-table tbody tr', (rows) => rows.map((r) => Number(r.dataset.slot)));
    assert.deepEqual(slots, folded.groups.map((g) => g.slot), 'site-folded collision groups');

    await pickPolicy(page, 'p2-printed');
    await page.locator('#partition').screenshot({ path: path.join(ARTIFACTS, 'partition.png') });
    t.diagnostic(`screenshot: ${path.join(ARTIFACTS, 'partition.png')}`);
  });

  test('a hand-made list: a duplicate, a mailto: line and a host that looks like markup', async () => {
    const gen = (await generation(page)) + 1;
    const text = [
      `http://${EVIL_HOST}/a`,
      `http://${EVIL_HOST}/b`,
      `http://${EVIL_HOST}/a`,
      'mailto:someone@example.com',
      'http://www.lsmon.com.cn/x',
      'http://you.com.cn/',
      'http://www.pku.edu.cn/',
      'http://www.pku.edu.cn/news/index.html',
      'http://www.pku.edu.cn/<img src=x onerror=alert(2)>',
      'http://you.com.cn/<img src=x onerror=alert(2)>',
      '',
    ].join('\n');
    const bytes = Buffer.from(text, 'utf8');
    await page.setInputFiles('#file', { name: 'hand-made.txt', mimeType: 'text/plain', buffer: bytes });
    await waitLoaded(page, gen);
    // The nodes stay at 5 from the previous test.
    await waitPartition(page, gen, 5);
    let cli;
    for (const policy of ['host', 'p2-printed', 'nutch']) cli = await assertPolicyMatchesCli(page, { policy, nodes: 5, bytes });
    assert.equal(cli.duplicates, 1);
    assert.equal(cli.unsplittable, 1);
    assert.equal(
      await page.textContent('#part-summary'),
      S.partSummary(int(cli.links), int(cli.urls), int(cli.duplicates), int(cli.sites)),
    );
    assert.equal(await page.textContent('#part-unsplittable'), S.partUnsplittable(1, cli.first_error));
    assert.match(cli.first_error, /line 4/);
    // The most common paths, as the parser serialised them, shown as text.
    const paths = await page.$$eval('#part-paths-list code', (cs) => cs.map((c) => c.textContent));
    assert.deepEqual(paths, cli.common_paths.map((c) => c.path));
    assert.ok(paths.some((x) => x.includes('img')), paths.join());

    // The host is shown as text wherever it appears; no element came out of it.
    await pickPolicy(page, 'host:xxh3');
    const biggest = await page.$$eval('#part-node-table td.host', (tds) => tds.map((td) => td.textContent));
    assert.ok(biggest.includes(EVIL_HOST), `biggest site shown as text: ${biggest}`);
    for (const reading of ['site-folded', 'site-printed']) {
      await page.selectOption('#part-reading', reading);
      const hosts = await page.$$eval('#part-groups-table .host-list li', (lis) => lis.map((li) => li.textContent));
      assert.ok(hosts.includes(EVIL_HOST), `${reading}: the group lists the host as text: ${hosts}`);
    }
    const top = await page.$$eval('#part-top-table td.host', (tds) => tds.map((td) => td.textContent));
    assert.ok(top.includes(EVIL_HOST), top.join());
    assert.equal(await page.locator('#partition img').count(), 0, 'no img element was created');
    assert.equal(await page.locator('img').count(), 0, 'no img element anywhere');
    assert.ok((await page.textContent('#partition')).includes('&lt;img&gt;'), 'the entity text is shown verbatim');
    await page.selectOption('#part-reading', 'site-folded');
  });

  test('a wrong number of crawl nodes gets a clear message next to the field and changes nothing', async () => {
    const gen = await generation(page);
    const before = await page.getAttribute('#partition', 'data-nodes');
    const cases = [
      ['0', S.partNodesZero],
      ['-3', S.partNodesNegative],
      ['2.5', S.partNodesFraction('2.5')],
      ['65', S.partNodesTooMany(64)],
      ['', S.partNodesEmpty],
    ];
    for (const [typed, message] of cases) {
      await setNodes(page, typed);
      assert.equal((await page.textContent('#part-nodes-error')).trim(), message, `nodes = "${typed}"`);
      assert.equal(await page.isVisible('#part-nodes-error'), true);
      assert.equal(await page.getAttribute('#part-nodes', 'aria-invalid'), 'true');
    }
    assert.equal(await page.getAttribute('#partition', 'data-nodes'), before);
    assert.equal(await page.getAttribute('#partition', 'data-gen'), String(gen));
    // Typing a valid number re-runs the simulation by itself (no Enter needed).
    await page.fill('#part-nodes', '7');
    await waitPartition(page, gen, 7);
    assert.equal(await page.isHidden('#part-nodes-error'), true);
    assert.equal(await page.getAttribute('#part-nodes', 'aria-invalid'), null);
    assert.equal(await page.isHidden('#part-table1-n'), true);
  });

  test('Table 1’s size: the matches row and the re-hashed sites equal urlhash paper p2, in English and Chinese', async () => {
    const gen = (await generation(page)) + 1;
    await openView(page, 'input-panel');
    await page.selectOption('#corpus-n', '246951');
    await page.click('#corpus-load');
    await waitLoaded(page, gen);
    await waitPartition(page, gen, 7);
    const p2 = cliJson(['paper', 'p2']);
    assert.equal(p2.simulation.urls, 246_951);
    for (const m of p2.control.node_matching) {
      const row = await readMatchRow(page, m.policy);
      assert.deepEqual({ ...row, text: undefined }, { ...matchesOf(m), text: undefined }, `${m.policy}: matches row`);
      assert.equal(row.system, row.control + row.nodes, `${m.policy}: system = control + Σ nodes`);
    }
    await pickPolicy(page, 'p2-repaired');
    const repaired = p2.control.node_matching.find((m) => m.policy === 'p2-repaired');
    const identity = identityText(S, p2.printed, repaired, p2.simulation.links);
    assert.equal(await page.textContent('#part-match-identity'), identity);
    assert.ok(identity.includes(`${int(2_066_713)} = ${int(1_806_747)} + ${int(259_966)}`), identity);
    // The re-hash: every site past 24 576 paths, before and after, under each path reading.
    const want = rehashOf(p2.control);
    assert.ok(want.length >= 6, `the CLI re-hashes a site under each of the 3 readings: ${want.length}`);
    assert.deepEqual(await readRehash(page), want);
    assert.equal(await page.getAttribute('#part-rehash-status', 'data-state'), 'rehashed');
    const readings = await page.$$eval('#part-rehash-readings li', (lis) => lis.map((li) => li.dataset.reading));
    assert.deepEqual(readings, p2.control.rehash.filter((r) => r.sites_rehashed > 0).map((r) => r.reading));
    assert.match(await page.textContent('#part-rehash-readings li[data-reading="path-repaired"]'), /2\^15/, 'the repaired hash is no wider than the table');

    // In Chinese: the same numbers, worded in Chinese (once the views after the partition are done).
    const views = ['why', 'partition', 'trie', 'bloom', 'cbf', 'fp'];
    await openView(page, 'all');
    await page.waitForFunction(({ ids, gen }) => ids.every((id) => document.getElementById(id).dataset.gen === String(gen)), { ids: views, gen }, { timeout: 240_000 });
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang.startsWith('zh') && document.body.dataset.busy === '0');
    await page.waitForFunction(() => document.querySelector('#part-match-table thead th:nth-child(2)')?.textContent === '系统');
    assert.equal(await page.textContent('#part-match-identity'), identityText(ZH, p2.printed, repaired, p2.simulation.links));
    assert.match(await page.textContent('#part-match-ratio'), /控制节点 : 搜集节点 = 6\.95/);
    assert.deepEqual(await readRehash(page), want);
    assert.deepEqual(await page.$$eval('#part-rehash-table thead th', (ths) => ths.map((th) => th.textContent)), ZH.partRehashHead);
    assert.ok((await page.textContent('#part-rehash-table tbody')).includes(ZH.partRehashStage.after));
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang === 'en' && document.body.dataset.busy === '0');
    await page.waitForFunction(() => document.querySelector('#part-match-table thead th:nth-child(2)')?.textContent === 'system');
  });
});
