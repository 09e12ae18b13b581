// The workbench at every size a class uses, in both languages: a view's link shows its main
// picture whole in the window; changing each of its controls leaves that control and the whole
// picture it changes in the window together (on a narrow screen: the picture above the open
// control sheet); no document scrolls sideways. The views run on 10 000 corpus URLs here: the
// layout is what is measured, and it does not depend on the list's length. In projector mode:
// large type, thick lines, every M preset in reach, a lesson docked beside the chart.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, requireDist, watchProblems } from './helpers.js';

/** Every size a class uses: phones (touch), laptops, projectors, large screens. */
const SIZES = [
  { width: 360, height: 740, touch: true },
  { width: 390, height: 844, touch: true },
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
  { width: 2560, height: 1440 },
];

/**
 * Each view: its link, its section, its main picture and its controls, each a way to change it
 * (`fill` a field and press Enter, `pick` an option's index, `click`).
 */
const VIEWS = [
  {
    link: 'p1-slots',
    section: 'view-panel',
    // The per-slot chart, or the bucket histogram that takes its place for a large M.
    picture: '#slots-charts > :not([hidden]) .chart-box',
    controls: [
      { sel: '#m-input', fill: '1000' },
      { sel: '#presets button.preset >> nth=4', click: true },
      { sel: '#functions input[type=checkbox] >> nth=5', click: true },
    ],
  },
  { link: 'p1-figures', section: 'figures', picture: '#fig1-chart', controls: [{ sel: '#fig1-m button >> nth=2', click: true }] },
  // Why? has cards of text, not a chart: its first card's heading and claim open in the window.
  { link: 'p1-why', section: 'why', picture: '#why-cards > :first-child .claim', tall: 20, controls: [] },
  {
    link: 'p1-slotmap',
    section: 'slotmap',
    picture: '#slotmap-images canvas >> nth=0',
    controls: [
      { sel: '#slotmap-presets button >> nth=1', click: true },
      { sel: 'input[name="slotmap-layout"][value="linear"]', click: true },
    ],
  },
  {
    link: 'p2-crawler',
    section: 'partition',
    picture: '#part-nodes-chart',
    controls: [
      { sel: '#part-nodes', fill: '5' },
      { sel: '#part-policy', pick: 1 },
    ],
  },
  {
    link: 'p2-nodes',
    section: 'rebalance',
    picture: '#reb-moved-chart',
    controls: [
      { sel: '#reb-to', fill: '9' },
      { sel: '#reb-vnodes', fill: '50' },
      { sel: '#reb-preset-leave', click: true },
    ],
  },
  {
    link: 'p4-trie',
    section: 'trie',
    picture: '#trie-diagram-box',
    controls: [
      { sel: '#trie-example', click: true },
      { sel: '#trie-next', click: true },
      { sel: 'input[name="trie-variant"][value="fixed"]', click: true },
    ],
  },
  {
    link: 'p5-bloom',
    section: 'bloom',
    picture: '#bloom-fpr-chart',
    controls: [
      { sel: '#bloom-k', fill: '10' },
      { sel: '#bloom-ratio', fill: '12' },
      { sel: '#bloom-presets button >> nth=2', click: true },
      { sel: '#bloom-methods input[type=checkbox] >> nth=1', click: true },
    ],
  },
  {
    link: 'p5-counting',
    section: 'cbf',
    picture: '#cbf-hist-chart',
    controls: [
      { sel: '#cbf-bits', fill: '3' },
      { sel: '#cbf-k', fill: '6' },
      { sel: '#cbf-method', pick: 1 },
      { sel: '#cbf-preset-saturating', click: true },
    ],
  },
  {
    link: 'p5-filters',
    section: 'filters',
    picture: '#filters-chart',
    controls: [
      { sel: '#filters-values', fill: '2%' },
      { sel: '#filters-preset-bits', click: true },
    ],
  },
  {
    link: 'p3-fingerprints',
    section: 'fp',
    picture: '#fp-avalanche > .bits-scroll',
    controls: [
      { sel: '#fp-pair-p3', click: true },
      { sel: '#fp-pair-empty', click: true },
      { sel: '#fp-b', fill: 'http://example.com/b' },
    ],
  },
  {
    link: 'p3-canon',
    section: 'canon',
    picture: '#canon-chart',
    controls: [
      { sel: '#canon-list-respelled', click: true },
      { sel: '#canon-respell', fill: '500' },
    ],
  },
];

