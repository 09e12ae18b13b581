// The one-file build's second WebAssembly module: its bytes bundled into the worker (esbuild's
// binary loader), so nothing is fetched. The worker imports www/second-module.js, and so this module,
// only when a view beyond the papers first asks: until then the bytes are not decoded.
import bytes from 'uhl:beyond-wasm';

/** The second module, compiled from the bundled bytes. */
export function beyondWasm() {
  return WebAssembly.compile(bytes);
}
