// Starts the lab's Web Worker: served from a web server, worker.js as a module worker.
// (The one-file build swaps this module for www/single/worker-start.js.)

/** A new worker; `name` tells it its role (see worker.js). */
export function startWorker(name = '') {
  return new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name });
}
