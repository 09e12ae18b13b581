#!/usr/bin/env node
// Browser benchmark of URL Hash Lab's WebAssembly core, in Debian's Chromium through
// playwright-core. Prints figures, asserts none.
//
//   ./lab build && node benches/browser/run.mjs            # everything (~2-3 min, 1.1 GB in /tmp)
//   node benches/browser/run.mjs --skip-20m                 # without the 20-million-line file
//   node benches/browser/run.mjs --only throughput,paste    # some steps (throughput, file1m,
//                                                           #   big, paste, page)
//   node benches/browser/run.mjs --json /tmp/bench.json     # also write every figure as JSON
//
// A static server on 127.0.0.1 (port 0) serves dist/ at / and benches/browser/ at /bench/
// (bench.html loads ../pkg/urlhashlab.js), plus the generated URL lists at /data/, with the
// cross-origin-isolation headers that performance.measureUserAgentSpecificMemory needs. URL
// lists come from `target/release/urlhash gen` (built when missing) into $URLHASH_BENCH_TMP
// (default /tmp/urlhashlab-bench); the 20-million-line file is deleted after its step.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS as E2E_CHROMIUM_ARGS, TYPES } from '../../tests/e2e/helpers.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
/** The built site (./lab build); URLHASH_BENCH_DIST points elsewhere, e.g. to compare two builds. */
const DIST = path.resolve(process.env.URLHASH_BENCH_DIST || path.join(ROOT, 'dist'));
const CLI = path.join(ROOT, 'target/release/urlhash');
const WORK = process.env.URLHASH_BENCH_TMP || path.join(os.tmpdir(), 'urlhashlab-bench');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  ...E2E_CHROMIUM_ARGS,
  // Lets performance.measureUserAgentSpecificMemory() answer at once instead of at the next GC.
  '--enable-blink-features=ForceEagerMeasureMemory',
];

const P1 = ['elfhash', 'hfip', 'hf'];
const ALL_FNS = [
  'elfhash', 'hfip', 'hf', 'md5',
  'site-printed', 'site-folded', 'site-repaired', 'path-printed', 'path-xor', 'path-repaired',
  'fnv1a64', 'xxh3', 'java-hashcode', 'crc32',
];
/** The page's budget of kept URL bytes (www/worker.js KEEP_BUDGET). */
const PAGE_BUDGET = 256 * 1024 * 1024;
const CHUNK = 4 * 1024 * 1024;
/** The first M (the page's FIRST_M) and the M of the re-bins. */
const M1 = 12;
const REBIN = [200_000, 2_000_000];
const MIB = 1024 * 1024;

// ------------------------------------------------------------------ arguments

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
};
const STEPS = ['throughput', 'file1m', 'big', 'paste', 'page'];
let only = new Set((opt('--only', STEPS.join(',')) || '').split(',').filter(Boolean));
if (argv.includes('--skip-20m')) only.delete('big');
for (const s of only) if (!STEPS.includes(s)) throw new Error(`unknown step '${s}' (steps: ${STEPS.join(', ')})`);
const BIG_N = Number(opt('--big-n', 20_000_000));
const REPS = Number(opt('--reps', 9));
const JSON_OUT = opt('--json', null);
/**
 * Native MB/s: 'criterion' (the estimates of the last `cargo bench --bench hashes` in
 * target/criterion, falling back to timing the CLI), or 'summary' (runs `cargo bench --bench
 * hashes -- NOMATCH` now, ~25 s once built, and reads its summary table: the fastest of 25
 * passes and the median, measured beside this run).
 */
const NATIVE = opt('--native', 'criterion');
const PASTE_N = Number(opt('--paste-n', 100_000));
const PASTE_REPS = Number(opt('--paste-reps', 3));
/**
 * How the text reaches the textarea: 'clipboard' (navigator.clipboard.writeText, then Ctrl+V: a
 * real paste), 'value' (textarea.value = text and an input event) or 'keyboard' (CDP
 * Input.insertText, which Chromium handles line by line, quadratic: ~2.5 s for 1 000 lines).
 */
const PASTE_HOW = opt('--paste-how', 'clipboard');

// ------------------------------------------------------------------ helpers

const say = (s) => process.stderr.write(`${s}\n`);
const fmt = (x, d = 1) => (x == null || Number.isNaN(x) ? 'n/a' : x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const k = s.length >> 1;
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
};

