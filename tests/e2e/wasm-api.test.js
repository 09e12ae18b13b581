// The page's WebAssembly API (dist/pkg, as the worker uses it) run in Node: the sliced jobs
// equal the one-shot calls, and a corpus input (whose lines are generated again rather than
// kept) gives what the same URLs give as a file.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import { requireDist, requireCli, DIST, CLI } from './helpers.js';

let Lab;
const N = 5000;
let corpusLab;
let fileLab;

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
  assert.equal(JSON.parse(corpusLab.report()).urls_kept, true);
  for (const [fn, key, m] of [
    ['md5', 'url', 1009],
    ['hfip', 'host', 12],
    ['site-folded', 'host', 2097152],
    ['path-repaired', 'path', 32768],
  ]) {
    assert.deepEqual(corpusLab.histogram(fn, key, m), fileLab.histogram(fn, key, m), `${fn} over ${key}`);
  }
  // The same report; only the Labs' budgets for keeping lines differ.
  const withoutBudget = (json) => ({ ...JSON.parse(json), prefix: { ...JSON.parse(json).prefix, keep_budget: null } });
  assert.deepEqual(withoutBudget(corpusLab.p1Report()), withoutBudget(fileLab.p1Report()));
  assert.equal(corpusLab.lines(N - 10, 20), fileLab.lines(N - 10, 20));
});

test('sliced jobs equal the one-shot calls', () => {
  corpusLab.p1Begin();
  finishAll(() => corpusLab.jobRun(333));
  assert.equal(corpusLab.jobFinish(), corpusLab.p1Report());
  for (const fig of [1, 2, 3]) {
    corpusLab.sweepBegin(fig, 125);
    finishAll(() => corpusLab.jobRun(777));
    assert.equal(corpusLab.jobFinish(), corpusLab.sweep(fig, 125), `Fig. ${fig}`);
  }
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
  assert.equal(JSON.parse(gap.finish()).urls_kept, false);
  assert.throws(() => gap.p1Report(), /could be kept/);
  const mixed = new Lab(0);
  mixed.begin('hf', 'url');
  mixed.pushChunk(new TextEncoder().encode('http://x.cn/a'));
  mixed.pushCorpus(0, 10, 2004);
  assert.equal(JSON.parse(mixed.finish()).urls_kept, false);
  assert.equal(mixed.len(), 11);
});

test('view() is the measures and bucket sizes of one histogram, with N/M', () => {
  const v = JSON.parse(corpusLab.view('hf', 'url', 100, true));
  assert.deepEqual(v.measures, JSON.parse(corpusLab.measures('hf', 'url', 100)));
  assert.deepEqual(v.buckets, JSON.parse(corpusLab.bucketSizes('hf', 'url', 100)));
  assert.equal(v.ideal_load, N / 100);
  assert.equal(JSON.parse(corpusLab.view('hf', 'url', 100, false)).buckets, null);
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
  const all = 'elfhash,hfip,hf,md5,site-printed,site-folded,site-repaired,path-printed,path-xor,path-repaired,fnv1a64,xxh3,java-hashcode,crc32';
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
  const report = JSON.parse(lab.finish());
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
  const measures = JSON.parse(lab.measures('hf', 'host', 97));
  for (const k of ['n', 'a', 'b', 'max_load', 'empty_slots', 'chi2']) assert.equal(measures[k], cli.functions[0][k], k);
  // Every view that reads lines runs on them.
  lab.partitionBegin(7);
  const part = JSON.parse(lab.jobFinish());
  assert.equal(part.simulation.links + part.simulation.unsplittable, report.urls);
  lab.trieBegin(1e6, 0);
  assert.equal(JSON.parse(lab.trieFinish()).lines, report.urls);
  lab.fpBegin(1e6);
  assert.equal(JSON.parse(lab.fpFinish()).lines, report.urls);
  lab.bloomBegin(8, 'double,md5-slices', Float64Array.from([16, 16]));
  assert.ok(JSON.parse(lab.bloomFinish()).input.distinct > 500);
  t.diagnostic(`${inputs.length} WPT inputs; ${report.unsplittable_host.count} have no host`);
  lab.free();
});
