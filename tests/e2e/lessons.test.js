// The classroom: every lesson walked step by step in English and in Chinese (each step's live
// number appears, the answer stays hidden until asked for), the language switched without
// losing anything and remembered, and a copied link reopening the same view with the same
// numbers (a long paste named, not dropped); every step outlining the card, chart, table or
// control it talks about, on screen above the lesson panel, at 1280×720 and on a phone. By
// keyboard, a slide show: PageDown/PageUp and the arrows step the open lesson even right after
// it was picked from its select (which keeps the focus), never while typing in a text field;
// Esc closes it and it reopens at the same step. A touch screen is told to tap, never to hover.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import { useLab, generation, readTable, waitView, ARTIFACTS, openView, pressTool } from './helpers.js';
import { S, setLanguage } from '../../www/strings.js';
import { LESSONS } from '../../www/lessons.js';

const VIEWPORT = { width: 1440, height: 900 };
let page;
let browser;

async function waitReady(p, what) {
  await p.waitForFunction(() => document.getElementById('lesson').dataset.ready === '1', null, { timeout: 180_000 }).catch((e) => {
    throw new Error(`${what}: the live number never came (${e.message})`);
  });
}

/** The open lesson's step (0-based), as the panel shows it. */
const stepOf = (p) => p.evaluate(() => document.getElementById('lesson').dataset.step);

/** Back to the first step of the open lesson (a lesson picked again resumes where it was left). */
async function rewind(p) {
  for (let s = await stepOf(p); s !== '0'; s = await stepOf(p)) {
    await p.click('#lesson-prev');
    await p.waitForFunction((s) => document.getElementById('lesson').dataset.step === String(Number(s) - 1), s);
  }
}

/** Walks lesson `id` from its first step; returns the live sentences. */
async function walk(p, id, lang) {
  if (await p.isHidden('#lesson')) await p.click('#lesson-open');
  await p.selectOption('#lesson-pick', id);
  await p.waitForFunction((id) => document.getElementById('lesson').dataset.lesson === id, id);
  await rewind(p);
  const lesson = LESSONS.find((l) => l.id === id);
  const lives = [];
  for (let i = 0; i < lesson.steps.length; i++) {
    await p.waitForFunction((i) => document.getElementById('lesson').dataset.step === String(i), i);
    await waitReady(p, `${id} step ${i + 1} (${lang})`);
    const live = (await p.textContent('#lesson-live')).trim();
    assert.ok(/\d/.test(live), `${id} step ${i + 1} (${lang}) shows a number: ${live}`);
    assert.equal((await p.textContent('#lesson-title')).trim(), S.lessons[id].steps[i].title, `${id} step ${i + 1} title in ${lang}`);
    lives.push(live);
    const last = i === lesson.steps.length - 1;
    assert.equal(await p.isVisible('#lesson-question'), last);
    if (last) {
      assert.equal(await p.isVisible('#lesson-a'), false, 'the answer is hidden');
      await p.click('#lesson-answer summary');
      assert.equal(await p.isVisible('#lesson-a'), true, 'a click shows the answer');
      assert.equal((await p.textContent('#lesson-a')).trim(), S.lessons[id].answer);
    } else {
      // The keyboard walks the lesson as well as the mouse.
      await p.focus('#lesson-next');
      await p.keyboard.press('Enter');
    }
  }
  return lives;
}

