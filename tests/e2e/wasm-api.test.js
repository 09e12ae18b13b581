// The page's WebAssembly API (dist/pkg, as the worker uses it) run in Node: the sliced jobs
// equal the one-shot calls, and a corpus input (whose lines are generated again rather than
// kept) gives what the same URLs give as a file.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
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
  assert.equal(corpusLab.p1Report(), fileLab.p1Report());
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
  assert.throws(() => gap.p1Report(), /too large to keep/);
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
