// Every paper number, preset and limit the page uses comes from the wasm core
// (Lab.constants(), src/constants.rs) with the worker's hello: P1's functions and figure slot
// counts, P2's nodes, P3's birthday chart, P5's presets, each field's bounds, the slot map's M.
// The page has them before its worker has compiled too: the build writes them into
// early-worker.js as `self.uhlBoot` (tools/build-web.mjs), which tests/e2e/wasm-api.test.js
// checks against the core's.
export const C = structuredClone(globalThis.uhlBoot ?? {});

/** Takes the core's numbers (the worker's hello). */
export function setConstants(all) {
  Object.assign(C, all);
}

/** Sets `input`'s min and max attributes (what the browser's number field offers). */
export function bound(input, min, max) {
  input.min = String(min);
  input.max = String(max);
}