describe('URL Hash Lab lessons, languages and links', { timeout: 1_200_000 }, () => {
  useLab(VIEWPORT, (lab) => ({ page, browser } = lab));

  test('every lesson, step by step, in English and then in Chinese', async (t) => {
    await page.waitForFunction(() => Number(document.getElementById('results').dataset.gen) >= 1, null, { timeout: 60_000 });
    const seen = {};
    for (const lang of ['en', 'zh']) {
      if (lang === 'zh') {
        await page.click('#lang-toggle');
        await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
      }
      await setLanguage(lang);
      for (const lesson of LESSONS) {
        seen[`${lesson.id}:${lang}`] = await walk(page, lesson.id, lang);
      }
      // The last lesson's last step, its answer open: to look at.
      fs.mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, `lesson-${lang}.png`) });
      t.diagnostic(`${lang}: ${JSON.stringify(seen[`p1:${lang}`])}`);
    }
    await setLanguage('en');
    // The numbers a teacher can cite, the same in both languages.
    const en = seen['p1:en'];
    const zh = seen['p1:zh'];
    assert.ok(en[2].includes('3.00') && en[2].includes('2.75'), en[2]);
    assert.ok(zh[2].includes('3.00') && zh[2].includes('2.75'), zh[2]);
    const p2 = seen['p2:en'];
    assert.ok(p2[0].includes('1.0085') && p2[0].includes('3.1729'), p2[0]);
    assert.ok(seen['p2:zh'][0].includes('3.1729'), seen['p2:zh'][0]);
    for (const lesson of LESSONS) {
      // Numbers as the page formats them: thousands split by a narrow space, a decimal point.
      const digits = (s) => (s.match(/\d+(?:[\u202f\u00a0 ]\d{3})*(?:\.\d+)?(?:e[-+]?\d+)?/g) ?? []).map((x) => x.replace(/[\s\u202f\u00a0]/g, ''));
      for (let i = 0; i < lesson.steps.length; i++) {
        assert.deepEqual(digits(seen[`${lesson.id}:zh`][i]).filter((x) => x.length > 2).sort(), digits(seen[`${lesson.id}:en`][i]).filter((x) => x.length > 2).sort(), `${lesson.id} step ${i + 1}: the same numbers in both languages`);
      }
    }
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.click('#lesson-close');
  });

  test('switching language keeps the input, functions, M and results, and is remembered', async () => {
    const gen = await generation(page);
    await openView(page, 'view-panel');
    await page.fill('#m-input', '40');
    await page.click('#m-apply');
    await waitView(page, { fns: ['elfhash', 'hfip', 'hf'], m: 40 });
    const before = await readTable(page);
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    await page.waitForFunction(() => document.body.dataset.busy === '0');
    assert.equal(await generation(page), gen, 'nothing was reloaded');
    assert.deepEqual((await readTable(page)).rows.hf.b.value, before.rows.hf.b.value);
    assert.match(await page.textContent('#results-caption'), /个槽/);
    assert.equal(await page.textContent('#lang-toggle'), 'English');
    // The page opened again without a link opens in Chinese.
    await page.goto(page.url().split(/[?#]/)[0]);
    await page.waitForFunction(() => Number(document.getElementById('results').dataset.gen) >= 1, null, { timeout: 60_000 });
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
  });

  test('a copied link reopens the same view with the same numbers', async () => {
    // Paste three URLs, pick functions, key, M, crawl nodes and policy, Chinese.
    const gen = await generation(page);
    await openView(page, 'input-panel');
    await page.fill('#paste', 'http://www.pku.edu.cn/a\nhttp://net.pku.edu.cn/~webg/b.html\nhttp://www.sina.com.cn/news/c?d=1\nhttp://www.tsinghua.edu.cn/\n');
    await page.click('#paste-go');
    await page.waitForFunction((g) => Number(document.getElementById('results').dataset.gen) > g, gen);
    await page.check('input[name="key"][value="host"]');
    await openView(page, 'view-panel');
    for (const [id, on] of [['md5', true], ['xxh3', true], ['elfhash', false]]) {
      const box = page.locator(`#fn-${id}`);
      if ((await box.isChecked()) !== on) await box.click();
    }
    await page.fill('#m-input', '7');
    await page.click('#m-apply');
    const fns = ['hfip', 'hf', 'md5', 'xxh3'];
    await waitView(page, { fns, key: 'host', m: 7 });
    await openView(page, 'partition');
    await page.fill('#part-nodes', '3');
    await page.press('#part-nodes', 'Enter');
    await page.selectOption('#part-policy', 'nutch');
    await page.waitForFunction(() => document.getElementById('partition').dataset.policy === 'nutch' && document.getElementById('partition').dataset.gen !== '');
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    await pressTool(page, '#copy-link');
    const link = page.url();
    const table = await readTable(page);
    const nodes = await page.textContent('#part-node-table');
    for (const part of ['src=paste', 'key=host', 'm=7', 'nodes=3', 'policy=nutch', 'lang=zh']) assert.ok(link.includes(part), `${part} in ${link}`);

    const other = await browser.newContext({ viewport: VIEWPORT });
    const p = await other.newPage();
    await p.goto(link);
    await waitView(p, { fns, key: 'host', m: 7, gen: 1 });
    assert.deepEqual(await readTable(p), table, 'the same measures');
    await p.waitForFunction(() => document.getElementById('partition').dataset.policy === 'nutch' && document.getElementById('partition').dataset.gen !== '', null, { timeout: 60_000 });
    assert.equal(await p.textContent('#part-node-table'), nodes, 'the same crawl nodes');
    assert.equal(await p.evaluate(() => document.documentElement.lang), 'zh-CN');
    assert.equal(await p.inputValue('#paste'), 'http://www.pku.edu.cn/a\nhttp://net.pku.edu.cn/~webg/b.html\nhttp://www.sina.com.cn/news/c?d=1\nhttp://www.tsinghua.edu.cn/\n');

    // A lesson step travels too. The pasted URLs are the reader's: the lesson asks before it
    // loads its corpus in their place, and says how to go back.
    await page.click('#lesson-open');
    await page.waitForSelector('#data-ask[open]');
    await page.click('#data-ask-load');
    await page.waitForSelector('#data-undo:not([hidden])');
    assert.ok((await page.textContent('#data-undo')).includes('粘贴的 URL'), 'the undo names the pasted URLs (in Chinese here)');
    await page.selectOption('#lesson-pick', 'p1');
    await page.waitForFunction(() => document.getElementById('lesson').dataset.lesson === 'p1');
    await rewind(page);
    await waitReady(page, 'p1 step 1');
    await page.click('#lesson-next');
    await waitReady(page, 'p1 step 2');
    const live = await page.textContent('#lesson-live');
    const p3 = await other.newPage();
    await p3.goto(page.url());
    await p3.waitForFunction(() => document.getElementById('lesson').dataset.step === '1', null, { timeout: 60_000 });
    await waitReady(p3, 'p1 step 2 from the link');
    assert.equal(await p3.textContent('#lesson-live'), live);
    await page.click('#lesson-close');

    // A paste too long for a link is named in it, and the page opening it says so.
    // 600 lines of 48 pseudo-random hex digits each: about 14 KB even deflated.
    let seed = 2004;
    const hex = () => Array.from({ length: 48 }, () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >> 16) % 16).map((d) => d.toString(16)).join('');
    const long = Array.from({ length: 600 }, (_, i) => `http://www.example${i}.cn/${hex()}`).join('\n');
    const g2 = await generation(page);
    await openView(page, 'input-panel');
    await page.fill('#paste', long);
    await page.click('#paste-go');
    await page.waitForFunction((g) => Number(document.getElementById('results').dataset.gen) > g, g2);
    await pressTool(page, '#copy-link');
    // Copying takes a while (the paste deflated, then the clipboard): the note it leaves, not
    // the one of the copy before.
    await page.waitForFunction(() => /600/.test(document.getElementById('link-note').textContent), null, { timeout: 10_000 }).catch(() => {});
    assert.ok(page.url().includes('src=paste-too-big'), page.url());
    assert.match(await page.textContent('#link-note'), /600/);
    const p4 = await other.newPage();
    await p4.goto(page.url());
    await p4.waitForFunction(() => Number(document.getElementById('results').dataset.gen) >= 1, null, { timeout: 60_000 });
    const note = await p4.textContent('#link-note');
    await setLanguage('zh');
    const expected = S.linkPasteTooBig('600', '');
    await setLanguage('en');
    assert.ok(note.startsWith(expected.split('（')[0]), note);
    await other.close();
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
  });
});

