// A seeded chaos walk (issue 30, item 5): each seed drives a fresh page through a random run of
// user actions drawn from one SplitMix64 stream — loads of every kind (the built-in corpus, pastes,
// files and drops of generated URL lists with CRLF, a BOM and Chinese hosts, and bad ones: an
// empty file, white space alone, one line over 64 KiB, binary bytes), a load cancelled at once,
// functions ticked and unticked, M by preset and typed (valid and not), the key, the map, the
// lessons and their data question, the language, the theme, the projector, the window crossing
// 600 px, and back and forward (which reopen the page from its link when the link holds another
// state). After every action: no page or console error, the data badge names what the test's
// model says was last loaded successfully, and the measures table shown equals `urlhash dist` on
// that data with the view's functions, key and M.
//
// CHAOS_SEEDS=a,b,c picks the seeds (a failure names its seed, action and replay), CHAOS_ACTIONS
// the number of actions per seed (300).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { requireDist, requireCli, serveDist, launch, watchProblems, assertMatchesCli, writeCorpus, CLI, ARTIFACTS, splitmix, pasteEvent, openView, pressTool } from './helpers.js';
import { C } from '../../www/constants.js';
import { parseSlots } from '../../www/slots.js';
import { LESSONS } from '../../www/lessons.js';
import { decodeState, stateText, unpackPaste } from '../../www/permalink.js';

const VIEWPORT = { width: 1280, height: 720 };
const SEEDS = process.env.CHAOS_SEEDS
  ? process.env.CHAOS_SEEDS.split(',').map((s) => Number(s.trim())).filter((s) => Number.isInteger(s))
  : [11, 2004, 30530];
const ACTIONS = Number(process.env.CHAOS_ACTIONS) || 300;
/** How long one action may keep the page busy. */
const IDLE_MS = 120_000;
/** Lines of the file a cancelled load starts on. */
const BIG_LINES = 200_000;

const rng = splitmix;

// ---------------------------------------------------------------- generated inputs

const HOSTS = ['www.pku.edu.cn', 'news.sina.com.cn', '新浪.中国', '北京大学.cn', 'example.com', '127.0.0.1:8080', 'xn--fiqs8s.cn', 'a.b', 'net.pku.edu.cn'];

/**
 * A URL list of at most 3 000 lines (no comma, tab or semicolon inside a line: never read as a
 * table), with LF or CRLF line ends, sometimes a BOM, blank and white-space lines, Chinese hosts.
 */
function urlList(next) {
  const pick = (list) => list[next() % list.length];
  const lines = pick([1, 2, 5, 30, 200, 700, 1500, 3000]);
  const end = pick(['\n', '\n', '\r\n', 'mixed']);
  const parts = [];
  const shape = [];
  if (next() % 4 === 0) {
    parts.push('\ufeff');
    shape.push('bom');
  }
  if (end !== '\n') shape.push(end === '\r\n' ? 'crlf' : 'mixed ends');
  for (let i = 0; i < lines; i++) {
    const r = next() % 100;
    let line;
    if (r < 4) line = '';
    else if (r < 6) line = '   ';
    else if (r < 9) line = `  http://${pick(HOSTS)}/${i}  `;
    else if (r < 11) line = 'not a url at all';
    else if (r < 14) line = `https://${pick(HOSTS)}/`;
    else line = `http://${pick(HOSTS)}/${next().toString(36)}/${i}.html`;
    parts.push(line);
    if (i < lines - 1 || next() % 2) parts.push(end === 'mixed' ? pick(['\n', '\r\n']) : end);
  }
  return { text: parts.join(''), what: `${lines} lines${shape.length ? ` (${shape.join(', ')})` : ''}` };
}

/** Bytes that are not text: NULs, control and high bytes, a few line ends; never a delimiter. */
function binary(next) {
  const n = 200 + (next() % 3000);
  const out = Buffer.alloc(n);
  for (let i = 0; i < n; i++) {
    const r = next();
    const b = r & 0xff;
    out[i] = b === 0x09 || b === 0x2c || b === 0x3b || b === 0x7c ? 0x00 : b;
  }
  return out;
}

