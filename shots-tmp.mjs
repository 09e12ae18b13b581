import { serveDist, launch } from './tests/e2e/helpers.js';
const { server, url } = await serveDist();
const browser = await launch();
for (const [w, h, touch] of [[390, 844, true], [1280, 720, false], [1440, 900, false]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, hasTouch: touch, isMobile: touch, deviceScaleFactor: 1 });
  const p = await ctx.newPage();
  p.on('pageerror', (e) => console.log('pageerror', e.message));
  await p.goto(url);
  await p.waitForFunction(() => document.getElementById('cbf').dataset.gen === '1', null, { timeout: 240000 });
  await p.waitForSelector('#p5-slip-twice');
  await p.locator('#p5fig3-run').scrollIntoViewIfNeeded();
  await p.click('#p5fig3-run');
  await p.waitForFunction(() => document.getElementById('p5fig3').dataset.done === '1', null, { timeout: 300000 });
  for (const lang of ['en', 'zh']) {
    if (lang === 'zh') {
      await p.click('#lang-toggle');
      await p.waitForFunction(() => document.documentElement.lang.startsWith('zh') && document.body.dataset.busy === '0');
    }
    for (const id of ['p5fig3', 'p5-slips', 'why-misprint', 'fp-avalanche', 'fp-inversion']) {
      const loc = p.locator(`#${id}`);
      await loc.scrollIntoViewIfNeeded();
      await loc.screenshot({ path: `/tmp/shots/${id}-${w}-${lang}.png` });
    }
    // A viewport-sized view of the Fig. 3 block's top, as a reader sees it.
    await p.locator('#p5fig3 h3').evaluate((e) => e.scrollIntoView());
    await p.screenshot({ path: `/tmp/shots/view-${w}-${lang}.png` });
    const over = await p.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    console.log(w, lang, 'horizontal overflow', over);
  }
  await ctx.close();
}
await browser.close();
server.close();