/** Walks lessons `ids`: each step outlines its subject (its `section`) inside the viewport, above the lesson panel. */
async function assertStepsPoint(p, ids, where) {
  for (const id of ids) {
    if (await p.isHidden('#lesson')) await p.click('#lesson-open');
    await p.selectOption('#lesson-pick', id);
    const lesson = LESSONS.find((l) => l.id === id);
    for (const [i, step] of lesson.steps.entries()) {
      await p.waitForFunction((i) => document.getElementById('lesson').dataset.step === String(i), i);
      await waitReady(p, `${id} step ${i + 1} (${where})`);
      await p
        .waitForFunction(
          (want) => {
            const marked = [...document.querySelectorAll('.lesson-target')];
            if (marked.length !== 1 || marked[0].id !== want) return false;
            const top = marked[0].getBoundingClientRect().top;
            const map = document.getElementById('map').getBoundingClientRect().bottom;
            const panel = document.getElementById('lesson').getBoundingClientRect().top;
            return top >= map - 2 && top < panel - 40;
          },
          step.setup.section,
          { timeout: 30_000 },
        )
        .catch(async () => {
          const seen = await p.evaluate(() => ({
            marked: [...document.querySelectorAll('.lesson-target')].map((e) => [e.id, Math.round(e.getBoundingClientRect().top)]),
            panel: Math.round(document.getElementById('lesson').getBoundingClientRect().top),
          }));
          assert.fail(`${where}: ${id} step ${i + 1} should outline #${step.setup.section} on screen: ${JSON.stringify(seen)}`);
        });
      if (i === 0) await p.screenshot({ path: path.join(ARTIFACTS, `lesson-${id}-${where}.png`) });
      if (i < lesson.steps.length - 1) await p.click('#lesson-next');
      else {
        // The question and its opened answer are on screen together; the page behind stays put.
        const before = await p.evaluate(() => scrollY);
        await p.click('#lesson-answer summary');
        // The panel grows on the details' toggle event, which comes a task after the click.
        await p.waitForFunction(() => document.getElementById('lesson').classList.contains('answering'));
        await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
        const seen = await p.evaluate(() => {
          const box = (id) => document.getElementById(id).getBoundingClientRect();
          return { q: box('lesson-q').top, a: box('lesson-a').bottom, scrollY, height: innerHeight };
        });
        assert.ok(seen.q >= 0 && seen.a <= seen.height, `${where}: ${id}'s question and answer on screen: ${JSON.stringify(seen)}`);
        assert.equal(seen.scrollY, before, 'the page behind did not move');
        if (id === 'p1') await p.screenshot({ path: path.join(ARTIFACTS, `lesson-answer-${where}.png`) });
      }
    }
    await p.click('#lesson-close');
  }
}

