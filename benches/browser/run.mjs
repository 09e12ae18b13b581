#!/usr/bin/env node
// Browser benchmark of URL Hash Lab's WebAssembly core, in Debian's Chromium through
// playwright-core, beside the native code and the `urlhash` CLI. Prints figures, asserts none.
//
//   node benches/browser/run.mjs                            # everything (6-12 min, 1.1 GB in /tmp),
//                                                           #   ending with one summary table
//   node benches/browser/run.mjs --skip-20m                 # without the 20-million-line file
//   node benches/browser/run.mjs --only throughput,paste    # some steps (throughput, file1m,
//                                                           #   big, paste, page, cli)
//   node benches/browser/run.mjs --json /tmp/bench.json     # also write every figure as JSON
//
// A static server on 127.0.0.1 (port 0) serves dist/ at / and benches/browser/ at /bench/
// (bench.html loads ../pkg/urlhashlab.js), plus the generated URL lists at /data/, with the
// cross-origin-isolation headers that performance.measureUserAgentSpecificMemory needs. URL
// lists come from `target/release/urlhash gen` (built when missing) into $URLHASH_BENCH_TMP
// (default /tmp/urlhashlab-bench); the 20-million-line file is deleted once its steps are done
// (also on an error, Ctrl-C or SIGTERM).
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
  'site-printed', 'site-folded', 'site-java', 'site-repaired', 'path-printed', 'path-xor', 'path-repaired',
  'fnv1a64', 'xxh3', 'java-hashcode', 'crc32',
];
/** The functions with a target: wasm at >= 0.8 of native MB/s. */
const TARGET_FNS = ['elfhash', 'hfip', 'hf', 'md5'];
/** P2's three path hashes share their loop, and its cost in wasm. */
const PATH_LOSS = [
  'V8: ~22 instructions per char with stack-slot reloads; native: 17, in registers',
  'per char the loop shifts s, tests i % 3 (a multiply by the inverse of 3) and conditionally '
    + 'updates r and s. The native loop is about 17 instructions per char, all in registers; V8\'s '
    + 'code for the wasm (unrolled by 2 by LLVM) is about 22 per char, reloads part of the loop '
    + 'state from stack slots and checks the stack on every iteration. The ASCII pre-check reads '
    + '4-byte words in wasm32 (usize) against 8 natively.',
];
/**
 * Why wasm is slower than native where it is: [a note for the summary, the account printed
 * under it]. Found by reading the native code (`llvm-objdump -d` of the bench binary) beside
 * V8's optimised code of the same wasm (`node --print-wasm-code`, Node 20's V8 11.3: the
 * Chromium build prints no disassembly), and the crates' sources.
 */
const WASM_LOSSES = {
  xxh3: [
    '2-8 64x64→128-bit multiplies per URL: __multi3 calls in wasm32',
    'URLs of 17 to 128 bytes (all 200 000 measured here) take XXH3\'s scalar 17-128-byte path, whose mix16B is a '
      + '64x64→128-bit multiply folded to 64 bits (`u128` in xxhash-rust): 2 to 8 per URL. x86-64 does '
      + 'each in one `mul`; wasm32 has no such instruction, so each is a call to compiler-builtins\' '
      + '`__multi3` (four 32x32 partial products and the carries; HashId::raw\'s wasm holds 9 such '
      + 'calls). SIMD is not the cause: xxhash-rust uses SSE2 (or simd128) only above 240 bytes, so a '
      + 'simd128 build would not help URLs; computing the high half from 64-bit products in wasm would.',
  ],
  crc32: [
    'same slice-by-16 tables; V8: shift + add + load + xor per lookup, spills',
    'both sides run crc32fast\'s slice-by-16 tables, not PCLMULQDQ: without its `std` feature '
      + 'crc32fast picks the carry-less multiply only when the target enables it at compile time, '
      + 'and x86-64\'s baseline does not (the bench binary runs crc32fast::baseline::update_fast_16). '
      + 'Natively each of the 16 lookups per 16 bytes is a `movzx` and an `xor reg, [table + i*4 + k]`; '
      + 'in V8\'s code it is a byte load, a shift by 2, a load from [memory + i + table] and an xor, '
      + 'and the 16 partial results outgrow V8\'s registers, so some go through the stack.',
  ],
  fnv1a64: [
    'an extra 32-bit address add per byte and a stack check per 8 bytes',
    'the same 8-byte-unrolled xor-multiply loop on both sides (one 64-bit `imul` per byte), but in '
      + 'wasm32 each byte\'s address (i + k) is a 32-bit add that must wrap at 2^32, so V8 computes it '
      + 'with a separate `lea` before each load where x86 folds the offset into the load, and V8 '
      + 'checks the stack on every iteration: about 4.5 instructions per byte against 3.4.',
  ],
  'java-hashcode': [
    'h*31 stays an imul (3-cycle latency); native: (h<<5)-h',
    '`h = 31*h + c` is a serial chain: LLVM\'s x86 backend turns the multiply into (h << 5) - h, '
      + 'the wasm keeps `i32.mul 31` and V8 emits `imul` (3 cycles), so the chain takes 4 cycles per '
      + 'char instead of 3. The ASCII pre-check also reads 4-byte words in wasm32 (usize) against 8.',
  ],
  'path-printed': PATH_LOSS,
  'path-xor': PATH_LOSS,
  'path-repaired': PATH_LOSS,
};
/** The note when a function without a known wasm cost reads below 0.8. */
const NO_CAUSE = 'no wasm-specific cost found in the code: noise? see the medians';

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
const STEPS = ['throughput', 'file1m', 'big', 'paste', 'page', 'cli'];
let only = new Set((opt('--only', STEPS.join(',')) || '').split(',').filter(Boolean));
/** Without the 20-million-line file: no `big` step, no 20M page run, no CLI run from the file. */
const SKIP_20M = argv.includes('--skip-20m');
if (SKIP_20M) only.delete('big');
for (const s of only) if (!STEPS.includes(s)) throw new Error(`unknown step '${s}' (steps: ${STEPS.join(', ')})`);
const BIG_N = Number(opt('--big-n', 20_000_000));
/** URLs of the built-in corpus for the CLI runs (`--n`); 20 M is P1's N and the CLI's default. */
const CLI_N = Number(opt('--cli-n', 20_000_000));
/** How long to wait for the page's views that follow the results (figures, partition, dedup). */
const SETTLE_S = Number(opt('--settle', 600));
const REPS = Number(opt('--reps', 9));
const JSON_OUT = opt('--json', null);
/**
 * Native MB/s: 'summary' (the default: runs `cargo bench --bench hashes -- NOMATCH` now, ~25 s
 * once built, and reads its summary table: the fastest of 25 passes and the median, measured
 * beside this run), or 'criterion' (the estimates of the last `cargo bench --bench hashes` in
 * target/criterion, falling back to timing the CLI).
 */
