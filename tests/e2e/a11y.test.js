// An automated accessibility scan (axe-core, WCAG 2.1 A and AA rules) of the whole page, the
// report (view=all), once every view has drawn: in English and in Chinese, with a lesson open, in projector mode, in the
// dark theme. No serious or critical violation is allowed; the others are listed in the test's
// output.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { useLab, ROOT, watchProblems, pressTool } from './helpers.js';

const AXE = path.join(ROOT, 'node_modules/axe-core/axe.min.js');
const VIEWPORT = { width: 1440, height: 900 };
let browser;
let baseUrl;

/** Waits until the results, P1's report, the partition and the four dedup views are drawn. */
async function waitAllViews(p) {
  await p.waitForFunction(
    () => {
      const gen = document.getElementById('results').dataset.gen;
      return (
        Number(gen) >= 1 &&
        ['why', 'partition', 'trie', 'bloom', 'cbf', 'fp'].every((id) => document.getElementById(id).dataset.gen === gen)
      );
    },
    null,
    { timeout: 180_000 },
  );
}

/** Runs axe on the page; returns the violations as { id, impact, help, nodes: [selectors] }. */
async function scan(p) {
  // axe is injected for the scan only (the page's own policy allows no foreign script).
  await p.addScriptTag({ path: AXE });
  const result = await p.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
  return result;
}

describe('URL Hash Lab accessibility', { timeout: 900_000 }, () => {
  const report = useLab(VIEWPORT, (lab) => ({ browser, baseUrl } = lab));

  /** @type {[string, string, ((p: import('playwright-core').Page) => Promise<unknown>) | null, ('light' | 'dark')?][]} */
  const cases = [
    ['English', '?lang=en&view=all', null],
    ['Chinese, a lesson open', '?lang=zh&view=all&lesson=p2&step=0', null],
    ['projector mode, the last step of a lesson', '?lang=en&view=all&lesson=p1&step=3', async (p) => pressTool(p, '#projector-toggle')],
    ['dark theme (the system’s), English', '?lang=en&view=all', null, 'dark'],
    ['dark theme, Chinese, projector mode, a lesson open', '?lang=zh&view=all&lesson=p5&step=0', async (p) => pressTool(p, '#projector-toggle'), 'dark'],
  ];
  for (const [name, query, setup, scheme] of cases) {
    test(`no serious or critical violation: ${name}`, async (t) => {
      const context = await browser.newContext({ viewport: VIEWPORT, bypassCSP: true, colorScheme: scheme ?? 'light' });
      const p = await context.newPage();
      watchProblems(p, report);
      await p.goto(`${baseUrl}${query}`);
      await waitAllViews(p);
      if (setup) await setup(p);
      const violations = await scan(p);
      for (const v of violations) t.diagnostic(`${v.impact}: ${v.id} (${v.help}) at ${v.nodes.join(' | ')}`);
      const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      assert.deepEqual(bad, [], 'no serious or critical accessibility violation');
      await context.close();
    });
  }

  // Whether a table overflows its box depends on its numbers (timings differ per machine) and
  // the screen, so every table box is a named region that takes focus, overflowing or not.
  test('every table box takes keyboard focus and has a name, in both languages', async () => {
    for (const lang of ['en', 'zh']) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const p = await context.newPage();
      watchProblems(p, report);
      await p.goto(`${baseUrl}?lang=${lang}`);
      await p.waitForFunction(() => Number(document.getElementById('results').dataset.gen) >= 1, null, { timeout: 180_000 });
      const boxes = await p.$$eval('.table-scroll', (all) =>
        all.map((b) => ({
          table: b.querySelector('table')?.id,
          tabIndex: b.tabIndex,
          role: b.getAttribute('role'),
          name: (document.getElementById(b.getAttribute('aria-labelledby') ?? '')?.textContent ?? '').trim(),
        })),
      );
      assert.ok(boxes.length >= 15, `${boxes.length} table boxes`);
      for (const b of boxes) {
        assert.equal(b.tabIndex, 0, `${lang} ${b.table}`);
        assert.equal(b.role, 'region', `${lang} ${b.table}`);
        assert.ok(b.name.length > 0, `${lang} ${b.table} has no name`);
      }
      await context.close();
    }
  });
});
