// The map of the lab: the sticky bar names every paper and view; each link opens one view alone
// (its route), marks it and focuses its heading; fragments (#p4-trie) and old section links land
// on their view; back and forward move between views without a reload. The report (#report) is
// every section as one page: there a section collapses to its heading, "Only P5" shows one paper
// and travels in the copied link, a fragment scrolls to its section and holds it while the views
// above it are drawn. No page scrolls sideways, and the map speaks Chinese.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ready, useLab, ARTIFACTS, assertChartsReadable, openView, pressTool } from './helpers.js';
import { S } from '../../www/strings.js';
import { ZH } from '../../www/strings-zh.js';

const SECTIONS = ['input-panel', 'view-panel', 'figures', 'why', 'partition', 'trie', 'bloom', 'cbf', 'fp'];
const PAPERS = { p1: ['figures', 'why'], p2: ['partition'], p3: ['fp'], p4: ['trie'], p5: ['bloom', 'cbf'] };

/** Where each section is and what the map marks, in the page. */
function layout(p) {
  return p.evaluate((ids) => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { top: Math.round(r.top), left: Math.round(r.left), width: Math.round(r.width), height: Math.round(r.height) };
    };
    const sections = Object.fromEntries(ids.map((id) => [id, { ...box(document.getElementById(id)), shown: document.getElementById(id).checkVisibility() }]));
    return {
      sections,
      map: box(document.getElementById('map')),
      current: /** @type {HTMLElement} */ (document.querySelector('#map a[aria-current="location"]'))?.dataset.section ?? null,
      focused: document.activeElement?.closest('section')?.id ?? null,
      docWidth: document.documentElement.scrollWidth,
      width: innerWidth,
    };
  }, SECTIONS);
}

/** `id`'s heading is in the viewport, just below the sticky map. */
async function assertLanded(p, id) {
  await p.waitForFunction(
    (id) => {
      const top = document.getElementById(id).getBoundingClientRect().top;
      const map = document.getElementById('map').getBoundingClientRect().bottom;
      return top >= map - 2 && top < innerHeight / 3;
    },
    id,
    { timeout: 10_000 },
  ).catch(async () => {
    const l = await layout(p);
    const more = await p.evaluate(() => ({
      scrollY: Math.round(scrollY),
      holding: document.getElementById('map').dataset.holding ?? null,
      released: document.getElementById('map').dataset.released ?? null,
      waiting: [...document.querySelectorAll('main [data-gen=""]')].map((e) => e.id),
    }));
    assert.fail(`${id} did not land under the map: ${JSON.stringify({ [id]: l.sections[id], current: l.current, ...more, tops: Object.fromEntries(Object.entries(l.sections).map(([k, v]) => [k, v.top])) })}`);
  });
}

/** The sections each view shows: its own, and P1's controls with its results. */
const SHOWS = { 'view-panel': ['slots-panel', 'functions-panel', 'view-panel'] };

