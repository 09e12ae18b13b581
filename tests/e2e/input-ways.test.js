// Every way into the page reads every byte (issue 30, item 1): inputs generated from a seed
// (line ends LF, CRLF, lone CR and mixed, U+2028, a BOM, blank and white-space lines, lines over
// 64 KiB, Chinese hosts, NULs, a last line without a newline, sizes on both sides of the paste
// box's preview limit) go in by paste, by the file picker, by drag and drop, and by a link's
// deflated paste; each gives the input report `urlhash` gives on the same bytes. An input that
// holds no URL changes nothing and says so at the input.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { useLab, generation, CLI, DIST, ready, watchProblems, launch, splitmix, pasteEvent, FIREFOX, launchFirefox, openView } from './helpers.js';
import { int } from '../../www/format.js';
import { S } from '../../www/strings.js';

const VIEWPORT = { width: 1280, height: 720 };
/** The seeds of the generated inputs; a failure names its seed, and SEED=N runs that one alone. */
const SEEDS = process.env.SEED ? [Number(process.env.SEED)] : Array.from({ length: 16 }, (_, i) => 2004 + i);

const rng = splitmix;

const HOSTS = ['www.pku.edu.cn', 'news.sina.com.cn', '新浪.中国', 'example.com', '127.0.0.1:8080', 'xn--fiqs8s.cn', 'a.b'];

/**
 * A generated input: `text` (what a user could paste: no NUL) and its shape. `size` picks the
 * number of lines: small, around the preview limit (200 000 characters), or large.
 */
function generate(seed) {
  const next = rng(seed);
  const pick = (list) => list[next() % list.length];
  const ends = pick([['\n'], ['\r\n'], ['\r'], ['\n', '\r\n', '\r'], ['\n', '\r\n']]);
  const lines = pick([1, 2, 7, 40, 300, 5_000, 9_000, 20_000]);
  const parts = [];
  if (next() % 4 === 0) parts.push('\ufeff');
  for (let i = 0; i < lines; i++) {
    const r = next() % 100;
    let line;
    if (r < 6) line = '';
    else if (r < 9) line = pick([' ', '\t', '  \t ']);
    else if (r < 10 && lines < 400) line = `http://long.cn/${'x'.repeat(66_000 + (next() % 1000))}`;
    else if (r < 13) line = `http://${pick(HOSTS)}/a\u2028b/${i}`;
    else if (r < 16) line = `  http://${pick(HOSTS)}/${i}  `;
    else if (r < 18) line = 'not a url at all';
    else line = `http://${pick(HOSTS)}/${next().toString(36)}/${i}.html`;
    parts.push(line);
    if (i < lines - 1 || next() % 2) parts.push(pick(ends));
  }
  return parts.join('');
}

/** `urlhash dist ... --json` on `bytes`: its input report, or null when it found no URL. */
function cliInput(bytes) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uhl-ways-'));
  try {
    const file = path.join(dir, 'input.txt');
    fs.writeFileSync(file, bytes);
    const r = spawnSync(CLI, ['dist', '--fn', 'elfhash', '--slots', '12', '--json', file], { encoding: 'utf8', maxBuffer: 256 << 20 });
    if (r.status !== 0) return null;
    return JSON.parse(r.stdout).input;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The fields of urlhash's input report the page's report carries (report.js, data-stats). */
function statsOf(input) {
  const { lines, urls, blank, crlf, bom, too_long, invalid_utf8, nul } = input;
  return { lines, urls, blank, crlf, bom, too_long, invalid_utf8, nul };
}

let page;
let browser;
let problem;

/**
 * Runs `put` (which hands the input to the page) and waits for its outcome: the new load's
 * stats, or `{ nothing }` with the message at the input when the page loaded nothing.
 */
async function outcome(put) {
  const gen = await generation(page);
  await page.evaluate(() => {
    const e = document.getElementById('input-error');
    e.hidden = true;
    e.textContent = '';
  });
  await put();
  await page.waitForFunction(
    (g) => Number(document.getElementById('results').dataset.gen) > g || !document.getElementById('input-error').hidden,
    gen,
    { timeout: 120_000 },
  );
  if (Number(await generation(page)) === gen) return { nothing: await page.textContent('#input-error'), gen };
  await ready(page, gen + 1);
  return { stats: JSON.parse(await page.getAttribute('#report', 'data-stats')), gen: gen + 1 };
}

async function paste(text) {
  await openView(page, 'input-panel');
  await page.fill('#paste', '');
  await pasteEvent(page, text);
  await page.click('#paste-go');
}

async function drop(bytes) {
  await page.evaluate((b64) => {
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'dropped.txt', { type: 'text/plain' }));
    for (const type of ['dragenter', 'dragover', 'drop']) window.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
  }, Buffer.from(bytes).toString('base64'));
}

