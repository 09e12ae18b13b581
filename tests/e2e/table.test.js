// A list that is a table (Alexa's `rank,domain` CSV) is named: the page reads its domain column,
// says so in the input report with a choice of column, and gives the numbers the CLI gives on
// the same file; read whole, the `rank,host` lines are counted and named.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { useLab, loadFile, readTable, waitView, cliDist, assertMatchesCli, generation, ARTIFACTS, openView } from './helpers.js';
import { S } from '../../www/strings.js';
import { int } from '../../www/format.js';

const HOSTS = ['baidu.com', 'qq.com', 'sina.com.cn', 'sohu.com', 'taobao.com', '163.com', 'pku.edu.cn', 'tsinghua.edu.cn'];
/** 400 lines shaped as Alexa's top-sites CSV: rank,domain. */
const CSV = Buffer.from(Array.from({ length: 400 }, (_, i) => `${i + 1},${HOSTS[i] ?? `site${i}.com.cn`}\n`).join(''));
const FNS = ['elfhash', 'hfip', 'hf'];

/** Once the first results are shown, loads the Alexa-shaped file and waits for its view; its load generation. */
async function loadAlexa(page) {
  await page.waitForFunction(() => Number(document.getElementById('results').dataset.gen) >= 1 && document.body.dataset.busy === '0', null, { timeout: 60_000 });
  const gen = await loadFile(page, { name: 'alexa_top_cn.csv', mimeType: 'text/csv', buffer: CSV });
  await waitView(page, { fns: FNS, m: 12, gen });
  return gen;
}

describe('a table as input', () => {
  let page;
  let browser;
  useLab({ width: 1280, height: 900 }, (o) => ({ page, browser } = o));

  test("Alexa's rank,domain file: the domain column is read, said, and can be changed", async () => {
    const gen = await loadAlexa(page);
    const report = await page.$$eval('#report li', (xs) => xs.map((x) => x.textContent));
    assert.ok(report.includes(S.reportTable(S.delimiterName[','], int(2), int(2))), report.join(' | '));
    assert.ok(report.includes(S.reportClean), 'nothing unusual once read by its column');
    const options = await page.$$eval('#columns-pick option', (xs) => xs.map((x) => [x.value, x.selected, x.textContent]));
    assert.deepEqual(
      options.map(([v, sel]) => [v, sel]),
      [['0', false], ['1', true], ['whole', false]],
    );
    assert.equal(options[1][2], S.columnOption(int(2), '', 'baidu.com'));
    assertMatchesCli(await readTable(page), cliDist({ fns: FNS, m: 12, bytes: CSV }), FNS);
    assert.deepEqual(cliDist({ fns: ['hf'], m: 12, bytes: CSV }).input.columns, { delimiter: ',', column: 1, header: false });
    await openView(page, 'input-panel');
    await page.locator('#input-panel').screenshot({ path: path.join(ARTIFACTS, 'table-alexa.png') });

    // Whole lines: every line is named as rank,host, and the numbers are the CLI's --column 0.
    await page.selectOption('#columns-pick', 'whole');
    await waitView(page, { fns: FNS, m: 12, gen: gen + 1 });
    const whole = await page.$$eval('#report li', (xs) => xs.map((x) => x.textContent));
    assert.ok(whole.some((t) => t.startsWith(S.reportRankHost(400, '').split('(')[0])), whole.join(' | '));
    assert.equal(await page.inputValue('#columns-pick'), 'whole');
    assertMatchesCli(await readTable(page), cliDist({ fns: FNS, m: 12, bytes: CSV, extra: ['--column', '0'] }), FNS);

    // And back to the domains.
    await openView(page, 'input-panel');
    await page.selectOption('#columns-pick', '1');
    await waitView(page, { fns: FNS, m: 12, gen: gen + 2 });
    assertMatchesCli(await readTable(page), cliDist({ fns: FNS, m: 12, bytes: CSV }), FNS);
  });

  test('a pasted table: the column chosen travels in the link and is read again from it', async () => {
    const small = Buffer.from(CSV.toString().split('\n').slice(0, 40).join('\n'));
    const gen = await generation(page);
    await openView(page, 'input-panel');
    await page.fill('#paste', small.toString());
    await page.click('#paste-go');
    await waitView(page, { fns: FNS, m: 12, gen: gen + 1 });
    assert.equal(await page.inputValue('#columns-pick'), '1', 'the guess: the domain column');
    assert.doesNotMatch(await page.evaluate(() => location.hash), /col=/, 'the guess needs no word in the link');
    await page.selectOption('#columns-pick', 'whole');
    await waitView(page, { fns: FNS, m: 12, gen: gen + 2 });
    await page.waitForFunction(() => /[&#]col=0(&|$)/.test(location.hash));
    const link = await page.evaluate(() => location.href);
    const wholeTable = await readTable(page);
    const other = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await other.goto(link);
      await waitView(other, { fns: FNS, m: 12, gen: 1 });
      assert.equal(await other.inputValue('#columns-pick'), 'whole', 'the link reads whole lines');
      assert.deepEqual(await readTable(other), wholeTable);
      await other.waitForFunction(() => /[&#]col=0(&|$)/.test(location.hash));
    } finally {
      await other.close();
    }
  });

  test('a plain URL list offers no column choice', async () => {
    const gen = await loadFile(page, { name: 'urls.txt', mimeType: 'text/plain', buffer: Buffer.from('http://a.cn/?x=1,2\nhttp://b.cn/\n') });
    await waitView(page, { fns: FNS, m: 12, gen });
    assert.equal(await page.isVisible('#columns-box'), false);
  });
});

describe('the path of bare hosts', () => {
  let page;
  useLab({ width: 1280, height: 900 }, (o) => ({ page } = o));

  test('hashing the path of a list of bare hosts says every path is "/"', async () => {
    const gen = await loadAlexa(page);
    assert.equal(await page.isVisible('#results-note'), false, 'no word while the URL is hashed');
    await openView(page, 'input-panel');
    await page.check('input[name="key"][value="path"]');
    await waitView(page, { fns: FNS, key: 'path', m: 12, gen });
    assert.equal(await page.textContent('#results-note'), S.allPathsRoot(int(400)));
    const table = await readTable(page);
    for (const fn of FNS) assert.equal(table.rows[fn].max_load.value, 400, `${fn}: one slot holds every URL`);
    await page.check('input[name="key"][value="host"]');
    await waitView(page, { fns: FNS, key: 'host', m: 12, gen });
    assert.equal(await page.isVisible('#results-note'), false);
  });
});
