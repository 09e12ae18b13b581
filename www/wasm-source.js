// Where the worker's WebAssembly comes from: served from a web server, pkg/urlhashlab_bg.wasm,
// named relative to www/ (where this module and the bundled worker both live). The one-file
// build swaps this module for www/single/wasm-source.js, which holds the bytes.

/** The argument for wasm-bindgen's init(). */
export function wasmInput() {
  return { module_or_path: new URL('../pkg/urlhashlab_bg.wasm', import.meta.url) };
}