/** Where `sel` is on screen and what bounds the window's free part (below the map, above a sheet). */
function geometry(p, sel) {
  return p.locator(sel).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const map = document.getElementById('map').getBoundingClientRect();
    const sheet = [...document.querySelectorAll('.bench-side, .layout > .controls')].find(
      (s) => getComputedStyle(s).position === 'fixed' && s.checkVisibility(),
    );
    const floor = sheet ? sheet.getBoundingClientRect().top : innerHeight;
    const inSheet = Boolean(sheet?.contains(el));
    const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(r.top + Math.min(r.height / 2, 12), 0), innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    const label = el.closest('label');
    return {
      top: r.top,
      bottom: r.bottom,
      left: r.left,
      right: r.right,
      height: r.height,
      mapBottom: map.bottom,
      floor,
      inSheet,
      vw: innerWidth,
      vh: innerHeight,
      shown: Boolean(hit && (el.contains(hit) || hit.contains(el) || label?.contains(hit))),
      scrollWidth: document.scrollingElement.scrollWidth,
    };
  });
}

/** The picture is whole between the map and the window's floor (a sheet's top, or its bottom). */
function assertWhole(g, what, tall = 40) {
  assert.ok(g.height > tall, `${what}: drawn (height ${g.height})`);
  assert.ok(g.top >= g.mapBottom - 1, `${what}: top ${g.top.toFixed(0)} is below the map's bottom ${g.mapBottom.toFixed(0)}`);
  assert.ok(g.bottom <= g.floor + 1, `${what}: bottom ${g.bottom.toFixed(0)} is above the window's floor ${g.floor.toFixed(0)}`);
  assert.ok(g.left >= -1 && g.right <= g.vw + 1, `${what}: within the width (${g.left.toFixed(0)}–${g.right.toFixed(0)} of ${g.vw})`);
  assert.ok(g.scrollWidth <= g.vw, `${what}: the document does not scroll sideways (${g.scrollWidth} > ${g.vw})`);
}

/** The control is in the window and not covered (in the sheet, or between the map and the floor). */
function assertControl(g, what) {
  const floor = g.inSheet ? g.vh : g.floor;
  assert.ok(g.top >= (g.inSheet ? 0 : g.mapBottom - 1) && g.bottom <= floor + 2, `${what}: in the window (${g.top.toFixed(0)}–${g.bottom.toFixed(0)}, map ${g.mapBottom.toFixed(0)}, floor ${floor.toFixed(0)})`);
  assert.ok(g.shown, `${what}: not covered`);
}

/** The page is idle: no load, no view's progress bar, and two frames drawn. */
async function settled(p, section) {
  await p.waitForFunction(
    (id) => document.body.dataset.busy === '0' && ![.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(`#${id} progress`))].some((b) => !b.hidden) && !document.querySelector(`#${id} .stale`),
    section,
    { timeout: 60_000 },
  );
  await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

let server;
let base;
let browser;
before(async () => {
  requireDist();
  ({ server, url: base } = await serveDist());
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await new Promise((r) => (server ? server.close(r) : r()));
});

/** Runs `body` on a new page in a window of `size`; fails on any console error, page error, failed request or dialog. */
async function inWindow(size, body) {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    hasTouch: Boolean(size.touch),
    isMobile: Boolean(size.touch),
  });
  const problems = [];
  try {
    const p = await context.newPage();
    watchProblems(p, (x) => problems.push(x));
    await body(p);
    assert.deepEqual(problems, [], 'no console errors, page errors, failed requests or dialogs');
  } finally {
    await context.close();
  }
}

