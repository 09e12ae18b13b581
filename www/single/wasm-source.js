// The one-file build's WebAssembly: the bytes are bundled into the worker (esbuild's binary
// loader), so nothing is fetched.
import bytes from 'uhl:wasm';

export function wasmInput() {
  return { module_or_path: bytes };
}