describe('each lesson step points at what it talks about', { timeout: 1_200_000 }, () => {
  let lab;
  useLab({ width: 1280, height: 720 }, (o) => (lab = o));

  test('on a 1280×720 projector, every step of every lesson', async () => {
    await lab.page.waitForFunction(() => Number(document.getElementById('results').dataset.gen) >= 1, null, { timeout: 60_000 });
    await assertStepsPoint(lab.page, LESSONS.map((l) => l.id), '1280x720');
  });

  test('a link to a step about a card its view has not made yet brings that view and outlines the card', async () => {
    // P1 step 2 talks about the "Why?" card on hf and multiples of 3, which exists only once
    // the view has drawn P1's report: opened by its link, nothing has drawn it yet.
    const p = await lab.browser.newPage({ viewport: { width: 1280, height: 720 } });
    await p.goto(`${lab.baseUrl}#lesson=p1&step=1`);
    await waitStep(p, 'p1', 1, 'the link');
    await waitReady(p, 'P1 step 2 opened by its link');
    await p
      .waitForFunction(
        () => {
          const marked = [...document.querySelectorAll('.lesson-target')];
          if (marked.length !== 1 || marked[0].id !== 'why-hf3') return false;
          const top = marked[0].getBoundingClientRect().top;
          return top >= 0 && top < document.getElementById('lesson').getBoundingClientRect().top - 40;
        },
        null,
        { timeout: 30_000 },
      )
      .catch(async () => {
        const marked = await p.evaluate(() => [...document.querySelectorAll('.lesson-target')].map((e) => e.id));
        assert.fail(`the card on hf and multiples of 3 should be outlined on screen; outlined: ${JSON.stringify(marked)}`);
      });
    assert.equal(await p.evaluate(() => document.body.dataset.route), 'why', 'the "Why?" view is in front');
    await p.close();
  });

  test('on a 390×844 phone, P1 and P2', async () => {
    const context = await lab.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const p = await context.newPage();
    await p.goto(lab.baseUrl);
    await p.waitForFunction(() => Number(document.getElementById('results').dataset.gen) >= 1, null, { timeout: 60_000 });
    await assertStepsPoint(p, ['p1', 'p2'], '390x844');
    await context.close();
  });
});

