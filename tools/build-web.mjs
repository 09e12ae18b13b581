#!/usr/bin/env node
// Writes the static site in dist/ around the WebAssembly core that `./lab build` put in
// dist/pkg/ (wasm-bindgen's output, already through wasm-opt: the first module, urlhashlab, and the
// second, urlhashlab_beyond, which the views beyond the papers load when they open):
//
//   dist/index.html, www/, vendor/   the lab as served by any static host, under any sub-path
//                                    (www/app.js and www/worker.js bundled by esbuild; SQLite's
//                                    WebAssembly, vendor/sqlite3.wasm, for P4's Table 1 only,
//                                    which the one file leaves out)
//   dist/data/public-suffix-list.txt the Public Suffix List rules (from the psl crate the CLI
//                                    embeds), fetched by the page the first time a policy
//                                    needs registrable domains
//   dist/url-hash-lab.html           the whole lab in one file that runs from disk (file://):
//                                    scripts bundled by esbuild and inlined, the worker's source
//                                    a text/plain script element that early-worker.js starts
//                                    from a Blob URL as a classic worker, the wasm and the rules
//                                    inlined, CSS and icon inlined, a meta CSP that allows
//                                    exactly its own inline scripts and style by hash
//   dist/sw.js                       the service worker, with the list of every file above and
//                                    a version digest of their contents
//   dist/.nojekyll                   GitHub Pages serves the folder as it is
//
//   node tools/build-web.mjs                      all of the above
//   node tools/build-web.mjs --service-worker DIR only DIR/sw.js again, for DIR's files now
//
// It prints the one file's size and SHA-256 and writes both into dist/index.html, where the
// page shows them next to its "Download the lab as one file" link.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const ONE_FILE = 'url-hash-lab.html';
const RULES = 'data/public-suffix-list.txt';

const sha256 = (data) => createHash('sha256').update(data).digest();
const say = (text) => process.stderr.write(`${text}\n`);

/** Replaces the one occurrence of `find` in `text`; a template that changed is an error. */
function replaceOnce(text, find, by, what) {
  const at = text.indexOf(find);
  if (at < 0 || text.indexOf(find, at + 1) >= 0) throw new Error(`build-web: expected exactly one ${what} in index.html`);
  return text.slice(0, at) + by + text.slice(at + find.length);
}

// ------------------------------------------------------------------------------ the served site

/** The directory of a Cargo package this crate depends on (from `cargo metadata`). */
function cratePath(name) {
  const meta = JSON.parse(
    execFileSync('cargo', ['metadata', '--format-version', '1', '--locked', '--manifest-path', path.join(ROOT, 'Cargo.toml')], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    }),
  );
  const pkg = meta.packages.find((p) => p.name === name);
  if (!pkg) throw new Error(`build-web: no package ${name} in cargo metadata`);
  return { dir: path.dirname(pkg.manifest_path), version: pkg.version };
}