describe('the map of the lab (1440×900)', () => {
  let page;
  let baseUrl;
  let browser;
  useLab({ width: 1440, height: 900 }, (o) => ({ page, baseUrl, browser } = o));

  test('the first screen: the map of every paper and view, the papers named, P1’s chart whole', async () => {
    await ready(page);
    const papers = await page.$$eval('#papers li', (xs) => xs.map((x) => x.textContent.trim()));
    assert.equal(papers.length, 5);
    for (const [i, p] of ['p1', 'p2', 'p3', 'p4', 'p5'].entries()) assert.ok(papers[i].endsWith(S.papers[p]), papers[i]);
    assert.equal(await page.isVisible('#papers li'), false, 'folded over a view: its chart comes first');
    const entries = await page.$$eval('#map .map-list a', (xs) => xs.map((x) => [x.dataset.section, x.textContent.trim(), x.getAttribute('href')]));
    assert.deepEqual(
      entries.map((e) => e[0]),
      ['input-panel', 'view-panel', 'figures', 'why', 'slotmap', 'quality', 'partition', 'rebalance', 'trie', 'bloom', 'cbf', 'filters', 'fp', 'canon', 'claims', 'all'],
    );
    for (const p of ['P1', 'P2', 'P3', 'P4', 'P5']) assert.ok(entries.some((e) => e[1].startsWith(p)), `${p} in the map`);
    assert.equal(await page.evaluate(() => document.body.dataset.route), 'view-panel', 'P1’s slots in front');
    const l = await layout(page);
    assert.ok(l.map.top >= 0 && l.map.top + l.map.height <= 900, 'the map is on the first screen');
    const chart = await page.$eval('#per-slot-chart', (c) => c.getBoundingClientRect().toJSON());
    assert.ok(chart.top >= l.map.top + l.map.height && chart.bottom <= 900, `the first chart whole on the first screen: ${JSON.stringify(chart)}`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'map-1440.png') });
  });

  test('each map link opens its view alone, marks it, focuses its heading; the keyboard works too', async () => {
    for (const a of await page.$$eval('#map .map-list a', (xs) => xs.map((x) => x.dataset.section))) {
      await page.click(`#map a[data-section="${a}"]`);
      await page.waitForFunction((a) => document.body.dataset.route === a, a, { timeout: 5_000 });
      const l = await layout(page);
      const shows = a === 'all' ? SECTIONS : (SHOWS[a] ?? [a]);
      for (const id of SECTIONS) assert.equal(l.sections[id].shown, shows.includes(id), `${id} shown in the ${a} view`);
      // In the report the map marks the section in view (the first, at the top).
      assert.equal(l.current, a === 'all' ? 'input-panel' : a, `${a} is marked in the map`);
      assert.ok(l.map.top >= 0 && l.map.top + l.map.height <= 900 / 4, `the map stays on screen at ${a}: ${JSON.stringify(l.map)}`);
      assert.equal(await page.evaluate(() => Math.round(scrollY)), 0, `${a} opens at the top`);
      if (a !== 'all') assert.equal(l.focused, a, `focus moved into ${a}`);
    }
    // Keyboard: Tab to a link of the map, Enter.
    await page.focus('#map a[data-section="trie"]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.body.dataset.route === 'trie', null, { timeout: 5_000 });
  });

  test('a fragment opens the lab at its view; back and forward move between views, no reload', async () => {
    const p = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await p.goto(`${baseUrl}#p5-bloom`);
      await ready(p);
      assert.equal(await p.evaluate(() => document.body.dataset.route), 'bloom');
      await p.evaluate(() => (location.hash = '#p3-fingerprints'));
      await p.waitForFunction(() => document.body.dataset.route === 'fp', null, { timeout: 5_000 });
      // The state link then names the view.
      await p.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('view') === 'fp', null, { timeout: 5_000 });
      await p.evaluate(() => (/** @type {any} */ (window).__sameDocument = true));
      await p.click('#map a[data-section="trie"]');
      await p.click('#map a[data-section="partition"]');
      const route = () => p.evaluate(() => [document.body.dataset.route, new URLSearchParams(location.hash.slice(1)).get('view'), /** @type {any} */ (window).__sameDocument === true]);
      await p.goBack();
      await p.waitForFunction(() => document.body.dataset.route === 'trie', null, { timeout: 5_000 });
      assert.deepEqual(await route(), ['trie', 'trie', true], 'back: the view before, the same document');
      await p.goBack();
      await p.waitForFunction(() => document.body.dataset.route === 'fp', null, { timeout: 5_000 });
      assert.deepEqual(await route(), ['fp', 'fp', true]);
      await p.goForward();
      await p.waitForFunction(() => document.body.dataset.route === 'trie', null, { timeout: 5_000 });
      assert.deepEqual(await route(), ['trie', 'trie', true], 'forward');
      // An old link's section (#p1-slots, a section's own id) lands on its view.
      await p.evaluate(() => (location.hash = '#p1-slots'));
      await p.waitForFunction(() => document.body.dataset.route === 'view-panel', null, { timeout: 5_000 });
      await p.evaluate(() => (location.hash = '#bloom-fpr-chart'));
      await p.waitForFunction(() => document.body.dataset.route === 'bloom', null, { timeout: 5_000 });
    } finally {
      await p.close();
    }
  });

  test('the report: every section as one page; a section collapses and opens again', async () => {
    await page.click('#map a[data-section="all"]');
    await page.waitForFunction(() => document.body.dataset.route === 'all');
    // The report runs every view: the crawl split drawn before it is measured.
    await page.waitForFunction(() => document.getElementById('partition').dataset.gen === document.getElementById('results').dataset.gen, null, { timeout: 120_000 });
    const before = (await layout(page)).sections.partition.height;
    await page.click('#partition .section-tools .collapse');
    assert.equal(await page.getAttribute('#partition .section-tools .collapse', 'aria-expanded'), 'false');
    const collapsed = (await layout(page)).sections.partition.height;
    assert.ok(collapsed < 200 && collapsed < before / 5, `${before} px → ${collapsed} px`);
    // A map link opens its view, from the report too; in the report a fragment scrolls to its
    // section, opening it.
    await page.click('#map a[data-section="partition"]');
    assert.equal(await page.evaluate(() => document.body.dataset.route), 'partition', 'a map link opens its view');
    await page.click('#map a[data-section="all"]');
    await page.evaluate(() => (location.hash = '#p2-crawler'));
    await assertLanded(page, 'partition');
    assert.equal(await page.getAttribute('#partition .section-tools .collapse', 'aria-expanded'), 'true');
    assert.ok((await layout(page)).sections.partition.height > before / 2);
  });

  test('"Only P5" shows one paper in the report, travels in the link, and "show every paper" undoes it', async () => {
    await page.click('#bloom .section-tools .only');
    const l = await layout(page);
    for (const [paper, ids] of Object.entries(PAPERS)) {
      for (const id of ids) assert.equal(l.sections[id].shown, paper === 'p5', `${id} shown with P5 in focus`);
    }
    assert.ok(await page.isVisible('#map-all'));
    assert.equal((await page.textContent('#map-all')).trim(), S.mapShowAllFrom('P5'));
    await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).get('focus') === 'p5');
    const link = page.url();
    const p = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await p.goto(link);
      await ready(p);
      assert.equal(await p.evaluate(() => document.body.dataset.route), 'all', 'the link keeps the report');
      const again = await layout(p);
      assert.equal(again.sections.trie.shown, false, 'the link keeps the focus');
      assert.equal(again.sections.cbf.shown, true);
    } finally {
      await p.close();
    }
    await page.click('#map-all');
    for (const id of SECTIONS) assert.equal((await layout(page)).sections[id].shown, true, id);
  });

  test('in the report, after the first results every section takes the whole width', async () => {
    const l = await layout(page);
    const input = l.sections['input-panel'];
    assert.ok(l.sections['view-panel'].left > input.left + input.width, 'the first results beside the input');
    for (const id of ['figures', 'why', 'partition', 'trie', 'bloom', 'cbf', 'fp']) {
      assert.equal(l.sections[id].left, input.left, `${id} starts at the left edge`);
      assert.ok(l.sections[id].width > 1300, `${id} is ${l.sections[id].width} px wide`);
    }
    assert.equal(l.docWidth, l.width, 'no horizontal scroll');
  });

  test('the map and the section tools speak Chinese', async () => {
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    const words = await page.$$eval('#map .map-list a', (xs) => xs.map((x) => x.textContent.trim()));
    assert.ok(words.includes(ZH.map.input), words.join(' | '));
    assert.ok(words.includes(ZH.map.all), words.join(' | '));
    assert.ok(words.some((w) => w.endsWith(ZH.map.p4)), words.join(' | '));
    assert.equal(await page.getAttribute('#map', 'aria-label'), ZH.mapLabel);
    assert.equal((await page.textContent('#trie .section-tools .collapse')).trim(), ZH.mapCollapse);
    assert.equal((await page.textContent('#trie .section-tools .only')).trim(), ZH.mapOnly('P4'));
    assert.ok((await page.textContent('#papers')).includes(ZH.papers.p4));
    await page.screenshot({ path: path.join(ARTIFACTS, 'map-1440-zh.png') });
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
  });
});