const NATIVE = opt('--native', 'summary');
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
  const snapshot = () => ({
    peak_sum_rss: peakSum,
    peak_process_rss: peakOne.rss,
    peak_process_type: peakOne.type,
    max_vmhwm: hwm.hwm,
    max_vmhwm_type: hwm.type,
    vmhwm_by_type: { ...hwmByType },
    renderer_vmhwm: hwmByType.renderer ?? 0,
  });
  return {
    sample,
    /** The figures so far. */
    peek: snapshot,
    stop() {
      clearInterval(timer);
      return snapshot();
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
    // A difference of zero or less is noise (another process slowed the baseline's passes):
    // no figure then.
    const rate = (diffMs) => (diffMs > 0 ? bytes / (diffMs * 1e3) : null);
    const ms = median(r.per[fn]) - base_ms;
    const wasm = rate(ms);
    // The fastest passes, as the native summary reports: other processes only slow a pass down.
    const bestMs = Math.min(...r.per[fn]) - base_best;
    const wasmBest = rate(bestMs);
    const corpusMs = r.corpus.base.length ? median(r.corpus.per[fn]) - median(r.corpus.base) : null;
    return {
      fn,
      wasm_mbps: wasm,
      hash_ms: ms,
      with_splitting_ms: median(r.per[fn]),
      wasm_mbps_corpus_diff: corpusMs != null ? rate(corpusMs) : null,
      wasm_best_mbps: wasmBest,
      native_mbps: native[fn]?.mbps,
      native_median_mbps: native[fn]?.median_mbps,
      native_source: native[fn]?.source,
      criterion_mbps: criterion?.[fn]?.mbps,
      // Like for like: the fastest wasm passes against the fastest native passes when the
      // native figure is a fastest pass (summary), medians against criterion's estimate.
      ratio: native[fn] && (NATIVE === 'summary' ? wasmBest : wasm) != null ? (NATIVE === 'summary' ? wasmBest : wasm) / native[fn].mbps : null,
      ratio_median: native[fn]?.median_mbps && wasm != null ? wasm / native[fn].median_mbps : null,
    };
  });
  const hashRs = fs.statSync(path.join(ROOT, 'src/foundation/hash/mod.rs')).mtimeMs;
  const stale = nativeKind.startsWith('criterion') && Object.values(native).some((n) => n.mtime && n.mtime < hashRs);
  results.throughput = { stale_native: stale, urls: lines, url_bytes: bytes, baseline_ms: base_ms, corpus_baseline_ms: r.corpus.base.length ? median(r.corpus.base) : null, native_kind: nativeKind, rows };
}

