// The one-file build's WebAssembly: the bytes are bundled into the worker (esbuild's binary
// loader), so nothing is fetched. Compiled by the worker, which hands the module to the helper
// workers of a split load (see www/wasm-source.js).
import bytes from 'uhl:wasm';

/** The core, compiled from the bundled bytes. */
export function wasmModule() {
  return WebAssembly.compile(bytes);
}
