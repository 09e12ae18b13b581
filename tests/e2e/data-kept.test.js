// The data is swapped only by the reader (issue 30, items 2 and 3): the data badge names what
// every number is of; a lesson that needs its corpus asks before replacing the reader's URLs
// and can be undone; its live numbers never appear under other data's name; a load that yields
// nothing changes nothing. Screenshots of each, in both languages, at 390×844 and 1280×720.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { useLab, generation, ready, ARTIFACTS, pasteEvent, openView } from './helpers.js';
import { S, setLanguage } from '../../www/strings.js';
import { int } from '../../www/format.js';

const VIEWPORT = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };
const URLS = Array.from({ length: 5_000 }, (_, i) => `http://www.site${i % 97}.cn/path/${i}.html`).join('\r\n') + '\r\n';

let page;

async function badge(p = page) {
  return p.evaluate(() => ({ ...document.getElementById('data-badge').dataset, text: document.getElementById('data-badge').textContent }));
}

async function paste(text) {
  const gen = await generation(page);
  await openView(page, 'input-panel');
  await page.fill('#paste', '');
  await pasteEvent(page, text);
  await page.click('#paste-go');
  await ready(page, gen + 1);
}

async function shot(name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

describe('the reader’s data is swapped only by the reader', { timeout: 600_000 }, () => {
  useLab(VIEWPORT, (lab) => ({ page } = lab));

  test('the badge names the data; a lesson asks, keeps it when told, and its live numbers stay out', async () => {
    await ready(page, 1);
    assert.deepEqual(
      { source: (await badge()).source, urls: (await badge()).urls, key: (await badge()).key },
      { source: 'corpus', urls: '100000', key: 'url' },
    );
    await paste(URLS);
    const mine = await badge();
    assert.equal(mine.source, 'paste');
    assert.equal(mine.urls, '5000');
    assert.ok(mine.text.includes(S.badgeSize(int(5000), S.keyName.url)), mine.text);
    const gen = await generation(page);
    for (const [lang, size] of /** @type {[string, { width: number, height: number }][]} */ ([['en', VIEWPORT], ['zh', VIEWPORT], ['zh', PHONE], ['en', PHONE]])) {
      await page.setViewportSize(size);
      if ((await page.evaluate(() => document.documentElement.lang)) !== (lang === 'zh' ? 'zh-CN' : 'en')) {
        await page.click('#lang-toggle');
        await page.waitForFunction((l) => document.documentElement.lang === l, lang === 'zh' ? 'zh-CN' : 'en');
      }
      const box = await page.locator('#data-badge').boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width, `the badge is on screen at ${size.width}: ${JSON.stringify(box)}`);
      await page.evaluate(() => window.scrollTo(0, 3000));
      const low = await page.locator('#data-badge').boundingBox();
      assert.ok(low.y >= 0 && low.y < 120, `the badge stays on screen when scrolled (${low.y})`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(`data-badge-${lang}-${size.width}`);
    }
    await page.setViewportSize(VIEWPORT);
    await setLanguage('en');

    // The P1 lesson needs 100 000 corpus URLs: it asks, and "keep" keeps.
    await page.click('#lesson-open');
    await page.waitForSelector('#data-ask[open]');
    const asked = await page.textContent('#data-ask-text');
    assert.equal(asked, S.askData(S.againPaste, int(100_000)));
    assert.equal(await page.evaluate(() => document.activeElement.id), 'data-ask-keep', 'the safe answer has the focus');
    await shot('data-ask-en');
    await page.click('#data-ask-keep');
    await page.waitForFunction(() => document.getElementById('lesson-live').dataset.other === '1');
    assert.equal(await generation(page), gen, 'no load');
    assert.equal((await badge()).source, 'paste');
    assert.equal(await page.textContent('#lesson-live'), S.lesson.otherData(int(100_000)));
    assert.equal(await page.textContent('#lesson-data'), S.dataKept(S.againPaste));
    // Stepping on does not ask again for the data kept.
    await page.click('#lesson-next');
    await page.waitForTimeout(300);
    assert.equal(await page.locator('#data-ask[open]').count(), 0);
    assert.equal((await badge()).source, 'paste');
    await page.click('#lesson-close');

    // New pasted URLs: asked again; "load" loads the corpus, and the live numbers appear only
    // under the corpus's name; the undo brings the pasted URLs back.
    await paste(URLS.replace(/site/g, 'node'));
    await page.evaluate(() => {
      window.__mismatch = [];
      const check = () => {
        const lesson = document.getElementById('lesson');
        const b = document.getElementById('data-badge').dataset;
        if (lesson.dataset.ready === '1' && !(b.source === 'corpus' && b.urls === '100000')) window.__mismatch.push(`${b.source} ${b.urls}: ${document.getElementById('lesson-live').textContent}`);
        if (!window.__stop) requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    await page.click('#lesson-open');
    await page.waitForSelector('#data-ask[open]');
    await page.click('#data-ask-load');
    await page.waitForFunction(() => document.getElementById('lesson').dataset.ready === '1', null, { timeout: 120_000 });
    const lessonGen = await generation(page);
    assert.deepEqual([(await badge()).source, (await badge()).urls], ['corpus', '100000']);
    // (Reopened, the lesson resumes at the step it was on.)
    const live = await page.textContent('#lesson-live');
    assert.ok(live !== S.lesson.otherData(int(100_000)) && /\d\.\d{3}/.test(live), live);
    await page.waitForSelector('#data-undo:not([hidden])');
    assert.equal(await page.textContent('#data-undo-go'), S.undoData(S.againPaste));
    await shot('data-undo-en');
    await page.click('#data-undo-go');
    await ready(page, lessonGen + 1);
    assert.deepEqual([(await badge()).source, (await badge()).urls], ['paste', '5000']);
    assert.deepEqual(await page.evaluate(() => ((window.__stop = true), window.__mismatch)), [], 'live numbers only under their data');
    await page.click('#lesson-close');
  });

  test('the Bloom view drawn, another input loaded, the window resized across 600 px: no error', async () => {
    // The Bloom view computes when it is in front.
    await openView(page, 'bloom');
    await page.waitForFunction(() => document.getElementById('bloom').dataset.gen === document.getElementById('results').dataset.gen, null, { timeout: 240_000 });
    const gen = await generation(page);
    const bytes = Buffer.from(Array.from({ length: 3_000 }, (_, i) => `http://r.cn/${i}`).join('\n'));
    await page.setInputFiles('#file', { name: 'resize.txt', mimeType: 'text/plain', buffer: bytes });
    // While the Bloom filters of the new input are measured, the window narrows and widens (a
    // phone turning).
    await page.waitForFunction(() => !document.getElementById('bloom-progress').hidden, null, { timeout: 240_000, polling: 20 });
    for (let i = 0; i < 6; i++) {
      await page.setViewportSize(i % 2 ? VIEWPORT : PHONE);
      await page.waitForTimeout(150);
    }
    await page.setViewportSize(VIEWPORT);
    await ready(page, gen + 1);
    await page.waitForFunction((g) => Number(document.getElementById('bloom').dataset.gen) >= g, gen + 1, { timeout: 240_000 });
    for (const size of [PHONE, VIEWPORT]) {
      await page.setViewportSize(size);
      await page.waitForTimeout(200);
    }
    // (useLab fails the test on any page or console error.)
    await paste(URLS);
  });

  test('an empty file and a file of one over-long line change nothing, said at the input in both languages', async () => {
    const gen = await generation(page);
    const before = await page.getAttribute('#report', 'data-stats');
    const view = await page.getAttribute('#results', 'data-view');
    for (const lang of ['en', 'zh']) {
      if ((await page.evaluate(() => document.documentElement.lang)) !== (lang === 'zh' ? 'zh-CN' : 'en')) await page.click('#lang-toggle');
      await setLanguage(lang);
      for (const [name, bytes] of [
        ['empty.txt', Buffer.alloc(0)],
        ['long.txt', Buffer.from(`http://x.cn/${'a'.repeat(70_000)}\n`)],
      ]) {
        await page.evaluate(() => (document.getElementById('input-error').hidden = true));
        await page.setInputFiles('#file', { name, mimeType: 'text/plain', buffer: bytes });
        await page.waitForSelector('#input-error:not([hidden])');
        const said = await page.textContent('#input-error');
        assert.ok(said.startsWith(S.loadNothing(S.emptyWhatFile(name))), said);
        assert.ok(said.includes(S.loadKept(S.againPaste)), said);
        if (name === 'long.txt') assert.ok(said.includes(S.reportTooLong(1, S.lineList([1], 1))), said);
        assert.equal(await generation(page), gen);
        assert.equal(await page.getAttribute('#report', 'data-stats'), before);
        assert.equal(await page.getAttribute('#results', 'data-view'), view);
        assert.equal((await badge()).source, 'paste');
      }
      await page.locator('#input-error').scrollIntoViewIfNeeded();
      await shot(`empty-file-${lang}`);
    }
    await page.click('#lang-toggle');
    await setLanguage('en');
  });
});
