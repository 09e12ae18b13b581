// End-to-end tests of the fingerprint view (P3) in Debian's Chromium: two texts' digests bit by
// bit against Node's own MD5, P3's printed digests revealed, the birthday bound, and on loaded
// URLs (the corpus, data/corpus-sample-1000.txt, P3's example list, a hand-made list with
// markup) every count equal to `urlhash fingerprint --json [--hosts TABLE]` on the same bytes.
// Run with `node --test tests/e2e/` after `./lab build`.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ARTIFACTS, ROOT, cliJson, useLab, generation, loadFile, openView } from './helpers.js';
import { int, fixed } from '../../www/format.js';
import { S } from '../../www/strings.js';
import { ZH } from '../../www/strings-zh.js';
import { C } from '../../www/constants.js';
import { EXAMPLE_URLS, FP_MAX_LINES } from '../../www/views/fingerprint-view.js';
import { RECORDED } from '../../www/p3-threads-recorded.js';

const VIEWPORT = { width: 1440, height: 900 };
const SAMPLE = path.join(ROOT, 'data/corpus-sample-1000.txt');
const FIRST_N = 100_000;
/** A small table for the sample: two of its hosts share an IP, one host has two IPs. */
const SAMPLE_TABLE = [
  '# three hosts of data/corpus-sample-1000.txt',
  'www.nbkie.com 61.172.1.10',
  'www.yisou.com 61.172.1.10   # an alias of www.nbkie.com',
  'auto.huguangfeng.com 218.30.2.1',
  'auto.huguangfeng.com 218.30.2.2   # a mirror',
  '',
].join('\n');
/** Markup where a URL, a host or a path should be, and lines that are not URLs. */
const MARKUP = [
  'http://a.cn/<img src=x onerror=alert(1)>',
  'http://a.cn/%3Cimg%20src=x%3E',
  '<script>alert("fp")</script>',
  'http://b.cn/?q=<b>bold</b>',
  'javascript:alert(1)',
  'http://www.a.cn/<img src=x onerror=alert(1)>/',
  'HTTP://A.CN:80/<img src=x onerror=alert(1)>#x',
  '',
].join('\n');

let page;
let dir;

function md5(text) {
  return crypto.createHash('md5').update(text, 'utf8').digest('hex');
}

/** Differing bits of two hex digests, counted here, independently of the lab. */
function differingBits(x, y) {
  let bits = 0;
  for (let i = 0; i < 32; i += 1) {
    let v = parseInt(x[i], 16) ^ parseInt(y[i], 16);
    while (v) {
      bits += v & 1;
      v >>= 1;
    }
  }
  return bits;
}

/** A hex digest as 128 bits, most significant first. */
function bitsOf(hex) {
  return [...hex].flatMap((c) => parseInt(c, 16).toString(2).padStart(4, '0').split('').map(Number));
}

function tmpFile(name, text) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