describe('the map on a phone (390×844)', () => {
  let page;
  useLab({ width: 390, height: 844 }, (o) => ({ page } = o));

  test('the map stays on top, scrolls sideways inside itself, and its links open their views', async () => {
    await ready(page);
    const l = await layout(page);
    assert.ok(l.map.width <= 390, `the map is ${l.map.width} px wide`);
    for (const id of ['trie', 'bloom', 'fp']) {
      await page.click(`#map a[data-section="${id}"]`);
      await page.waitForFunction((id) => document.body.dataset.route === id, id, { timeout: 5_000 });
      const link = await page.$eval(`#map a[data-section="${id}"]`, (a) => {
        const r = a.getBoundingClientRect();
        return { left: r.left, right: r.right };
      });
      assert.ok(link.left >= 0 && link.right <= 390, `the ${id} link is scrolled into the map's view`);
    }
    assert.equal(await page.isVisible('#papers li'), false, 'the papers list is folded on a phone');
    await page.screenshot({ path: path.join(ARTIFACTS, 'map-390.png') });
  });
});

describe('in the report, a section reached by its fragment stays in place while the views above it are drawn', () => {
  let page;
  useLab({ width: 390, height: 844 }, (o) => ({ page } = o));

  test('held while a view waits for its numbers, let go once none does', async () => {
    await ready(page);
    await openView(page, 'all');
    await page.waitForFunction(() => !document.querySelector('main [data-gen=""]'), null, { timeout: 60_000 });
    // Without scroll anchoring (as in Safari), only the map's hold keeps the section in place.
    await page.evaluate(() => {
      document.documentElement.style.overflowAnchor = 'none';
      document.getElementById('bloom').dataset.gen = '';
    });
    await page.evaluate(() => (location.hash = '#p3-fingerprints'));
    await assertLanded(page, 'fp');
    const grow = (px) =>
      page.evaluate(async (px) => {
        const block = document.createElement('div');
        block.className = 'grown';
        block.style.height = `${px}px`;
        document.getElementById('trie').append(block);
        for (let i = 0; i < 4; i += 1) await new Promise((r) => requestAnimationFrame(r));
        return {
          top: Math.round(document.getElementById('fp').getBoundingClientRect().top),
          current: /** @type {HTMLElement} */ (document.querySelector('#map a[aria-current="location"]'))?.dataset.section,
        };
      }, px);
    await page.waitForTimeout(4_000);
    const held = await grow(3_000);
    assert.ok(held.top > 40 && held.top < 80, `fp held under the map 4 s on, while bloom still waits: ${held.top}`);
    assert.equal(held.current, 'fp');
    await page.evaluate(() => (document.getElementById('bloom').dataset.gen = document.getElementById('results').dataset.gen));
    await page.waitForFunction(() => !document.getElementById('map').dataset.holding, null, { timeout: 10_000 });
    const free = await grow(3_000);
    assert.ok(free.top > 2_000, `the hold ends once no view waits: fp at ${free.top}`);
    await page.evaluate(() => {
      for (const b of document.querySelectorAll('.grown')) b.remove();
      document.documentElement.style.overflowAnchor = '';
    });
  });

  test('a scroll the hold did not make (a script, an assistive tool) ends it at once', async () => {
    await ready(page);
    await page.evaluate(() => (document.getElementById('bloom').dataset.gen = ''));
    await page.evaluate(() => (location.hash = '#p4-trie'));
    await assertLanded(page, 'trie');
    await page.evaluate(() => (location.hash = '#p3-fingerprints'));
    await assertLanded(page, 'fp');
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => document.getElementById('map').dataset.holding), 'fp', 'held while bloom waits');
    // Scrolled to the top the way Playwright or a screen reader does it: no wheel, key or touch.
    const after = await page.evaluate(async () => {
      document.querySelector('header.top').scrollIntoView();
      for (let i = 0; i < 30; i += 1) await new Promise((r) => requestAnimationFrame(r));
      const map = document.getElementById('map').dataset;
      return { y: scrollY, holding: map.holding ?? null, released: map.released ?? '' };
    });
    assert.equal(after.holding, null, 'the hold let go');
    assert.match(after.released, /^scrolled after/, 'and says why');
    assert.equal(after.y, 0, 'the page stays where it was scrolled to, not pulled back to fp');
    await page.evaluate(() => (document.getElementById('bloom').dataset.gen = document.getElementById('results').dataset.gen));
  });
});

