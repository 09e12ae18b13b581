// Where the worker's second WebAssembly module comes from: served, pkg/urlhashlab_beyond_bg.wasm
// (see www/second-module.js). The one-file build swaps this module for www/single/beyond-source.js,
// which holds the bytes.
import { compileUrl } from './wasm-source.js';

/** The second module, compiled. */
export function beyondWasm() {
  return compileUrl(new URL('../pkg/urlhashlab_beyond_bg.wasm', import.meta.url));
}
