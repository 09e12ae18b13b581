// Labels are words, not identifiers. After every view has drawn (P4's Table 1 timed, P5's Fig. 3
// begun and stopped after its first row, the folded parts and a lesson open), no button, label,
// option, legend, header cell, summary, caption, term, field label, diagram legend or chart
// legend, nor any part of one, shows an identifier (a kebab-case or snake_case id, or a structure,
// method, policy or toggle id of the core) in English or in Chinese; in Chinese no label is an
// English word either, unless it is a name or notation. Ids may stay in code (a command line),
// never as the label. The file inputs are worded buttons: the browser's own control ("Choose
// File", "No file chosen") is not shown, in either language, yet the inputs keep their ids,
// their keyboard focus and their file chooser.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { useLab, ARTIFACTS, ROOT, generation, ready, openView } from './helpers.js';
import { S } from '../../www/strings.js';
import { ZH } from '../../www/strings-zh.js';

const VIEWS = ['why', 'partition', 'trie', 'bloom', 'cbf', 'fp'];
const SAMPLE = path.join(ROOT, 'data/corpus-sample-1000.txt');

/** What a label is: the elements read as the name of a control, a column, a row or a series. */
const LABELS = 'button, label, option, legend, th, summary, caption, dt, .field-label, .seg-label, .diagram-legend li';

/** An id as the code spells it: words joined by hyphens or underscores. */
const ID_SHAPE = '^[a-z0-9]+(?:[-_][a-z0-9]+)+$';
/** English words spelt with a hyphen, which are not ids. */
const HYPHENATED_WORDS = ['p-value'];
/**
 * Latin-letter words a Chinese label may consist of: proper names (of hash functions, crawlers
 * and their classes, canonicalisation schemes, P5's structure, the language switch), units and
 * notation.
 */
const ZH_NAMES = [
  'English',
  'ELFhash',
  'HfIp',
  'hf',
  'MD5',
  'Java',
  'String.hashCode',
  'Nutch',
  'Heritrix',
  'HashCrawlMapper',
  'Frontera',
  'Crc32NamePartitioner',
  // The canonicalisation schemes' names (the same-page view).
  'WHATWG',
  'RFC',
  'Safe',
  'Browsing',
  'w3lib',
  'StormCrawler',
  'IMP-CB',
  'URL',
  'http',
  'https',
  'xor',
  'Nk',
  'ln',
  'ms',
];

/**
 * Every label shown now, and every part of one (its child elements' texts), outside code, as
 * { where, text }, with the ids the page's rows and menus carry; plus the charts' series and axis
 * titles (drawn on a canvas, so read from the charts).
 */
function shownLabels(p) {
  return p.evaluate((selector) => {
    const clean = (t) => t.replace(/\s+/g, ' ').trim();
    const code = 'code, kbd, samp, pre, script, style';
    const where = (e) => `${e.tagName.toLowerCase()}${e.closest('[id]') ? ` in #${e.closest('[id]').id}` : ''}`;
    const shown = (e) => (e.tagName === 'OPTION' ? e.closest('select')?.checkVisibility() : e.checkVisibility());
    const labels = [];
    const seen = new Set();
    for (const e of document.querySelectorAll(selector)) {
      if (!shown(e) || e.closest(code)) continue;
      const parts = [e, ...[...e.querySelectorAll('*')].filter((x) => !x.closest(code) && x.children.length === 0 && shown(x))];
      for (const x of parts) {
        if (seen.has(x)) continue;
        seen.add(x);
        // The label's own text leaves out code inside it (a command line is not its name).
        const copy = x.cloneNode(true);
        for (const c of copy.querySelectorAll(code)) c.remove();
        const text = clean(copy.textContent);
        if (text) labels.push({ where: where(x), text });
      }
    }
    for (const canvas of document.querySelectorAll('canvas')) {
      const chart = window.Chart?.getChart(canvas);
      if (!chart || !canvas.checkVisibility()) continue;
      for (const d of chart.data.datasets) if (d.label) labels.push({ where: `series of #${canvas.id}`, text: clean(d.label) });
      for (const [axis, scale] of Object.entries(chart.options.scales ?? {})) {
        if (scale.title?.display !== false && scale.title?.text) labels.push({ where: `${axis} axis of #${canvas.id}`, text: clean(String(scale.title.text)) });
      }
    }
    // The core's ids the page knows rows and menu entries by.
    const ids = new Set();
    for (const e of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-structure], [data-method], [data-toggle], [data-policy]'))) {
      for (const k of ['structure', 'method', 'toggle', 'policy']) if (e.dataset[k]) ids.add(e.dataset[k]);
    }
    for (const sel of ['part-policy', 'part-reading', 'bloom-demo-method', 'cbf-method']) {
      for (const o of /** @type {HTMLSelectElement} */ (document.getElementById(sel))?.options ?? []) if (o.value) ids.add(o.value);
    }
    return { labels, ids: [...ids] };
  }, LABELS);
}