function copyServed() {
  for (const f of ['urlhashlab_bg.wasm', 'urlhashlab_beyond_bg.wasm']) {
    if (!fs.existsSync(path.join(DIST, 'pkg', f))) throw new Error(`build-web: dist/pkg/${f} is missing: run ./lab build`);
  }
  fs.copyFileSync(path.join(ROOT, 'index.html'), path.join(DIST, 'index.html'));
  // www/single/ is the one file's side of a few modules, www/sw.js the template of dist/sw.js, and
  // www/constants.json goes into early-worker.js (writeBootConstants).
  fs.cpSync(path.join(ROOT, 'www'), path.join(DIST, 'www'), {
    recursive: true,
    filter: (src) =>
      !src.startsWith(path.join(ROOT, 'www', 'single')) &&
      src !== path.join(ROOT, 'www', 'sw.js') &&
      src !== path.join(ROOT, 'www', 'constants.json'),
  });
  fs.mkdirSync(path.join(DIST, 'vendor'), { recursive: true });
  const npm = (p) => path.join(ROOT, 'node_modules', p);
  fs.copyFileSync(npm('chart.js/dist/chart.umd.min.js'), path.join(DIST, 'vendor/chart.umd.min.js'));
  fs.copyFileSync(npm('svgcanvas/dist/svgcanvas.esm.js'), path.join(DIST, 'vendor/svgcanvas.esm.js'));
  fs.copyFileSync(npm('svgcanvas/LICENSE'), path.join(DIST, 'vendor/svgcanvas.LICENSE'));
  // SQLite's WebAssembly build, for P4's Table 1 (www/sqlite-stores.js loads it when asked; its
  // script is bundled into the chunk of that module).
  const sqlite = npm('@sqlite.org/sqlite-wasm');
  fs.copyFileSync(path.join(sqlite, 'dist/sqlite3.wasm'), path.join(DIST, 'vendor/sqlite3.wasm'));
  const sqliteVersion = JSON.parse(fs.readFileSync(path.join(sqlite, 'package.json'), 'utf8')).version;
  fs.writeFileSync(
    path.join(DIST, 'vendor/sqlite3.NOTICE'),
    `sqlite3.wasm is SQLite's official WebAssembly build, from the npm package @sqlite.org/sqlite-wasm ${sqliteVersion}\n` +
      `(https://sqlite.org/wasm). SQLite is in the public domain; the package's JavaScript is Apache License 2.0.\n`,
  );
  const psl = cratePath('psl');
  fs.mkdirSync(path.join(DIST, 'data'), { recursive: true });
  fs.copyFileSync(path.join(psl.dir, 'data/rules.txt'), path.join(DIST, RULES));
  fs.writeFileSync(
    path.join(DIST, 'data/public-suffix-list.NOTICE'),
    `public-suffix-list.txt is the Public Suffix List (https://publicsuffix.org/list/), as packaged in the\n` +
      `psl crate ${psl.version}, whose compiled copy the urlhash CLI uses. Mozilla Public License 2.0.\n`,
  );
  fs.writeFileSync(path.join(DIST, '.nojekyll'), '');
}

/**
 * The core's numbers in dist/www/early-worker.js: www/constants.json, which `constants()` of
 * src/engine/constants.rs writes and its test checks (BLESS=1 cargo test --profile quick --lib constants), so
 * the page has them before its worker has compiled and copies none of them.
 */
function writeBootConstants() {
  const numbers = JSON.parse(fs.readFileSync(path.join(ROOT, 'www/constants.json'), 'utf8'));
  const file = path.join(DIST, 'www/early-worker.js');
  const text = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, replaceOnce(text, '/* uhl:boot */ null', JSON.stringify(numbers), 'boot mark in www/early-worker.js'));
}

/**
 * The served page's scripts, bundled: www/app.js and www/worker.js become two ES modules (and
 * the chunks they share or load later, such as the Chinese strings and svgcanvas) in place of
 * the ~40 modules they import, so the page starts after two requests instead of a waterfall.
 * Chunks sit in www/ too, so `new URL(…, import.meta.url)` means the same from every one.
 */
