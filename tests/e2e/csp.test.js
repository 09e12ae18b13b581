// The static folder carries its own Content-Security-Policy (a meta tag in index.html), so any
// static host serves the page under it: no inline script, no eval, no remote origin. (The eval
// ban cannot be shown from a test: DevTools' evaluation is exempt from the page's policy.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { CSP, DIST, requireDist, serveDist, launch, watchProblems } from './helpers.js';

test('dist/index.html carries the strict policy, and it holds without any header', { timeout: 120_000 }, async () => {
  requireDist();
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const meta = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/);
  assert.ok(meta, 'index.html has a CSP meta tag');
  assert.equal(meta[1], CSP, 'the meta policy is the one the tests run under');
  assert.ok(!/<script>|<script [^>]*>[^<]/.test(html.replace(/<script [^>]*src="[^"]*"><\/script>/g, '')), 'no inline script');
  const { server, url } = await serveDist({ header: false });
  const browser = await launch();
  const problems = [];
  try {
    const page = await browser.newPage();
    watchProblems(page, (p) => problems.push(p));
    await page.goto(url);
    // The page works under the meta policy alone: the worker, the wasm and the first chart.
    await page.waitForFunction(() => document.getElementById('results').dataset.gen === '1', null, { timeout: 60_000 });
    // An inline script is refused, and the browser reports the policy it broke.
    const inline = await page.evaluate(async () => {
      window.__ran = false;
      // The report comes as an event after the refusal; 5 s without one is a failure below.
      const violated = new Promise((r) => {
        document.addEventListener('securitypolicyviolation', (e) => r(e.effectiveDirective), { once: true });
        setTimeout(() => r('(no report in 5 s)'), 5_000);
      });
      const s = document.createElement('script');
      s.textContent = 'window.__ran = true';
      document.body.append(s);
      window.__violated = await violated;
      return { ran: window.__ran, violated: window.__violated };
    });
    assert.deepEqual(inline, { ran: false, violated: 'script-src-elem' }, 'an inline script does not run');
  } finally {
    await browser.close();
    server.close();
  }
  // The refused inline script is reported as a CSP violation on the console; nothing else.
  assert.ok(problems.every((p) => /Content Security Policy/i.test(p)), problems.join('\n'));
});
