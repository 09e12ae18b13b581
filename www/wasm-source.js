// Where the worker's WebAssembly comes from: served from a web server, pkg/urlhashlab_bg.wasm,
// named relative to www/ (where this module and the bundled worker both live). The one-file
// build swaps this module for www/single/wasm-source.js, which holds the bytes.
//
// The worker compiles the module itself, rather than leaving it to wasm-bindgen's init(), so
// that it can hand the compiled module to the helper workers of a split load
// (www/split-load.js): they instantiate it without compiling it again, and run the code the
// engine has already optimised.

/** The core, compiled: streamed as it downloads, or from its bytes where the host does not
 * serve it as application/wasm. */
export function wasmModule() {
  return compileUrl(new URL('../pkg/urlhashlab_bg.wasm', import.meta.url));
}

/**
 * The WebAssembly module at `url`, compiled: streamed as it downloads, or from its bytes where
 * the host does not serve it as application/wasm.
 * @param {URL} url
 */
export async function compileUrl(url) {
  try {
    return await WebAssembly.compileStreaming(fetch(url));
  } catch (e) {
    const response = await fetch(url);
    if (!response.ok) throw e;
    return WebAssembly.compile(await response.arrayBuffer());
  }
}
