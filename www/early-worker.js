// A classic script in the page's head: it starts the lab's Web Worker while the page's own
// scripts are still loading and setting up, so that starting a thread, reading the worker's
// script and compiling the WebAssembly overlap them instead of following them. app.js takes
// this worker over (lab-client.js, takeEarlyWorker) and starts its own only when there is none.
//
// When the address asks for the page's default input (the built-in corpus's first
// `corpus.firstLoad` URLs, whole URLs), the worker's name carries it: the worker says its hello unasked and loads
// that input, hashed with P1's three functions, as soon as its WebAssembly is compiled
// (worker.js, startUp). app.js checks that `self.uhlPreload` is the input it wants (prefeed)
// and sends its own load otherwise, which replaces this one.
//
// Served, the worker is www/worker.js, a module. In the one-file lab its bundled source is the
// text of <script type="text/plain" id="uhl-worker-source"> and it runs as a classic worker
// from a Blob URL. index.html opened from disk (file://) starts none: the browser refuses it.
(() => {
  // The core's numbers (src/engine/constants.rs, written to www/constants.json and checked by its test)
  // for the page (www/constants.js): tools/build-web.mjs puts them in place of the mark.
  self.uhlBoot = /* uhl:boot */ null;
  if (typeof Worker === 'undefined') return;
  const inline = document.getElementById('uhl-worker-source');
  if (!inline && location.protocol === 'file:') return;
  // The link's state (permalink.js): in the fragment when it holds one, else in the query.
  const hash = location.hash.replace(/^#/, '');
  const link = new URLSearchParams(hash.includes('=') ? hash : location.search);
  const { corpus: c, p1 } = self.uhlBoot;
  const corpus = !link.has('src') || (link.get('src') === 'corpus' && link.get('n') === String(c.firstLoad));
  const preload = corpus && (!link.has('key') || link.get('key') === 'url') ? { n: c.firstLoad, seed: c.seed, fns: p1.functions, key: 'url' } : null;
  // The worker reads what to load from its name (worker.js, startUp): a message would reach it
  // only once the page's thread is free to pass it on, late in the page's set-up.
  const options = { name: preload ? JSON.stringify({ preload }) : '' };
  /** @type {Worker & { uhlFailed?: string, uhlHello?: Promise<any> }} */
  let worker;
  try {
    if (inline) {
      self.uhlWorkerUrl = URL.createObjectURL(new Blob([inline.textContent], { type: 'text/javascript' }));
      worker = new Worker(self.uhlWorkerUrl, options);
    } else {
      worker = new Worker('www/worker.js', { ...options, type: 'module' });
    }
  } catch {
    return; // app.js starts the worker itself and reports what goes wrong.
  }
  // A failure before app.js listens is kept for it to tell.
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    worker.uhlFailed = event.message || 'error';
  });
  self.uhlWorker = worker;
  if (!preload) return;
  // Started so, the worker says its hello (the registries) unasked, before it loads the input:
  // kept here for app.js (lab-client.js), as it may come before app.js listens.
  worker.uhlHello = new Promise((resolve) => {
    const listen = (event) => {
      if (event.data?.id !== -3) return; // protocol.js's HELLO_UNASKED (this classic script imports nothing)
      worker.removeEventListener('message', listen);
      resolve(event.data);
    };
    worker.addEventListener('message', listen);
  });
  self.uhlPreload = { ...preload, at: performance.now() };
})();