/** Checks one way's outcome against the CLI's report on the same bytes. */
function check(what, got, cli) {
  if (!cli || cli.urls === 0) {
    assert.ok(got.nothing, `${what}: the CLI found no URL, so the page must load nothing (got a load)`);
    assert.ok(got.nothing.startsWith(S.loadNothing('').split(':')[0]), `${what}: said at the input: ${got.nothing}`);
    return;
  }
  assert.ok(!got.nothing, `${what}: the page loaded nothing (${got.nothing}) but the CLI read ${cli.urls} URLs`);
  assert.deepEqual(got.stats, statsOf(cli), `${what}: the page's input report equals urlhash's`);
}

describe('every way in reads every byte, as urlhash does', { timeout: 1_800_000 }, () => {
  problem = useLab(VIEWPORT, (lab) => ({ page, browser } = lab));

  test('seeded inputs by paste, file, drop and link', async () => {
    await ready(page, 1);
    let checked = 0;
    const ways = new Map();
    for (const seed of SEEDS) {
      const text = generate(seed);
      const bytes = Buffer.from(text, 'utf8');
      const cli = cliInput(bytes);
      const what = `seed ${seed} (${bytes.length} bytes, ${cli?.lines ?? 0} lines)`;
      check(`${what} pasted`, await outcome(() => paste(text)), cli);
      // The link carries the paste deflated, once its packing is done.
      let link = null;
      if (cli?.urls && bytes.length < 64 * 1024) {
        await page.waitForFunction(() => /[#&]z=/.test(location.hash) || /src=paste-too-big/.test(location.hash), null, { timeout: 30_000 });
        link = /src=paste-too-big/.test(page.url()) ? null : page.url();
      }
      check(`${what} from the file picker`, await outcome(() => page.setInputFiles('#file', { name: `seed-${seed}.txt`, mimeType: 'text/plain', buffer: bytes })), cli);
      check(`${what} dropped`, await outcome(() => drop(bytes)), cli);
      checked += 3;
      if (link) {
        const other = await browser.newPage({ viewport: VIEWPORT });
        watchProblems(other, problem);
        try {
          await other.goto(link);
          await ready(other, 1);
          assert.equal(await other.getAttribute('#data-badge', 'data-source'), 'paste', `${what}: the link opens on its paste`);
          assert.deepEqual(JSON.parse(await other.getAttribute('#report', 'data-stats')), statsOf(cli), `${what} by link`);
          checked += 1;
        } finally {
          await other.close();
        }
      }
      ways.set(seed, { lines: cli?.lines ?? 0, urls: cli?.urls ?? 0 });
    }
    console.log(`# ${SEEDS.length} seeded inputs, ${checked} loads compared with urlhash: ${JSON.stringify(Object.fromEntries(ways))}`);
    assert.ok(checked >= SEEDS.length * 3);
  });

  test('a paste with Windows line ends is hashed whole, small or past the preview', async () => {
    for (const n of [5_000, 20_000]) {
      const text = Array.from({ length: n }, (_, i) => `http://www.site${i % 97}.cn/path/${i}.html`).join('\r\n') + '\r\n';
      const got = await outcome(() => paste(text));
      assert.equal(got.stats?.urls, n, `${n} CRLF lines pasted: ${JSON.stringify(got)}`);
      assert.equal(got.stats.crlf, n);
    }
  });

  test('one line, and a million lines, pasted', async () => {
    const one = await outcome(() => paste('http://www.pku.edu.cn/'));
    assert.deepEqual(one.stats, statsOf(cliInput(Buffer.from('http://www.pku.edu.cn/'))));
    const text = spawnSync(CLI, ['gen', '--n', '1000000'], { encoding: 'utf8', maxBuffer: 256 << 20 }).stdout;
    const million = await outcome(() => paste(text));
    assert.equal(million.stats?.urls, 1_000_000);
    assert.equal(await page.textContent('#paste-note'), S.bigPaste(int(1_000_000), 20));
  });

  test('an edit of the preview changes the pasted text there, and emptying the box empties it', async () => {
    const text = Array.from({ length: 30_000 }, (_, i) => `http://e.cn/${i}`).join('\r\n');
    await openView(page, 'input-panel');
    await page.fill('#paste', '');
    await pasteEvent(page, text);
    // Typed at the very start of the box: one more line, before all the others.
    await page.focus('#paste');
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('http://typed.cn/\n');
    const got = await outcome(() => page.click('#paste-go'));
    assert.equal(got.stats.urls, 30_001);
    assert.equal(got.stats.crlf, 29_999);
    await openView(page, 'input-panel');
    await page.fill('#paste', '');
    assert.ok(await page.locator('#paste-note').isHidden());
    await page.click('#paste-go');
    assert.equal(await page.textContent('#input-error'), S.pasteEmpty);
  });
});

// ------------------------------------------------------------------ the one file from disk

/** Polls `fn(arg)` in the page until it is truthy (Playwright and Puppeteer pages alike). */
async function until(p, fn, arg, what, timeout = 120_000) {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await p.evaluate(fn, arg);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A CRLF and lone-CR paste, a file of mixed line ends and an empty file, in the one file opened
 * from disk: each read as urlhash reads it; the empty one changes nothing.
 */
async function fromDisk(p, { upload, paste }, dir) {
  const idle = (g) => Number(document.getElementById('results').dataset.gen) >= g && document.body.dataset.busy === '0';
  await until(p, idle, 1, 'the first load');
  const text = Array.from({ length: 5_000 }, (_, i) => `http://www.site${i % 97}.cn/p/${i}${i % 7 === 0 ? '\r' : ''}x`).join('\r\n') + '\r\n';
  await paste(text);
  await p.evaluate(() => document.getElementById('paste-go').click());
  await until(p, idle, 2, 'the paste');
  const pasted = JSON.parse(await p.evaluate(() => document.getElementById('report').dataset.stats));
  assert.deepEqual(pasted, statsOf(cliInput(Buffer.from(text, 'utf8'))), 'the paste, read whole');
  const mixed = Buffer.from(Array.from({ length: 3_000 }, (_, i) => `http://m.cn/${i}`).map((l, i) => l + ['\n', '\r\n', '\r'][i % 3]).join(''));
  const file = path.join(dir, 'mixed.txt');
  fs.writeFileSync(file, mixed);
  await upload(file);
  await until(p, idle, 3, 'the file');
  const read = JSON.parse(await p.evaluate(() => document.getElementById('report').dataset.stats));
  assert.deepEqual(read, statsOf(cliInput(mixed)), 'the file, read whole');
  const empty = path.join(dir, 'empty.txt');
  fs.writeFileSync(empty, '');
  await upload(empty);
  const said = await until(p, () => !document.getElementById('input-error').hidden && document.getElementById('input-error').textContent, null, 'the empty file');
  assert.ok(said.startsWith(S.loadNothing(S.emptyWhatFile('empty.txt'))), said);
  assert.equal(await p.evaluate(() => document.getElementById('results').dataset.gen), '3', 'the data on screen stays');
  assert.deepEqual(JSON.parse(await p.evaluate(() => document.getElementById('report').dataset.stats)), read, 'its report stays');
}

describe('every way in, from disk (the one file)', { timeout: 600_000 }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uhl-ways-disk-'));
  const oneFile = path.join(dir, 'url-hash-lab.html');

  test('Chromium', async () => {
    fs.copyFileSync(path.join(DIST, 'url-hash-lab.html'), oneFile);
    const browser = await launch();
    const problems = [];
    try {
      const p = await browser.newPage({ viewport: VIEWPORT });
      watchProblems(p, (x) => problems.push(x));
      await p.goto(pathToFileURL(oneFile).href);
      await fromDisk(
        p,
        {
          upload: (file) => p.setInputFiles('#file', file),
          paste: (text) => pasteEvent(p, text),
        },
        dir,
      );
    } finally {
      await browser.close();
    }
    assert.deepEqual(problems, []);
  });

  test('Firefox ESR', async (t) => {
    if (!fs.existsSync(FIREFOX)) {
      if (process.env.CI) assert.fail(`no Firefox ESR at ${FIREFOX}`);
      t.skip(`no Firefox ESR at ${FIREFOX} (apt-get install firefox-esr; ./lab test installs it)`);
      return;
    }
    fs.copyFileSync(path.join(DIST, 'url-hash-lab.html'), oneFile);
    const browser = await launchFirefox();
    const problems = [];
    try {
      const p = await browser.newPage();
      await p.setViewport(VIEWPORT);
      p.on('console', (m) => m.type() === 'error' && problems.push(`console error: ${m.text()}`));
      p.on('pageerror', (/** @type {Error} */ e) => problems.push(`page error: ${e.message}`));
      await p.goto(pathToFileURL(oneFile).href);
      await fromDisk(
        p,
        {
          upload: async (file) => /** @type {import('puppeteer-core').ElementHandle<HTMLInputElement>} */ (await p.$('#file')).uploadFile(file),
          // Firefox gives a made-up paste event no data: the text goes through its clipboard
          // and a real Ctrl+V.
          paste: async (text) => {
            // The data view, opened from the map (puppeteer: no openView).
            await p.click('#map a[data-section="input-panel"]');
            await p.waitForFunction(() => document.body.dataset.route === 'input-panel');
            await p.click('#paste');
            const wrote = await p.evaluate((t) => navigator.clipboard.writeText(t).then(() => 'ok', (e) => String(e)), text);
            assert.equal(wrote, 'ok', 'the clipboard takes the text');
            await p.keyboard.down('Control');
            await p.keyboard.press('v');
            await p.keyboard.up('Control');
          },
        },
        dir,
      );
    } finally {
      await browser.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    assert.deepEqual(problems, []);
  });
});