for (const size of SIZES) {
  for (const lang of ['en', 'zh']) {
    test(`the workbench at ${size.width}×${size.height}${size.touch ? ' (touch)' : ''}, ${lang}: every view's picture whole, beside each control changed`, async () => {
      await inWindow(size, async (p) => {
        for (const view of VIEWS) {
          const where = `${view.link} at ${size.width}×${size.height} ${lang}`;
          // The view's link, as a reader follows it: the state of the link with the view named.
          await p.goto('about:blank');
          await p.goto(`${base}#lang=${lang}&n=10000&view=${view.section}`);
          await p.waitForFunction((r) => document.body.dataset.route === r, view.section, { timeout: 30_000 });
          await p.locator(view.picture).waitFor({ state: 'visible', timeout: 60_000 });
          await settled(p, view.section);
          assertWhole(await geometry(p, view.picture), `${where}, opened`, view.tall);
          // The map shows which view this is: its link marked and inside the bar.
          const mark = await p.evaluate(() => {
            const a = document.querySelector('#map a[aria-current="location"]');
            const bar = a?.closest('.map-list')?.getBoundingClientRect();
            const r = a?.getBoundingClientRect();
            return a && bar && r ? { section: a.getAttribute('data-section'), inside: r.left >= bar.left - 1 && r.right <= bar.right + 1 } : null;
          });
          assert.deepEqual(mark, { section: view.section, inside: true }, `${where}: the map's current link`);
          for (const c of view.controls) {
            const control = p.locator(c.sel);
            // As a reader does: the control brought into view (in its column or sheet) first.
            await control.scrollIntoViewIfNeeded();
            if (c.fill !== undefined) {
              await control.fill(c.fill);
              await control.press('Enter');
            } else if (c.pick !== undefined) {
              const value = await control.evaluate((s, i) => /** @type {HTMLSelectElement} */ (s).options[i].value, c.pick);
              await control.selectOption(value);
            } else {
              await control.click();
            }
            await settled(p, view.section);
            const what = `${where}, after ${c.sel}`;
            assertControl(await geometry(p, c.sel), `${what}: the control`);
            assertWhole(await geometry(p, view.picture), `${what}: the picture`);
          }
        }
      });
    });
  }
}

/** Narrowest window the lesson docks beside the chart in (style.css). */
const DOCKS_FROM = 1400;