function requireDist() {
  for (const f of ['pkg/urlhashlab.js', 'pkg/urlhashlab_bg.wasm']) {
    if (!fs.existsSync(path.join(DIST, f))) throw new Error(`dist/${f} is missing: run ./lab build first`);
  }
}

function requireCli() {
  if (fs.existsSync(CLI)) return;
  say('building target/release/urlhash');
  const r = spawnSync('cargo', ['build', '--release', '--bin', 'urlhash'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('could not build target/release/urlhash');
}

/** `urlhash gen --n n` into WORK/name (kept between runs, but for the big file). */
async function generate(n, name) {
  fs.mkdirSync(WORK, { recursive: true });
  const file = path.join(WORK, name);
  if (fs.existsSync(file) && fs.existsSync(`${file}.ok`)) return file;
  say(`generating ${n.toLocaleString('en-US')} corpus URLs into ${file}`);
  const t0 = Date.now();
  const out = fs.openSync(file, 'w');
  try {
    await new Promise((resolve, reject) => {
      const p = spawn(CLI, ['gen', '--n', String(n)], { stdio: ['ignore', out, 'inherit'] });
      p.on('error', reject);
      p.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`urlhash gen exited ${code}`))));
    });
  } finally {
    fs.closeSync(out);
  }
  fs.writeFileSync(`${file}.ok`, '');
  say(`  ${(fs.statSync(file).size / 1e6).toFixed(1)} MB in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return file;
}

function removeFile(file) {
  for (const f of [file, `${file}.ok`]) fs.rmSync(f, { force: true });
}

/** Bytes of the URLs of a list, newlines excluded (what criterion's throughput counts). */
function urlBytes(file) {
  const b = fs.readFileSync(file);
  let nl = 0;
  for (let i = 0; i < b.length; i++) if (b[i] === 10) nl++;
  return { bytes: b.length - nl, lines: nl, file_bytes: b.length };
}

// ------------------------------------------------------------------ static server


function serve() {
  const roots = [
    ['/bench/', HERE],
    ['/data/', WORK],
    ['/', DIST],
  ];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204);
      res.end();
      return;
    }
    let pathname = decodeURIComponent(url.pathname);
    if (pathname.endsWith('/')) pathname += 'index.html';
    const [prefix, dir] = roots.find(([p]) => pathname.startsWith(p));
    const file = path.join(dir, pathname.slice(prefix.length));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404);
      res.end('not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream',
      'Content-Length': fs.statSync(file).size,
      'Cache-Control': 'no-store',
      // Cross-origin isolation: precise timers and measureUserAgentSpecificMemory().
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${server.address().port}` }));
  });
}

// ------------------------------------------------------------------ Chromium and its memory

/** Every process below ours (Chromium's browser, renderers, GPU, utility...). */
function descendants(root) {
  const parent = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parent.set(Number(d), ppid);
    } catch {
      // gone
    }
  }
  const out = [];
  const todo = [root];
  while (todo.length) {
    const p = todo.pop();
    for (const [c, pp] of parent) {
      if (pp === p) {
        out.push(c);
        todo.push(c);
      }
    }
  }
  return out;
}

function procMemory(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k) => Number((status.match(new RegExp(`^${k}:\\s+(\\d+)`, 'm')) || [0, 0])[1]) * 1024;
    // Zygote children rewrite their command line into one space-separated string.
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    const type = (cmd.match(/--type=([\w-]+)/) || [null, 'browser'])[1];
    const name = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    return { pid, type, rss: kb('VmRSS'), hwm: kb('VmHWM'), chromium: /chrom/.test(cmd.split(' ')[0]) || /chrom/.test(name) };
  } catch {
    return null;
  }
}

/** Samples the RSS of every Chromium process every 200 ms. */
function rssMonitor() {
  let peakSum = 0;
  let peakOne = { rss: 0 };
  let hwm = { hwm: 0 };
  const hwmByType = {};
  const sample = () => {
    const procs = descendants(process.pid).map(procMemory).filter((p) => p && p.chromium);
    const sum = procs.reduce((a, p) => a + p.rss, 0);
    peakSum = Math.max(peakSum, sum);
    for (const p of procs) {
      if (p.rss > peakOne.rss) peakOne = p;
      if (p.hwm > hwm.hwm) hwm = p;
      hwmByType[p.type] = Math.max(hwmByType[p.type] ?? 0, p.hwm);
    }
  };
  const timer = setInterval(sample, 200);
  return {
    sample,
    stop() {
      clearInterval(timer);
      return {
        peak_sum_rss: peakSum,
        peak_process_rss: peakOne.rss,
        peak_process_type: peakOne.type,
        max_vmhwm: hwm.hwm,
        max_vmhwm_type: hwm.type,
        vmhwm_by_type: hwmByType,
        renderer_vmhwm: hwmByType.renderer ?? 0,
      };
    },
  };
}

