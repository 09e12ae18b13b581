#!/usr/bin/env node
// Time from navigation to the page's first chart (the `uhl:first-chart` performance mark) on
// its default view, 100 000 corpus URLs, in Debian's Chromium: dist/ served over HTTP (a fresh
// browser context per run, so nothing is cached) and dist/url-hash-lab.html opened from disk.
// Prints the median, the range and the ratio to the 500 ms budget, and the download sizes.
//
//   node benches/browser/first-chart.mjs [RUNS]      after ./lab build; RUNS defaults to 9
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST, launch, serveDist } from '../../tests/e2e/helpers.js';

const RUNS = Number(process.argv[2] ?? 9);
const BUDGET_MS = 500;

async function firstChart(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('uhl:first-chart').length > 0, null, { timeout: 60_000 });
  const ms = await page.evaluate(() => performance.getEntriesByName('uhl:first-chart')[0].startTime);
  await context.close();
  return ms;
}

function summary(what, times) {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const cells = [what.padEnd(34), `${median.toFixed(0)} ms`.padStart(8), `${sorted[0].toFixed(0)}–${sorted.at(-1).toFixed(0)} ms`.padStart(14)];
  cells.push(`${(median / BUDGET_MS).toFixed(2)}`.padStart(8), median < BUDGET_MS ? 'yes' : 'NO');
  return cells.join('  ');
}

const { server, url } = await serveDist();
const browser = await launch();
try {
  const served = [];
  const disk = [];
  await firstChart(browser, url); // the server's and the disk's first reads are not the page's
  for (let i = 0; i < RUNS; i++) {
    served.push(await firstChart(browser, url));
    disk.push(await firstChart(browser, pathToFileURL(path.join(DIST, 'url-hash-lab.html')).href));
  }
  const size = (f) => fs.statSync(path.join(DIST, f)).size.toLocaleString('en-US');
  console.log(`Navigation to the first chart, 100 000 corpus URLs, ${RUNS} runs each (Chromium, 1280×720):`);
  console.log(['page'.padEnd(34), 'median'.padStart(8), 'range'.padStart(14), '/ 500 ms'.padStart(8), '< 500 ms?'].join('  '));
  console.log(summary('dist/ served (no cache)', served));
  console.log(summary('url-hash-lab.html from disk', disk));
  console.log(`wasm ${size('pkg/urlhashlab_bg.wasm')} bytes; url-hash-lab.html ${size('url-hash-lab.html')} bytes`);
} finally {
  await browser.close();
  server.close();
}
