// A classic script in the page's head: it starts the lab's Web Worker while the page's own
// scripts are still loading and setting up, so that starting a thread, reading the worker's
// script and compiling the WebAssembly overlap them instead of following them. app.js takes
// this worker over (lab-client.js, takeEarlyWorker) and starts its own only when there is none.
//
// Served, the worker is www/worker.js, a module. In the one-file lab its bundled source is the
// text of <script type="text/plain" id="uhl-worker-source"> and it runs as a classic worker
// from a Blob URL. index.html opened from disk (file://) starts none: the browser refuses it.
(() => {
  if (typeof Worker === 'undefined') return;
  const inline = document.getElementById('uhl-worker-source');
  if (!inline && location.protocol === 'file:') return;
  try {
    let worker;
    if (inline) {
      self.uhlWorkerUrl = URL.createObjectURL(new Blob([inline.textContent], { type: 'text/javascript' }));
      worker = new Worker(self.uhlWorkerUrl);
    } else {
      worker = new Worker('www/worker.js', { type: 'module' });
    }
    // A failure before app.js listens is kept for it to tell.
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      worker.uhlFailed = event.message || 'error';
    });
    self.uhlWorker = worker;
  } catch {
    // app.js starts the worker itself and reports what goes wrong.
  }
})();