async function withPage(base, fn) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') say(`  [page ${m.type()}] ${m.text()}`);
    });
    page.on('pageerror', (e) => say(`  [page error] ${e.message}`));
    return await fn(page, browser);
  } finally {
    await browser.close();
  }
}

async function benchPage(page, base) {
  await page.goto(`${base}/bench/bench.html`);
  await page.evaluate(() => window.bench.ready);
  const isolated = await page.evaluate(() => self.crossOriginIsolated);
  return isolated;
}

// ------------------------------------------------------------------ native figures

/** Native MB/s from criterion's last `cargo bench --bench hashes` run, when present. */
function criterionNative(fns) {
  const base = path.join(ROOT, 'target/criterion');
  if (!fs.existsSync(base)) return null;
  const out = {};
  for (const group of fs.readdirSync(base)) {
    for (const fn of fns) {
      const dir = path.join(base, group, fn, 'new');
      const bj = path.join(dir, 'benchmark.json');
      const ej = path.join(dir, 'estimates.json');
      if (!fs.existsSync(bj) || !fs.existsSync(ej)) continue;
      const b = JSON.parse(fs.readFileSync(bj, 'utf8'));
      const bytes = b.throughput && (b.throughput.BytesDecimal ?? b.throughput.Bytes);
      if (!bytes) continue;
      const e = JSON.parse(fs.readFileSync(ej, 'utf8'));
      const est = (e.slope || e.mean).point_estimate; // ns per iteration, as criterion prints
      out[fn] = {
        mtime: fs.statSync(ej).mtimeMs,
        mbps: bytes / est * 1e3,
        bytes,
        ns: est,
        source: `criterion ${b.full_id} (${path.relative(ROOT, ej)}, ${fs.statSync(ej).mtime.toISOString()})`,
      };
    }
  }
  return Object.keys(out).length ? out : null;
}

/** `cargo bench --bench hashes -- NOMATCH`: benches/hashes.rs's own summary table, parsed. */
function summaryNative(fns) {
  say('native: cargo bench --bench hashes -- NOMATCH (the summary table of benches/hashes.rs)');
  const r = spawnSync('cargo', ['bench', '--bench', 'hashes', '--', 'NOMATCH'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`cargo bench failed:\n${r.stderr.slice(-2000)}`);
  const out = {};
  for (const line of r.stdout.split('\n')) {
    const m = line.match(/^(\S+)\s+(\d+)\s+(\d+)\s+([\d.]+)\s/);
    if (m && fns.includes(m[1])) {
      out[m[1]] = { mbps: Number(m[2]), median_mbps: Number(m[3]), source: 'cargo bench --bench hashes summary (fastest of 25 passes; median beside it)' };
    }
  }
  return Object.keys(out).length ? out : null;
}

/** Fallback: `urlhash slots --fn F --slots 1000 FILE > /dev/null`, best of 3 (I/O and output included). */
function cliNative(fns, file, bytes) {
  const out = {};
  for (const fn of fns) {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const t0 = process.hrtime.bigint();
      const r = spawnSync(CLI, ['slots', '--fn', fn, '--slots', '1000', file], { stdio: ['ignore', 'ignore', 'ignore'] });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (r.status !== 0) throw new Error(`urlhash slots --fn ${fn} failed`);
      best = Math.min(best, ms);
    }
    out[fn] = { mbps: bytes / (best * 1e3), source: `urlhash slots --fn ${fn} --slots 1000 (reading, splitting and printing included)` };
  }
  return out;
}

// ------------------------------------------------------------------ steps

const results = { machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, loadavg_start: os.loadavg() } };