/** The labels that are ids: shaped like one, or equal to one the page carries. */
function identifiers({ labels, ids }) {
  const shape = new RegExp(ID_SHAPE);
  const known = new Set(ids);
  return labels
    .filter(({ text }) => !HYPHENATED_WORDS.includes(text) && !ZH_NAMES.includes(text) && (shape.test(text) || known.has(text)))
    .map(({ where, text }) => `${where}: ${text}`);
}

/**
 * The Chinese page's labels with no Chinese character in them and a Latin-letter word that is
 * not a name or notation (one letter, a paper's P1…P5, ZH_NAMES).
 */
function english({ labels }) {
  const han = /[\u3400-\u9fff]/;
  const word = /[A-Za-z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*/g;
  const name = (w) => w.length === 1 || /^P[1-5]$/.test(w) || ZH_NAMES.includes(w);
  return labels
    .filter(({ text }) => !han.test(text) && (text.match(word) ?? []).some((w) => !name(w)))
    .map(({ where, text }) => `${where}: ${text}`);
}

/** Every view drawn for the first load, Table 1 timed and P5's Fig. 3 stopped after a row. */
async function runEverything(p) {
  // The report: every section at once.
  await openView(p, 'all');
  await p.waitForFunction((ids) => {
    const gen = document.getElementById('results').dataset.gen;
    return Number(gen) >= 1 && ids.every((id) => document.getElementById(id).dataset.gen === gen);
  }, VIEWS, { timeout: 240_000 });
  await p.locator('#table1-run').scrollIntoViewIfNeeded();
  await p.click('#table1-run');
  await p.waitForFunction(() => document.getElementById('table1').dataset.done === '1' || !document.getElementById('table1-error').hidden, null, { timeout: 240_000 });
  assert.equal(await p.isHidden('#table1-error'), true, `Table 1: ${await p.textContent('#table1-error')}`);
  await p.locator('#p5fig3-run').scrollIntoViewIfNeeded();
  await p.waitForFunction(() => !/** @type {HTMLButtonElement} */ (document.getElementById('p5fig3-run')).disabled, null, { timeout: 240_000 });
  await p.click('#p5fig3-run');
  await p.click('#p5fig3-stop');
  await p.waitForFunction(() => document.getElementById('p5fig3').dataset.done || !document.getElementById('p5fig3-error').hidden, null, { timeout: 600_000 });
  assert.equal(await p.isHidden('#p5fig3-error'), true, `Fig. 3: ${await p.textContent('#p5fig3-error')}`);
}

/** Opens the folded parts and a lesson. */
async function openEverything(p) {
  await p.evaluate(() => {
    for (const d of document.querySelectorAll('details')) d.open = true;
  });
  if (await p.isHidden('#lesson')) {
    await p.click('#lesson-open');
    await p.waitForSelector('#lesson:not([hidden])');
  }
}

/**
 * Each file input of the page: { id, box (its rendered width × height), clipped, labels (its
 * visible labels: text, height, whether styled as a button), role (the ids of the buttons named
 * as its button-label reads) }.
 */
async function fileInputs(p) {
  const found = await p.evaluate(() =>
    // The file inputs of the views shown (the report leaves the Claims view out).
    [.../** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[type="file"]'))].filter((input) => !input.closest('.off-route')).map((input) => {
      const r = input.getBoundingClientRect();
      const style = getComputedStyle(input);
      return {
        id: input.id,
        box: Math.round(r.width) * Math.round(r.height),
        clipped: style.clipPath !== 'none' || style.clip !== 'auto',
        labels: [...input.labels]
          .filter((l) => l.checkVisibility())
          .map((l) => ({ text: l.textContent.trim(), height: l.getBoundingClientRect().height, button: l.classList.contains('file-button') })),
      };
    }),
  );
  for (const f of found) {
    // The control a screen reader announces by the button's words (Chromium exposes a file input as a button).
    f.role = (await p.getByRole('button', { name: f.labels.find((l) => l.button)?.text ?? '\u0000', exact: true }).evaluateAll((all) => all.map((e) => e.id))).join();
  }
  return found;
}

/**
 * Asserts the file inputs of the views shown are worded buttons in the page's language (`T`: S
 * or ZH): the input panel's and P3's threads' in the report; `want` for another view.
 */
async function assertFileButtons(p, T, lang, want = /** @type {Record<string, string>} */ ({ file: T.fileButton, 'fp-threads-file': T.fpThreadsFileButton })) {
  const inputs = await fileInputs(p);
  assert.deepEqual(inputs.map((f) => f.id).sort(), Object.keys(want).sort(), `${lang}: the page's file inputs`);
  for (const f of inputs) {
    assert.ok(f.box <= 1 && f.clipped, `${lang}: #${f.id} is not drawn (the browser's “Choose File / No file chosen”): ${f.box} px², clipped: ${f.clipped}`);
    const button = f.labels.filter((l) => l.button);
    assert.deepEqual(button.map((l) => l.text), [want[f.id]], `${lang}: #${f.id} has one visible button-label, worded`);
    assert.ok(button[0].height >= 24, `${lang}: #${f.id}'s button is big enough to hit (${button[0].height} px)`);
    assert.equal(f.role, f.id, `${lang}: the button named “${want[f.id]}” is #${f.id} itself`);
  }
}

describe('labels are words, not identifiers', { timeout: 1_200_000 }, () => {
  let page;
  useLab({ width: 1280, height: 720 }, (o) => ({ page } = o));

  test('English: no label is an id', async () => {
    await runEverything(page);
    await openEverything(page);
    const shown = await shownLabels(page);
    assert.ok(shown.labels.length > 400, `many labels read (${shown.labels.length})`);
    assert.ok(shown.ids.includes('gl-trie') && shown.ids.includes('database-scan') && shown.ids.includes('drop-www'), 'the ids are known');
    await page.screenshot({ path: path.join(ARTIFACTS, 'labels-en.png') });
    assert.deepEqual(identifiers(shown), []);
  });

  test('English: the file inputs are worded buttons', async () => {
    await assertFileButtons(page, S, 'en');
    await openView(page, 'claims');
    await assertFileButtons(page, S, 'en, the Claims view', { 'claims-file': S.claims.fileButton });
    await openView(page, 'all');
  });

  test('Chinese: no label is an id or an English word', async () => {
    await page.click('#lesson-close');
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang.startsWith('zh') && document.body.dataset.busy === '0');
    await page.waitForFunction(() => document.getElementById('results-status').textContent !== '' && !document.querySelector('main [data-gen=""]'), null, { timeout: 120_000 });
    await openEverything(page);
    const shown = await shownLabels(page);
    assert.ok(shown.labels.length > 400, `many labels read (${shown.labels.length})`);
    // The rows drawn in English are drawn again in Chinese (Table 1 among them).
    assert.ok(await page.locator('#table1-table tbody tr').count() >= 5, 'Table 1 is shown');
    await page.screenshot({ path: path.join(ARTIFACTS, 'labels-zh.png') });
    assert.deepEqual(identifiers(shown), [], 'ids');
    assert.deepEqual(english(shown), [], 'English words');
    await page.click('#lesson-close');
  });

  test('Chinese: the file inputs are worded buttons', async () => {
    await assertFileButtons(page, ZH, 'zh');
    await openView(page, 'claims');
    await assertFileButtons(page, ZH, 'zh, the Claims view', { 'claims-file': ZH.claims.fileButton });
    await openView(page, 'all');
  });

  test('the file button opens the chooser, by keyboard and by pointer, and the chosen file loads', async () => {
    /** Chooses SAMPLE in the chooser `open` brings up; waits for its load; returns the chooser's input. */
    const choose = async (open) => {
      const gen = (await generation(page)) + 1;
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), open()]);
      await chooser.setFiles(SAMPLE);
      await ready(page, gen);
      return chooser.element().evaluate((e) => e.id);
    };
    // By keyboard: Tab from the button before it reaches the input, and its button shows the focus ring.
    await openView(page, 'input-panel');
    await page.focus('#paste-go');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'file');
    const ring = await page.$eval('label[for="file"]', (l) => getComputedStyle(l).outlineStyle);
    assert.notEqual(ring, 'none', 'the focus ring is on the button');
    assert.equal(await choose(() => page.keyboard.press('Space')), 'file');
    // By pointer: the worded button is the input's label.
    assert.equal(await choose(() => page.click('label[for="file"]')), 'file');
    // Loaded, and the button keeps its words (the report names the file, in the page's words).
    assert.equal((await page.textContent('label[for="file"]')).trim(), ZH.fileButton);
    assert.match(await page.textContent('#report'), /corpus-sample-1000\.txt/);
    // Both file inputs, in the report that shows every view.
    await openView(page, 'all');
    await assertFileButtons(page, ZH, 'zh, after a load');
  });
});