/** Waits until the panel shows lesson `id` at step `step` (0-based), with that step's title in English. */
async function waitStep(p, id, step, what) {
  await p
    .waitForFunction(
      ({ id, step }) => {
        const panel = document.getElementById('lesson');
        return !panel.hidden && panel.dataset.lesson === id && panel.dataset.step === String(step);
      },
      { id, step },
      { timeout: 10_000 },
    )
    .catch(async () => {
      const seen = await p.evaluate(() => ({ ...document.getElementById('lesson').dataset, hidden: document.getElementById('lesson').hidden }));
      assert.fail(`${what}: expected ${id} step ${step + 1}, the panel shows ${JSON.stringify(seen)}`);
    });
  assert.equal((await p.textContent('#lesson-title')).trim(), S.lessons[id].steps[step].title, `${what}: the step's title`);
  assert.equal(await p.inputValue('#lesson-pick'), id, `${what}: the select still names ${id}`);
}

/** A key that must not step: the panel still shows `id` at `step` a while after it. */
async function staysAt(p, id, step, what) {
  await p.evaluate(() => new Promise((r) => setTimeout(r, 400)));
  assert.deepEqual(
    await p.evaluate(() => [document.getElementById('lesson').dataset.lesson, document.getElementById('lesson').dataset.step]),
    [id, String(step)],
    what,
  );
}