describe('no sideways scroll of the page at 360, 390, 430 (touch), 1280 and 1440 px once every view has run', () => {
  let browser;
  let baseUrl;
  useLab({ width: 390, height: 844 }, (o) => ({ browser, baseUrl } = o));

  for (const [width, height] of [[360, 844], [390, 844], [430, 844], [1280, 720], [1440, 900]]) {
    const touch = width < 600;
    test(`${width}×${height}${touch ? ', touch' : ''}`, async (t) => {
      const context = await browser.newContext({ viewport: { width, height }, hasTouch: touch, isMobile: touch });
      try {
        const p = await context.newPage();
        // The report: every section at once, every view run.
        await p.goto(`${baseUrl}#report`);
        const views = ['why', 'partition', 'trie', 'bloom', 'cbf', 'fp'];
        await p
          .waitForFunction((ids) => ids.every((id) => document.getElementById(id).dataset.gen === '1'), views, { timeout: 240_000 })
          .catch(async () => assert.fail(`views not run: ${await p.evaluate((ids) => ids.filter((id) => document.getElementById(id).dataset.gen !== '1'), views)}`));
        const wide = await p.evaluate((w) => {
          // Elements wider than the screen that no scrolling box of their own holds.
          const out = [];
          for (const e of document.querySelectorAll('body *')) {
            const r = e.getBoundingClientRect();
            if (!r.width || r.right <= w + 1 || !e.checkVisibility()) continue;
            let held = false;
            for (let a = e.parentElement; a && a !== document.body && !held; a = a.parentElement) held = getComputedStyle(a).overflowX !== 'visible';
            if (!held && e.parentElement.getBoundingClientRect().right <= w + 1) out.push(`${e.tagName.toLowerCase()}#${e.id}.${e.className} (${Math.round(r.width)} px)`);
          }
          return { scrollWidth: document.documentElement.scrollWidth, out };
        }, width);
        assert.deepEqual(wide, { scrollWidth: width, out: [] });
        // Touch targets of the map and of the section tools: at least 44 × 44 px.
        const small = await p.$$eval('#map a, .section-tools button', (xs) =>
          xs
            .map((x) => [x.textContent.trim(), x.getBoundingClientRect()])
            .filter(([, r]) => r.height < 44 || r.width < 44)
            .map(([t, r]) => `${t}: ${Math.round(r.width)}×${Math.round(r.height)}`),
        );
        if (touch) assert.deepEqual(small, []);
        // Every chart keeps its tick labels apart and its export buttons off its axes.
        const charts = await assertChartsReadable(p, `${width} px`);
        assert.ok(charts >= 12, `${charts} charts checked`);
        await p.screenshot({ path: path.join(ARTIFACTS, `views-${width}.png`), fullPage: false });
        // Each view alone: no sideways scroll either.
        for (const id of await p.$$eval('#map .map-list a', (xs) => xs.map((x) => x.dataset.section).filter((s) => s !== 'all'))) {
          await openView(p, id);
          assert.equal(await p.evaluate(() => document.documentElement.scrollWidth), width, `no sideways scroll in the ${id} view`);
        }
        await openView(p, 'all');
        // The page's height with every section open, then with every paper's section collapsed.
        const open = await p.evaluate(() => document.documentElement.scrollHeight);
        for (const b of await p.$$('.section-tools .collapse[aria-expanded="true"]')) await b.click();
        const folded = await p.evaluate(() => document.documentElement.scrollHeight);
        t.diagnostic(`page height at ${width}×${height}: ${open} px with every section open, ${folded} px collapsed`);
        assert.ok(folded < open / 3, `collapsing folds the page: ${folded} of ${open} px`);
      } finally {
        await context.close();
      }
    });
  }
});