/** Waits until element `id` has data-`key` = `value` or `errorId` shows an error (which fails). */
async function waitData(p, id, key, value, errorId) {
  await openView(p, id);
  await p.waitForFunction(
    ({ id, key, value, errorId }) => document.getElementById(id).dataset[key] === value || !document.getElementById(errorId).hidden,
    { id, key, value, errorId },
    { timeout: 240_000 },
  );
  assert.equal(await p.isHidden(`#${errorId}`), true, `${id}: no error: ${await p.textContent(`#${errorId}`)}`);
}

/** Waits for the study, IP_ID/Name_ID and the ticked combination of load `gen`. */
async function waitStudy(p, gen) {
  await waitData(p, 'fp', 'gen', String(gen), 'fp-error');
  await waitData(p, 'fp-sites', 'gen', String(gen), 'fp-hosts-error');
  await p.waitForFunction((gen) => document.getElementById('fp-canon').dataset.gen === String(gen) && document.getElementById('fp-canon').dataset.combo, gen, {
    timeout: 120_000,
  });
}

/** Ticks exactly `ids` and waits for their combined count. */
async function tick(p, ids, gen) {
  const all = await p.$$eval('#fp-canon-table input[type="checkbox"]', (xs) => xs.map((x) => x.value));
  for (const id of all) {
    if (ids.includes(id)) await p.check(`#fp-t-${id}`);
    else await p.uncheck(`#fp-t-${id}`);
  }
  const want = all.filter((id) => ids.includes(id)).join(',') || '-';
  await p.waitForFunction(
    ({ want, gen }) => {
      const box = document.getElementById('fp-canon');
      return (box.dataset.combo === want && box.dataset.gen === String(gen)) || !document.getElementById('fp-canon-error').hidden;
    },
    { want, gen },
    { timeout: 60_000 },
  );
  assert.equal(await p.isHidden('#fp-canon-error'), true);
  return Number(await p.getAttribute('#fp-combo-row', 'data-distinct'));
}

/** Every count the page shows for the loaded lines, from its tables' data attributes. */
async function readPage(p) {
  return p.evaluate(() => {
    const rows = (sel) => [...document.querySelectorAll(sel)].map((r) => ({ ...r.dataset }));
    return {
      truncated: rows('#fp-trunc-table tbody tr').map((r) => ({ bits: Number(r.bits), pairs: Number(r.pairs), falseDuplicates: Number(r.falseDuplicates) })),
      sites: Object.fromEntries(rows('#fp-sites-table tbody tr').map((r) => [r.key, Number(r.distinct)])),
      store: rows('#fp-store-table tbody tr').map((r) => ({ step: r.step, before: Number(r.before), dropped: Number(r.dropped), appended: Number(r.appended), after: Number(r.after) })),
      canonical: Object.fromEntries(rows('#fp-canon-table tbody tr[data-toggle]').map((r) => [r.toggle, Number(r.distinct)])),
      histogram: window.Chart.getChart(document.getElementById('fp-aval-chart')).data,
    };
  });
}

/**
 * Asserts every count on the page equals `urlhash fingerprint --json --hosts TABLE FILE`: the
 * 16-, 24- and 32-bit collisions, the avalanche histogram, the distinct URLs by host, IP_ID and
 * Name_ID, and after each canonicalisation toggle alone and all together.
 */
async function assertMatchesCli(p, file, table, extra = []) {
  const cli = cliJson(['fingerprint', file, '--hosts', table, ...extra]);
  const shown = await readPage(p);
  assert.deepEqual(
    shown.truncated,
    cli.p3.truncated.map((t) => ({ bits: t.bits, pairs: t.colliding_pairs, falseDuplicates: t.false_duplicates })),
    '16-, 24- and 32-bit collisions',
  );
  assert.deepEqual([16, 24, 32], shown.truncated.map((t) => t.bits));
  const s = cli.p3.sites;
  assert.deepEqual(shown.sites, { lines: s.distinct_lines, host: s.distinct_host_keys, ip: s.distinct_ip_ids, name: s.distinct_name_ids }, 'by host, IP_ID and Name_ID');
  assert.deepEqual(
    shown.store,
    s.store.steps.map((x) => ({ step: x.step, before: x.before, dropped: x.dropped, appended: x.appended, after: x.after })),
    'P3’s store, step by step',
  );
  const c = cli.canonical;
  assert.deepEqual(shown.canonical, Object.fromEntries([...c.toggles, { ...c.all, toggle: 'all' }].map((t) => [t.toggle, t.distinct_after])), 'each toggle and all');
  // The chart's bars are the CLI's histogram over the range drawn.
  const lo = Number(shown.histogram.labels[0]);
  assert.deepEqual(shown.histogram.datasets[0].data, cli.p3.avalanche.histogram.slice(lo, lo + shown.histogram.labels.length));
  assert.equal(await p.getAttribute('#fp-sites-note', 'data-unresolved'), String(s.unresolved.count));
  return cli;
}

/** FNV-1a 64 of `text`, as the lab deals URLs to threads (src/hash: offset basis, prime). */
function fnv1a64(text) {
  let h = 0xcbf29ce484222325n;
  for (const b of Buffer.from(text, 'utf8')) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h;
}

/**
 * P3 §3.3's two threads under the replay's rule, written here again: each step each thread does
 * one thing; a thread with a URL takes its lock if free and checks, then writes (or drops a
 * duplicate) the next step and releases; a thread that wants a held lock waits; the longer
 * waiter takes a free lock first (thread 1 on a tie). `owners[i]` is URL i's thread.
 */
function replayRule(urls, owners, partial) {
  const queues = [0, 1].map((t) => urls.map((_, i) => i).filter((i) => owners[i] === t));
  const next = [0, 0];
  const holding = [false, false];
  const waited = [0, 0];
  const held = partial ? [null, null] : [null];
  const store = new Set();
  const steps = [];
  for (;;) {
    const order = [0, 1].sort((a, b) => waited[b] - waited[a] || a - b);
    const actions = ['done', 'done'];
    const release = [];
    for (const t of order) {
      const i = queues[t][next[t]];
      if (i === undefined) continue;
      const l = partial ? t : 0;
      if (holding[t]) {
        release.push(t);
        actions[t] = store.has(urls[i]) ? 'duplicate' : 'write';
        store.add(urls[i]);
      } else if (held[l] === null) {
        held[l] = t;
        holding[t] = true;
        waited[t] = 0;
        actions[t] = 'check';
      } else {
        waited[t] += 1;
        actions[t] = 'wait';
      }
    }
    if (actions.every((a) => a === 'done')) return steps;
    steps.push({ actions, holders: held.map((h) => (h === null ? '-' : String(h + 1))).join(','), store: store.size });
    for (const t of release) {
      held[partial ? t : 0] = null;
      holding[t] = false;
      next[t] += 1;
    }
  }
}

describe('P3’s MD5 fingerprints on the page', { timeout: 900_000 }, () => {
  useLab(VIEWPORT, (lab) => ({ page } = lab));

  before(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uhl-e2e-fp-'));
  });

  after(async () => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('two texts, two digests: the differing bits equal Node’s MD5, cell by cell', async (t) => {
    await openView(page, 'fp');
    await page.waitForFunction(() => document.getElementById('fp-avalanche').dataset.differing !== undefined, null, { timeout: 60_000 });
    // The page opens on P3-like URLs one bit apart ('1' is 0x31, '0' is 0x30).
    assert.equal(await page.inputValue('#fp-a'), S.fpP3PairA);
    for (const [a, b] of [
      ['http://www.pku.edu.cn/', 'http://www.pku.edu.cn'],
      ['http://网址.中国/散列.html', 'http://网址.中国/散列.htm'],
    ]) {
      await page.fill('#fp-a', a);
      await page.fill('#fp-b', b);
      const [da, db] = [md5(a), md5(b)];
      const k = differingBits(da, db);
      await page.waitForFunction(({ da, db }) => {
        const d = document.getElementById('fp-avalanche').dataset;
        return d.digestA === da && d.digestB === db;
      }, { da, db });
      assert.equal(await page.getAttribute('#fp-avalanche', 'data-differing'), String(k), `${a} / ${b}`);
      // MD5's 512-bit blocks: 16 words of 32 bits each, one block up to 55 bytes.
      const blocks = (t) => { const n = Buffer.byteLength(t); return Math.floor(n / 64) + (n % 64 >= 56 ? 2 : 1); };
      assert.deepEqual(
        await page.$eval('#fp-blocks', (e) => [e.dataset.a, e.dataset.b, e.textContent]),
        [String(blocks(a)), String(blocks(b)), S.fpBlocks(String(blocks(a)), String(blocks(b)))],
      );
      assert.equal(await page.textContent('#fp-count'), S.fpCount(k));
      assert.deepEqual(await page.$$eval('#fp-digests dd', (dds) => dds.map((d) => d.textContent)), [
        da,
        db,
        [...da].map((c, i) => (parseInt(c, 16) ^ parseInt(db[i], 16)).toString(16)).join(''),
      ]);
      // Every cell: A's bits, then B's, in order; the highlighted ones are where they differ.
      const cells = await page.$$eval('#fp-bits .blk', (blocks) =>
        blocks.map((b) => {
          const bits = [...b.querySelectorAll('.b')];
          return { a: bits.slice(0, 32).map((c) => [Number(c.textContent), c.classList.contains('diff')]), b: bits.slice(32).map((c) => Number(c.textContent)) };
        }),
      );
      const [ba, bb] = [bitsOf(da), bitsOf(db)];
      assert.deepEqual(cells.flatMap((c) => c.a.map(([v]) => v)), ba);
      assert.deepEqual(cells.flatMap((c) => c.b), bb);
      assert.deepEqual(cells.flatMap((c) => c.a.map(([, d]) => d)), ba.map((v, i) => v !== bb[i]));
      assert.equal(await page.locator('#fp-bits .b.diff').count(), 2 * k);
      assert.equal(await page.locator('#fp-bits .h').count(), 64);
    }
    const file = path.join(ARTIFACTS, 'fp-avalanche-pair.png');
    await page.locator('#fp-avalanche').screenshot({ path: file });
    t.diagnostic(`screenshot: ${file}`);
    // The empty string: P3's D41D…
    await page.click('#fp-pair-empty');
    await page.waitForFunction(() => document.getElementById('fp-avalanche').dataset.digestA === 'd41d8cd98f00b204e9800998ecf8427e');
    assert.equal(await page.getAttribute('#fp-avalanche', 'data-digest-b'), md5('a'));
    // Markup typed stays text.
    const markup = '<img src=x onerror=alert(1)>';
    await page.fill('#fp-a', markup);
    await page.waitForFunction((d) => document.getElementById('fp-avalanche').dataset.digestA === d, md5(markup));
    assert.equal(await page.getAttribute('#fp-avalanche', 'data-a'), markup);
    assert.equal(await page.locator('img').count(), 0);
    // A text longer than a line the lab hashes is the wasm's message, next to the boxes.
    await page.fill('#fp-a', 'a'.repeat(65_537));
    await page.waitForSelector('#fp-pair-error:not([hidden])');
    assert.equal(await page.textContent('#fp-pair-error'), `${S.errorPrefix}${S.errors['text-too-long']('A', '65537', '65536')}`);
    await page.click('#fp-pair-p3');
    await page.waitForSelector('#fp-pair-error', { state: 'hidden' });
    assert.equal(await page.getAttribute('#fp-avalanche', 'data-differing'), String(differingBits(md5(S.fpP3PairA), md5(S.fpP3PairB))));
  });

  test('the reveal and the birthday bound: P3’s D41D… is MD5 of the empty string, 00F4… matches none', async (t) => {
    await openView(page, 'fp');
    await page.waitForFunction(() => document.querySelectorAll('#fp-reveals li').length === 2, null, { timeout: 60_000 });
    const cli = cliJson(['paper', 'p3', SAMPLE]);
    const reveals = await page.$$eval('#fp-reveals li', (lis) => lis.map((li) => ({ ...li.dataset, text: li.querySelector('.why').textContent })));
    assert.equal(reveals[0].printed, 'D41D8CD98F00B204E9800998ECF8427E');
    assert.equal(md5(''), reveals[0].printed.toLowerCase(), 'Node agrees: MD5 of the empty string');
    assert.equal(reveals[0].matched, '1');
    assert.equal(reveals[0].match, '');
    assert.equal(reveals[0].text, S.fpRevealEmpty(int(cli.p3.reveals[0].tried)));
    assert.equal(reveals[1].printed, '00F4CC7599310F795FB4B19B6A13CCA9');
    assert.equal(reveals[1].matched, '0');
    assert.equal(reveals[1].text, S.fpRevealNone(int(cli.p3.reveals[1].tried)));
    assert.equal(Number(reveals[1].tried), 152);
    // P3's "can be inverted" (可以进行逆运算), worded from the same reveals.
    assert.equal(await page.textContent('#fp-inversion'), S.fpInversion(int(152), reveals[0].printed, reveals[1].printed));
    // The claims beside the bound, as urlhash paper p3 computes them.
    const b = cli.p3.birthday;
    const claim = async (row) => page.textContent(`#fp-claims tr[data-row="${row}"] td.key`);
    assert.equal(await claim('at-claim'), S.fpNUrls(int(Math.round(b.n_at_claim))));
    assert.equal(await claim('at-human'), S.fpNUrls(int(Math.round(b.n_at_human_fingerprint))));
    assert.match(await claim('two'), /^2⁻¹²⁸ = 2\.94 × 10⁻³⁹$/);
    assert.match(await claim('pages-128'), /^2\.48 × 10⁻¹⁹/);
    assert.match(await claim('links-64'), /^1\.000 /);
    // The chart: three widths, P3's two levels, its four points, titled axes, a legend.
    const chart = await page.evaluate(() => {
      const c = window.Chart.getChart(document.getElementById('fp-birthday-chart'));
      return {
        labels: c.data.datasets.map((d) => d.label),
        x: c.options.scales.x.title.text,
        y: c.options.scales.y.title.text,
        types: [c.options.scales.x.type, c.options.scales.y.type],
        legend: c.options.plugins.legend.display !== false,
        p3: c.data.datasets.filter((d) => d.data.some((p) => p.row)).flatMap((d) => d.data.map((p) => [p.x, p.row.bits, p.row.probability])),
      };
    });
    for (const bits of [32, 64, 128]) assert.ok(chart.labels.includes(S.fpCurve(bits)));
    assert.ok(chart.labels.includes(S.fpClaimLine) && chart.labels.includes(S.fpHumanLine));
    assert.ok(chart.x && chart.y && chart.legend);
    assert.deepEqual(chart.types, ['logarithmic', 'logarithmic']);
    // The chart's widths only: the 384- and 1024-bit rows are in the table, far below its axis.
    assert.deepEqual(
      chart.p3.sort(),
      b.rows
        .filter((r) => r.bits <= 128)
        .map((r) => [r.n, r.bits, r.probability])
        .sort(),
    );
    assert.match(await claim('pages-1024'), /^4\.70 × 10⁻²⁸⁹/);
    assert.equal(await page.textContent('#fp-claims tr[data-row="pages-384"] td.said'), S.fpClaimLonger);
    for (const id of ['fp-reveals', 'fp-claims', 'fp-birthday-chart']) {
      const file = path.join(ARTIFACTS, `${id}.png`);
      await page.locator(`#${id}`).screenshot({ path: file });
      t.diagnostic(`screenshot: ${file}`);
    }
  });

  test('the default corpus: the study equals urlhash fingerprint --n 100000', async (t) => {
    await waitStudy(page, 1);
    const table = tmpFile('nuist-hosts.txt', S.fpHostsDefault);
    const cli = cliJson(['fingerprint', '--n', String(FIRST_N), '--hosts', table]);
    const shown = await readPage(page);
    assert.deepEqual(
      shown.truncated.map((r) => [r.pairs, r.falseDuplicates]),
      cli.p3.truncated.map((r) => [r.colliding_pairs, r.false_duplicates]),
    );
    // 100 000 URLs at 16 bits: tens of thousands of false duplicates, as the bound says.
    assert.ok(shown.truncated[0].falseDuplicates > 40_000);
    assert.equal(shown.canonical.all, cli.canonical.all.distinct_after);
    assert.equal(shown.sites.name, cli.p3.sites.distinct_name_ids);
    assert.equal(await page.textContent('#fp-run-note'), S.fpRunAll(int(FIRST_N)));
    assert.equal(await page.textContent('#fp-hist-note').then((s) => s.startsWith(int(cli.p3.avalanche.pairs))), true);
    // Not edited yet: the boxes hold the first URL and its one-bit variant.
    assert.equal(await page.inputValue('#fp-a'), S.fpP3PairA, 'the user’s pair of the first test stays');
    await page.click('#fp-pair-loaded');
    await page.waitForFunction((a) => document.getElementById('fp-avalanche').dataset.a === a, cli.p3.example.input_a);
    assert.equal(await page.getAttribute('#fp-avalanche', 'data-differing'), String(cli.p3.example.differing_bits));
    // Every chart has titled axes and a legend.
    const c = await page.evaluate(() => {
      const chart = window.Chart.getChart(document.getElementById('fp-aval-chart'));
      return { x: chart.options.scales.x.title.text, y: chart.options.scales.y.title.text, legend: chart.options.plugins.legend.display !== false, n: chart.data.datasets.length };
    });
    assert.deepEqual(c, { x: S.axisDifferingBits, y: S.axisPairs, legend: true, n: 2 });
    const file = path.join(ARTIFACTS, 'fp-corpus.png');
    await page.locator('#fp').screenshot({ path: file });
    t.diagnostic(`screenshot: ${file}`);
  });

  test('corpus-sample-1000.txt through the file input with a small host table: every count equals the CLI', async (t) => {
    const gen = await loadFile(page, SAMPLE);
    await waitStudy(page, gen);
    await page.fill('#fp-hosts', SAMPLE_TABLE);
    await page.click('#fp-hosts-apply');
    await waitData(page, 'fp-sites', 'gen', String(gen), 'fp-hosts-error');
    const table = tmpFile('sample-hosts.txt', SAMPLE_TABLE);
    const cli = await assertMatchesCli(page, SAMPLE, table);
    assert.equal(cli.p3.sites.table.alias_ips, 1);
    assert.equal(cli.p3.sites.unresolved.count, 1000 - 223 - 107 - 65, 'every line of the three hosts resolved');
    assert.equal(await page.textContent('#fp-run-note'), S.fpRunAll(int(1000)));
    // The 16-bit store drops 9 of these 1 000 distinct URLs.
    assert.equal(cli.p3.truncated[0].false_duplicates, 9);
    // One toggle ticked equals its row; all of them the "all" row; none the lines as written.
    for (const id of ['drop-www', 'trailing-slash']) {
      const n = await tick(page, [id], gen);
      assert.equal(n, cli.canonical.toggles.find((r) => r.toggle === id).distinct_after, id);
    }
    assert.equal(await tick(page, [], gen), cli.canonical.distinct_before);
    const ids = cli.canonical.toggles.map((r) => r.toggle);
    assert.equal(await tick(page, ids, gen), cli.canonical.all.distinct_after);
    for (const [id, file] of [
      ['fp', 'fp-sample.png'],
      ['fp-canon', 'fp-sample-canon.png'],
    ]) {
      await page.locator(`#${id}`).screenshot({ path: path.join(ARTIFACTS, file) });
      t.diagnostic(`screenshot: ${path.join(ARTIFACTS, file)}`);
    }
  });

  test('P3’s mirror test: the thresholds typed reach the core, and the steps equal the CLI', async () => {
    // m.cn copies a.cn's 6 paths (similarity 1); c.cn has 3 of them and 3 of its own (3/9).
    const paths = (site, from, n) => Array.from({ length: n }, (_, i) => `http://${site}/p/${from + i}`);
    const list = [...paths('a.cn', 0, 6), ...paths('m.cn', 0, 6), ...paths('c.cn', 3, 6)].join('\n') + '\n';
    const file = tmpFile('mirrors.txt', list);
    const table = tmpFile('mirror-hosts.txt', '# none of these hosts\n');
    const gen = await loadFile(page, file);
    await waitStudy(page, gen);
    const run = async (similarity, shared) => {
      await page.fill('#fp-hosts', '# none of these hosts\n');
      await page.fill('#fp-mirror-similarity', String(similarity));
      await page.fill('#fp-mirror-shared', String(shared));
      await page.click('#fp-hosts-apply');
      const want = fixed(similarity, 2);
      await page.waitForFunction((want) => document.getElementById('fp-store-note').textContent.includes(`≥ ${want} `), want, { timeout: 60_000 });
      await waitData(page, 'fp-sites', 'gen', String(gen), 'fp-hosts-error');
      return (await assertMatchesCli(page, file, table, ['--mirror-similarity', String(similarity), '--mirror-shared', String(shared)])).p3.sites.store;
    };
    try {
      const strict = await run(C.p3.mirrorSimilarity, C.p3.mirrorShared);
      assert.deepEqual([strict.mirrors.mirror_pairs, strict.steps[3].dropped], [1, 6], 'm.cn only');
      assert.deepEqual(await page.$$eval('#fp-mirror-pairs li', (li) => li.length), 1);
      const loose = await run(0.3, 1);
      assert.deepEqual([loose.mirrors.mirror_pairs, loose.steps[3].dropped], [2, 9], 'm.cn and c.cn');
    } finally {
      await page.fill('#fp-mirror-similarity', String(C.p3.mirrorSimilarity));
      await page.fill('#fp-mirror-shared', String(C.p3.mirrorShared));
    }
  });

  test('P3’s example list: aliases and mirrors merge, spellings merge, and the counts equal the CLI', async (t) => {
    const gen = (await generation(page)) + 1;
    await page.click('#fp-example');
    await page.waitForFunction((gen) => Number(document.getElementById('results').dataset.gen) >= gen, gen, { timeout: 60_000 });
    await waitStudy(page, gen);
    assert.equal(await page.inputValue('#paste'), EXAMPLE_URLS);
    assert.equal(await page.inputValue('#fp-hosts'), S.fpHostsDefault);
    const file = tmpFile('nuist.txt', EXAMPLE_URLS);
    const table = tmpFile('nuist-hosts.txt', S.fpHostsDefault);
    const cli = await assertMatchesCli(page, file, table);
    const s = cli.p3.sites;
    // One page under two names and two IPs: IP_ID merges the alias, Name_ID the mirror too.
    assert.ok(s.distinct_ip_ids < s.distinct_host_keys && s.distinct_name_ids < s.distinct_ip_ids, JSON.stringify(s));
    // P3's rule: the alias is appended to its IP's record (kept), the mirror dropped.
    const steps = Object.fromEntries(s.store.steps.map((x) => [x.step, x]));
    assert.ok(steps['same-ip'].appended >= 1 && steps['same-name'].dropped >= 1, JSON.stringify(s.store));
    assert.equal(s.store.stored_urls, steps['similar-site'].after);
    assert.ok(cli.canonical.all.merged >= 5, 'the spellings of one page merge');
    // The mailto: line is counted and named, never dropped silently.
    assert.equal(cli.canonical.unparsable.count, 1);
    assert.equal(await page.textContent('#fp-canon-note'), S.fpNotUrls(int(1), S.lineList([15], 1)));
    const shot = path.join(ARTIFACTS, 'fp-example.png');
    await page.locator('#fp').screenshot({ path: shot });
    t.diagnostic(`screenshot: ${shot}`);
  });

  test('a bad host table line shows its error next to the table; markup stays text', async () => {
    const gen = await generation(page);
    await page.fill('#fp-hosts', 'www.nuist.edu.cn 202.195.235.1\n\n# a comment\nnuist.edu.cn 202.195.235\n');
    await page.click('#fp-hosts-apply');
    await page.waitForSelector('#fp-hosts-error:not([hidden])');
    assert.equal(await page.textContent('#fp-hosts-error'), `${S.errorPrefix}${S.errors['host-table-not-ip']('4', '202.195.235')}`);
    assert.equal(await page.getAttribute('#fp-hosts', 'aria-invalid'), 'true');
    assert.equal(await page.getAttribute('#fp-sites', 'data-gen'), '');
    await page.fill('#fp-hosts', '202.195.235.1 www.nuist.edu.cn\n');
    await page.click('#fp-hosts-apply');
    await page.waitForFunction(() => document.getElementById('fp-hosts-error').textContent.includes('line 1'));
    assert.equal(await page.textContent('#fp-hosts-error'), `${S.errorPrefix}${S.errors['host-table-ip-host']('1', '202.195.235.1 www.nuist.edu.cn')}`);
    const markup = '<img src=x onerror=alert(1)> 1.2.3.4';
    await page.fill('#fp-hosts', `ok.cn 1.2.3.4\n${markup}\n`);
    await page.click('#fp-hosts-apply');
    await page.waitForFunction(() => document.getElementById('fp-hosts-error').textContent.includes('line 2'));
    assert.equal(await page.textContent('#fp-hosts-error'), `${S.errorPrefix}${S.errors['host-table-fields']('2', markup)}`);
    assert.equal(await page.locator('img').count(), 0);
    // Put right, it runs again.
    await page.fill('#fp-hosts', S.fpHostsDefault);
    await page.click('#fp-hosts-apply');
    await waitData(page, 'fp-sites', 'gen', String(gen), 'fp-hosts-error');
    assert.equal(await page.getAttribute('#fp-hosts', 'aria-invalid'), null);
    await page.locator('.fp-norm').screenshot({ path: path.join(ARTIFACTS, 'fp-hosts.png') });
  });

  test('a list with markup: shown as text, lines that are not URLs counted, counts equal the CLI', async () => {
    const scripts = await page.locator('script').count();
    const file = tmpFile('markup.txt', MARKUP);
    const gen = await loadFile(page, file);
    await waitStudy(page, gen);
    const table = tmpFile('nuist-hosts.txt', S.fpHostsDefault);
    const cli = await assertMatchesCli(page, file, table);
    // The first URL, as written, in P3's Table 1 rebuilt and in the pair boxes' "loaded" pair.
    assert.equal(await page.textContent('#fp-table1 tbody tr:first-child td:first-child'), 'http://a.cn/<img src=x onerror=alert(1)>');
    await page.click('#fp-pair-loaded');
    await page.waitForFunction(() => document.getElementById('fp-avalanche').dataset.a === 'http://a.cn/<img src=x onerror=alert(1)>');
    assert.equal(await page.getAttribute('#fp-avalanche', 'data-digest-a'), md5('http://a.cn/<img src=x onerror=alert(1)>'));
    // The script line and javascript: are not URLs with a host: counted, named by line.
    assert.equal(cli.canonical.unparsable.count, 2);
    assert.equal(await page.textContent('#fp-canon-note'), S.fpNotUrls(int(2), S.lineList([3, 5], 2)));
    assert.equal(await page.locator('img').count(), 0);
    assert.equal(await page.locator('script').count(), scripts);
    assert.ok(FP_MAX_LINES >= 200_000, 'the page measures at least 200 000 lines');
  });
  test('P3’s spider threads, replayed: the steps, locks and store equal the rule; global waits, partial never', async (t) => {
    // Two registrable domains, a.cn and b.cn, which FNV-1a mod 2 deals to different threads.
    const urls = ['http://www.a.cn/1', 'http://www.b.cn/1', 'http://www.a.cn/2', 'http://news.b.cn/2', 'http://www.a.cn/1', 'http://www.b.cn/3', 'http://a.cn/3', 'http://www.b.cn/1'];
    const thread = { 'a.cn': Number(fnv1a64('a.cn') % 2n), 'b.cn': Number(fnv1a64('b.cn') % 2n) };
    assert.notEqual(thread['a.cn'], thread['b.cn']);
    const owners = urls.map((u) => thread[u.includes('a.cn') ? 'a.cn' : 'b.cn']);
    const gen = await loadFile(page, tmpFile('two-domains.txt', `${urls.join('\n')}\n`));
    await waitStudy(page, gen);
    const distinct = new Set(urls).size;
    for (const locking of ['global', 'partial']) {
      await page.check(`input[name="fp-replay-locking"][value="${locking}"]`);
      await waitData(page, 'fp-replay', 'locking', locking, 'fp-replay-error');
      const want = replayRule(urls, owners, locking === 'partial');
      assert.equal(await page.getAttribute('#fp-replay', 'data-steps'), String(want.length));
      const lanes = await page.$$eval('.fp-replay-dealt', (xs) => xs.map((x) => x.textContent));
      assert.deepEqual(lanes, [0, 1].map((th) => S.fpReplayDealt(int(owners.filter((o) => o === th).length))));
      const shown = [];
      for (let i = 0; i < want.length; i += 1) {
        await page.click('#fp-replay-next');
        shown.push(
          await page.evaluate(() => ({
            actions: [0, 1].map((th) => document.getElementById(`fp-replay-lane-${th}`).dataset.action),
            holders: document.getElementById('fp-replay-lock').dataset.holders,
            store: Number(document.getElementById('fp-replay-store').dataset.store),
          })),
        );
      }
      assert.deepEqual(shown, want, locking);
      assert.equal(await page.isDisabled('#fp-replay-next'), true, 'the last step');
      assert.equal(shown.at(-1).store, distinct, 'none lost, as one thread');
      const waits = shown.filter((s) => s.actions.includes('wait')).length;
      if (locking === 'global') {
        assert.ok(waits > 0, 'a global lock makes a thread wait');
        assert.ok(shown.every((s) => s.actions.filter((a) => ['check', 'write', 'duplicate'].includes(a)).length <= 1), 'never held together');
      } else {
        assert.equal(waits, 0, 'partial locks on two domains never wait');
      }
      assert.equal(await page.getAttribute('#fp-replay', 'data-waits'), String(waits));
      assert.equal(await page.textContent('#fp-replay-step'), S.fpReplayStep(int(want.length), int(want.length)));
      await page.click('#fp-replay-prev');
      assert.equal(await page.getAttribute('#fp-replay', 'data-step'), String(want.length - 1));
    }
    await page.locator('#fp-replay').screenshot({ path: path.join(ARTIFACTS, 'fp-replay.png') });
    // Chinese: the same step, in Chinese; then back to English.
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang.startsWith('zh') && document.body.dataset.busy === '0');
    const n = Number(await page.getAttribute('#fp-replay', 'data-steps'));
    assert.equal(await page.textContent('#fp-replay-step'), ZH.fpReplayStep(int(n - 1), int(n)));
    assert.equal(await page.textContent('.fp-replay-caption'), ZH.fpReplayCaption);
    assert.equal(await page.textContent('#fp-replay-play'), ZH.fpReplayPlay);
    await page.locator('#fp-replay').screenshot({ path: path.join(ARTIFACTS, 'fp-replay-zh.png') });
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang === 'en' && document.body.dataset.busy === '0');
    assert.equal(await page.textContent('.fp-replay-caption'), S.fpReplayCaption);
    t.diagnostic(`screenshots: ${path.join(ARTIFACTS, 'fp-replay*.png')}`);
  });
  test('P3’s threads measured by the command line: the recorded run, the reader’s own JSON, a wrong file refused', async (t) => {
    const rows = () =>
      page.$$eval('#fp-threads-table tbody tr', (trs) =>
        trs.map((tr) => ({ locking: tr.dataset.locking, threads: Number(tr.dataset.threads), urls_per_second: Number(tr.dataset.perSecond), contended: Number(tr.dataset.contended) })),
      );
    const pick = (runs) => runs.map((r) => ({ locking: r.locking, threads: r.threads, urls_per_second: r.urls_per_second, contended: r.contended }));
    // The recorded run has the fields the command writes today, and every run found one set.
    const cli = cliJson(['paper', 'p3', '--threads', '--n', '3000']);
    assert.deepEqual(RECORDED.threads.map((r) => Object.keys(r).sort()), cli.threads.map((r) => Object.keys(r).sort()));
    assert.ok(RECORDED.threads.every((r) => r.distinct === RECORDED.threads[0].distinct && r.urls === RECORDED.urls));
    await page.locator('#fp-threads-table').scrollIntoViewIfNeeded();
    assert.deepEqual(await rows(), pick(RECORDED.threads));
    assert.equal(await page.textContent('#fp-threads-source'), S.fpThreadsRecorded(RECORDED.command, RECORDED.day, int(RECORDED.cores), RECORDED.cpu, RECORDED.os));
    assert.match(await page.textContent('#fp-threads-note'), /global lock was contended/);
    // P3's several threads on one domain: the run with every thread on every domain is named so.
    const shared = RECORDED.threads.find((r) => r.per_domain > 1);
    assert.ok(shared, 'the recorded run has P3’s shared domains');
    assert.equal(
      await page.textContent(`#fp-threads-table tbody tr[data-per-domain="${shared.per_domain}"] th`),
      S.fpThreadsShared(S.fpThreadsLocking[shared.locking], int(shared.per_domain)),
    );
    // The reader's own run.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uhl-threads-'));
    const mine = path.join(dir, 'my-run.json');
    fs.writeFileSync(mine, JSON.stringify(cli));
    await page.setInputFiles('#fp-threads-file', mine);
    await page.waitForFunction(() => document.getElementById('fp-threads-source').textContent.includes('my-run.json'));
    assert.deepEqual(await rows(), pick(cli.threads));
    assert.equal(await page.isVisible('#fp-threads-recorded'), true);
    // A file that is not the command's JSON: said next to the input, the table kept.
    const bad = path.join(dir, 'p3.json');
    fs.writeFileSync(bad, JSON.stringify(cliJson(['paper', 'p3', '--n', '100'])));
    await page.setInputFiles('#fp-threads-file', bad);
    await page.waitForSelector('#fp-threads-error:not([hidden])');
    assert.equal(await page.textContent('#fp-threads-error'), S.fpThreadsBadFile('p3.json', S.fpThreadsWhy['no-threads']));
    assert.deepEqual(await rows(), pick(cli.threads));
    await page.click('#fp-threads-recorded');
    assert.deepEqual(await rows(), pick(RECORDED.threads));
    assert.equal(await page.isHidden('#fp-threads-error'), true);
    fs.rmSync(dir, { recursive: true, force: true });
    const file = path.join(ARTIFACTS, 'fp-threads.png');
    await page.locator('#fp-threads-table').screenshot({ path: file });
    t.diagnostic(`screenshot: ${file}`);
  });
});