for (const size of SIZES) {
  for (const lang of ['en', 'zh']) {
    test(`projector mode at ${size.width}×${size.height}${size.touch ? ' (touch)' : ''}, ${lang}: large type, thick lines, the chart the window's height, every M preset in reach, the lesson beside it`, async () => {
      await inWindow(size, async (p) => {
        await p.addInitScript(() => localStorage.setItem('uhl-projector', '1'));
        const where = `projector ${size.width}×${size.height} ${lang}`;
        await p.goto(`${base}#lang=${lang}&view=view-panel`);
        await p.waitForFunction(() => Number(document.getElementById('results').dataset.gen) >= 1, null, { timeout: 60_000 });
        assert.equal(await p.evaluate(() => document.body.classList.contains('projector')), true, `${where}: projector mode on`);
        await settled(p, 'view-panel');
        const picture = '#slots-charts > :not([hidden]) .chart-box';
        // Every chart in the window: ticks of at least 20 px, lines thicker than on a screen.
        const type = await p.evaluate(() => {
          const out = { charts: 0, smallest: Infinity, line: window.Chart.defaults.elements.line.borderWidth, thin: [] };
          for (const canvas of document.querySelectorAll('canvas')) {
            const chart = window.Chart.getChart(canvas);
            if (!chart || !canvas.checkVisibility()) continue;
            out.charts += 1;
            for (const scale of Object.values(chart.scales)) {
              if (!scale.options.display || !scale.options.ticks.display) continue;
              out.smallest = Math.min(out.smallest, window.Chart.helpers.toFont(scale.options.ticks.font).size);
            }
            for (const ds of chart.data.datasets) {
              const own = ds.uhlOwn?.borderWidth;
              if (typeof own === 'number' && own > 0 && !(ds.borderWidth >= own * 1.5)) out.thin.push(`${canvas.id} ${ds.label}: ${ds.borderWidth} for ${own}`);
            }
          }
          return out;
        });
        assert.ok(type.charts >= 1, `${where}: a chart drawn`);
        assert.ok(type.smallest >= 20, `${where}: ticks of ${type.smallest} px`);
        assert.ok(type.line >= 4, `${where}: lines ${type.line} px wide`);
        assert.deepEqual(type.thin, [], `${where}: every line drawn thicker`);
        // The chart whole, and as tall as half the window's free part at least.
        const g = await geometry(p, picture);
        assertWhole(g, `${where}: the chart`);
        assert.ok(g.height >= 0.5 * (g.floor - g.mapBottom), `${where}: the chart ${g.height.toFixed(0)} px tall of ${(g.floor - g.mapBottom).toFixed(0)} free`);
        // Every M preset in reach: brought into view, it is the thing under the pointer there.
        const presets = p.locator('#presets button.preset');
        const count = await presets.count();
        assert.ok(count >= 10, `${where}: ${count} presets`);
        for (let i = 0; i < count; i += 1) {
          const b = presets.nth(i);
          await b.scrollIntoViewIfNeeded();
          const at = await geometry(p, `#presets button.preset >> nth=${i}`);
          assertControl(at, `${where}: M preset ${i + 1} of ${count}`);
        }
        // A lesson open: on a wide screen it docks beside the chart, which stays whole; on a
        // narrower one it takes the window's bottom third at most.
        if (!size.touch) {
          await p.click('#lesson-open');
          await p.locator('#lesson').waitFor({ state: 'visible' });
          // Its first step is set up on the corpus already open (the lesson's own 100 000 URLs).
          await p.waitForFunction(() => document.getElementById('lesson').dataset.ready === '1', null, { timeout: 60_000 });
          await settled(p, 'view-panel');
          const lesson = await p.locator('#lesson').boundingBox();
          assert.ok(lesson, `${where}: the lesson shown`);
          if (size.width < DOCKS_FROM) {
            assert.ok(lesson.height <= size.height * 0.35 && lesson.y + lesson.height >= size.height - 1, `${where}: the lesson at the bottom, ${lesson.height.toFixed(0)} px tall`);
          } else {
            await p.locator(picture).scrollIntoViewIfNeeded();
            const chart = await geometry(p, picture);
            assertWhole(chart, `${where}: the chart beside the lesson`);
            assert.ok(chart.right <= lesson.x + 1, `${where}: the lesson (from x = ${lesson.x.toFixed(0)}) beside the chart (to x = ${chart.right.toFixed(0)})`);
            assert.ok(lesson.height >= size.height - 2, `${where}: the lesson the window's height (${lesson.height.toFixed(0)})`);
          }
        }
      });
    });
  }
}

/**
 * The long views on the default 100 000 URLs, each with the chart it draws before its report
 * from what its study measured so far, and (where the chart says so) the words of that early
 * picture and of the report.
 */
const EARLY = [
  { section: 'partition', chart: 'part-nodes-chart', note: 'part-nodes-note', early: /^So far: the first [\d\u2009\u202f ,]+ of 100[\u2009\u202f ,]000 lines/ },
  { section: 'rebalance', chart: 'reb-moved-chart', note: 'reb-moved-note', early: /\(the first [\d\u2009\u202f ,]+ lines so far\)/ },
  { section: 'bloom', chart: 'bloom-fpr-chart' },
  { section: 'cbf', chart: 'cbf-hist-chart' },
  { section: 'filters', chart: 'filters-chart', note: 'filters-note', early: /\(\d+ of \d+ filters so far\)/ },
  { section: 'fp', chart: 'fp-birthday-chart' },
  { section: 'canon', chart: 'canon-chart', note: 'canon-note', early: /so far \(the study is still reading\)/ },
  { section: 'quality', chart: 'quality-chart', note: 'quality-note', early: /of 15 functions so far/ },
];

