// The benchmark's Web Worker: it owns the wasm instance, as the page's www/worker.js does.
// Message in: { id, op, args }; out: { id, ok, result } or { id, ok: false, error }.
import { Lab, loadInput, throughput, wasmReady } from './lab-run.js';

/** The Lab of the last load, kept until `free` so its memory can be measured. */
let kept = null;
let piece = null;

const ops = {
  async load(args) {
    kept?.free();
    kept = null;
    const { lab, result } = await loadInput(args);
    kept = lab;
    return result;
  },
  async memory() {
    const wasm = await wasmReady;
    return { wasm_memory_bytes: wasm.memory.buffer.byteLength };
  },
  async free() {
    kept?.free();
    kept = null;
    return {};
  },
  /** A load in pieces, as the page streams one: begin, chunk..., end (finish + histograms). */
  async begin({ fns, key = 'url', budget }) {
    await wasmReady;
    kept?.free();
    kept = new Lab(budget);
    kept.begin(fns.join(','), key);
    piece = { fns, key, t0: performance.now(), push: 0, chunks: 0 };
    return {};
  },
  async chunk({ bytes }) {
    const s = performance.now();
    kept.pushChunk(bytes);
    piece.push += performance.now() - s;
    piece.chunks += 1;
    return {};
  },
  async end({ m }) {
    const report = JSON.parse(kept.finish());
    for (const fn of piece.fns) kept.histogram(fn, piece.key, m);
    return { times: { total: performance.now() - piece.t0, push: piece.push }, chunks: piece.chunks, report: { urls: report.urls } };
  },
  async throughput(args) {
    return throughput(args);
  },
};

self.onmessage = async (event) => {
  const { id, op, args } = event.data;
  try {
    const result = await ops[op](args ?? {});
    self.postMessage({ id, ok: true, result });
  } catch (e) {
    self.postMessage({ id, ok: false, error: `${e && e.name}: ${e && e.message ? e.message : e}` });
  }
};
