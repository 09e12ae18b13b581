// The page's WebAssembly API (dist/pkg, as the worker uses it) run in Node: the sliced jobs
// equal the one-shot calls, and a corpus input (whose lines are generated again rather than
// kept) gives what the same URLs give as a file.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import { requireDist, requireCli, bootConstants, DIST, CLI, ROOT } from './helpers.js';

let Lab;
const N = 5000;
let corpusLab;
let fileLab;

/** Study `kind` (src/engine/study.rs) begun with `params`, run in slices of `budget` units and finished. */
function study(lab, kind, params, budget = 2 ** 32 - 1) {
  const id = lab.jobBegin(kind, params);
  finishAll(() => lab.jobRun(id, budget));
  return lab.jobFinish(id);
}

function finishAll(run) {
  let share = 0;
  for (let i = 0; share < 1; i++) {
    share = run();
    assert.ok(i < 100_000, 'the job ends');
  }
}

before(async () => {
  requireDist();
  requireCli();
  const pkg = await import(path.join(DIST, 'pkg/urlhashlab.js'));
  await pkg.default({ module_or_path: fs.readFileSync(path.join(DIST, 'pkg/urlhashlab_bg.wasm')) });
  Lab = pkg.Lab;
  // As the worker does before a partition: the Public Suffix List the build wrote to dist/data/.
  const rules = Lab.setSuffixRules(fs.readFileSync(path.join(DIST, 'data/public-suffix-list.txt'), 'utf8'));
  assert.ok(rules > 5000, `${rules} suffix rules installed`);
  // The corpus in two contiguous pieces, with a budget of 0: nothing kept, all regenerable.
  corpusLab = new Lab(0);
  corpusLab.begin('hf', 'url');
  corpusLab.pushCorpus(0, 2000, 2004);
  corpusLab.pushCorpus(2000, N - 2000, 2004);
  corpusLab.finish();
  const text = spawnSync(CLI, ['gen', '--n', String(N)], { encoding: 'utf8' }).stdout;
  fileLab = new Lab(1e9);
  fileLab.begin('hf', 'url');
  fileLab.pushChunk(new TextEncoder().encode(text));
  fileLab.finish();
});

test('a corpus input needs no kept lines to compute other functions, keys and P1', () => {
  assert.equal(corpusLab.report().urls_kept, true);
  for (const [fn, key, m] of [
    ['md5', 'url', 1009],
    ['hfip', 'host', 12],
    ['site-folded', 'host', 2097152],
    ['path-repaired', 'path', 32768],
  ]) {
    assert.deepEqual(corpusLab.histogram(fn, key, m), fileLab.histogram(fn, key, m), `${fn} over ${key}`);
  }
  // The same report; only the Labs' budgets for keeping lines differ.
  const withoutBudget = (r) => ({ ...r, prefix: { ...r.prefix, keep_budget: null } });
  assert.deepEqual(withoutBudget(study(corpusLab, 'p1', {})), withoutBudget(study(fileLab, 'p1', {})));
  assert.deepEqual(corpusLab.lines(N - 10, 20), fileLab.lines(N - 10, 20));
});

test('sliced jobs equal the one-shot calls, and jobs run beside each other', () => {
  assert.deepEqual(study(corpusLab, 'p1', {}, 333), study(corpusLab, 'p1', {}));
  for (const fig of [1, 2, 3]) {
    assert.deepEqual(study(corpusLab, 'sweep', { fig, step: 125 }, 777), study(corpusLab, 'sweep', { fig, step: 125 }), `Fig. ${fig}`);
  }
  // Two jobs begun together, run in turns, give what each gives alone; a dropped one is gone.
  const a = corpusLab.jobBegin('fp', { maxLines: 3000 });
  const b = corpusLab.jobBegin('partition', { nodes: 7 });
  const dropped = corpusLab.jobBegin('sweep', { fig: 1, step: 500 });
  corpusLab.jobDrop(dropped);
  assert.throws(() => corpusLab.jobRun(dropped, 10), /no such job is running/);
  let shares = [0, 0];
  while (shares[0] < 1 || shares[1] < 1) shares = [corpusLab.jobRun(a, 500), corpusLab.jobRun(b, 700)];
  assert.deepEqual(corpusLab.jobFinish(a), study(corpusLab, 'fp', { maxLines: 3000 }));
  assert.deepEqual(corpusLab.jobFinish(b), study(corpusLab, 'partition', { nodes: 7 }));
  // A report is plain objects (not Maps).
  const p1 = study(corpusLab, 'p1', {});
  assert.equal(Object.getPrototypeOf(p1), Object.prototype);
  assert.throws(() => corpusLab.jobBegin('p1', { nodes: 7 }), /"code":"bad-params"/);
  assert.equal(corpusLab.hasCache('crc32', 'path'), false);
  corpusLab.cacheBegin('crc32', 'path');
  finishAll(() => corpusLab.cacheRun(100));
  corpusLab.cacheFinish();
  assert.equal(corpusLab.hasCache('crc32', 'path'), true);
  assert.deepEqual(corpusLab.histogram('crc32', 'path', 97), fileLab.histogram('crc32', 'path', 97));
});

test('a corpus input with a gap, or after file bytes, keeps no lines and says so', () => {
  const gap = new Lab(0);
  gap.begin('hf', 'url');
  gap.pushCorpus(0, 10, 2004);
  gap.pushCorpus(20, 10, 2004);
  assert.equal(gap.finish().urls_kept, false);
  assert.throws(() => study(gap, 'p1', {}), /could be kept/);
  const mixed = new Lab(0);
  mixed.begin('hf', 'url');
  mixed.pushChunk(new TextEncoder().encode('http://x.cn/a'));
  mixed.pushCorpus(0, 10, 2004);
  assert.equal(mixed.finish().urls_kept, false);
  assert.equal(mixed.len(), 11);
});