async function stepThroughput(base) {
  const file = await generate(200_000, '200k.txt');
  const { bytes, lines } = urlBytes(file);
  say(`throughput: ${lines.toLocaleString('en-US')} URLs, ${bytes.toLocaleString('en-US')} URL bytes, ${REPS} repetitions`);
  const r = await withPage(base, async (page) => {
    await benchPage(page, base);
    return page.evaluate(
      (args) => window.bench.throughput(args),
      { url: '/data/200k.txt', fns: ALL_FNS, reps: REPS, corpusN: 200_000, corpusReps: 3 },
    );
  });
  if (r.urls !== lines) throw new Error(`the wasm saw ${r.urls} URLs, the file has ${lines}`);
  let native = NATIVE === 'summary' ? summaryNative(ALL_FNS) : criterionNative(ALL_FNS);
  let nativeKind = NATIVE === 'summary' ? 'cargo bench summary' : 'criterion';
  const criterion = NATIVE === 'summary' ? criterionNative(ALL_FNS) : null;
  const b = native && Object.values(native)[0].bytes;
  if (b && b !== bytes) say(`  note: criterion's byte count ${b} differs from this list's ${bytes}`);
  const missing = ALL_FNS.filter((f) => !native || !native[f]);
  if (missing.length) {
    say(`  no criterion estimates for ${missing.join(', ')}: timing the CLI instead`);
    native = { ...(native || {}), ...cliNative(missing, file, bytes) };
    nativeKind = missing.length === ALL_FNS.length ? 'cli' : 'criterion+cli';
  }
  const base_ms = median(r.base);
  const base_best = Math.min(...r.base);
  const rows = ALL_FNS.map((fn) => {
    const ms = median(r.per[fn]) - base_ms;
    const wasm = bytes / (ms * 1e3);
    // The fastest passes, as the native summary reports: other processes only slow a pass down.
    const bestMs = Math.min(...r.per[fn]) - base_best;
    const wasmBest = bytes / (bestMs * 1e3);
    const corpusMs = r.corpus.base.length ? median(r.corpus.per[fn]) - median(r.corpus.base) : null;
    return {
      fn,
      wasm_mbps: wasm,
      hash_ms: ms,
      with_splitting_ms: median(r.per[fn]),
      wasm_mbps_corpus_diff: corpusMs ? bytes / (corpusMs * 1e3) : null,
      wasm_best_mbps: wasmBest,
      native_mbps: native[fn]?.mbps,
      native_median_mbps: native[fn]?.median_mbps,
      native_source: native[fn]?.source,
      criterion_mbps: criterion?.[fn]?.mbps,
      // Like for like: the fastest wasm passes against the fastest native passes when the
      // native figure is a fastest pass (summary), medians against criterion's estimate.
      ratio: native[fn] ? (NATIVE === 'summary' ? wasmBest : wasm) / native[fn].mbps : null,
      ratio_median: native[fn]?.median_mbps ? wasm / native[fn].median_mbps : null,
    };
  });
  const hashRs = fs.statSync(path.join(ROOT, 'src/hash.rs')).mtimeMs;
  const stale = nativeKind.startsWith('criterion') && Object.values(native).some((n) => n.mtime && n.mtime < hashRs);
  results.throughput = { stale_native: stale, urls: lines, url_bytes: bytes, baseline_ms: base_ms, corpus_baseline_ms: r.corpus.base.length ? median(r.corpus.base) : null, native_kind: nativeKind, rows };
}

async function stepFile(base, n, name, { rebin = REBIN, budget = PAGE_BUDGET, memory = false, deleteAfter = false } = {}) {
  const file = await generate(n, name);
  try {
    say(`streaming ${n.toLocaleString('en-US')} URLs (${(fs.statSync(file).size / 1e6).toFixed(0)} MB) from disk through the worker, budget ${budget / MIB} MiB`);
    const mon = rssMonitor();
    const out = await withPage(base, async (page) => {
      const isolated = await benchPage(page, base);
      await page.setInputFiles('#file', file);
      const t0 = Date.now();
      const r = await page.evaluate((args) => window.bench.loadFile(args), { fns: P1, key: 'url', budget, chunkBytes: CHUNK, m: M1, rebin });
      r.wall_ms = Date.now() - t0;
      if (memory) {
        r.after = await page.evaluate(() => window.bench.call('memory'));
        r.uasm = await page.evaluate(() => window.bench.measureMemory(30000));
      }
      r.crossOriginIsolated = isolated;
      mon.sample(); // VmHWM of every process, before the browser closes
      return r;
    });
    out.rss = mon.stop();
    if (!out.sums_ok) throw new Error('a histogram did not have M slots summing to N');
    if (out.report.urls !== n) throw new Error(`the wasm saw ${out.report.urls} URLs, expected ${n}`);
    return out;
  } finally {
    if (deleteAfter) removeFile(file);
  }
}

