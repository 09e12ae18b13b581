// Every paper number, preset and limit the page uses comes from the core, src/engine/constants.rs:
// P1's functions and figure slot counts, P2's nodes, P3's birthday chart, P5's presets, each
// field's bounds, the slot map's M. Its test writes them to www/constants.json (BLESS=1) and
// checks that file; the build puts it into early-worker.js as `self.uhlBoot`
// (tools/build-web.mjs), so the page has them before its worker has compiled.
export const C = structuredClone(globalThis.uhlBoot ?? {});

/** Takes the core's numbers (the tests that run the page's modules in Node). */
export function setConstants(all) {
  Object.assign(C, all);
}

/** Sets `input`'s min and max attributes (what the browser's number field offers). */
export function bound(input, min, max) {
  input.min = String(min);
  input.max = String(max);
}