async function stepFile(base, n, name, { rebin = REBIN, budget = PAGE_BUDGET, memory = false } = {}) {
  const file = await generate(n, name);
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

/** The page's views that follow its results, each marked with `data-gen` once drawn. */
const PAGE_VIEWS = ['fig1', 'fig2', 'fig3', 'why', 'partition', 'trie', 'bloom', 'cbf', 'fp'];
/** A small list for the last load of a page run (data/corpus-sample-1000.txt, in the repo). */
const SMALL_FILE = path.join(ROOT, 'data/corpus-sample-1000.txt');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The page's results generation, each view's, the errors shown, the worker restarts. */
function pageState(page) {
  return page.evaluate((views) => {
    const $ = (id) => document.getElementById(id);
    const shown = (root) => [...root.querySelectorAll('.error')].filter((e) => !e.hidden && e.textContent.trim());
    return {
      gen: $('results')?.dataset.gen ?? '',
      memory: $('report')?.dataset.memory ?? '',
      views: Object.fromEntries(views.map((v) => [v, $(v) ? $(v).dataset.gen ?? '' : null])),
      failed: Object.fromEntries(views.filter((v) => $(v) && shown($(v)).length).map((v) => [v, shown($(v))[0].textContent.trim().slice(0, 160)])),
      errors: shown(document).map((e) => `${e.id}: ${e.textContent.trim().slice(0, 160)}`),
      restarts: Number(document.body.dataset.restarts || 0),
      banner: $('banner') && !$('banner').hidden ? $('banner-text').textContent : '',
    };
  }, PAGE_VIEWS);
}

/**
 * Waits until every view of the page shows generation `gen` or an error, or `limitMs` is up.
 * Returns the ms (from `t0`, Date.now()) at which each view was first seen done.
 */
async function settleViews(page, gen, t0, limitMs) {
  const done = {};
  const deadline = Date.now() + limitMs;
  for (;;) {
    const st = await pageState(page);
    const now = Date.now() - t0;
    for (const v of PAGE_VIEWS) if (done[v] == null && (st.views[v] === gen || st.failed[v])) done[v] = now;
    const pending = PAGE_VIEWS.filter((v) => done[v] == null && st.views[v] !== null);
    if (!pending.length || Date.now() > deadline || st.gen !== gen) return { done, pending, state: st, ms: now };
    await sleep(250);
  }
}

/** Chooses `file` in the page's #file; resolves when #results shows a new generation. */
async function chooseFile(page, file, timeoutMs) {
  const before = await page.evaluate(() => document.getElementById('results').dataset.gen);
  await page.evaluate(() => {
    performance.clearMeasures('uhl:load');
    window.__benchT0 = performance.now();
  });
  const t0 = Date.now();
  await page.setInputFiles('#file', file);
  await page.waitForFunction((g) => document.getElementById('results').dataset.gen !== g, before, { timeout: timeoutMs, polling: 50 });
  const r = await page.evaluate(() => {
    const results = document.getElementById('results');
    const load = performance.getEntriesByName('uhl:load').at(-1);
    return {
      file_to_results_ms: performance.now() - window.__benchT0,
      load_ms: load ? load.duration : null,
      analyze_ms: Number(results.dataset.ms),
      view: results.dataset.view,
      gen: results.dataset.gen,
      memory_bytes: Number(document.getElementById('report').dataset.memory) || null,
      caption_n: Number(document.getElementById('results-caption')?.dataset.n) || null,
    };
  });
  r.t0 = t0;
  return r;
}

/**
 * The real page (dist/index.html): after its opening (100 000 corpus URLs and every view) has
 * settled, `file` is chosen in its #file; the time until #results shows the new input (its
 * `data-gen` changes), the worker's WebAssembly memory the page reports after the load
 * (#report `data-memory`), then the views that follow (P1's figures, the partition, the dedup
 * views) until they settle, and last a 1 000-line file: WebAssembly memory never shrinks, so
 * the memory reported after that load is the worker's peak over the whole run. Peak RSS
 * (VmHWM) of every Chromium process from /proc.
 */
async function stepPage(base, file, n, { settleMs = SETTLE_S * 1000 } = {}) {
  const bytes = fs.statSync(file).size;
  say(`the page: ${n.toLocaleString('en-US')}-line file (${(bytes / 1e6).toFixed(0)} MB) chosen in #file`);
  const mon = rssMonitor();
  let out;
  try {
    out = await pageRun(base, file, n, bytes, mon, settleMs);
  } finally {
    const rss = mon.stop();
    if (out) out.rss = rss;
  }
  delete out.t0;
  return out;
}

async function pageRun(base, file, n, bytes, mon, settleMs) {
  return withPage(base, async (page) => {
    const opened = Date.now();
    await page.goto(`${base}/index.html`);
    await page.waitForFunction(() => document.getElementById('results')?.dataset.gen, null, { timeout: 120000 });
    const gen0 = await page.evaluate(() => document.getElementById('results').dataset.gen);
    const opening = await settleViews(page, gen0, opened, 300000);
    const r = { file_bytes: bytes, lines: n, opening_ms: opening.ms, opening_pending: opening.pending };
    Object.assign(r, await chooseFile(page, file, 600000));
    mon.sample();
    r.rss_at_results = mon.peek();
    const views = await settleViews(page, r.gen, r.t0, settleMs);
    mon.sample();
    r.views_ms = views.done;
    r.views_pending = views.pending;
    r.views_failed = views.state.failed;
    r.settled_ms = views.ms;
    r.errors = views.state.errors;
    r.measures = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('measure').filter((m) => m.name.startsWith('uhl:')).map((m) => [m.name, m.duration])));
    // The 1 000-line load: its reported memory is the instance's size, i.e. the peak so far.
    const small = await chooseFile(page, SMALL_FILE, 120000);
    const st = await pageState(page);
    r.peak_memory_bytes = small.memory_bytes;
    r.restarts = st.restarts;
    r.banner = st.banner;
    mon.sample();
    return r;
  });
}

// ------------------------------------------------------------------ the CLI

/** Runs `cmd args` with stdin from `stdinFile` (or none); resolves to { code, stdout, stderr }. */
function run(cmd, args, { stdinFile = null } = {}) {
  return new Promise((resolve, reject) => {
    const stdin = stdinFile ? fs.openSync(stdinFile, 'r') : 'ignore';
    const p = spawn(cmd, args, { cwd: ROOT, stdio: [stdin, 'pipe', 'pipe'] });
    if (stdinFile) fs.closeSync(stdin);
    const out = [];
    const err = [];
    p.stdout.on('data', (d) => out.push(d));
    p.stderr.on('data', (d) => err.push(d));
    p.on('error', reject);
    p.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
  });
}

