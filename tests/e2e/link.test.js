// The state in the fragment: the address keeps the view in #…, never in the query (which would
// be sent to a server); links with the state in the query still open and are rewritten; a few
// hundred pasted URLs travel in the link, deflated. The embed view (#embed=p1-fig2&…) shows one
// chart or table with its caption and a link that opens the whole lab on the same state.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ready, useLab, watchProblems, readTable, waitView, cliDist, assertMatchesCli, ARTIFACTS, openView, pressTool } from './helpers.js';
import { S } from '../../www/strings.js';
import { int } from '../../www/format.js';

const VIEWPORT = { width: 1280, height: 720 };

/** The state the address holds: its fragment's parameters, and whether the query is empty. */
function address(p) {
  return p.evaluate(() => ({ search: location.search, state: Object.fromEntries(new URLSearchParams(location.hash.slice(1))) }));
}

describe('links: the state in the fragment, and the embed view', () => {
  let browser;
  let baseUrl;
  const report = useLab(VIEWPORT, (o) => ({ browser, baseUrl } = o));

  async function open(url, viewport = VIEWPORT) {
    const context = await browser.newContext({ viewport });
    const p = await context.newPage();
    watchProblems(p, report);
    await p.goto(url);
    return { p, context };
  }

  test('the address holds the state in its fragment; a link with it in the query still opens, and is rewritten', async () => {
    const { p, context } = await open(`${baseUrl}?lang=zh&m=40&key=host&fns=hf,md5`);
    await waitView(p, { fns: ['hf', 'md5'], key: 'host', m: 40, gen: 1 });
    assert.equal(await p.evaluate(() => document.documentElement.lang), 'zh-CN');
    await p.waitForFunction(() => location.search === '' && location.hash.includes('m=40'));
    const { search, state } = await address(p);
    assert.equal(search, '');
    for (const [k, v] of Object.entries({ lang: 'zh', m: '40', key: 'host', fns: 'hf,md5', src: 'corpus', n: '100000' })) assert.equal(state[k], v, k);
    // Another key than the whole URL: the worker did not start on the default input.
    assert.equal(await p.getAttribute('html', 'data-preload'), 'none');
    await context.close();
  });

  test('the default input is loaded as the worker starts; links to other functions, keys or sizes get what they ask', async () => {
    // The default page: the worker started on the corpus's first 100 000 URLs by itself.
    const plain = await open(baseUrl);
    await waitView(plain.p, { fns: ['elfhash', 'hfip', 'hf'], m: 12, gen: 1 });
    assert.equal(await plain.p.getAttribute('html', 'data-preload'), 'used');
    assert.match(await plain.p.textContent('#results-status'), /\d/, 'a computing time is shown');
    await plain.context.close();
    // The same input with other functions and M: the worker's load is used, the view asks for
    // md5's values, which it had not hashed.
    const other = await open(`${baseUrl}#lang=en&src=corpus&n=100000&fns=hf,md5&m=40`);
    await waitView(other.p, { fns: ['hf', 'md5'], m: 40, gen: 1 });
    assert.equal(await other.p.getAttribute('html', 'data-preload'), 'used');
    assertMatchesCli(await readTable(other.p), cliDist({ fns: ['hf', 'md5'], m: 40, n: 100_000 }), ['hf', 'md5']);
    await other.context.close();
    // Another size: loaded as the link asks, after the page set up.
    const small = await open(`${baseUrl}#lang=en&src=corpus&n=10000&m=12`);
    await waitView(small.p, { fns: ['elfhash', 'hfip', 'hf'], m: 12, gen: 1 });
    assert.equal(await small.p.getAttribute('html', 'data-preload'), 'none');
    const table = await readTable(small.p);
    assert.equal(table.n, 10_000);
    assertMatchesCli(table, cliDist({ fns: ['elfhash', 'hfip', 'hf'], m: 12, n: 10_000 }), ['elfhash', 'hfip', 'hf']);
    await small.context.close();
  });

  test('a few hundred pasted URLs travel in the link, deflated, and give the same numbers', async () => {
    const { p, context } = await open(baseUrl);
    await ready(p);
    const urls = Array.from({ length: 300 }, (_, i) => `http://www.site${i % 37}.edu.cn/dept${i % 11}/page${i}.html`).join('\n');
    await openView(p, 'input-panel');
    await p.fill('#paste', urls);
    await p.click('#paste-go');
    await ready(p, 2);
    await pressTool(p, '#copy-link');
    const link = p.url();
    const { state } = await address(p);
    assert.equal(state.src, 'paste');
    assert.ok(state.z && !state.paste, 'deflated');
    assert.ok(link.length < 4000, `${urls.length} bytes of URLs in a ${link.length}-character link`);
    const table = await readTable(p);
    const other = await open(link);
    await ready(other.p);
    assert.equal(await other.p.inputValue('#paste'), urls);
    assert.deepEqual(await readTable(other.p), table, 'the same measures');
    await other.context.close();
    await context.close();
  });

  test('an embed shows one chart with its caption and a link into the lab on the same state', async () => {
    const { p, context } = await open(`${baseUrl}#embed=p1-fig2&lang=en&m=40`, { width: 800, height: 600 });
    await p.waitForFunction(
      () => Number(document.getElementById('results').dataset.gen) >= 1 && document.getElementById('fig2').dataset.gen === document.getElementById('results').dataset.gen,
      null,
      { timeout: 60_000 },
    );
    const seen = await p.evaluate(() =>
      Object.fromEntries(
        ['fig2', 'fig2-chart', 'embed-bar', 'fig1', 'fig3', 'view-panel', 'input-panel', 'map', 'trie', 'bloom', 'fp'].map((id) => [id, document.getElementById(id).checkVisibility()]),
      ),
    );
    assert.deepEqual(seen, { fig2: true, 'fig2-chart': true, 'embed-bar': true, fig1: false, fig3: false, 'view-panel': false, 'input-panel': false, map: false, trie: false, bloom: false, fp: false });
    assert.equal(await p.isVisible('.top'), false, 'no header');
    const chart = await p.evaluate(() => {
      const c = window.Chart.getChart(document.getElementById('fig2-chart'));
      return { datasets: c.data.datasets.length, title: c.options.scales.y.title.text };
    });
    assert.ok(chart.datasets >= 3 && chart.title, 'the chart is drawn, with its axes');
    assert.ok((await p.textContent('#fig2 figcaption')).includes(S.fig2Title.split(' ')[0]), 'its caption');
    assert.equal(await p.textContent('#embed-what'), S.embedWhat(S.againCorpus(int(100_000))));
    const href = await p.getAttribute('#embed-open', 'href');
    const into = Object.fromEntries(new URLSearchParams(href.split('#')[1]));
    assert.equal(into.embed, undefined, 'the link opens the whole lab');
    assert.equal(into.m, '40');
    assert.equal((await address(p)).state.embed, 'p1-fig2', 'the embed keeps its name in the address');
    await p.screenshot({ path: path.join(ARTIFACTS, 'embed-p1-fig2.png') });
    await p.click('#embed-open');
    await ready(p);
    assert.ok(await p.isVisible('.top'), 'the whole lab');
    // On the view that holds the chart, with the map to every other.
    assert.ok(await p.isVisible('#fig2-chart'));
    assert.ok(await p.isVisible('#map'));
    await context.close();
  });

  test('a corpus size the corpus does not come in opens the first load’s size and says so, in either language', async () => {
    for (const lang of ['en', 'zh']) {
      const { p, context } = await open(`${baseUrl}#lang=${lang}&n=20000`);
      await ready(p);
      assert.ok((await p.textContent('#data-badge')).includes(int(100_000)), `${lang}: the badge names what was loaded`);
      const note = await p.textContent('#link-note');
      const sizes = [10_000, 100_000, 246_951, 1_000_000, 20_000_000].map((n) => int(n));
      if (lang === 'en') assert.equal(note, S.linkCorpusSize(int(20_000), sizes, int(100_000)));
      else assert.ok(note.startsWith(`这个链接要求 ${int(20_000)} 个语料 URL`) && note.includes(`${int(1_000_000)}、${int(20_000_000)}`) && note.endsWith(`显示的是 ${int(100_000)} 个。`), note);
      await context.close();
    }
  });

  test('an unknown embed name opens the whole lab and says so', async () => {
    const { p, context } = await open(`${baseUrl}#embed=p9-nothing&lang=en`);
    await ready(p);
    assert.ok(await p.isVisible('#view-panel'));
    assert.equal(await p.textContent('#link-note'), S.embedUnknown('p9-nothing'));
    await context.close();
  });
});
