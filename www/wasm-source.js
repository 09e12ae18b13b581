// Where the worker's WebAssembly comes from: served from a web server, wasm-bindgen's own
// loader fetches pkg/urlhashlab_bg.wasm next to pkg/urlhashlab.js. (The one-file build swaps
// this module for www/single/wasm-source.js, which holds the bytes.)

/** The argument for wasm-bindgen's init(): undefined lets it fetch the file. */
export function wasmInput() {
  return undefined;
}