describe('lessons by keyboard and touch', { timeout: 600_000 }, () => {
  let lab;
  useLab({ width: 1280, height: 720 }, (o) => (lab = o));

  test('a slide show: picked from its select by keyboard, PageDown/PageUp and the arrows step it, Esc closes it, opened again it resumes', async () => {
    const page = lab.page;
    await page.waitForFunction(() => Number(document.getElementById('results').dataset.gen) >= 1, null, { timeout: 60_000 });
    assert.equal((await page.textContent('.lesson-keys')).trim(), S.lesson.keys);
    // Open the lessons and pick P2 from the select, all by keyboard.
    await page.focus('#lesson-open');
    await page.keyboard.press('Enter');
    await waitStep(page, 'p1', 0, 'the Lessons button');
    await page.focus('#lesson-pick');
    await page.keyboard.press('ArrowDown');
    await waitStep(page, 'p2', 0, 'ArrowDown in the select');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'lesson-pick', 'the focus is still on the select');

    // The select keeps the focus, yet PageDown steps the lesson instead of switching it.
    await page.keyboard.press('PageDown');
    await waitStep(page, 'p2', 1, 'PageDown right after the pick');
    await page.keyboard.press('PageUp');
    await waitStep(page, 'p2', 0, 'PageUp');
    await page.keyboard.press('ArrowRight');
    await waitStep(page, 'p2', 1, 'ArrowRight');
    await page.keyboard.press('ArrowRight');
    await waitStep(page, 'p2', 2, 'ArrowRight again');
    await page.keyboard.press('ArrowLeft');
    await waitStep(page, 'p2', 1, 'ArrowLeft');
    // PageUp at the first step does nothing (it neither scrolls away nor switches the lesson).
    await page.keyboard.press('PageUp');
    await waitStep(page, 'p2', 0, 'PageUp to the first step');
    await page.keyboard.press('PageUp');
    await staysAt(page, 'p2', 0, 'PageUp at the first step');
    await page.keyboard.press('ArrowRight');
    await waitStep(page, 'p2', 1, 'ArrowRight from the first step');

    // Focus elsewhere (a button of P1's view, opened by the reader): the keys still step.
    await openView(page, 'view-panel');
    await page.focus('#m-apply');
    await page.keyboard.press('ArrowRight');
    await waitStep(page, 'p2', 2, 'ArrowRight with the focus on a button');
    await page.keyboard.press('ArrowLeft');
    await waitStep(page, 'p2', 1, 'ArrowLeft with the focus on a button');

    // Typing in M's field: the arrows move the caret, PageDown is the field's; the lesson stays.
    // (The step brought P2's view to the front once set up: the reader goes back to P1's to type.)
    await waitReady(page, 'p2 step 2, before typing');
    await openView(page, 'view-panel');
    await page.focus('#m-input');
    const m = await page.inputValue('#m-input');
    assert.ok(m.length >= 2, `M has at least two digits: ${m}`);
    await page.evaluate(() => {
      const f = /** @type {HTMLInputElement} */ (document.getElementById('m-input'));
      f.setSelectionRange(f.value.length, f.value.length);
    });
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.evaluate(() => /** @type {HTMLInputElement} */ (document.getElementById('m-input')).selectionStart), m.length - 1, 'ArrowLeft moved the caret');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => /** @type {HTMLInputElement} */ (document.getElementById('m-input')).selectionStart), m.length - 1, 'ArrowRight moved the caret back');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageUp');
    await staysAt(page, 'p2', 1, 'arrows and PageDown typed in #m-input do not step');
    assert.equal(await page.inputValue('#m-input'), m, 'the field is unchanged');

    // Esc closes; the Lessons button reopens the same lesson at the same step.
    await page.keyboard.press('Escape');
    await page.waitForSelector('#lesson', { state: 'hidden' });
    assert.equal(await page.evaluate(() => new URLSearchParams(location.hash.slice(1)).has('lesson')), false, 'the link forgets the closed lesson');
    await page.focus('#lesson-open');
    await page.keyboard.press('Enter');
    await waitStep(page, 'p2', 1, 'reopened after Esc');
    await waitReady(page, 'p2 step 2, reopened');
    // Another lesson picked, then this one again: it resumes too; the other starts at its first step.
    await page.focus('#lesson-pick');
    await page.keyboard.press('ArrowUp');
    await waitStep(page, 'p1', 0, 'P1 picked');
    await page.keyboard.press('PageDown');
    await waitStep(page, 'p1', 1, 'P1 stepped');
    await page.keyboard.press('ArrowDown');
    await waitStep(page, 'p2', 1, 'P2 picked again');
    await page.keyboard.press('ArrowUp');
    await waitStep(page, 'p1', 1, 'P1 picked again');
    await waitReady(page, 'p1 step 2, picked again');
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'lesson-keys-1280x720.png') });
    // A link with an explicit step opens at that step.
    await page.keyboard.press('ArrowDown');
    await waitStep(page, 'p2', 1, 'P2 picked once more');
    const link = new URL(page.url());
    const params = new URLSearchParams(link.hash.slice(1));
    assert.equal(params.get('lesson'), 'p2');
    params.set('step', '3');
    link.hash = params.toString();
    const p2 = await lab.browser.newPage({ viewport: { width: 1280, height: 720 } });
    await p2.goto(link.href);
    await p2.waitForFunction(() => document.getElementById('lesson').dataset.step === '3', null, { timeout: 60_000 });
    assert.equal((await p2.textContent('#lesson-title')).trim(), S.lessons.p2.steps[3].title, 'the link’s step');
    await p2.close();
    await page.keyboard.press('Escape');
    await page.waitForSelector('#lesson', { state: 'hidden' });
  });

  test('keys pressed in a row while a lesson loads another corpus: the last step is set up and its number comes', async () => {
    const page = lab.page;
    // P2 runs on 246 951 URLs, P3 on 100 000: P3 picked, then three PageDowns before it has loaded.
    await page.click('#lesson-open');
    await page.selectOption('#lesson-pick', 'p2');
    await waitReady(page, 'p2');
    const gen = await generation(page);
    // The corpus's batches are held back until the keys have been handled, so the keys come
    // while P3's corpus loads on any machine, however fast its load would be.
    await page.evaluate(() => {
      const held = /** @type {Array<() => void>} */ ([]);
      const send = Worker.prototype.postMessage;
      /** @type {any} */ (window).uhlHeld = held;
      /** @type {any} */ (window).uhlRelease = () => {
        Worker.prototype.postMessage = send;
        for (const go of held.splice(0)) go();
      };
      Worker.prototype.postMessage = function (/** @type {any} */ message, /** @type {any} */ ...rest) {
        if (message?.type === 'corpus') held.push(() => send.call(this, message, ...rest));
        else send.call(this, message, ...rest);
      };
    });
    try {
      await page.focus('#lesson-pick');
      await page.keyboard.press('ArrowDown');
      await page.waitForFunction(() => /** @type {any} */ (window).uhlHeld.length > 0, null, { timeout: 60_000 });
      for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown');
      await waitStep(page, 'p3', 3, 'three PageDowns in a row');
      assert.equal(await generation(page), gen, 'P3’s corpus was not loaded yet when the keys came');
      assert.equal(await page.evaluate(() => document.getElementById('lesson').dataset.ready), '0', 'the last step waits for its corpus');
    } finally {
      await page.evaluate(() => /** @type {any} */ (window).uhlRelease());
    }
    await waitReady(page, 'p3 step 4 after keys in a row');
    assert.notEqual(await generation(page), gen, 'P3’s corpus was loaded after the keys');
    assert.match(await page.textContent('#lesson-live'), /\d/);
    assert.equal(await page.textContent('#lesson-error'), '');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#lesson', { state: 'hidden' });
  });

  test('with a mouse the page says hover; a touch screen is told to tap, in English and in Chinese', async () => {
    assert.equal((await lab.page.textContent('#measures-box .note')).trim(), S.tableNote);
    const context = await lab.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const p = await context.newPage();
    await p.goto(lab.baseUrl);
    await p.waitForFunction(() => Number(document.getElementById('results').dataset.gen) >= 1, null, { timeout: 60_000 });
    // The report: every view's words (P2's among them, computed there).
    await openView(p, 'all');
    await p.waitForFunction(() => document.getElementById('part-table1-note').textContent !== '', null, { timeout: 120_000 });
    const hover = () => p.evaluate(() => (document.body.textContent.match(/[^.。]*(hover|悬停)[^.。]*/gi) ?? []));
    for (const lang of ['en', 'zh']) {
      if (lang === 'zh') {
        await p.tap('#lang-toggle');
        await p.waitForFunction(() => document.documentElement.lang === 'zh-CN');
      }
      await setLanguage(lang);
      try {
        // The switch draws the measures table again once P1's view is back: wait for that one.
        await p.waitForFunction(
          (label) => document.querySelector('#measures-table tbody th .m-name')?.textContent === label && document.body.dataset.busy === '0',
          S.columns[0].label,
          { timeout: 60_000 },
        );
        assert.equal((await p.textContent('#measures-box .note')).trim(), S.tableNoteTouch, `${lang}: the measures table's note`);
        assert.ok((await p.textContent('#part-table1-note')).trim().endsWith(S.rowNameHintTouch), `${lang}: P2's Table 1 note`);
        assert.deepEqual(await hover(), [], `${lang}: no sentence of the page speaks of hovering`);
      } finally {
        await setLanguage('en');
      }
      // A tap on a measure's name writes its definition under it.
      const th = p.locator('#measures-table tbody th').first();
      await th.scrollIntoViewIfNeeded();
      await th.tap();
      const shown = await th.evaluate((el) => [document.activeElement === el, getComputedStyle(el, '::after').content, el.title, el.getBoundingClientRect().height]);
      assert.equal(shown[0], true, `${lang}: the tapped name has the focus`);
      assert.equal(shown[1], JSON.stringify(shown[2]), `${lang}: its definition is written under it`);
      await p.locator('#measures-box').screenshot({ path: path.join(ARTIFACTS, `touch-definition-${lang}.png`) });
      await p.screenshot({ path: path.join(ARTIFACTS, `touch-${lang}-390x844.png`) });
    }
    await context.close();
  });
});
