// The self-check at the end of each lesson: a question on a loaded URL whose answer the core
// computes (checked here against the CLI), a wrong and a right answer each explained, a score
// per lesson that can be copied with the link, another question on request, the same questions
// again from the same link, and every lesson's question asked, in both languages.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { useLab, ARTIFACTS, cliDist, cliPartition, requireCli } from './helpers.js';
import { S } from '../../www/strings.js';
import { ZH } from '../../www/strings-zh.js';

/** The question on screen once asked (not `before`): its text and how it is answered. */
async function question(p, before = null) {
  await p.waitForFunction(
    (before) => {
      const asked = document.getElementById('quiz').dataset.asked;
      return asked && asked !== before && !document.getElementById('quiz').hidden;
    },
    before,
    { timeout: 120_000 },
  );
  return p.evaluate(() => ({
    text: document.getElementById('quiz-q').textContent,
    number: !document.getElementById('quiz-number-box').hidden,
    options: [.../** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('#quiz-options input'))].map((i) => [i.value, i.parentElement.textContent]),
  }));
}

/** The slot the CLI gives the URL a P1 question names, under the function it names, at M = 12. */
function cliSlot(text) {
  const ids = { ELFhash: 'elfhash', HfIp: 'hfip', hf: 'hf' };
  const id = ids[Object.keys(ids).find((name) => text.includes(` ${name} `))];
  return cliDist({ fns: [id], m: 12, bytes: `${urlIn(text)}\n`, extra: ['--counts'] }).fns[id].counts.indexOf(1);
}

/** The URL a question names (the first http URL of its text). */
const urlIn = (text) => /https?:\/\/[^\s，？?（]+[^\s，？?（.。]/.exec(text)[0];

/** Opens the lab at `hash` in a new document (a new fragment alone would be a hashchange). */
async function open(p, url) {
  await p.goto('about:blank');
  await p.goto(url);
}

async function answer(p, value, number) {
  if (number) await p.fill('#quiz-number', value);
  else await p.locator(`#quiz-options input[value="${value}"]`).check();
  await p.click('#quiz-check');
  await p.waitForFunction(() => document.getElementById('quiz-result').dataset.right !== undefined);
  return p.evaluate(() => ({
    right: document.getElementById('quiz-result').dataset.right === '1',
    text: document.getElementById('quiz-result').textContent,
    score: document.getElementById('quiz-score').textContent,
  }));
}

describe('the self-check on the loaded URLs', () => {
  /** Right answers of the P1 test's two questions (the second is right or not by chance). */
  let p1Right = 0;
  let page;
  let baseUrl;
  let browser;
  useLab({ width: 1280, height: 720 }, (o) => ({ page, baseUrl, browser } = o));

  test('P1: the slot is the CLI’s; a wrong answer, then a right one, each explained and scored', async () => {
    requireCli();
    await open(page, `${baseUrl}#lang=en&lesson=p1&step=9&quiz=777.0`);
    const q = await question(page);
    assert.ok(q.number, 'a number to type');
    const slot = cliSlot(q.text);
    assert.ok(slot >= 0 && slot < 12, `the CLI puts ${urlIn(q.text)} in one slot`);
    const wrong = await answer(page, String((slot + 1) % 12), true);
    assert.equal(wrong.right, false);
    assert.ok(wrong.text.startsWith(S.quiz.wrong(String(slot))), wrong.text);
    assert.ok(wrong.text.includes(`mod 12 = ${slot}`), 'the explanation shows the arithmetic');
    assert.equal(wrong.score, S.quiz.score(0, 1));
    // The next question counts; the link carries which one it is.
    const first = await page.evaluate(() => document.getElementById('quiz').dataset.asked);
    await page.click('#quiz-next');
    const next = await question(page, first);
    assert.notEqual(next.text, q.text, 'another question');
    await page.waitForFunction(() => location.hash.includes('quiz=777.1'));
    // Every other P1 question is the hash-quality battery's: the function that fails the
    // high-bits test (its answer checked in the core's unit test). Answered from its own
    // explanation's scores: the right one is the choice whose score is ^20 or worse.
    assert.match(next.text, /high-bits test/);
    const probe = await answer(page, '1', false);
    const scores = [...probe.text.matchAll(/\^(\d+) \(M = /g)].map((m) => Number(m[1]));
    assert.equal(scores.length, 3, probe.text);
    assert.equal(probe.right, scores[0] >= 20, probe.text);
    assert.equal(scores.filter((x) => x >= 20).length, 1, probe.text);
    assert.equal(probe.score, S.quiz.score(probe.right ? 1 : 0, 2));
    p1Right = probe.right ? 1 : 0;
    await page.screenshot({ path: path.join(ARTIFACTS, 'quiz-p1-1280.png') });
    // The same link asks the same question again.
    const again = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    try {
      await again.goto(`${baseUrl}#lang=en&lesson=p1&step=9&quiz=777.1`);
      assert.equal((await question(again)).text, next.text);
    } finally {
      await again.close();
    }
  });

  test('the score is copied with the lesson and a link that asks the same questions', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('#quiz-copy');
    await page.waitForFunction(() => document.getElementById('quiz-result').textContent.includes('self-check'));
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.ok(copied.startsWith(S.quiz.scoreLine(S.lessons.p1.title, p1Right, 2, '')), copied);
    assert.match(copied, /quiz=777\.1/);
  });

  test('P2: the node is the CLI’s Nutch node; in Chinese; a typed answer survives a language switch', async () => {
    await open(page, `${baseUrl}#lang=en&lesson=p2&step=9&quiz=4242.0`);
    await question(page);
    await page.fill('#quiz-number', '8');
    await page.click('#quiz-check');
    await page.waitForFunction((t) => document.getElementById('quiz-result').textContent === t, S.quiz.typeNumber(1, 7));
    await page.fill('#quiz-number', '７');
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang.startsWith('zh'));
    assert.equal(await page.inputValue('#quiz-number'), '７', 'what was typed stays');
    const q = await question(page);
    assert.match(q.text, /搜集节点/);
    const url = urlIn(q.text);
    const sim = cliPartition({ policy: 'nutch', nodes: 7, bytes: `${url}\n` });
    const node = sim.policies.find((p) => p.policy === 'nutch').node_urls.indexOf(1) + 1;
    assert.ok(node >= 1);
    const r = await answer(page, String(node), true);
    assert.equal(r.right, true, r.text);
    assert.ok(r.text.startsWith(ZH.quiz.right), r.text);
    assert.equal(r.score, ZH.quiz.score(1, 1));
  });

  test('P2, every other question: the node once one of 8 dies is the CLI’s Nutch node among 7', async () => {
    await open(page, `${baseUrl}#lang=en&lesson=p2&step=9&quiz=4242.1`);
    const q = await question(page);
    assert.match(q.text, /Node 8 dies and 7 are left/);
    const url = urlIn(q.text);
    const nodeOf = (nodes) => cliPartition({ policy: 'nutch', nodes, bytes: `${url}\n` }).policies.find((p) => p.policy === 'nutch').node_urls.indexOf(1) + 1;
    const [before, after] = [nodeOf(8), nodeOf(7)];
    assert.ok(q.text.includes(`fetched by node ${before}.`), q.text);
    const r = await answer(page, String(after), true);
    assert.equal(r.right, true, r.text);
    assert.ok(r.text.includes(before === after ? 'both give node' : `gives node ${after}: the host moved`), r.text);
  });

  test('P5, every other question: a cuckoo filter’s false positive, asked once the bake-off split the URLs', async () => {
    await open(page, `${baseUrl}#lang=en&lesson=p5&step=9&quiz=99.1`);
    // The second module has no split yet: the question says what it waits for.
    await page.waitForFunction((t) => document.getElementById('quiz-result').textContent.includes(t), S.quiz.waitingBakeoff, { timeout: 60_000 });
    await page.click('#map a[href="#p5-filters"]');
    const q = await question(page);
    assert.match(q.text, /^A cuckoo filter holds the 100.000 inserted URLs \(8-bit fingerprints, 4 a bucket\)/);
    assert.deepEqual(q.options.map((o) => o[0]), ['1', '2', '3', '0']);
    // Answered, right or not, it is explained from the filter's buckets (the core's unit test
    // checks the answer against the filter itself).
    const r = await answer(page, '1', false);
    const text = r.text;
    assert.match(text, /bucket/, text);
  });

  test('P1, every other question: which function fails the battery’s high-bits test on the loaded URLs', async () => {
    await open(page, `${baseUrl}#lang=en&lesson=p1&step=9&quiz=99.1`);
    const q = await question(page);
    assert.match(q.text, /Which of these functions fails that high-bits test on your URLs\?/);
    assert.deepEqual(q.options.map((o) => o[0]), ['1', '2', '3', '0']);
    // The choices are worded as the functions' names, not their ids.
    const names = q.options.slice(0, 3).map((o) => o[1]);
    assert.ok(names.every((n) => n.length > 1 && !/^[a-z0-9-]+$/.test(n)) || names.some((n) => /ELFhash|HfIp|MD5|XXH3|CRC|FNV|Java|P2/.test(n)), names.join(' | '));
    const r = await answer(page, '1', false);
    assert.match(r.text, /Scores of the high bits/, r.text);
  });

  test('P3, every other question: which pair of your URL and a respelling Safe Browsing merges and WHATWG keeps apart', async () => {
    await open(page, `${baseUrl}#lang=en&lesson=p3&step=9&quiz=99.1`);
    const q = await question(page);
    assert.match(q.text, /Which pair does Google Safe Browsing make one page while the WHATWG parser/);
    assert.deepEqual(q.options.map((o) => o[0]), ['1', '2', '3', '0']);
    // Each choice is a URL of the corpus beside a respelling of it.
    const choices = q.options.slice(0, 3).map((o) => o[1]);
    assert.ok(choices.every((c) => /https?:\/\/\S+\s+↔\s+\S+/i.test(c)), choices.join(' | '));
    // The right answer is explained from the two schemes' forms (the core's unit test checks
    // the answer against both schemes).
    const r = await answer(page, '1', false);
    assert.match(r.text, /Safe Browsing writes both as http/, r.text);
  });

  for (const lesson of ['p3', 'p4', 'p5']) {
    test(`${lesson}: a question with its options, answered and explained`, async () => {
      await open(page, `${baseUrl}#lang=en&lesson=${lesson}&step=9&quiz=99.0`);
      const q = await question(page);
      assert.equal(q.number, false);
      const values = q.options.map((o) => o[0]);
      assert.deepEqual(values, lesson === 'p5' ? ['1', '2', '3', '0'] : ['yes', 'no']);
      const r = await answer(page, values[0], false);
      const explained = r.text.replace(r.right ? S.quiz.right : /^Not quite: the answer is .*?\. /, '').trim();
      assert.ok(explained.length > 20, `explained: ${r.text}`);
      assert.equal(r.score, S.quiz.score(r.right ? 1 : 0, 1));
      // Another question starts blank: nothing picked from the one before, Check ready.
      if (lesson === 'p5') await page.screenshot({ path: path.join(ARTIFACTS, 'quiz-p5-1280.png') });
      const before = await page.evaluate(() => document.getElementById('quiz').dataset.asked);
      await page.click('#quiz-next');
      if (lesson === 'p5') {
        // P5's next question is the cuckoo filter's, which waits for the bake-off's split.
        await page.waitForFunction((t) => document.getElementById('quiz-result').textContent.includes(t), S.quiz.waitingBakeoff, { timeout: 60_000 });
        return;
      }
      await question(page, before);
      assert.equal(await page.locator('#quiz-options input:checked').count(), 0);
      assert.equal(await page.isEnabled('#quiz-check'), true);
    });
  }
});