/** `/usr/bin/time -v urlhash args`: wall and CPU seconds, peak RSS (bytes), output digest. */
async function timeCli(args, opts = {}) {
  const r = await run('/usr/bin/time', ['-v', CLI, ...args], opts);
  const field = (name) => {
    const m = r.stderr.match(new RegExp(`^\\s*${name}: (.*)$`, 'm'));
    return m ? m[1].trim() : null;
  };
  const wall = field('Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)');
  const secs = wall ? wall.split(':').reduce((a, x) => a * 60 + Number(x), 0) : null;
  const command = `urlhash ${args.map((a) => (a.includes('/') ? path.basename(a) : a)).join(' ')}${opts.stdinFile ? ` < ${path.basename(opts.stdinFile)}` : ''}`;
  if (r.code !== 0) {
    const message = (r.stderr.match(/^urlhash: error: .*$/m) || [`exit status ${r.code}`])[0];
    if (opts.allowFail) return { command, failed: message, wall_s: secs, loadavg: os.loadavg() };
    throw new Error(`${command} exited ${r.code}:\n${r.stderr.slice(-1500)}`);
  }
  return {
    command,
    wall_s: secs,
    user_s: Number(field('User time \\(seconds\\)')),
    sys_s: Number(field('System time \\(seconds\\)')),
    max_rss_bytes: Number(field('Maximum resident set size \\(kbytes\\)')) * 1024,
    stdout_bytes: Buffer.byteLength(r.stdout),
    stdout: r.stdout,
    loadavg: os.loadavg(),
  };
}

/** The CLI on the built-in corpus: P1's full sweep (Fig. 1-3) and `paper p1`. */
async function stepCli() {
  if (!fs.existsSync('/usr/bin/time')) return { error: 'GNU time (/usr/bin/time) is missing' };
  const n = CLI_N === 20_000_000 ? [] : ['--n', String(CLI_N)];
  say(`the CLI: urlhash sweep --fig 1,2,3 --csv${n.length ? ` ${n.join(' ')}` : ''} (built-in corpus, ${CLI_N.toLocaleString('en-US')} URLs)`);
  const sweep = await timeCli(['sweep', '--fig', '1,2,3', '--csv', ...n]);
  say(`the CLI: urlhash paper p1${n.length ? ` ${n.join(' ')}` : ''}`);
  const p1 = await timeCli(['paper', 'p1', ...n]);
  return { n: CLI_N, sweep, p1 };
}

/**
 * The same sweep from the generated file: by its path, and through stdin (what a user piping a
 * URL list runs). `--fig 1,2,3 -` is tried first; when it fails (it reads stdin twice), the
 * failure is reported and Fig. 1 + 2 are timed through stdin instead.
 */
async function stepCliFile(file, n) {
  if (!fs.existsSync('/usr/bin/time')) return { error: 'GNU time (/usr/bin/time) is missing' };
  const out = { n, file_bytes: fs.statSync(file).size };
  say(`the CLI: urlhash sweep --fig 1,2,3 --csv ${path.basename(file)} (${n.toLocaleString('en-US')} lines)`);
  out.path = await timeCli(['sweep', '--fig', '1,2,3', '--csv', file]);
  say(`the CLI: urlhash sweep --fig 1,2,3 --csv - < ${path.basename(file)}`);
  out.stdin = await timeCli(['sweep', '--fig', '1,2,3', '--csv', '-'], { stdinFile: file, allowFail: true });
  if (out.stdin.failed) {
    say(`  failed: ${out.stdin.failed}; timing --fig 1,2 through stdin instead`);
    out.stdin12 = await timeCli(['sweep', '--fig', '1,2', '--csv', '-'], { stdinFile: file });
  }
  return out;
}

// ------------------------------------------------------------------ report

/** Columns listed in `left` are padded on the right (labels, notes); the others on the left. */
function table(rows, left = [0]) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows
    .map((r) => r.map((c, i) => (left.includes(i) ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ').trimEnd())
    .join('\n');
}

function verdict(value, target, lower = true) {
  if (value == null || Number.isNaN(value)) return 'n/a';
  return (lower ? value < target : value >= target) ? 'ok' : 'MISSED';
}

const mib = (b) => (b ? `${fmt(b / MIB, 0)} MiB` : 'n/a');
const secs = (ms, d = 2) => (ms == null ? 'n/a' : `${fmt(ms / 1000, d)} s`);
const millions = (n) => `${n / 1e6}M`;

/** Wraps `text` at `width` columns, indenting the lines after the first by `indent`. */
function wrap(text, width = 100, indent = '    ') {
  const out = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line.length + 1 + word.length) > width) {
      out.push(line);
      line = indent + word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) out.push(line);
  return out.join('\n');
}

