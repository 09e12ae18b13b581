#!/usr/bin/env node
// The page's load of a large file in one worker and split over several (www/split-load.js), in
// Debian's Chromium: dist/ served on 127.0.0.1, a fresh page per run asking for `workers=N`,
// its opening (100 000 corpus URLs and every view after it) left to settle, then the file
// chosen in #file. Prints, per file and worker count, the median of the page's own `uhl:load`
// measure (choosing the file to the input being ready) and of "chosen → results shown" (the
// measures table drawn), the ratio to one worker and the targets: a 20 000 000-line file
// under 4 s, a 1 000 000-line file under 0.5 s. Asserts nothing.
//
//   node benches/browser/workers.mjs [RUNS]      after ./lab build; RUNS defaults to 3
//   URLHASH_BENCH_WORKERS=1,2,4 node benches/browser/workers.mjs
//   SKIP_20M=1 node benches/browser/workers.mjs  without the 1.1 GB file
//
// The lists come from `target/release/urlhash gen` into a temporary folder, removed at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, requireCli, requireDist, serveDist, writeCorpus } from '../../tests/e2e/helpers.js';

const RUNS = Number(process.argv[2] ?? 3);
const WORKERS = (process.env.URLHASH_BENCH_WORKERS ?? '1,2').split(',').map(Number);
const FILES = [
  { n: 1_000_000, target: 500 },
  ...(process.env.SKIP_20M ? [] : [{ n: 20_000_000, target: 4_000 }]),
];
/** How long the page's opening views may take to settle before a file is chosen. */
const SETTLE_MS = 60_000;

/** One load of `file` in a fresh page asking for `workers`: { load, results, workers } in ms. */
async function loadOnce(browser, url, file, workers) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  try {
    await page.goto(`${url}?workers=${workers}`);
    // The opening's views (P1's figures, the partition, the de-duplication views) done.
    await page.waitForFunction(
      () => Number(document.getElementById('results').dataset.gen) >= 1 && ['why', 'partition', 'trie', 'bloom', 'cbf', 'fp'].every((id) => document.getElementById(id).dataset.gen === '1'),
      null,
      { timeout: SETTLE_MS },
    );
    const t0 = Date.now();
    await page.setInputFiles('#file', file);
    await page.waitForFunction(() => Number(document.getElementById('results').dataset.gen) >= 2, null, { timeout: 300_000 });
    const results = Date.now() - t0;
    const load = await page.evaluate(() => performance.getEntriesByName('uhl:load').at(-1).duration);
    const used = Number(await page.getAttribute('#report', 'data-workers'));
    return { load, results, workers: used };
  } finally {
    await page.close();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

requireDist();
requireCli();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uhl-workers-'));
const { server, url } = await serveDist();
const browser = await launch();
try {
  const rows = [];
  for (const { n, target } of FILES) {
    const file = writeCorpus(path.join(dir, `${n}.txt`), n);
    const bytes = fs.statSync(file).size;
    let one = null;
    for (const workers of WORKERS) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await loadOnce(browser, url, file, workers));
      const load = median(runs.map((r) => r.load));
      const results = median(runs.map((r) => r.results));
      one ??= load;
      rows.push([
        `${n.toLocaleString('en-US')} lines (${(bytes / 1e6).toFixed(0)} MB)`,
        `${workers} (read by ${runs[0].workers})`,
        `${load.toFixed(0)} ms`,
        `${Math.min(...runs.map((r) => r.load)).toFixed(0)}–${Math.max(...runs.map((r) => r.load)).toFixed(0)} ms`,
        `${results.toFixed(0)} ms`,
        (load / one).toFixed(2),
        `< ${target} ms`,
        results < target ? 'yes' : 'NO',
      ]);
    }
    fs.rmSync(file, { force: true });
  }
  const head = ['file', 'workers asked', 'load (median)', 'range', 'chosen → results', '× 1 worker', 'target', 'met?'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`The page's load of a file, ${RUNS} runs each, Chromium at 1280×720, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)}:`);
  console.log(line(head));
  for (const r of rows) console.log(line(r));
} finally {
  await browser.close();
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