test('view() is the measures and bucket sizes of one histogram, with N/M', () => {
  const v = corpusLab.view('hf', 'url', 100, true);
  const counts = corpusLab.histogram('hf', 'url', 100);
  assert.equal(v.measures.n, N);
  assert.equal(v.measures.max_load, Math.max(...counts));
  assert.equal(v.measures.empty_slots, counts.filter((c) => c === 0).length);
  assert.equal(v.buckets.reduce((sum, row) => sum + row.slots, 0), 100);
  assert.equal(v.ideal_load, N / 100);
  assert.equal(corpusLab.view('hf', 'url', 100, false).buckets, null);
  assert.throws(() => corpusLab.view('hf', 'url', 2 ** 28, false), /more slots than the browser can count/);
});

test("every input of WPT's urltestdata.json through the API: JsErrors at most, never a trap; counts as the CLI's", (t) => {
  const wpt = path.join(path.dirname(DIST), '../shared/data/wpt_urltestdata.json');
  if (!fs.existsSync(wpt)) {
    t.skip(`${wpt} is absent (../shared/data is not part of the project)`);
    return;
  }
  const inputs = JSON.parse(fs.readFileSync(wpt, 'utf8'))
    .filter((x) => typeof x === 'object' && typeof x.input === 'string')
    .map((x) => x.input);
  const all = 'elfhash,hfip,hf,md5,site-printed,site-folded,site-java,site-repaired,path-printed,path-xor,path-repaired,fnv1a64,xxh3,java-hashcode,crc32';
  const enc = new TextEncoder();
  // Each input alone, every function over every key, in a Lab of its own.
  let errors = 0;
  for (const input of inputs) {
    for (const key of ['url', 'host', 'path']) {
      const lab = new Lab(1e6);
      try {
        lab.begin(all, key);
        lab.pushChunk(enc.encode(input));
        lab.finish();
        for (const fn of all.split(',')) lab.view(fn, key, 97, true);
      } catch (e) {
        assert.ok(!(e instanceof WebAssembly.RuntimeError), `a trap on ${JSON.stringify(input)} (${key}): ${e}`);
        errors += 1;
      } finally {
        lab.free();
      }
    }
  }
  assert.equal(errors, 0, 'an input the lab cannot split is counted, not an error');
  // All of them as one file, fed 7 bytes at a time: the same counts as `urlhash dist`.
  const bytes = enc.encode(inputs.join('\n') + '\n');
  const lab = new Lab(1e9);
  lab.begin('hf', 'host');
  for (let i = 0; i < bytes.length; i += 7) lab.pushChunk(bytes.subarray(i, i + 7));
  const report = lab.finish();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uhl-wpt-'));
  const file = path.join(dir, 'inputs.txt');
  fs.writeFileSync(file, bytes);
  const r = spawnSync(CLI, ['dist', '--fn', 'hf', '--slots', '97', '--key', 'host', '--json', file], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  assert.equal(r.status, 0, r.stderr);
  const cli = JSON.parse(r.stdout);
  for (const k of ['lines', 'urls', 'blank', 'crlf', 'bom']) assert.equal(report[k], cli.input[k], k);
  assert.deepEqual(report.unsplittable_host.count, cli.input.unsplittable.count);
  assert.deepEqual(report.unsplittable_host.first_lines, cli.input.unsplittable.first_lines);
  const { measures } = lab.view('hf', 'host', 97, false);
  for (const k of ['n', 'a', 'b', 'max_load', 'empty_slots', 'chi2']) assert.equal(measures[k], cli.functions[0][k], k);
  // Every view that reads lines runs on them.
  const part = study(lab, 'partition', { nodes: 7 });
  assert.equal(part.simulation.links + part.simulation.unsplittable, report.urls);
  assert.equal(study(lab, 'trie', { maxLines: 1e6, step: 0 }).lines, report.urls);
  assert.equal(study(lab, 'fp', { maxLines: 1e6 }).prefix.lines, report.urls);
  assert.ok(study(lab, 'bloom', { k: 8, methods: ['double', 'md5-slices'], ratios: [16, 16] }).input.distinct > 500);
  t.diagnostic(`${inputs.length} WPT inputs; ${report.unsplittable_host.count} have no host`);
  lab.free();
});

test('the numbers the page needs before its worker compiles are the core’s', async () => {
  const core = JSON.parse(fs.readFileSync(path.join(ROOT, 'www/constants.json'), 'utf8'));
  const boot = bootConstants();
  assert.deepEqual(JSON.parse(JSON.stringify(boot)), core, 'the build wrote www/constants.json (the core’s, see src/engine/constants.rs) into early-worker.js');
  assert.doesNotMatch(fs.readFileSync(path.join(ROOT, 'www/early-worker.js'), 'utf8'), /\d{3}/, 'early-worker.js copies no number');
  // And the page's presets are the core's own numbers, within its own limits.
  assert.deepEqual(core.p1.fig2Slots, [8, 10, 12, 40]);
  assert.deepEqual(core.p5.cbfPresets.p5, { bits: 4, ratio: 20, k: 8, fraction: 0.5 });
  assert.ok(core.slotmap.presets.includes(core.slotmap.first));
});