test('on 100 000 URLs each long view draws a first picture from its study so far, labelled, then its report', async () => {
  await inWindow({ width: 1280, height: 720 }, async (p) => {
    for (const view of EARLY) {
      await p.goto('about:blank');
      await p.goto(`${base}#lang=en&view=${view.section}`);
      // Watched every frame from the start: the chart drawn while the section waits for its
      // report, and the note under it then.
      const seen = await p.evaluate(
        ({ section, chart, note }) =>
          new Promise((resolve) => {
            let early = null;
            const tick = () => {
              const s = document.getElementById(section);
              const c = document.getElementById(chart);
              if (!early && c?.dataset.drawn && s.dataset.gen === '') {
                early = { drawn: c.dataset.drawn, note: note ? document.getElementById(note).textContent : '', data: window.Chart.getChart(c)?.data.datasets.some((d) => d.data.length > 0) };
              }
              if (s.dataset.gen) resolve({ early, gen: s.dataset.gen, note: note ? document.getElementById(note).textContent : '' });
              else requestAnimationFrame(tick);
            };
            tick();
          }),
        { section: view.section, chart: view.chart, note: view.note ?? null },
      );
      assert.ok(seen.early, `${view.section}: a picture drawn before the report`);
      assert.equal(seen.early.drawn, seen.gen, `${view.section}: the early picture is of the load on screen`);
      assert.ok(seen.early.data, `${view.section}: the early chart has data`);
      if (view.early) {
        assert.match(seen.early.note, view.early, `${view.section}: the early picture says how many lines it covers`);
        assert.doesNotMatch(seen.note, /So far/, `${view.section}: the report's words replace it`);
      }
    }
  });
});

test('on 100 000 URLs the trie view times its structures in a second worker beside its study, and in the page’s worker when that one fails', async () => {
  for (const fail of [false, true]) {
    await inWindow({ width: 1280, height: 720 }, async (p) => {
      /** @type {{ at: number, closed: number | null }[]} */
      const workers = [];
      const t0 = Date.now();
      p.on('worker', (w) => {
        const seen = { at: Date.now() - t0, closed: null };
        workers.push(seen);
        w.on('close', () => (seen.closed = Date.now() - t0));
      });
      // The timing worker is handed bytes that are no list of URLs: it fails, as it would
      // out of memory.
      if (fail) {
        await p.addInitScript(() => {
          const post = Worker.prototype.postMessage;
          Worker.prototype.postMessage = function (message, transfer) {
            const m = message?.type === 'trieTimeUrls' ? { ...message, urls: new Uint8Array([1, 2, 3]) } : message;
            return post.call(this, m, transfer);
          };
        });
      }
      await p.goto(`${base}#lang=en&view=trie`);
      await p.waitForFunction(() => document.getElementById('trie').dataset.gen, null, { timeout: 120_000 });
      const done = Date.now() - t0;
      const shown = await p.$$eval('#trie-table tbody tr', (rows) =>
        rows.map((r) => ({
          structure: r.dataset.structure,
          insert: Number(r.querySelector('td[data-col="insert_us"]').dataset.value),
          lookup: Number(r.querySelector('td[data-col="lookup_us"]').dataset.value),
          lookup16: Number(r.querySelector('td[data-col="lookup_us_16000"]').dataset.value),
        })),
      );
      assert.equal(shown.length, 6, `fail ${fail}: every structure`);
      for (const r of shown) {
        for (const v of [r.insert, r.lookup, r.lookup16]) assert.ok(Number.isFinite(v) && v > 0, `fail ${fail}: ${JSON.stringify(r)} timed`);
      }
      assert.equal(await p.textContent('#trie-run-error'), '', `fail ${fail}: no error`);
      // The page's own worker, then the timing worker, started with the study and ended by
      // the time the view was complete.
      assert.ok(workers.length >= 2, `fail ${fail}: ${workers.length} workers`);
      const helper = workers[workers.length - 1];
      await p.waitForTimeout(200);
      assert.ok(helper.closed !== null && helper.closed <= done + 200, `fail ${fail}: the timing worker ended (${helper.closed} ms; complete at ${done} ms)`);
    });
  }
});