async function bundleServed() {
  const www = path.join(DIST, 'www');
  const staging = path.join(DIST, '.bundle');
  fs.rmSync(staging, { recursive: true, force: true });
  // Two bundles, not one with chunks shared between them: the worker's script then arrives with
  // at most two small chunks of its own (what it shares with the modules it loads later), not
  // after a waterfall of chunks it shares with the page; the code the two share is a few
  // kilobytes, sent twice.
  for (const [name, entry] of Object.entries({ app: 'app.js', worker: 'worker.js' })) {
    await esbuild.build({
      entryPoints: { [name]: path.join(www, entry) },
      bundle: true,
      format: 'esm',
      splitting: true,
      minify: !process.env.NOMIN,
      charset: 'utf8',
      target: ['es2022'],
      chunkNames: '[name]-[hash]',
      outdir: staging,
      logLevel: 'warning',
    });
  }
  // The modules are in the bundles now; the classic scripts stay as they are.
  const keep = new Set(['boot-check.js', 'early-worker.js']);
  for (const entry of fs.readdirSync(www, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(www, entry);
    if (entry.endsWith('.js') && !keep.has(entry)) fs.rmSync(file);
  }
  fs.rmSync(path.join(www, 'charts'), { recursive: true, force: true });
  fs.rmSync(path.join(www, 'views'), { recursive: true, force: true });
  for (const f of fs.readdirSync(staging)) fs.renameSync(path.join(staging, f), path.join(www, f));
  fs.rmSync(staging, { recursive: true });
}

// ------------------------------------------------------------------------------- the one file

/** The www/ modules the one file swaps for www/single/'s, and the assets it inlines. */
function oneFilePlugin() {
  const swapped = new Set(['./worker-start.js', './wasm-source.js', './beyond-source.js', './suffix-rules.js', './offline.js', './sqlite-stores.js']);
  return {
    name: 'url-hash-lab-one-file',
    setup(build) {
      build.onResolve({ filter: /^\.\/[a-z0-9-]+\.js$/ }, (args) =>
        swapped.has(args.path) && args.importer.startsWith(path.join(DIST, 'www'))
          ? { path: path.join(ROOT, 'www', 'single', args.path) }
          : undefined,
      );
      build.onResolve({ filter: /^uhl:/ }, (args) => {
        const file = { 'uhl:wasm': 'pkg/urlhashlab_bg.wasm', 'uhl:beyond-wasm': 'pkg/urlhashlab_beyond_bg.wasm', 'uhl:suffix-rules': RULES }[args.path];
        if (file) return { path: path.join(DIST, file) };
        return { errors: [{ text: `unknown ${args.path}` }] };
      });
    },
  };
}

/**
 * One script: dist's `entry` and everything it imports, as a classic script. `charset` 'ascii'
 * escapes every other character (the worker's: its source then stays one byte a character, so
 * the worker decodes and parses its 1.5 MB faster; the Public Suffix List's few accented rules
 * were enough to make all of it two bytes a character).
 * @param {string} entry
 * @param {'utf8' | 'ascii'} [charset]
 */
async function bundle(entry, charset = 'utf8') {
  const result = await esbuild.build({
    entryPoints: [path.join(DIST, entry)],
    bundle: true,
    format: 'iife',
    minify: !process.env.NOMIN,
    charset,
    target: ['es2022'],
    loader: { '.wasm': 'binary', '.txt': 'text' },
    // wasm-bindgen's loader names its file by import.meta.url only when given no bytes.
    define: { 'import.meta.url': '""' },
    plugins: [oneFilePlugin()],
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}

/** Text that may sit inside an HTML <script> or <style> element and end only at its end tag. */
function inlineSafe(text, what) {
  if (/<\/(script|style)/i.test(text) || /<!--/.test(text)) throw new Error(`build-web: ${what} holds </script, </style or <!--`);
  return text;
}

async function writeOneFile() {
  const read = (p) => fs.readFileSync(path.join(DIST, p), 'utf8');
  let html = read('index.html');
  const app = inlineSafe(await bundle('www/app.js'), 'the page script');
  const worker = inlineSafe(await bundle('www/worker.js', 'ascii'), 'the worker script');
  const early = inlineSafe(read('www/early-worker.js'), 'early-worker.js');
  const chart = inlineSafe(read('vendor/chart.umd.min.js'), 'Chart.js');
  const css = inlineSafe(read('www/style.css') + read('www/export.css'), 'the style sheets');
  const icon = `data:image/svg+xml;base64,${fs.readFileSync(path.join(DIST, 'www/icon.svg')).toString('base64')}`;
  const hash = (text) => `'sha256-${sha256(text).toString('base64')}'`;
  const csp = [
    "default-src 'none'",
    `script-src ${hash(early)} ${hash(chart)} ${hash(app)} 'wasm-unsafe-eval'`,
    `style-src ${hash(css)}`,
    'img-src data: blob:',
    'worker-src blob:',
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

  html = html.replace(/<!-- served:[^>]*-->[\s\S]*?<!-- \/served -->\n?/g, '');
  if (/<!-- \/?served/.test(html)) throw new Error('build-web: unmatched <!-- served --> marks in index.html');
  html = html.replace(/(<meta http-equiv="Content-Security-Policy" content=")[^"]*(">)/, (_, a, b) => a + csp + b);
  html = replaceOnce(html, 'href="www/icon.svg"', `href="${icon}"`, 'icon link');
  html = replaceOnce(html, '<link rel="stylesheet" href="www/style.css">\n', '', 'style.css link');
  html = replaceOnce(html, '  <link rel="stylesheet" href="www/export.css">\n', `  <style>${css}</style>\n`, 'export.css link');
  // The worker's source is data (a script element of another type runs nothing and needs no
  // hash); early-worker.js starts it from a Blob URL before Chart.js and the page script load.
  const starter = `<script type="text/plain" id="uhl-worker-source">${worker}</script>\n  <script>${early}</script>\n  `;
  html = replaceOnce(html, '<script defer src="vendor/chart.umd.min.js"></script>', `${starter}<script>${chart}</script>`, 'Chart.js script');
  html = replaceOnce(html, '  <script type="module" src="www/app.js"></script>\n', '', 'app.js script');
  html = replaceOnce(html, '</body>', `<script>${app}</script>\n</body>`, '</body>');
  if (!html.includes(csp)) throw new Error('build-web: no Content-Security-Policy meta in index.html');
  fs.writeFileSync(path.join(DIST, ONE_FILE), html);
  return Buffer.from(html);
}

// ----------------------------------------------------------------------- the service worker

/** Every file under `dir` but sw.js, as URLs relative to it, sorted. */
function filesOf(dir, sub = '') {
  const out = [];
  for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...filesOf(dir, rel));
    else if (rel !== 'sw.js' && rel !== '.nojekyll') out.push(rel);
  }
  return out.sort();
}

export function writeServiceWorker(dir) {
  const files = filesOf(dir);
  const digest = createHash('sha256');
  for (const f of files) digest.update(f).update('\0').update(sha256(fs.readFileSync(path.join(dir, f)))).update('\0');
  const version = digest.digest('hex').slice(0, 12);
  // './' is the address a sub-path is opened at; index.html is what it serves.
  const list = ['./', ...files];
  let sw = fs.readFileSync(path.join(ROOT, 'www/sw.js'), 'utf8');
  sw = replaceOnce(sw, "'__UHL_VERSION__'", JSON.stringify(version), 'version mark in www/sw.js');
  sw = replaceOnce(sw, '__UHL_FILES__', JSON.stringify(list, null, 2), 'file list mark in www/sw.js');
  fs.writeFileSync(path.join(dir, 'sw.js'), sw);
  return { version, files: list.length };
}

async function main(args) {
  if (args[0] === '--service-worker') {
    const dir = path.resolve(args[1] ?? DIST);
    const { version, files } = writeServiceWorker(dir);
    say(`${path.join(dir, 'sw.js')}: version ${version}, ${files} files`);
    return;
  }
  copyServed();
  writeBootConstants();
  const one = await writeOneFile();
  await bundleServed();
  const size = one.length;
  const digest = sha256(one).toString('hex');
  let index = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  index = replaceOnce(index, 'data-bytes="" data-sha256=""', `data-bytes="${size}" data-sha256="${digest}"`, 'one-file facts');
  fs.writeFileSync(path.join(DIST, 'index.html'), index);
  const wasm = fs.statSync(path.join(DIST, 'pkg/urlhashlab_bg.wasm')).size;
  const beyond = fs.statSync(path.join(DIST, 'pkg/urlhashlab_beyond_bg.wasm')).size;
  const { version, files } = writeServiceWorker(DIST);
  say(`dist/pkg/urlhashlab_bg.wasm: ${wasm} bytes (the first module); urlhashlab_beyond_bg.wasm: ${beyond} bytes (the second)`);
  say(`dist/${ONE_FILE}: ${size} bytes, SHA-256 ${digest}`);
  say(`dist/sw.js: version ${version}, ${files} files precached`);
}

main(process.argv.slice(2)).catch((e) => {
  say(e.stack ?? String(e));
  process.exit(1);
});
