// The dark theme: the system's choice (prefers-color-scheme) until the reader picks one with
// the toggle, remembered across visits; every colour of the page and of its charts follows, and
// an exported PNG is drawn on the theme's panel colour. Reduced motion drops the toolbars' fade.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ready, useLab, watchProblems, ARTIFACTS, pressTool } from './helpers.js';

/** Relative luminance of a CSS rgb() colour (WCAG's formula), 0 black … 1 white. */
function luminance(rgb) {
  const [r, g, b] = rgb.match(/\d+(\.\d+)?/g).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The colours the page and the slots chart use now. */
function colours(p) {
  return p.evaluate(() => {
    const css = (name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();
    const chart = window.Chart.getChart(document.getElementById('per-slot-chart'));
    return {
      theme: document.documentElement.dataset.theme,
      pressed: document.getElementById('theme-toggle').getAttribute('aria-pressed'),
      body: getComputedStyle(document.body).backgroundColor,
      panel: getComputedStyle(document.getElementById('view-panel')).backgroundColor,
      text: getComputedStyle(document.getElementById('view-panel')).color,
      ink: css('--ink'),
      chartInk: window.Chart.defaults.color,
      chartGrid: window.Chart.defaults.borderColor,
      grid: css('--grid'),
      axisTitle: chart.options.scales.y.title.color,
    };
  });
}

describe('the dark theme', () => {
  let browser;
  let baseUrl;
  const report = useLab({ width: 1280, height: 720 }, (o) => ({ browser, baseUrl } = o));

  /** A new context with `options` (viewport 1280×720 unless given), the lab opened in it. */
  async function open(options) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, ...options });
    const p = await context.newPage();
    watchProblems(p, report);
    await p.goto(baseUrl);
    await ready(p);
    return { p, context };
  }

  test('a dark system opens dark, the toggle switches to light and is remembered', async () => {
    const { p, context } = await open({ colorScheme: 'dark' });
    const dark = await colours(p);
    assert.equal(dark.theme, 'dark');
    assert.equal(dark.pressed, 'true');
    assert.ok(luminance(dark.body) < 0.05 && luminance(dark.panel) < 0.05, `dark surfaces: ${dark.body}, ${dark.panel}`);
    assert.ok(luminance(dark.text) > 0.6, `light text: ${dark.text}`);
    assert.equal(dark.chartInk, dark.ink, "the charts' text is the theme's ink");
    assert.equal(dark.axisTitle, dark.ink);
    assert.equal(dark.chartGrid, dark.grid);
    await p.screenshot({ path: path.join(ARTIFACTS, 'theme-dark-1280.png') });

    await pressTool(p, '#theme-toggle');
    await p.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await ready(p);
    const light = await colours(p);
    assert.equal(light.pressed, 'false');
    assert.ok(luminance(light.panel) > 0.9, `light panel: ${light.panel}`);
    assert.notEqual(light.ink, dark.ink);
    assert.equal(light.chartInk, light.ink, 'the charts are drawn again in the new theme');
    assert.equal(light.axisTitle, light.ink);

    await p.reload();
    await ready(p);
    assert.equal((await colours(p)).theme, 'light', 'the choice outlives a reload on a dark system');
    await pressTool(p, '#theme-toggle');
    await p.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await context.close();
  });

  test('a light system opens light; the stored choice wins over it', async () => {
    const { p, context } = await open({ viewport: { width: 390, height: 844 }, colorScheme: 'light', hasTouch: true });
    assert.equal((await colours(p)).theme, 'light');
    await pressTool(p, '#theme-toggle', { tap: true });
    await p.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await p.reload();
    await ready(p);
    assert.equal((await colours(p)).theme, 'dark');
    await p.screenshot({ path: path.join(ARTIFACTS, 'theme-dark-390.png') });
    await context.close();
  });

  test('an exported PNG is drawn on the panel colour of the theme shown', async () => {
    const { p, context } = await open({ colorScheme: 'dark', acceptDownloads: true });
    const [download] = await Promise.all([p.waitForEvent('download'), p.click('.export-tools[data-export-for="per-slot-chart"] button[data-format="png"]', { force: true })]);
    const file = await download.path();
    const corner = await p.evaluate(async (bytes) => {
      const img = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
      const c = new OffscreenCanvas(img.width, img.height).getContext('2d');
      c.drawImage(img, 0, 0);
      const [r, g, b] = c.getImageData(2, 2, 1, 1).data;
      return `rgb(${r}, ${g}, ${b})`;
    }, [...fs.readFileSync(file)]);
    const panel = await p.evaluate(() => getComputedStyle(document.getElementById('view-panel')).backgroundColor);
    assert.equal(corner, panel);
    await context.close();
  });

  test('reduced motion: the export toolbars appear without a fade', async () => {
    const { p, context } = await open({ reducedMotion: 'reduce' });
    const fade = await p.$eval('.export-tools', (e) => getComputedStyle(e).transitionDuration);
    assert.equal(fade, '0s');
    await context.close();
  });
});