/** The runs' medians, figure by figure (every run is kept under `runs`). */
function medianRun(runs) {
  const med = (get) => median(runs.map(get));
  const win = (k) => (runs[0][k] ? Object.fromEntries(Object.keys(runs[0][k]).map((f) => [f, med((r) => r[k][f])])) : null);
  return {
    ...runs[0],
    read_ms: med((r) => r.read_ms),
    encode_ms: med((r) => r.encode_ms),
    go_to_hashed_ms: med((r) => r.go_to_hashed_ms),
    paste_to_hashed_ms: med((r) => r.paste_to_hashed_ms),
    worker_total_ms: med((r) => (r.result ? r.result.times.total : 0)),
    paste_window: win('paste_window'),
    hash_window: win('hash_window'),
    runs,
  };
}

async function stepPaste(base) {
  const file = await generate(PASTE_N, `${PASTE_N}.txt`);
  const text = fs.readFileSync(file, 'utf8');
  const out = {};
  // [hashed on, taken from the paste event instead of the textarea, string encoded in the
  //  worker, encoded on the main thread in slices of this many chars (one task each)]
  const SLICE = 256 * 1024;
  const variants = [
    ['none', false, false, 0],
    ['worker', false, false, 0],
    ['main', false, false, 0],
    ['worker', false, true, 0],
    ['worker', false, false, SLICE],
    ['worker', true, false, 0],
    ['worker', true, true, 0],
    ['worker', true, false, SLICE],
  ];
  out.idle = await withPage(base, async (page) => {
    await benchPage(page, base);
    return page.evaluate(() => window.bench.idleGaps(2000));
  });
  for (const [mode, intercept, encodeInWorker, sliceChars] of variants) {
    const name = `${mode}${intercept ? '+intercept' : ''}${encodeInWorker ? '+encode-in-worker' : ''}${sliceChars ? '+sliced' : ''}`;
    say(`paste (${PASTE_HOW}): ${(text.length / 1e6).toFixed(1)} MB of ${PASTE_N.toLocaleString('en-US')} URLs, ${intercept ? 'taken from the paste event' : 'into a <textarea>'}, ${mode === 'none' ? 'not hashed' : `hashed on the ${mode === 'worker' ? 'worker' : 'main thread'}`}, ${PASTE_REPS} times`);
    const runs = [];
    for (let rep = 0; rep < PASTE_REPS; rep++) runs.push(await withPage(base, async (page) => {
      await benchPage(page, base);
      if (PASTE_HOW === 'clipboard') await page.evaluate((t) => navigator.clipboard.writeText(t), text);
      await page.evaluate((a) => window.bench.armPaste(a), { mode, fns: P1, m: M1, budget: PAGE_BUDGET, intercept, encodeInWorker, sliceChars });
      if (PASTE_HOW === 'clipboard') await page.keyboard.press('Control+V');
      else if (PASTE_HOW === 'keyboard') await page.keyboard.insertText(text);
      else await page.evaluate((t) => window.bench.setPaste(t), text);
      const r = await page.evaluate(() => window.bench.pasteResult());
      r.how = PASTE_HOW;
      return r;
    }));
    out[name] = medianRun(runs);
  }
  return out;
}

/** The page itself (www/, being built): a 1M file chosen in #file until its results show. */
async function stepPage(base, file) {
  return withPage(base, async (page) => {
    await page.goto(`${base}/index.html`);
    await page.waitForFunction(() => document.getElementById('results')?.dataset.gen, null, { timeout: 60000 });
    const gen = await page.evaluate(() => document.getElementById('results').dataset.gen);
    await page.evaluate(() => {
      window.__benchT0 = performance.now();
    });
    await page.setInputFiles('#file', file);
    await page.waitForFunction((g) => document.getElementById('results').dataset.gen !== g, gen, { timeout: 60000 });
    return page.evaluate(() => ({
      file_to_results_ms: performance.now() - window.__benchT0,
      analyze_ms: Number(document.getElementById('results').dataset.ms),
      view: document.getElementById('results').dataset.view,
    }));
  });
}

// ------------------------------------------------------------------ report

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ')).join('\n');
}

function verdict(value, target, lower = true) {
  if (value == null || Number.isNaN(value)) return 'n/a';
  return (lower ? value < target : value >= target) ? 'ok' : 'MISSED';
}