/** The bad loads: each yields no URL (or what the CLI finds in it, for binary bytes). */
function badInput(next) {
  const kind = ['empty file', 'white space', 'one long line', 'binary'][next() % 4];
  if (kind === 'empty file') return { kind, way: 'file', bytes: Buffer.alloc(0) };
  if (kind === 'white space') return { kind, way: next() % 2 ? 'paste' : 'file', bytes: Buffer.from(['  ', '\n', ' \t \r\n', '\n\n   \n'][next() % 4].repeat(1 + (next() % 50))) };
  if (kind === 'one long line') return { kind, way: next() % 2 ? 'paste' : 'file', bytes: Buffer.from(`http://long.cn/${'x'.repeat(66_000 + (next() % 4000))}${next() % 2 ? '\n' : ''}`) };
  return { kind, way: next() % 2 ? 'file' : 'drop', bytes: binary(next) };
}

// ---------------------------------------------------------------- the CLI, cached

let dataDir;
let bigFile;
let bigData;
const dataFiles = new Map();
const urlsCache = new Map();
const distCache = new Map();

/**
 * Data the test knows: the corpus (n URLs) or bytes (written once, to a file the CLI reads).
 * @typedef {{ id: string, n?: number, file?: string, size?: number }} Data
 */
/** @returns {Data} */
function corpusData(n) {
  return { id: `corpus:${n}`, n };
}
/** @returns {Data} */
function bytesData(bytes) {
  const id = crypto.createHash('sha1').update(bytes).digest('hex');
  if (!dataFiles.has(id)) {
    const file = path.join(dataDir, `data-${id}.txt`);
    fs.writeFileSync(file, bytes);
    dataFiles.set(id, file);
  }
  return { id, file: dataFiles.get(id), size: bytes.length };
}

function runCli(args) {
  return spawnSync(CLI, args, { encoding: 'utf8', maxBuffer: 256 << 20 });
}

/** How many URLs `urlhash` reads in `data` (0 when it finds none). */
function urlsOf(data) {
  if (!urlsCache.has(data.id)) {
    const r = runCli(['dist', '--fn', 'elfhash', '--slots', '12', '--json', ...(data.file ? [data.file] : ['--n', String(data.n)])]);
    urlsCache.set(data.id, r.status === 0 ? JSON.parse(r.stdout).input.urls : 0);
  }
  return urlsCache.get(data.id);
}

/** `urlhash dist --json` on `data` for view { fns, key, m }, as cliDist gives it. */
function distOf(data, { fns, key, m }) {
  const id = `${data.id}|${fns.join(',')}|${key}|${m}`;
  if (!distCache.has(id)) {
    const args = ['dist', '--fn', fns.join(','), '--slots', String(m), '--key', key, '--json', ...(data.file ? [data.file] : ['--n', String(data.n)])];
    const r = runCli(args);
    if (r.status !== 0) throw new Error(`urlhash ${args.join(' ')} failed: ${r.stderr}`);
    const json = JSON.parse(r.stdout);
    distCache.set(id, { fns: Object.fromEntries(json.functions.map((f) => [f.fn, f])), input: json.input });
  }
  return distCache.get(id);
}

// ---------------------------------------------------------------- the model

/**
 * What was last loaded successfully: { kind: corpus | paste | file, data, urls, by: user |
 * lesson | page, what }. A new object for every load (the page's lessons tell sources apart by
 * identity: the one the reader kept, the one to go back to).
 * @typedef {{ kind: string, data: Data, urls: number, by: string, what: string }} Model
 */
/** @returns {Model} */
function corpusModel(n, by) {
  return { kind: 'corpus', data: corpusData(n), urls: n, by, what: `corpus ${n}` };
}
/** @returns {Model} */
function bytesModel(kind, bytes, by, what) {
  const data = bytesData(bytes);
  return { kind, data, urls: urlsOf(data), by, what };
}

/** The lesson step a link or a click opens, and the corpus it wants. */
function lessonStep(id, step) {
  const lesson = LESSONS.find((l) => l.id === id) ?? LESSONS[0];
  const at = Math.max(0, Math.min(step, lesson.steps.length - 1));
  return { id: lesson.id, step: at, corpus: lesson.steps[at].setup.corpus };
}

/**
 * A lesson step is applied (app.js, applyLessonSetup): its corpus replaces data the page or a
 * lesson chose at once, offering to go back; data the reader chose is asked about first; data
 * the reader kept stays.
 */
function applyStep(w, step) {
  // The lessons remember each lesson's step, and the last lesson, for the open page.
  w.lessonSteps ??= {};
  w.lessonSteps[step.id] = step.step;
  w.lastLesson = step.id;
  const src = w.model;
  if (!step.corpus || (src.kind === 'corpus' && src.data.n === step.corpus) || w.kept === src) return;
  if (src.by === 'user') w.ask = { corpus: step.corpus };
  else {
    w.undo = src;
    w.model = corpusModel(step.corpus, 'lesson');
  }
}

