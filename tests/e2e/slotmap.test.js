// The slot map (www/views/slotmap-view.js, src/mechanisms/slotmap.rs) in Debian's Chromium: every slot a pixel,
// drawn by the worker's wasm, equal pixel for pixel and class for class to `urlhash slotmap` on
// the same 100 000 corpus URLs; bad M refused beside its field; the PNG export carries the
// image's parameters and legend. Run with `node --test tests/e2e/` after `./lab build`.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { useLab, ARTIFACTS, cliJson, ready, openView } from './helpers.js';

let page;

const FNS = ['elfhash', 'hfip', 'hf'];
const OUT = fs.mkdtempSync(path.join(os.tmpdir(), 'uhl-slotmap-'));
after(() => fs.rmSync(OUT, { recursive: true, force: true }));

const cli = (m, layout) =>
  cliJson(['slotmap', '--fn', FNS.join(','), '--slots', String(m), '--layout', layout, '--n', '100000', '--out-dir', OUT]);

/** Waits until the slot map shows M = `m` in `layout`. */
async function shown(m, layout) {
  await openView(page, 'slotmap');
  await page.waitForFunction(
    ([m, layout]) => {
      const s = document.getElementById('slotmap').dataset;
      return s.gen && s.m === String(m) && s.layout === layout;
    },
    [m, layout],
    { timeout: 60_000 },
  );
}

/** Per image: its function, the slots of each legend row, and (optionally) the MD5 of its RGBA pixels. */
async function images(withPixels) {
  const figs = await page.evaluate((withPixels) => {
    const base64 = (bytes) => {
      let s = '';
      for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(s);
    };
    return [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.slotmap-fig'))].map((f) => {
      const canvas = f.querySelector('canvas');
      return {
        fn: f.dataset.fn,
        size: [canvas.width, canvas.height],
        rows: [.../** @type {NodeListOf<HTMLElement>} */ (f.querySelectorAll('tbody tr'))].map((tr) => [Number(tr.dataset.min), Number(tr.dataset.slots)]),
        pixels: withPixels ? base64(canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data) : null,
      };
    });
  }, withPixels);
  for (const f of figs) if (f.pixels) f.md5 = crypto.createHash('md5').update(Buffer.from(f.pixels, 'base64')).digest('hex');
  return figs;
}

function assertEqualsCli(figs, report) {
  assert.deepEqual(figs.map((f) => f.fn), FNS);
  for (const [f, im] of figs.map((f, i) => [f, report.images[i]])) {
    assert.equal(f.fn, im.id);
    assert.deepEqual(f.size, [im.width, im.height], `${f.fn}: size`);
    assert.deepEqual(f.rows, im.classes.map((c) => [c.min, c.slots]), `${f.fn}: legend`);
    if (f.md5) assert.equal(f.md5, im.rgba_md5, `${f.fn}: pixels`);
  }
}

describe('slot map', () => {
  useLab({ width: 1280, height: 720 }, (o) => ({ page } = o));

  before(async () => {
    await ready(page);
  });

  test('drawn when its view is opened, at 2^21, with the CLI legend', async () => {
    // Nothing is drawn before its view is in front (only the view in front computes).
    assert.equal(await page.locator('.slotmap-fig').count(), 0);
    await page.click('#map a[href="#p1-slotmap"]');
    await shown(2 ** 21, 'hilbert');
    const figs = await images(false);
    assertEqualsCli(figs, cli('2^21', 'hilbert'));
    // With 100 000 URLs in 2^21 slots the page says why the images are dark.
    assert.match(await page.textContent('#slotmap-sparse'), /N\/M = 0\.048/);
    // HfIp's never-set bits: far more empty slots than ELFhash's.
    const empty = Object.fromEntries(figs.map((f) => [f.fn, f.rows[0][1]]));
    assert.ok(empty.hfip > empty.elfhash, JSON.stringify(empty));
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await page.locator('#slotmap').screenshot({ path: path.join(ARTIFACTS, 'slotmap-2p21.png') });
  });

  test('the pixels equal urlhash slotmap at 2^16 in rows', async () => {
    await page.fill('#slotmap-m', '65 536');
    await page.check('input[name="slotmap-layout"][value="linear"]');
    await shown(65536, 'linear');
    assertEqualsCli(await images(true), cli('65536', 'linear'));
    assert.equal(await page.getAttribute('#slotmap-presets button[data-m="65536"]', 'aria-pressed'), 'true');
  });

  test('an M the map cannot draw is refused beside its field, and the images stay', async () => {
    for (const [typed, words] of /** @type {[string, RegExp][]} */ ([['2^23', /at most 4.194.304 slots \(2\^22\)/], ['abc', /abc/]])) {
      await page.fill('#slotmap-m', typed);
      await page.click('#slotmap-draw');
      assert.match(await page.textContent('#slotmap-m-error'), words);
      assert.equal(await page.getAttribute('#slotmap-m', 'aria-invalid'), 'true');
      assert.equal(await page.locator('.slotmap-fig').count(), 3);
    }
    await page.click('#slotmap-presets button[data-m="65536"]');
    assert.equal(await page.isHidden('#slotmap-m-error'), true);
  });

  test('the PNG export is the image with its parameters and legend', async () => {
    const id = 'slotmap-hfip-m65536-linear';
    const button = page.locator(`.export-tools[data-export-for="${id}"] button[data-format="png"]`);
    await button.waitFor({ state: 'attached', timeout: 30_000 });
    const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), button.click()]);
    const bytes = fs.readFileSync(await dl.path());
    fs.writeFileSync(path.join(ARTIFACTS, dl.suggestedFilename()), bytes);
    assert.match(dl.suggestedFilename(), new RegExp(`^urlhashlab-${id}-\\d{8}-\\d{6}\\.png$`));
    assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // Wider than the 256-pixel image: a caption band and the legend under it.
    assert.ok(bytes.readUInt32BE(16) >= 640, `width ${bytes.readUInt32BE(16)}`);
    const text = bytes.toString('latin1');
    const at = text.indexOf('iTXtComment');
    assert.ok(at > 0, 'an iTXt Comment chunk');
    const comment = JSON.parse(bytes.subarray(at + 'iTXtComment'.length + 5, bytes.indexOf('IEND', at) - 8).toString('utf8').replace(/[^}]*$/, ''));
    const image = comment.params.image;
    assert.equal(image.function, 'hfip');
    assert.equal(image.m, 65536);
    assert.equal(image.layout, 'linear');
    assert.equal(image.n, 100000);
    assert.equal(image.legend[0].count, '0');
    assert.equal(image.legend[0].colour, '#111111');
  });
});