/** Two `sweep --csv` outputs compared figure by figure (the CSV's first column). */
function compareSweeps(a, b) {
  const byFig = (csv) => {
    const m = new Map();
    for (const line of csv.split('\n').slice(1)) {
      if (!line) continue;
      const fig = line.split(',')[0];
      m.set(fig, `${m.get(fig) ?? ''}${line}\n`);
    }
    return m;
  };
  const [x, y] = [byFig(a), byFig(b)];
  const figs = [...new Set([...x.keys(), ...y.keys()])].sort();
  const same = figs.filter((f) => x.get(f) === y.get(f));
  const differ = figs.filter((f) => x.get(f) !== y.get(f));
  if (!differ.length) return 'identical';
  return `${same.length ? `Fig. ${same.join(', ')} identical, ` : ''}Fig. ${differ.join(', ')} differ${differ.length === 1 ? 's' : ''}${differ.includes('3') ? ' (Fig. 3 hashes 400 000 URLs drawn at random)' : ''}`;
}

function report() {
  // The options of the run (a saved run's, with --report).
  const o = { reps: REPS, big_n: BIG_N, settle_s: SETTLE_S, paste_n: PASTE_N, paste_how: PASTE_HOW, paste_reps: PASTE_REPS, ...results.options };
  const end = results.end ?? { loadavg: os.loadavg(), time: new Date().toISOString() };
  const lines = [];
  // One row per figure: [what, native, browser (wasm), wasm/native, target, met?, note].
  const summary = [['what', 'native', 'browser (wasm)', 'wasm/native', 'target', 'met?', 'note']];
  const add = (what, { native = '', browser = '', ratio = '', target = '', met = '', note = '' } = {}) => {
    summary.push([what, native, browser, ratio, target, met, note]);
  };
  const losses = [];
  const t = results.throughput;
  if (t) {
    lines.push(`\nHashing throughput, ${t.urls.toLocaleString('en-US')} corpus URLs (${(t.url_bytes / 1e6).toFixed(2)} MB of URL bytes), MB/s = 10^6 bytes/s`);
    lines.push(`wasm: (begin(fn) + pushChunk + finish) - (begin('') + pushChunk + finish), ${o.reps} interleaved passes; the begin('') pass (splitting, copying) takes ${fmt(t.baseline_ms)} ms; native: ${t.native_kind}`);
    const summaryKind = t.native_kind === 'cargo bench summary';
    const rows = [[
      'function', 'wasm MB/s median', 'wasm fastest', 'hash ms', 'pushCorpus diff (noisy)',
      summaryKind ? 'native fastest' : 'native', summaryKind ? 'native median' : '-', 'criterion mean', 'wasm/native',
      summaryKind ? 'median/median' : '-',
    ]];
    for (const r of t.rows) {
      rows.push([
        r.fn, fmt(r.wasm_mbps, 0), fmt(r.wasm_best_mbps, 0), fmt(r.hash_ms, 2), fmt(r.wasm_mbps_corpus_diff, 0),
        fmt(r.native_mbps, 0), summaryKind ? fmt(r.native_median_mbps, 0) : '-', fmt(summaryKind ? r.criterion_mbps : r.native_mbps, 0),
        fmt(r.ratio, 2), summaryKind ? fmt(r.ratio_median, 2) : '-',
      ]);
      const targeted = TARGET_FNS.includes(r.fn);
      // Judged as printed, to two decimals.
      const ratio = r.ratio == null ? null : Number(r.ratio.toFixed(2));
      const below = ratio != null && ratio < 0.8;
      const why = WASM_LOSSES[r.fn];
      add(`hash MB/s: ${r.fn}`, {
        native: fmt(r.native_mbps, 0),
        browser: fmt(summaryKind ? r.wasm_best_mbps : r.wasm_mbps, 0),
        ratio: fmt(r.ratio, 2),
        target: targeted ? '>= 0.80' : '',
        met: targeted ? verdict(ratio, 0.8, false) : below ? 'below 0.8' : '',
        note: r.ratio == null ? 'no figure: the wasm difference was noise (a busy machine)' : below ? (why ? why[0] : NO_CAUSE) : '',
      });
      if (below && why) losses.push(`${r.fn} (${fmt(r.ratio, 2)}): ${why[1]}`);
    }
    lines.push(table(rows));
    lines.push(`native source: ${t.rows[0].native_source}`);
    if (summaryKind) lines.push('wasm/native: the fastest wasm pass against the fastest native pass (other processes only ever slow a pass down); median/median beside it');
    if (t.stale_native) lines.push('WARNING: these criterion estimates are older than src/foundation/hash/mod.rs, so they may measure other code; run with --native summary');
    if (t.native_kind.startsWith('criterion')) lines.push('note: criterion\'s means are erratic on a shared machine; --native summary measures native now, fastest pass against fastest pass');
  }
  for (const [key, label] of [['file1m', '1 million URLs from a file'], ['big', `${o.big_n.toLocaleString('en-US')} URLs from a file`]]) {
    const f = results[key];
    if (!f) continue;
    const tm = f.times;
    lines.push(`\nThe bench page's worker: ${label} (${(f.file.size / 1e6).toFixed(0)} MB), ${f.chunks} chunks of 4 MiB, functions ${P1.join(',')}, key url:`);
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
      add('worker: 1M-line file read + hashed (3 fns) + first histograms', { browser: `${fmt(tm.total, 0)} ms`, target: '< 1 s', met: verdict(tm.total, 1000) });
      add('worker: 1M re-bin, slowest fn and M', { browser: `${fmt(rebinMax, 1)} ms`, target: '< 100 ms', met: verdict(rebinMax, 100) });
    } else {
      const n = millions(o.big_n);
      add(`worker: ${n}-line file streamed from disk, total`, { browser: secs(tm.total), target: '< 15 s', met: verdict(tm.total, 15000) });
      for (const rb of f.rebins) add(`worker: ${n} re-bin at M = ${rb.m.toLocaleString('en-US')}, slowest fn`, { browser: `${fmt(rebinAt(rb.m), 1)} ms`, target: '< 100 ms', met: verdict(rebinAt(rb.m), 100) });
      add(`worker: ${n} wasm memory (3 fns, lines dropped over the budget)`, { browser: mib(f.wasm_memory_bytes), target: '< 1.5 GiB', met: verdict(f.wasm_memory_bytes, 1536 * MIB) });
      add(`worker: ${n} renderer (bench page + worker) peak RSS`, { browser: mib(f.rss.renderer_vmhwm), target: '< 1.5 GiB', met: verdict(f.rss.renderer_vmhwm, 1536 * MIB) });
      // Chromium's own API leaves the wasm memory out (it lives outside the V8 heap): information only.
      if (f.uasm?.bytes != null) add(`worker: ${n} measureUserAgentSpecificMemory`, { browser: `${fmt(f.uasm.bytes / MIB, 1)} MiB`, note: 'counts no wasm memory' });
    }
  }
  for (const key of ['page', 'page_big']) {
    const g = results[key];
    if (!g) continue;
    if (g.error) {
      lines.push(`\nThe page (dist/index.html), ${key === 'page' ? '1M' : millions(o.big_n)}-line file: n/a (${g.error})`);
      add(`page: ${key === 'page' ? '1M' : millions(o.big_n)}-line file chosen → results shown`, { browser: 'n/a', note: g.error.slice(0, 80) });
      continue;
    }
    const n = millions(g.lines);
    const rss = g.rss.vmhwm_by_type;
    lines.push(`\nThe page (dist/index.html), a ${g.lines.toLocaleString('en-US')}-line file (${(g.file_bytes / 1e6).toFixed(0)} MB) chosen in #file:`);
    lines.push(`  the page's opening (100 000 corpus URLs and every view) settled in ${secs(g.opening_ms, 1)} before the file was chosen${g.opening_pending.length ? ` (still pending: ${g.opening_pending.join(', ')})` : ''}`);
    lines.push(`  file chosen → #results shows it: ${fmt(g.file_to_results_ms, 0)} ms (the load, uhl:load: ${fmt(g.load_ms, 0)} ms; the first view, data-ms: ${fmt(g.analyze_ms, 0)} ms; view ${g.view}; N = ${g.caption_n?.toLocaleString('en-US') ?? 'n/a'})`);
    lines.push(`  worker WebAssembly memory: after the load (#report data-memory) ${mib(g.memory_bytes)}; after ${g.views_pending.length ? 'the views done' : 'every view'} and a 1 000-line load, i.e. the instance's peak: ${mib(g.peak_memory_bytes)}; worker restarts ${g.restarts}${g.banner ? `; banner: ${g.banner}` : ''}`);
    const done = Object.entries(g.views_ms).sort((a, b) => a[1] - b[1]).map(([v, ms]) => `${v} ${fmt(ms / 1000, 1)}`).join(', ');
    lines.push(`  the views that follow, done at (s after the file was chosen): ${done || 'none'}${g.views_pending.length ? `; not done after ${o.settle_s} s: ${g.views_pending.join(', ')}` : ''}`);
    for (const [v, e] of Object.entries(g.views_failed)) lines.push(`  ${v} failed: ${e}`);
    const measures = Object.entries(g.measures).map(([k, v]) => `${k.replace('uhl:', '')} ${fmt(v / 1000, 2)}`).join(', ');
    if (measures) lines.push(`  the page's own measures (s, last of each): ${measures}`);
    lines.push(`  Chromium peak RSS (VmHWM): when the results showed, renderer ${mib(g.rss_at_results.renderer_vmhwm)}; over the whole run ${Object.entries(rss).map(([k, v]) => `${k} ${mib(v)}`).join(', ')}`);
    const big = key === 'page_big';
    add(`page: ${n}-line file chosen → results shown`, {
      browser: secs(g.file_to_results_ms),
      target: big ? '< 15 s' : '< 1 s',
      met: verdict(g.file_to_results_ms, big ? 15000 : 1000),
      note: `load ${secs(g.load_ms)}, first view ${fmt(g.analyze_ms, 0)} ms${big ? '; target: the worker stream\'s' : ''}`,
    });
    add(`page: ${n} worker wasm memory after the load (data-memory)`, { browser: mib(g.memory_bytes), target: big ? '< 1.5 GiB' : '', met: big ? verdict(g.memory_bytes, 1536 * MIB) : '' });
    add(`page: ${n} worker wasm memory, peak (after every view)`, { browser: mib(g.peak_memory_bytes), target: big ? '< 1.5 GiB' : '', met: big ? verdict(g.peak_memory_bytes, 1536 * MIB) : '', note: g.views_pending.length ? `read with ${g.views_pending.join(', ')} not done: a lower bound` : 'memory never shrinks: read after a 1 000-line load' });
    add(`page: ${n} renderer (page + worker) peak RSS`, {
      browser: mib(rss.renderer),
      target: big ? '< 1.5 GiB' : '',
      met: big ? verdict(rss.renderer, 1536 * MIB) : '',
      note: `${mib(g.rss_at_results.renderer_vmhwm)} when the results showed`,
    });
    add(`page: ${n} every view done (figures, partition, dedup)`, {
      browser: g.views_pending.length ? `> ${o.settle_s} s` : secs(g.settled_ms, 1),
      note: g.views_pending.length ? `pending: ${g.views_pending.join(', ')}` : Object.keys(g.views_failed).length ? `failed: ${Object.keys(g.views_failed).join(', ')}` : '',
    });
  }
  const p = results.paste;
  if (p) {
    lines.push(`\nPaste ${o.paste_n.toLocaleString('en-US')} URLs (${o.paste_how}), then hash (elfhash, hfip, hf) and bin at M = ${M1}; medians of ${o.paste_reps} runs; main-thread gaps are the longest interval without a requestAnimationFrame callback (heartbeat: a 5 ms setInterval):`);
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
    const k = `${o.paste_n / 1000}k`;
    const w = p.worker;
    if (w) {
      add(`bench page: paste ${k}, worker: longest main-thread gap while hashing`, { browser: `${fmt(w.hash_window.frame_gap_ms, 0)} ms`, target: '< 50 ms', met: verdict(w.hash_window.frame_gap_ms, 50) });
      add(`bench page: paste ${k}, worker: read + hash + bin`, { browser: `${fmt(w.go_to_hashed_ms, 0)} ms`, target: '< 1 s', met: verdict(w.go_to_hashed_ms, 1000) });
      add(`bench page: paste ${k}, the textarea taking it (browser)`, { browser: `${fmt(w.paste_window.frame_gap_ms, 0)} ms gap`, target: '< 50 ms', met: verdict(w.paste_window.frame_gap_ms, 50), note: 'the page keeps big pastes out of its textarea' });
    }
    for (const [name, label] of [['worker+sliced', 'textarea, sliced encoding'], ['worker+intercept+sliced', 'paste event, sliced encoding']]) {
      const i = p[name];
      if (i) add(`bench page: paste ${k}, ${label}: longest gap while hashing`, { browser: `${fmt(i.hash_window.frame_gap_ms, 0)} ms`, target: '< 50 ms', met: verdict(i.hash_window.frame_gap_ms, 50) });
    }
  }
  const cliRun = (r) => `${fmt(r.wall_s, 2)} s, ${mib(r.max_rss_bytes)}`;
  const c = results.cli;
  const cf = results.cli_file;
  const runs = [c?.sweep, c?.p1, cf?.path, cf?.stdin, cf?.stdin12].filter(Boolean);
  if (runs.length || c?.error || cf?.error) {
    lines.push('\nThe CLI (/usr/bin/time -v; wall time, user + system CPU, peak RSS):');
    for (const e of [c?.error, cf?.error]) if (e) lines.push(`  ${e}`);
    for (const r of runs) {
      if (r.failed) lines.push(`  ${r.command}: FAILED after ${fmt(r.wall_s, 2)} s: ${r.failed}`);
      else lines.push(`  ${r.command}: ${fmt(r.wall_s, 2)} s wall (${fmt(r.user_s, 2)} + ${fmt(r.sys_s, 2)} s CPU), peak RSS ${fmt(r.max_rss_bytes / MIB, 1)} MiB, ${r.stdout_bytes.toLocaleString('en-US')} bytes out; load average ${r.loadavg.map((x) => x.toFixed(2)).join(' ')} after`);
    }
    if (c?.sweep && cf?.path) lines.push(`  the CSV of the sweep of the file against the built-in corpus's: ${c.n !== cf.n ? `not compared (${c.n} vs ${cf.n} URLs)` : compareSweeps(c.sweep.stdout, cf.path.stdout)}`);
    if (cf?.path && cf?.stdin?.stdout) lines.push(`  the CSV of the sweep of the file through stdin against by its path: ${compareSweeps(cf.path.stdout, cf.stdin.stdout)}`);
  }
  if (c?.sweep) {
    const n = millions(c.n);
    add(`CLI: sweep --fig 1,2,3 --csv, built-in ${n} URLs`, { native: cliRun(c.sweep), target: '< 20 s', met: verdict(c.sweep.wall_s, 20), note: 'wall, peak RSS; generating the URLs included' });
    add(`CLI: paper p1, built-in ${n} URLs`, { native: cliRun(c.p1), note: 'Fig. 1 + 2 and the anomaly evidence' });
  } else if (c?.error) {
    add('CLI', { native: 'n/a', note: c.error });
  }
  if (cf && !cf.error) {
    const n = millions(cf.n);
    add(`CLI: sweep --fig 1,2,3 --csv FILE, the ${n}-line file`, {
      native: cliRun(cf.path),
      target: '< 20 s',
      met: verdict(cf.path.wall_s, 20),
      note: c?.sweep && c.n === cf.n ? `CSV against the built-in run's: ${compareSweeps(c.sweep.stdout, cf.path.stdout)}` : '',
    });
    if (cf.stdin.failed) {
      add(`CLI: sweep --fig 1,2,3 --csv - < the ${n}-line file`, { native: 'FAILED', note: `after ${fmt(cf.stdin.wall_s, 1)} s: ${cf.stdin.failed.replace('urlhash: error: ', '')}` });
      if (cf.stdin12) add(`CLI: sweep --fig 1,2 --csv - < the ${n}-line file`, { native: cliRun(cf.stdin12), note: 'Fig. 3 left out: see the line above' });
    } else {
      add(`CLI: sweep --fig 1,2,3 --csv - < the ${n}-line file`, { native: cliRun(cf.stdin), target: '< 20 s', met: verdict(cf.stdin.wall_s, 20) });
    }
  }
  // The 20M figures side by side: the CLI's full P1 sweep of the file against the page.
  const pb = results.page_big;
  if (cf && !cf.error && pb && !pb.error) {
    const n = millions(cf.n);
    add(`${n}-line file: CLI sweep of it | page: chosen → results`, { native: secs(cf.path.wall_s * 1000), browser: secs(pb.file_to_results_ms), note: 'CLI: Fig. 1-3, 29 series; page: 3 fns hashed + first view' });
    add(`${n}-line file: CLI peak RSS | renderer peak RSS`, { native: mib(cf.path.max_rss_bytes), browser: mib(pb.rss.vmhwm_by_type.renderer), note: 'the page keeps the first 256 MiB of lines' });
  }
  const steps = (results.steps ?? []).map((s) => `${s.step} ${s.loadavg[0].toFixed(2)}`).join(', ');
  lines.push(`\nmachine: ${results.machine.cpus} × ${results.machine.cpu}; load average (1 min) at the start ${results.machine.loadavg_start.map((x) => x.toFixed(2)).join(' ')}, at each step's start: ${steps}; at the end ${end.loadavg.map((x) => x.toFixed(2)).join(' ')}; ${results.chromium}; Node ${results.node ?? process.version}; ended ${end.time}`);
  lines.push('\nSummary (native: the CLI or `cargo bench --bench hashes`; browser: Chromium, the wasm in a Web Worker)');
  lines.push(table(summary, [0, 6]));
  if (losses.length) {
    lines.push('\nWhere wasm loses (wasm/native below 0.8 in this run):');
    for (const l of losses) lines.push(wrap(`* ${l}`));
  }
  return lines.join('\n');
}

