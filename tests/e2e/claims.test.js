// The Claims view (www/views/claims-view.js, src/papers/claims): the same ledger as
// `urlhash claims`, paper by paper, filtered by status; each live claim's link brings the element
// that shows it into the window; the values `urlhash claims --json` measured load beside the
// claims, named as that input's; in Chinese the claims are worded in Chinese; on a phone nothing
// scrolls sideways. Run with `node --test tests/e2e/` after `./lab build`.
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { useLab, ARTIFACTS, CLI, ROOT, openView } from './helpers.js';

const OUT = fs.mkdtempSync(path.join(os.tmpdir(), 'uhl-claims-'));
after(() => fs.rmSync(OUT, { recursive: true, force: true }));

/** `urlhash claims ARGS --json`, parsed. */
function claimsJson(args) {
  const r = spawnSync(CLI, ['claims', ...args, '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, cwd: ROOT });
  if (r.status !== 0) throw new Error(`urlhash claims ${args.join(' ')} failed: ${r.stderr}`);
  return { text: r.stdout, json: JSON.parse(r.stdout) };
}

/** Every card shown: its id, status and whether it has a link. */
function cards(p) {
  return p.evaluate(() =>
    [...document.querySelectorAll('#claims-list li.claim')].map((li) => ({
      id: li.id.replace(/^claim-/, '').replace('-', '.'),
      status: /** @type {HTMLElement} */ (li).dataset.status,
      link: /** @type {HTMLAnchorElement | null} */ (li.querySelector('a.claim-link'))?.dataset.view ?? null,
      text: li.textContent,
    })),
  );
}

describe('the Claims view', () => {
  let lab;
  useLab({ width: 1280, height: 720 }, (opened) => (lab = opened));

  test('lists the ledger urlhash claims prints, filters it by status, and links each live claim to its element', async () => {
    const page = lab.page;
    const { json: ledger } = claimsJson(['--no-run']);
    await openView(page, 'claims');
    await page.waitForFunction(() => document.querySelectorAll('#claims-list li.claim').length > 0, null, { timeout: 60_000 });
    const shown = await cards(page);
    assert.deepEqual(
      shown.map((c) => [c.id, c.status]),
      ledger.claims.map((c) => [c.id, c.status.is]),
      'the page lists the CLI’s ledger, claim for claim',
    );
    // The counts table: a row per paper and the total, as the CLI counts them.
    const counts = await page.evaluate(() => [.../** @type {NodeListOf<HTMLTableRowElement>} */ (document.querySelectorAll('#claims-counts tbody tr'))].map((tr) => [...tr.cells].map((c) => c.textContent)));
    assert.equal(counts.length, 6);
    for (const n of ledger.counts) {
      const row = counts[n.paper - 1];
      assert.deepEqual(row.slice(1).map((t) => Number(t.replace(/\s/g, ''))), [n.live + n.flagged + n.quoted, n.live, n.flagged, n.quoted], `P${n.paper}`);
    }
    // Every live claim has a link to an element of the page.
    for (const c of shown.filter((c) => c.status === 'live')) assert.ok(c.link, `${c.id} has a link`);
    // Filtered: only flagged ones, then all again.
    await page.click('#claims-filter button[data-filter="flagged"]');
    const flagged = await cards(page);
    assert.ok(flagged.length > 0 && flagged.every((c) => c.status === 'flagged'), 'only flagged claims');
    assert.equal(flagged.length, ledger.counts.reduce((s, n) => s + n.flagged, 0));
    await page.screenshot({ path: path.join(ARTIFACTS, 'claims-flagged-1280x720.png') });
    await page.click('#claims-filter button[data-filter="all"]');
    // A live claim's link brings its element into the window, in its view.
    const first = shown.find((c) => c.status === 'live' && c.id.startsWith('p1.'));
    await page.click(`#claim-${first.id.replace('.', '-')} a.claim-link`);
    await page.waitForFunction(
      (id) => {
        const r = document.getElementById(id)?.closest('section.panel')?.getBoundingClientRect();
        return document.body.dataset.route !== 'claims' && r && r.height > 0;
      },
      first.link,
      { timeout: 10_000 },
    );
    const inWindow = await page.evaluate((id) => {
      const r = document.getElementById(id).getBoundingClientRect();
      return r.top < innerHeight && r.bottom > 0;
    }, first.link);
    assert.ok(inWindow, `#${first.link} is in the window`);
  });

  test('the values of urlhash claims --json load beside the claims, named as that input’s', async () => {
    const page = lab.page;
    const { text, json } = claimsJson(['--paper', '1', '--n', '5000']);
    const file = path.join(OUT, 'claims-p1.json');
    fs.writeFileSync(file, text);
    await openView(page, 'claims');
    await page.setInputFiles('#claims-file', file);
    await page.waitForSelector('#claims-source:not([hidden])');
    assert.match(await page.textContent('#claims-source'), /claims-p1\.json/);
    assert.match(await page.textContent('#claims-source'), /5\s?000/, 'the input it was measured on is named');
    const live = json.claims.filter((c) => c.status.is === 'live');
    const measured = await page.evaluate(() =>
      Object.fromEntries([...document.querySelectorAll('li.claim')].filter((li) => li.querySelector('.claim-measured')).map((li) => [li.id, li.querySelector('.claim-measured').textContent])),
    );
    assert.equal(Object.keys(measured).length, live.length, 'a measured value on every live P1 claim');
    const table = live.find((c) => c.id === 'p1.14');
    if (table) assert.ok(measured['claim-p1-14'], 'the table’s value');
    // A file that is not that output changes nothing and says why, at the control.
    const bad = path.join(OUT, 'not-claims.json');
    fs.writeFileSync(bad, '{"threads": []}');
    await page.setInputFiles('#claims-file', bad);
    await page.waitForSelector('#claims-error:not([hidden])');
    assert.match(await page.textContent('#claims-error'), /not-claims\.json/);
    assert.equal(await page.locator('li.claim .claim-measured').count(), live.length, 'the values loaded before stay');
    await page.click('#claims-forget');
    assert.equal(await page.locator('li.claim .claim-measured').count(), 0);
    assert.equal(await page.isHidden('#claims-source'), true);
  });

  test('in Chinese the claims are worded in Chinese; on a 390×844 phone nothing scrolls sideways', async () => {
    const page = lab.page;
    await openView(page, 'claims');
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    try {
      await page.waitForFunction(() => document.querySelector('#claims-h').textContent.includes('论断'));
      const { json: ledger } = claimsJson(['--no-run', '--paper', '2']);
      const first = ledger.claims[0];
      const topic = await page.textContent(`#claim-${first.id.replace('.', '-')} .claim-topic`);
      assert.equal(topic, first.topic.zh);
      await page.setViewportSize({ width: 390, height: 844 });
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      assert.ok(wide <= 0, `no sideways scroll (${wide} px)`);
      fs.mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, 'claims-zh-390x844.png') });
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.click('#lang-toggle');
      await page.waitForFunction(() => document.documentElement.lang === 'en');
    }
  });
});
