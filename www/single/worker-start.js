// The one-file build's worker: its bundled source (worker.js and what it imports, the wasm
// bytes included) is the text of <script type="text/plain" id="uhl-worker-source"> in the page,
// and runs as a classic worker from a Blob URL (workers from file:// and module workers from
// Blob URLs both fail in browsers). early-worker.js starts the first one; this, the next.

/** A new worker; `name` tells it its role (see worker.js). */
export function startWorker(name = '') {
  self.uhlWorkerUrl ??= URL.createObjectURL(new Blob([document.getElementById('uhl-worker-source').textContent], { type: 'text/javascript' }));
  return new Worker(self.uhlWorkerUrl, { name });
}