// ------------------------------------------------------------------ main

/** A page run that could not finish: reported as n/a with the first line of the error. */
function pageFailed(e) {
  say(`  the page run failed: ${e.stack || e}`);
  return { error: String(e.message || e).split('\n')[0] };
}

async function main() {
  requireDist();
  requireCli();
  const { server, base } = await serve();
  const bigFile = path.join(WORK, `${BIG_N}.txt`);
  const cleanup = () => removeFile(bigFile);
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.on(sig, () => {
      cleanup();
      process.exit(sig === 'SIGINT' ? 130 : 143);
    });
  }
  const step = async (name, fn) => {
    const load = os.loadavg();
    const t0 = Date.now();
    try {
      return await fn();
    } finally {
      results.steps.push({ step: name, loadavg: load, s: (Date.now() - t0) / 1000 });
    }
  };
  results.steps = [];
  results.node = process.version;
  results.options = { reps: REPS, big_n: BIG_N, cli_n: CLI_N, settle_s: SETTLE_S, paste_n: PASTE_N, paste_how: PASTE_HOW, paste_reps: PASTE_REPS, native: NATIVE, only: [...only], skip_20m: SKIP_20M };
  try {
    results.chromium = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
    if (only.has('throughput')) await step('throughput', () => stepThroughput(base));
    if (only.has('file1m')) results.file1m = await step('file1m', () => stepFile(base, 1_000_000, '1m.txt'));
    if (only.has('paste')) results.paste = await step('paste', () => stepPaste(base));
    if (only.has('page')) {
      const file = await generate(1_000_000, '1m.txt');
      results.page = await step('page 1M', () => stepPage(base, file, 1_000_000).catch(pageFailed));
    }
    // The 20-million-line file: generated once, used by every step that wants it, then deleted.
    const wantsBig = !SKIP_20M && (only.has('big') || only.has('page') || only.has('cli'));
    if (wantsBig) {
      const file = await generate(BIG_N, `${BIG_N}.txt`);
      if (only.has('big')) results.big = await step('big', () => stepFile(base, BIG_N, `${BIG_N}.txt`, { memory: true }));
      if (only.has('page')) {
        results.page_big = await step(`page ${BIG_N / 1e6}M`, () => stepPage(base, file, BIG_N).catch(pageFailed));
      }
      if (only.has('cli')) results.cli_file = await step('cli file', () => stepCliFile(file, BIG_N));
      cleanup();
    }
    if (only.has('cli')) results.cli = await step('cli', () => stepCli());
  } finally {
    cleanup();
    server.close();
  }
  results.end = { loadavg: os.loadavg(), time: new Date().toISOString() };
  const text = report();
  process.stdout.write(`${text}\n`);
  if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify(results, null, 2));
}

/** `--report FILE`: prints the report of a run saved with --json, measuring nothing. */
const SAVED = opt('--report', null);
if (SAVED) {
  Object.assign(results, JSON.parse(fs.readFileSync(SAVED, 'utf8')));
  process.stdout.write(`${report()}\n`);
} else {
  main().catch((e) => {
    say(`run.mjs: ${e.stack || e}`);
    process.exit(1);
  });
}