/** What the page opens on from its address `href` (app.js, readLink and the link's lesson). */
async function linkWorld(href) {
  const u = new URL(href);
  const link = decodeState(stateText({ hash: u.hash, search: u.search }));
  let src = link.source;
  if (src?.packed) {
    try {
      src = { kind: 'paste', bytes: await unpackPaste(src.packed) };
    } catch {
      src = null;
    }
  }
  let model;
  if (src?.kind === 'corpus') model = corpusModel(C.corpus.sizes.includes(src.n) ? src.n : C.corpus.firstLoad, 'user');
  else if (src?.kind === 'paste' && src.bytes) model = bytesModel('paste', Buffer.from(/** @type {Uint8Array} */ (src.bytes)), 'user', 'the link\'s paste');
  else model = corpusModel(C.corpus.firstLoad, 'page');
  const w = { model, undo: null, ask: null, kept: null };
  if (link.lesson && !link.embed) applyStep(w, lessonStep(link.lesson, link.step ?? 0));
  return { w, link: src?.kind ?? 'none', lesson: link.lesson ? `${link.lesson}:${link.step ?? 0}` : null };
}

// ---------------------------------------------------------------- the page

/** Everything the checks read, at one moment. */
function look(page) {
  return page.evaluate(() => {
    const $ = (id) => document.getElementById(id);
    const shown = (id) => {
      const e = $(id);
      return Boolean(e && !e.hidden && e.getClientRects().length);
    };
    const text = (id) => $(id)?.textContent.trim() ?? '';
    const rows = {};
    for (const td of /** @type {NodeListOf<HTMLTableCellElement>} */ (document.querySelectorAll('#measures-table tbody td'))) {
      rows[td.dataset.fn] ??= {};
      rows[td.dataset.fn][td.dataset.col] = { value: Number(td.dataset.value), text: td.querySelector('.v').textContent };
    }
    const badge = $('data-badge').dataset;
    const lesson = $('lesson');
    return {
      doc: window.__chaosDoc,
      boot: window.__chaosBoot,
      url: location.href,
      history: history.length,
      busy: document.body.dataset.busy,
      badge: { source: badge.source, urls: badge.urls === undefined ? null : Number(badge.urls), key: badge.key, gen: Number(badge.gen || 0) },
      results: { gen: Number($('results').dataset.gen || 0), view: $('results').dataset.view ? JSON.parse($('results').dataset.view) : null },
      resultsError: $('results-error').hidden ? null : text('results-error'),
      n: Number($('results-caption').dataset.n),
      table: { n: Number($('results-caption').dataset.n), rows },
      checked: [.../** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('#functions input[type=checkbox]'))].filter((b) => b.checked).map((b) => b.value),
      key: /** @type {HTMLInputElement} */ (document.querySelector('input[name="key"]:checked'))?.value ?? null,
      inputError: $('input-error').hidden ? null : text('input-error'),
      mError: $('m-error').hidden ? null : text('m-error'),
      dialog: /** @type {HTMLDialogElement} */ ($('data-ask')).open,
      undo: shown('data-undo-go'),
      lesson: {
        shown: !lesson.hidden,
        id: lesson.dataset.lesson ?? null,
        step: Number(lesson.dataset.step ?? 0),
        next: !/** @type {HTMLButtonElement} */ ($('lesson-next')).disabled,
        prev: !/** @type {HTMLButtonElement} */ ($('lesson-prev')).disabled,
      },
      lang: document.documentElement.lang,
      theme: document.documentElement.dataset.theme,
      width: innerWidth,
      mapLinks: [...document.querySelectorAll('#map a[data-section]')].filter((a) => a.getClientRects().length).map((a) => a.getAttribute('href')),
      banner: $('banner').hidden ? null : text('banner-text'),
    };
  });
}

const navigating = (e) => /Execution context was destroyed|navigat|Target closed|frame was detached|Cannot find context/i.test(String(e?.message ?? e));

/** Retries `fn` while the page is between two documents. */
async function across(page, fn) {
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (!navigating(e) || i >= 20) throw e;
      await page.waitForLoadState('domcontentloaded').catch(() => {});
      await page.waitForTimeout(100);
    }
  }
}

/**
 * Waits (at most IDLE_MS) until no load or view is under way: body[data-busy=0], the progress
 * box hidden, the data badge set, and still so two frames later.
 */
