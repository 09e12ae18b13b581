// The one-file build's worker: its bundled source (worker.js and what it imports, the wasm
// bytes included) is a string in the page's script, and runs as a classic worker from a Blob
// URL (workers from file:// and module workers from Blob URLs both fail in browsers).
import source from 'uhl:worker-source';

let url = null;

export function startWorker() {
  url ??= URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  return new Worker(url);
}