function report() {
  const lines = [];
  const figures = [['figure', 'measured', 'target', 'status']];
  const t = results.throughput;
  if (t) {
    lines.push(`\nHashing throughput, ${t.urls.toLocaleString('en-US')} corpus URLs (${(t.url_bytes / 1e6).toFixed(2)} MB of URL bytes), MB/s = 10^6 bytes/s`);
    lines.push(`wasm: (begin(fn) + pushChunk + finish) - (begin('') + pushChunk + finish), ${REPS} interleaved passes; the begin('') pass (splitting, copying) takes ${fmt(t.baseline_ms)} ms; native: ${t.native_kind}`);
    const summary = t.native_kind === 'cargo bench summary';
    const rows = [[
      'function', 'wasm MB/s median', 'wasm fastest', 'hash ms', 'pushCorpus diff (noisy)',
      summary ? 'native fastest' : 'native', summary ? 'native median' : '-', 'criterion mean', 'wasm/native',
      summary ? 'median/median' : '-',
    ]];
    for (const r of t.rows) {
      rows.push([
        r.fn, fmt(r.wasm_mbps, 0), fmt(r.wasm_best_mbps, 0), fmt(r.hash_ms, 2), fmt(r.wasm_mbps_corpus_diff, 0),
        fmt(r.native_mbps, 0), summary ? fmt(r.native_median_mbps, 0) : '-', fmt(summary ? r.criterion_mbps : r.native_mbps, 0),
        fmt(r.ratio, 2), summary ? fmt(r.ratio_median, 2) : '-',
      ]);
      if (['elfhash', 'hfip', 'hf', 'md5'].includes(r.fn)) {
        const w = summary ? r.wasm_best_mbps : r.wasm_mbps;
        figures.push([`wasm/native MB/s, ${r.fn}`, `${fmt(r.ratio, 2)} (${fmt(w, 0)}/${fmt(r.native_mbps, 0)})`, '>= 0.80', verdict(r.ratio, 0.8, false)]);
      }
    }
    lines.push(table(rows));
    lines.push(`native source: ${t.rows[0].native_source}`);
    if (t.stale_native) lines.push('WARNING: these criterion estimates are older than src/hash.rs, so they may measure other code; run with --native summary');
    if (t.native_kind.startsWith('criterion')) lines.push('note: criterion\'s means are erratic on a shared machine; --native summary measures native now, fastest pass against fastest pass');
  }
  for (const [key, label] of [['file1m', '1 million URLs from a file'], ['big', `${BIG_N.toLocaleString('en-US')} URLs from a file`]]) {
    const f = results[key];
    if (!f) continue;
    const tm = f.times;
    lines.push(`\n${label} (${(f.file.size / 1e6).toFixed(0)} MB), worker, ${f.chunks} chunks of 4 MiB, functions ${P1.join(',')}, key url:`);
    lines.push(`  read wait ${fmt(tm.read_wait, 0)} ms, pushChunk ${fmt(tm.push, 0)} ms, finish ${fmt(tm.finish, 1)} ms, load ${fmt(tm.load, 0)} ms`);
    lines.push(`  first histogram at M = ${f.m}: ${P1.map((fn) => `${fn} ${fmt(f.first_histogram_ms[fn], 1)} ms`).join(', ')}; total ${fmt(tm.total, 0)} ms (page-side wall ${fmt(f.wall_ms, 0)} ms)`);
    for (const rb of f.rebins) lines.push(`  re-bin at M = ${rb.m.toLocaleString('en-US')} (median of ${rb.all[P1[0]].length}; fastest): ${P1.map((fn) => `${fn} ${fmt(rb.ms[fn], 1)} (${fmt(Math.min(...rb.all[fn]), 1)}) ms`).join(', ')}`);
    lines.push(`  report: urls ${f.report.urls.toLocaleString('en-US')}, urls_kept ${f.report.urls_kept}, cache ${fmt(f.report.cache_bytes / MIB, 0)} MiB; wasm memory ${fmt(f.wasm_memory_bytes / MIB, 0)} MiB`);
    lines.push(`  Chromium peak RSS (VmHWM) by process type: ${Object.entries(f.rss.vmhwm_by_type).map(([k, v]) => `${k} ${fmt(v / MIB, 0)} MiB`).join(', ')}; peak of the sum over all processes ${fmt(f.rss.peak_sum_rss / MIB, 0)} MiB (shared pages counted in each)`);
    if (f.uasm) {
      lines.push(`  measureUserAgentSpecificMemory: ${f.uasm.bytes != null ? `${fmt(f.uasm.bytes / MIB, 0)} MiB ${JSON.stringify(Object.fromEntries(Object.entries(f.uasm.breakdown).map(([k, v]) => [k, `${(v / MIB).toFixed(1)} MiB`])))}` : JSON.stringify(f.uasm)}`);
    }
    const rebinMax = Math.max(...f.rebins.flatMap((rb) => Object.values(rb.ms)));
    const rebinAt = (m) => Math.max(...Object.values(f.rebins.find((rb) => rb.m === m).ms));
    if (key === 'file1m') {
      figures.push(['1M: read + hash + first histograms (3 fns)', `${fmt(tm.total, 0)} ms`, '< 1000 ms', verdict(tm.total, 1000)]);
      figures.push(['1M: re-bin, slowest fn and M', `${fmt(rebinMax, 1)} ms`, '< 100 ms', verdict(rebinMax, 100)]);
    } else {
      figures.push([`${BIG_N / 1e6}M: streamed from disk, total`, `${fmt(tm.total / 1000, 2)} s`, '< 15 s', verdict(tm.total, 15000)]);
      for (const rb of f.rebins) figures.push([`${BIG_N / 1e6}M: re-bin at M = ${rb.m.toLocaleString('en-US')}, slowest fn`, `${fmt(rebinAt(rb.m), 1)} ms`, '< 100 ms', verdict(rebinAt(rb.m), 100)]);
      figures.push([`${BIG_N / 1e6}M: wasm memory`, `${fmt(f.wasm_memory_bytes / MIB, 0)} MiB`, '< 1536 MiB', verdict(f.wasm_memory_bytes, 1536 * MIB)]);
      figures.push([`${BIG_N / 1e6}M: renderer (page + worker) peak RSS`, `${fmt(f.rss.renderer_vmhwm / MIB, 0)} MiB`, '< 1536 MiB', verdict(f.rss.renderer_vmhwm, 1536 * MIB)]);
      figures.push([`${BIG_N / 1e6}M: largest Chromium process peak RSS (${f.rss.max_vmhwm_type})`, `${fmt(f.rss.max_vmhwm / MIB, 0)} MiB`, '< 1536 MiB', verdict(f.rss.max_vmhwm, 1536 * MIB)]);
      // Chromium's own API leaves the wasm memory out (it lives outside the V8 heap): information only.
      if (f.uasm?.bytes != null) figures.push([`${BIG_N / 1e6}M: measureUserAgentSpecificMemory (no wasm memory)`, `${fmt(f.uasm.bytes / MIB, 1)} MiB`, '-', 'info']);
    }
  }
  const p = results.paste;
  if (p) {
    lines.push(`\nPaste ${PASTE_N.toLocaleString('en-US')} URLs (${PASTE_HOW}), then hash (elfhash, hfip, hf) and bin at M = ${M1}; medians of ${PASTE_REPS} runs; main-thread gaps are the longest interval without a requestAnimationFrame callback (heartbeat: a 5 ms setInterval):`);
    const rows = [['variant', 'textarea takes the paste', 'longest gap then', 'read+hash+bin', 'read text', 'encode (main)', 'in the worker/Lab', 'longest frame gap', 'heartbeat gap', 'long tasks']];
    for (const [name, r] of Object.entries(p)) {
      if (name === 'idle') continue;
      rows.push([
        r.mode === 'none'
          ? 'textarea, nothing hashed (500 ms idle)'
          : `${r.intercept ? 'paste event, no textarea' : 'textarea .value'}, ${r.encode_in_worker ? 'string to worker' : r.slice_chars ? `encoded in ${r.slice_chars / 1024}K-char slices` : 'encoded on main'}, hashed on ${r.mode === 'worker' ? 'worker' : 'main thread'}`,
        r.paste_window ? `${fmt(r.paste_window.ms, 0)} ms` : '-',
        r.paste_window ? `${fmt(r.paste_window.frame_gap_ms, 0)} ms` : '-',
        `${fmt(r.go_to_hashed_ms, 0)} ms`,
        `${fmt(r.read_ms, 0)} ms`,
        `${fmt(r.encode_ms, 0)} ms`,
        r.mode === 'none' ? '-' : `${fmt(r.worker_total_ms, 0)} ms`,
        `${fmt(r.hash_window.frame_gap_ms, 0)} ms`,
        `${fmt(r.hash_window.heartbeat_gap_ms, 0)} ms`,
        `${fmt(r.hash_window.long_tasks, 0)} (longest ${fmt(r.hash_window.longest_task_ms, 0)} ms)`,
      ]);
    }
    lines.push(table(rows));
    lines.push(`idle page, 2 s: longest frame gap ${fmt(p.idle.frame_gap_ms, 0)} ms, heartbeat gap ${fmt(p.idle.heartbeat_gap_ms, 0)} ms (the monitor's noise floor)`);
    const w = p.worker;
    if (w) {
      figures.push([`paste ${PASTE_N / 1000}k, worker: longest main-thread gap while hashing`, `${fmt(w.hash_window.frame_gap_ms, 0)} ms`, '< 50 ms', verdict(w.hash_window.frame_gap_ms, 50)]);
      figures.push([`paste ${PASTE_N / 1000}k, worker: read + hash + bin`, `${fmt(w.go_to_hashed_ms, 0)} ms`, '< 1000 ms', verdict(w.go_to_hashed_ms, 1000)]);
      figures.push([`paste ${PASTE_N / 1000}k: the textarea taking the paste (browser)`, `${fmt(w.paste_window.frame_gap_ms, 0)} ms gap`, '< 50 ms', verdict(w.paste_window.frame_gap_ms, 50)]);
    }
    const idle = p.none;
    if (idle) figures.push([`paste ${PASTE_N / 1000}k: the textarea holding it, nothing hashed (reference)`, `${fmt(idle.hash_window.frame_gap_ms, 0)} ms gap`, '-', 'info']);
    for (const [name, label] of [['worker+sliced', 'textarea, sliced encoding'], ['worker+intercept+sliced', 'paste event, sliced encoding']]) {
      const i = p[name];
      if (i) figures.push([`paste ${PASTE_N / 1000}k, ${label}: longest gap while hashing`, `${fmt(i.hash_window.frame_gap_ms, 0)} ms`, '< 50 ms', verdict(i.hash_window.frame_gap_ms, 50)]);
    }
  }
  if (results.page) {
    const g = results.page;
    lines.push(`\nThe page (dist/index.html), 1M file chosen → results shown: ${g.error ? `n/a (${g.error})` : `${fmt(g.file_to_results_ms, 0)} ms (its analyze step ${fmt(g.analyze_ms, 0)} ms, view ${g.view})`}`);
    if (!g.error) figures.push(['page: 1M file → first chart', `${fmt(g.file_to_results_ms, 0)} ms`, '< 1000 ms', verdict(g.file_to_results_ms, 1000)]);
  }
  lines.push(`\nmachine: ${results.machine.cpus} × ${results.machine.cpu}; load average at start ${results.machine.loadavg_start.map((x) => x.toFixed(2)).join(' ')}, at end ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}; Chromium ${results.chromium}`);
  lines.push('\nSummary');
  lines.push(table(figures));
  return lines.join('\n');
}

// ------------------------------------------------------------------ main

async function main() {
  requireDist();
  requireCli();
  const { server, base } = await serve();
  let bigFile = null;
  const cleanup = () => {
    if (bigFile) removeFile(bigFile);
  };
  process.on('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  try {
    results.chromium = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout.trim();
    if (only.has('throughput')) await stepThroughput(base);
    if (only.has('file1m')) results.file1m = await stepFile(base, 1_000_000, '1m.txt');
    if (only.has('paste')) results.paste = await stepPaste(base);
    if (only.has('page')) {
      try {
        say('the page: a 1M file chosen in #file');
        results.page = await stepPage(base, await generate(1_000_000, '1m.txt'));
      } catch (e) {
        results.page = { error: e.message.split('\n')[0] };
      }
    }
    if (only.has('big')) {
      bigFile = path.join(WORK, `${BIG_N}.txt`);
      results.big = await stepFile(base, BIG_N, `${BIG_N}.txt`, { memory: true, deleteAfter: true });
    }
  } finally {
    cleanup();
    server.close();
  }
  const text = report();
  process.stdout.write(`${text}\n`);
  if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify(results, null, 2));
}

main().catch((e) => {
  say(`run.mjs: ${e.stack || e}`);
  process.exit(1);
});