async function idle(page) {
  const until = Date.now() + IDLE_MS;
  await across(page, async () => {
    for (;;) {
      await page.waitForFunction(
        () => document.body?.dataset.busy === '0' && document.getElementById('progress-box')?.hidden && document.getElementById('data-badge')?.dataset.gen,
        null,
        { timeout: Math.max(1000, until - Date.now()), polling: 50 },
      );
      const still = await page.evaluate(
        () =>
          new Promise((r) =>
            requestAnimationFrame(() => requestAnimationFrame(() => r(document.body.dataset.busy === '0' && document.getElementById('progress-box').hidden))),
          ),
      );
      if (still) return;
    }
  });
}

async function paste(page, text) {
  await page.fill('#paste', '');
  await pasteEvent(page, text);
  await page.click('#paste-go');
}

async function drop(page, name, bytes) {
  await page.evaluate(
    ({ name, b64 }) => {
      const bin = atob(b64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: 'text/plain' }));
      for (const type of ['dragenter', 'dragover', 'drop']) window.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    },
    { name, b64: Buffer.from(bytes).toString('base64') },
  );
}

/**
 * Does `act`, then waits until the page has taken the input it gives: its load() has begun (it
 * always rewrites the input's message first) or a new input is shown. Without this wait, a click
 * whose handler runs after Playwright returns (a busy main thread on a loaded machine) leaves
 * idle() looking at the page before the action.
 * @param {import('playwright-core').Page} page
 * @param {string} what
 * @param {() => Promise<unknown>} act
 */
async function taking(page, what, act) {
  const gen = await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.__chaosTaken = false;
    w.__chaosWatch?.disconnect();
    w.__chaosWatch = new MutationObserver(() => (w.__chaosTaken = true));
    w.__chaosWatch.observe(document.getElementById('input-error'), { attributes: true, childList: true, characterData: true, subtree: true });
    return document.getElementById('data-badge').dataset.gen;
  });
  await act();
  await page
    .waitForFunction((g) => /** @type {any} */ (window).__chaosTaken || document.getElementById('data-badge').dataset.gen !== g, gen, { timeout: 30_000, polling: 'raf' })
    .catch((e) => {
      throw new Error(`the page did not take the ${what} within 30 s: its load never began`, { cause: e });
    });
  await page.evaluate(() => /** @type {any} */ (window).__chaosWatch?.disconnect());
}

/** Hands `bytes` to the page by `way` (paste, file, drop), and waits until it has taken them. */
async function give(page, way, name, bytes) {
  await taking(page, way, async () => {
    if (way === 'paste') await paste(page, bytes.toString('utf8'));
    else if (way === 'file') await page.setInputFiles('#file', { name, mimeType: 'text/plain', buffer: bytes });
    else await drop(page, name, bytes);
  });
}

// ---------------------------------------------------------------- the walk

/** Action kinds and their weights. */
const KINDS = {
  corpus: 5,
  paste: 6,
  file: 4,
  drop: 3,
  bad: 6,
  cancel: 2,
  fn: 12,
  preset: 7,
  typeM: 7,
  key: 4,
  map: 5,
  lessonOpen: 3,
  lessonPick: 2,
  lessonNext: 3,
  lessonPrev: 2,
  lessonClose: 2,
  undo: 3,
  lang: 3,
  theme: 3,
  projector: 2,
  resize: 5,
  anchor: 3,
  back: 3,
  forward: 2,
};
const TYPED_M = ['0', 'abc', '1e999', '2^21', '12', '7', '1 000', '64', '65', '1e5', '-3', '2.5', '2^33', '4 294 967 296', ''];
const SIZES = [
  { width: 390, height: 844 },
  { width: 412, height: 915 },
  { width: 599, height: 900 },
  { width: 601, height: 900 },
  { width: 800, height: 600 },
  { width: 1024, height: 768 },
  { width: 1280, height: 720 },
];
/** A tick beyond this many ticked functions unticks one instead. */
const MAX_TICKED = 5;
const ANCHORS = ['input', 'p1-slots', 'p1-figures', 'p1-why', 'p2-crawler', 'p4-trie', 'p5-bloom', 'p5-counting', 'p3-fingerprints'];

