// The whole page in Chinese: after every section has run and the page is switched to 中文, no
// English sentence is left in what a reader sees or hears (text, tooltips, accessible names),
// outside code, URLs and notation; the same after the errors a reader can cause.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { useLab, ARTIFACTS, openView } from './helpers.js';
import { RUNS } from '../../www/timing.js';

const VIEWS = ['why', 'partition', 'rebalance', 'trie', 'bloom', 'cbf', 'filters', 'fp', 'canon', 'quality'];

/**
 * Every piece of visible text, tooltip and accessible name with three English words in a row,
 * outside code, URLs, notation and elements marked lang="en". Returns "where: text" lines.
 */
function englishLeft(p) {
  return p.evaluate(() => {
    const english = /\b[A-Za-z][a-z]+[ ,]+[a-z]+[ ,]+[a-z]{2,}\b/;
    // The papers' own words, quoted as printed (q[lang=zh-CN]), may hold URLs and Latin names.
    const exempt = (e) => e.closest('code, pre, kbd, samp, script, style, svg, option, [lang="en"], .url, q[lang="zh-CN"]');
    const where = (e) => e.closest('[id]')?.id ?? e.tagName.toLowerCase();
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const e = n.parentElement;
      const t = n.textContent.trim();
      if (!t || exempt(e) || !e.checkVisibility()) continue;
      if (english.test(t)) out.push(`${where(e)}: ${t.slice(0, 160)}`);
    }
    for (const e of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (exempt(e) || !e.checkVisibility()) continue;
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
        const t = e.getAttribute(a);
        if (t && english.test(t)) out.push(`${where(e)} [${a}]: ${t.slice(0, 160)}`);
      }
    }
    return out;
  });
}

describe('the page in Chinese', () => {
  let page;
  let base;
  useLab({ width: 1440, height: 900 }, (o) => ({ page, baseUrl: base } = o));

  test('after every section has run, no English sentence is left', async () => {
    // The report: every section at once.
    await openView(page, 'all');
    await page.waitForFunction((ids) => ids.every((id) => document.getElementById(id).dataset.gen === '1'), VIEWS, { timeout: 240_000 });
    // The trie view times its structures again after its first run (for the median of RUNS
    // runs): the switch's own requests to the worker would wait behind them.
    await page.waitForFunction((runs) => Number(document.getElementById('trie-run-body').dataset.timed) >= runs, RUNS, { timeout: 240_000 });
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang.startsWith('zh') && document.body.dataset.busy === '0');
    // Whatever the switch recomputes (the main view) is waited for, then the folded parts opened.
    await page.waitForFunction(() => document.getElementById('results-status').textContent !== '' && !document.querySelector('main [data-gen=""]'), null, { timeout: 60_000 });
    await page.evaluate(() => {
      for (const d of /** @type {NodeListOf<HTMLDetailsElement>} */ (document.querySelectorAll('main details, header details'))) d.open = true;
    });
    await page.click('#lesson-open');
    await page.waitForSelector('#lesson:not([hidden])');
    const left = await englishLeft(page);
    await page.screenshot({ path: path.join(ARTIFACTS, 'chinese-1440.png') });
    assert.deepEqual(left, []);
    await page.click('#lesson-close');
    // The claims ledger, its own view (the report leaves it out): every claim worded in Chinese.
    await openView(page, 'claims');
    await page.waitForFunction(() => document.querySelectorAll('#claims-list li.claim').length > 100, null, { timeout: 60_000 });
    assert.deepEqual(await englishLeft(page), []);
    await openView(page, 'all');
  });

  test('the errors a reader can cause are worded in Chinese', async () => {
    // A slot count out of range, typed in the page.
    await page.fill('#m-input', '0');
    await page.click('#m-apply');
    await page.waitForSelector('#m-error:not([hidden])');
    // A trie diagram with no URL to insert, and a Bloom demo asked to insert nothing.
    await page.fill('#trie-urls', '');
    await page.click('#trie-build');
    await page.waitForSelector('#trie-error:not([hidden])');
    const shown = await page.evaluate(() => ['m-error', 'trie-error'].map((id) => document.getElementById(id).textContent));
    for (const t of shown) assert.match(t, /[\u4e00-\u9fff]/, `worded in Chinese: ${t}`);
    assert.deepEqual(await englishLeft(page), []);
  });

  test('the self-check question, answered, is worded in Chinese', async () => {
    for (const lesson of ['p1', 'p5']) {
      await page.goto('about:blank');
      await page.goto(`${base}#lang=zh&lesson=${lesson}&step=9&quiz=5.0`);
      await page.waitForFunction(() => document.getElementById('quiz').dataset.asked, null, { timeout: 120_000 });
      if (lesson === 'p1') await page.fill('#quiz-number', '0');
      else await page.locator('#quiz-options input').first().check();
      await page.click('#quiz-check');
      await page.waitForFunction(() => document.getElementById('quiz-result').dataset.right !== undefined);
      assert.deepEqual(await englishLeft(page), [], lesson);
    }
  });
});