describe('the first screen of a 1280×720 projector', () => {
  let page;
  useLab({ width: 1280, height: 720 }, (o) => ({ page } = o));

  /** What of the input summary and the first chart is inside the window. */
  const firstScreen = () =>
    page.evaluate(() => {
      const box = (sel) => {
        const r = document.querySelector(sel).getBoundingClientRect();
        return { top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right) };
      };
      return {
        summary: box('#data-badge'),
        chart: box('#per-slot-chart'),
        m: box('#m-input'),
        map: box('#map'),
        docWidth: document.documentElement.scrollWidth,
        height: innerHeight,
      };
    });

  for (const [name, toggles] of [
    ['plain', []],
    ['Projector mode', ['#projector-toggle']],
    ['Projector mode, in Chinese', ['#lang-toggle']],
  ]) {
    test(`${name}: the data named in the map, the whole first chart and M beside it`, async () => {
      await ready(page);
      for (const t of toggles) {
        await pressTool(page, t);
        await page.waitForFunction(() => document.body.dataset.busy === '0');
      }
      await page.evaluate(() => scrollTo(0, 0));
      await page.waitForTimeout(300);
      const s = await firstScreen();
      const inside = (b) => b.top >= s.map.bottom - 1 && b.bottom <= s.height;
      assert.ok(s.summary.top >= 0 && s.summary.bottom <= s.map.bottom, `the data badge in the map: ${JSON.stringify(s)}`);
      assert.ok(inside(s.chart), `the first chart whole on the first screen: ${JSON.stringify(s)}`);
      assert.ok(inside(s.m), `the slot count beside it: ${JSON.stringify(s)}`);
      assert.equal(s.docWidth, 1280, 'no sideways scroll');
      await page.screenshot({ path: path.join(ARTIFACTS, `first-screen-1280-${toggles.length}.png`) });
    });
  }
});