async function walk(seed, t) {
  requireDist();
  requireCli();
  const next = rng(seed);
  const pick = (list) => list[next() % list.length];
  const { server, url } = await serveDist();
  const browser = await launch();
  const counts = {};
  /** Milliseconds spent per action kind. */
  const spent = {};
  const log = [];
  let problems = [];
  const started = Date.now();
  let page;
  try {
    page = await browser.newPage({ viewport: VIEWPORT });
    page.setDefaultTimeout(30_000);
    watchProblems(page, (p) => problems.push(p));
    // Each document names itself and the address it was opened at (a reload is told so).
    await page.addInitScript(() => {
      window.__chaosDoc = `${performance.timeOrigin}:${Math.random()}`;
      window.__chaosBoot = location.href;
    });
    let navigations = 0;
    page.on('request', (r) => {
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) navigations += 1;
    });
    await page.goto(url);
    await idle(page);
    let s = await look(page);
    let doc = s.doc;
    // The history entries this walk made (never back to the blank page before the lab).
    const hist = { min: s.history - 1, idx: s.history - 1 };
    let w = { model: corpusModel(C.corpus.firstLoad, 'page'), undo: null, ask: null, kept: null };

    const fail = (i, what, e) => {
      const shot = path.join(ARTIFACTS, `chaos-${seed}-${i}.png`);
      fs.mkdirSync(ARTIFACTS, { recursive: true });
      return page
        .screenshot({ path: shot })
        .catch(() => {})
        .then(() => {
          const last = log.slice(-10).join('\n    ');
          return new Error(
            `chaos seed ${seed}, action ${i} (${what}) failed: ${e?.message ?? e}\n  last actions:\n    ${last}\n  model: ${w.model.what} (${w.model.kind}, ${w.model.urls} URLs, by ${w.model.by})` +
              `\n  screenshot: ${shot}\n  replay: CHAOS_SEEDS=${seed} node --test tests/e2e/chaos.test.js`,
            { cause: e },
          );
        });
    };

    /** The checks after every action. */
    async function check(s, expect = {}) {
      const seen = problems;
      problems = [];
      assert.deepEqual(seen, [], 'no console errors, page errors, failed requests or dialogs');
      const m = w.model;
      assert.equal(s.badge.source, m.kind, `the data badge names ${m.kind} data (${m.what})`);
      assert.equal(s.badge.urls, m.urls, `the data badge counts ${m.urls} URLs (${m.what})`);
      assert.equal(s.dialog, Boolean(w.ask), w.ask ? `the lesson asks whether to load its corpus of ${w.ask.corpus}` : 'no data question open');
      assert.equal(s.undo, Boolean(w.undo), w.undo ? `the page offers going back to ${w.undo.what}` : 'no going back offered');
      if (expect.mError !== undefined) assert.equal(Boolean(s.mError), expect.mError, `M typed: error shown ${expect.mError} (${s.mError})`);
      if (s.resultsError === null && s.results.view) {
        const view = s.results.view;
        assert.ok(s.n > 0, `the measures' n is ${s.n} while the table is shown`);
        assert.equal(s.results.gen, s.badge.gen, 'the measures shown are of the data the badge names (load generation)');
        assert.deepEqual([...view.fns].sort(), [...s.checked].sort(), 'the measures shown are of the functions ticked');
        assert.equal(view.key, s.key, 'the measures shown are over the key chosen');
        assert.equal(s.badge.key, view.key, 'the badge names the key of the measures');
        if (expect.m !== undefined) assert.equal(view.m, expect.m, 'the measures shown are at the M asked for');
        if (expect.key !== undefined) assert.equal(view.key, expect.key, 'the measures shown are over the key picked');
        const cli = distOf(m.data, view);
        try {
          assertMatchesCli(s.table, cli, view.fns);
        } catch (e) {
          e.message = `the measures shown (${view.fns.join(',')}, key ${view.key}, M ${view.m}) differ from urlhash dist on ${m.what}: ${e.message}`;
          throw e;
        }
        return 'table';
      }
      return s.resultsError ? 'no table' : 'no view';
    }

    /** After an action: idle, and a reload (a new document) handled as a page opened from its link. */
    async function settle(kind) {
      await idle(page);
      let now = await across(page, () => look(page));
      if (now.doc !== doc) {
        const from = await linkWorld(now.boot);
        if (!['back', 'forward'].includes(kind)) throw new Error(`the page reloaded itself after ${kind} (opened at ${now.boot})`);
        doc = now.doc;
        w = from.w;
        log.push(`   ↳ reloaded from its link: data ${from.link}${from.lesson ? `, lesson ${from.lesson}` : ''} → ${w.model.what}${w.ask ? ', asks' : ''}`);
        counts.reloads = (counts.reloads ?? 0) + 1;
        // The link's lesson may load its corpus or ask: wait for that too.
        await idle(page);
        now = await across(page, () => look(page));
      }
      return now;
    }

    for (let i = 1; i <= ACTIONS; i++) {
      // What can be done now: a modal question takes every click until it is answered.
      const can = (k) => {
        if (s.dialog) return false;
        if (['lessonPick', 'lessonNext', 'lessonPrev', 'lessonClose'].includes(k) && !s.lesson.shown) return false;
        if (k === 'lessonNext') return s.lesson.next;
        if (k === 'lessonPrev') return s.lesson.prev;
        if (k === 'undo') return s.undo;
        if (k === 'back') return hist.idx > hist.min;
        if (k === 'forward') return hist.idx < s.history - 1;
        if (k === 'map') return s.mapLinks.length > 0;
        return true;
      };
      let kind;
      if (s.dialog) kind = 'answer';
      else {
        const open = Object.entries(KINDS).filter(([k]) => can(k));
        let r = next() % open.reduce((a, [, wt]) => a + wt, 0);
        for (const [k, wt] of open) {
          if (r < wt) {
            kind = k;
            break;
          }
          r -= wt;
        }
      }
      counts[kind] = (counts[kind] ?? 0) + 1;
      const t0 = Date.now();
      const logged = log.length;
      // The view a control is in is opened first, as a reader does (one view at a time): a step
      // in the history.
      let opened = false;
      const front = async (/** @type {string} */ id) => {
        opened = (await openView(page, id)) || opened;
      };
      const before = s;
      let what = kind;
      let expect = {};
      try {
        if (kind === 'corpus') {
          const n = pick([10_000, 10_000, 10_000, 100_000]);
          what = `corpus ${n}`;
          log.push(`#${i} ${what}`);
          await front('input-panel');
          await page.selectOption('#corpus-n', String(n));
          await taking(page, `corpus ${n}`, () => page.click('#corpus-load'));
          s = await settle(kind);
          assert.ok(s.badge.gen > before.badge.gen, `the corpus of ${n} was loaded`);
          w.model = corpusModel(n, 'user');
          w.undo = null;
        } else if (['paste', 'file', 'drop', 'bad'].includes(kind)) {
          let way = kind;
          let bytes;
          let desc;
          if (kind === 'bad') {
            const bad = badInput(next);
            way = bad.way;
            bytes = bad.bytes;
            desc = `${bad.kind}, ${bytes.length} bytes`;
          } else {
            const { text, what: shape } = urlList(next);
            bytes = Buffer.from(text, 'utf8');
            desc = shape;
          }
          const name = `chaos-${seed}-${i}.txt`;
          const data = bytesData(bytes);
          const urls = urlsOf(data);
          what = `${kind === 'bad' ? 'bad ' : ''}${way}: ${desc} → urlhash reads ${urls} URLs [${data.id.slice(0, 8)}]`;
          log.push(`#${i} ${what}`);
          if (way === 'paste') await front('input-panel');
          await give(page, way, name, bytes);
          s = await settle(kind);
          if (urls > 0) {
            assert.ok(s.badge.gen > before.badge.gen, `the page loaded the ${way} (${s.inputError ?? 'no message'})`);
            w.model = { kind: way === 'paste' ? 'paste' : 'file', data, urls, by: 'user', what: `${way} ${desc} [${data.id.slice(0, 8)}]` };
            w.undo = null;
          } else {
            assert.equal(s.badge.gen, before.badge.gen, 'an input without a URL loads nothing');
            assert.ok(s.inputError, 'an input without a URL is said so at the input');
          }
        } else if (kind === 'cancel') {
          log.push(`#${i} cancel: a ${BIG_LINES}-line file, cancelled at once`);
          await page.setInputFiles('#file', bigFile);
          const clicked = await page.click('#cancel', { timeout: 5_000 }).then(
            () => true,
            () => false,
          );
          s = await settle(kind);
          bigData ??= bytesData(fs.readFileSync(bigFile));
          const big = { kind: 'file', data: bigData, urls: BIG_LINES, by: 'user', what: `file of ${BIG_LINES} corpus lines` };
          // Either the load was cancelled (the data stays) or it finished first (the new data).
          if (s.badge.gen > before.badge.gen && s.badge.source === 'file' && s.badge.urls === BIG_LINES) {
            w.model = big;
            w.undo = null;
            log[log.length - 1] += clicked ? ' → finished first' : ' → finished before the click';
          } else {
            log[log.length - 1] += ' → cancelled';
          }
        } else if (kind === 'fn') {
          const boxes = await page.$$eval('#functions input[type=checkbox]', (l) => l.map((b) => /** @type {HTMLInputElement} */ (b).value));
          // At most MAX_TICKED functions stay ticked: each one more is hashed again by every load and key.
          const fn = pick(before.checked.length >= MAX_TICKED ? before.checked : boxes);
          const was = before.checked.includes(fn);
          what = `${was ? 'untick' : 'tick'} ${fn}`;
          log.push(`#${i} ${what}`);
          await front('view-panel');
          await page.click(`#fn-${fn}`);
          s = await settle(kind);
          assert.equal(s.checked.includes(fn), !was, `${fn} is ${was ? 'unticked' : 'ticked'}`);
        } else if (kind === 'preset') {
          const presets = await page.$$eval('#presets button.preset', (l) => l.map((b) => b.dataset.m));
          const m = pick(presets);
          what = `M preset ${m}`;
          log.push(`#${i} ${what}`);
          await front('view-panel');
          await page.click(`#presets button.preset[data-m="${m}"]`);
          s = await settle(kind);
          expect = { m: Number(m), mError: false };
        } else if (kind === 'typeM') {
          const typed = pick(TYPED_M);
          const want = parseSlots(typed);
          // Valid but huge M (a table of billions of slots) is left to the robustness tests.
          what = `M typed "${typed}" (${want.error ? 'invalid' : want.m})`;
          log.push(`#${i} ${what}`);
          await front('view-panel');
          await page.fill('#m-input', typed);
          await page.click('#m-apply');
          s = await settle(kind);
          expect = want.error ? { mError: true, m: before.results.view?.m } : { mError: false, m: want.m };
          if (before.resultsError !== null || !before.results.view) delete expect.m;
        } else if (kind === 'key') {
          const key = pick(['url', 'host', 'path']);
          what = `key ${key}`;
          log.push(`#${i} ${what}`);
          await front('input-panel');
          await page.click(`input[name="key"][value="${key}"]`);
          s = await settle(kind);
          assert.equal(s.key, key, `the ${key} radio is chosen`);
          assert.equal(s.badge.key, key, `the badge names the ${key} key`);
          expect = { key };
        } else if (kind === 'map') {
          const href = pick(before.mapLinks);
          what = `map link ${href}`;
          log.push(`#${i} ${what}`);
          await page.click(`#map a[href="${href}"]`);
          s = await settle(kind);
          opened = true;
        } else if (kind === 'lessonOpen') {
          // Reopened, the lessons resume at the last lesson's step.
          const last = w.lastLesson ?? LESSONS[0].id;
          const step = before.lesson.shown ? lessonStep(before.lesson.id, before.lesson.step) : lessonStep(last, w.lessonSteps?.[last] ?? 0);
          what = `open the lessons (${step.id} step ${step.step + 1}, corpus ${step.corpus})`;
          log.push(`#${i} ${what}`);
          await page.click('#lesson-open');
          applyStep(w, step);
          s = await settle(kind);
        } else if (kind === 'lessonPick') {
          const others = LESSONS.map((l) => l.id).filter((id) => id !== before.lesson.id);
          const id = pick(others);
          // A lesson picked again resumes at its step.
          const step = lessonStep(id, w.lessonSteps?.[id] ?? 0);
          what = `pick lesson ${step.id} (corpus ${step.corpus})`;
          log.push(`#${i} ${what}`);
          await page.selectOption('#lesson-pick', step.id);
          applyStep(w, step);
          s = await settle(kind);
        } else if (kind === 'lessonNext' || kind === 'lessonPrev') {
          const step = lessonStep(before.lesson.id, before.lesson.step + (kind === 'lessonNext' ? 1 : -1));
          what = `${kind === 'lessonNext' ? 'next' : 'previous'} step (${step.id} step ${step.step + 1}, corpus ${step.corpus})`;
          log.push(`#${i} ${what}`);
          await page.click(kind === 'lessonNext' ? '#lesson-next' : '#lesson-prev');
          applyStep(w, step);
          s = await settle(kind);
        } else if (kind === 'lessonClose') {
          log.push(`#${i} close the lesson`);
          await page.click('#lesson-close');
          // The offer to go back to the swapped data is the lesson panel's: it closes with it.
          w.undo = null;
          s = await settle(kind);
        } else if (kind === 'answer') {
          const answer = pick(['keep', 'keep', 'load', 'load', 'escape']);
          what = `answer the data question: ${answer} (corpus ${w.ask.corpus})`;
          log.push(`#${i} ${what}`);
          if (answer === 'escape') await page.keyboard.press('Escape');
          else await page.click(answer === 'keep' ? '#data-ask-keep' : '#data-ask-load');
          if (answer === 'load') {
            w.undo = w.model;
            w.model = corpusModel(w.ask.corpus, 'lesson');
          } else w.kept = w.model;
          w.ask = null;
          s = await settle(kind);
        } else if (kind === 'undo') {
          what = `go back to ${w.undo?.what}`;
          log.push(`#${i} ${what}`);
          await page.click('#data-undo-go');
          if (w.undo) w.model = w.undo;
          w.undo = null;
          s = await settle(kind);
        } else if (kind === 'lang') {
          log.push(`#${i} language (was ${before.lang})`);
          await page.click('#lang-toggle');
          await page.waitForFunction((was) => document.documentElement.lang !== was, before.lang, { timeout: 30_000 });
          s = await settle(kind);
        } else if (kind === 'theme') {
          log.push(`#${i} theme (was ${before.theme})`);
          await pressTool(page, '#theme-toggle');
          await page.waitForFunction((was) => document.documentElement.dataset.theme !== was, before.theme, { timeout: 30_000 });
          s = await settle(kind);
        } else if (kind === 'projector') {
          log.push(`#${i} projector`);
          await pressTool(page, '#projector-toggle');
          s = await settle(kind);
        } else if (kind === 'resize') {
          const size = pick(SIZES);
          what = `resize to ${size.width}×${size.height}`;
          log.push(`#${i} ${what}`);
          await page.setViewportSize(size);
          // The charts' type follows the width (a media query's change, a frame later).
          await page.waitForTimeout(100);
          s = await settle(kind);
        } else if (kind === 'anchor') {
          const a = pick(ANCHORS);
          what = `address #${a}`;
          log.push(`#${i} ${what}`);
          await page.evaluate((a) => (location.hash = a), a);
          s = await settle(kind);
          hist.idx = s.history - 1;
        } else if (kind === 'back' || kind === 'forward') {
          log.push(`#${i} ${kind} (entry ${hist.idx - hist.min} of ${s.history - 1 - hist.min})`);
          const navs = navigations;
          await (kind === 'back' ? page.goBack({ waitUntil: 'commit' }) : page.goForward({ waitUntil: 'commit' }));
          hist.idx += kind === 'back' ? -1 : 1;
          // A link holding another state reloads the page: its request starts at the hashchange.
          for (let k = 0; k < 20 && navigations === navs; k++) await page.waitForTimeout(50);
          if (navigations !== navs) await page.waitForFunction((d) => window.__chaosDoc !== d, doc, { timeout: 30_000 }).catch(() => {});
          s = await settle(kind);
        }
        if (opened) hist.idx = s.history - 1;
        const shown = await check(s, expect);
        const ms = Date.now() - t0;
        spent[kind] = (spent[kind] ?? 0) + ms;
        log[log.length - 1] += ` ✓ ${s.badge.source} ${s.badge.urls}, ${shown}${s.results.view ? ` ${s.results.view.fns.length} fns ${s.results.view.key} M=${s.results.view.m}` : ''} (${ms} ms)`;
        if (process.env.CHAOS_VERBOSE) for (const line of log.slice(logged)) console.log(`# ${line}`);
      } catch (e) {
        throw await fail(i, what, e);
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const summary = `seed ${seed}: ${ACTIONS} actions in ${seconds} s: ${JSON.stringify(counts)}`;
    const slow = Object.entries(spent).sort((a, b) => b[1] - a[1]).map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`).join(', ');
    t.diagnostic(summary);
    t.diagnostic(`seed ${seed}: time per kind: ${slow}`);
    console.log(`# ${summary}`);
  } finally {
    await browser.close();
    await new Promise((r) => server.close(r));
  }
}

describe('a seeded chaos walk keeps the data and the measures right', { timeout: 3_600_000 }, () => {
  before(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uhl-chaos-'));
    bigFile = writeCorpus(path.join(dataDir, 'big.txt'), BIG_LINES);
  });
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  for (const seed of SEEDS) {
    test(`seed ${seed}: ${ACTIONS} actions`, { timeout: 1_200_000 }, (t) => walk(seed, t));
  }
});
