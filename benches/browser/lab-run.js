// The measured code paths, shared by the benchmark's Web Worker (bench-worker.js) and, for the
// main-thread comparison, by the page itself (bench.js). Plain ES module over the page's own
// wasm-bindgen output (dist/pkg/, served at /pkg/ beside /bench/).
import init, { Lab } from '../pkg/urlhashlab.js';

export { Lab };

/** Resolves to the wasm exports (their `memory` is the Lab's linear memory). */
export const wasmReady = init();

const now = () => performance.now();

/** Median of a list of numbers. */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const k = s.length >> 1;
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
}

/**
 * Loads one input into a fresh Lab and bins it, timing each step, the way the page's worker
 * does: begin(fns, key), pushChunk per chunk (a File is read with file.slice(off, off +
 * chunkBytes).arrayBuffer(), the next slice requested while the current one is hashed),
 * finish(), then histogram(fn, key, m) per function (the first one at this M), then each M of
 * `rebin` (re-binning the cached raw values, no hashing).
 *
 * `source`: a Blob/File, a Uint8Array, or a string (encoded to UTF-8 here, timed as `encode`).
 * Returns { lab, result }; the caller frees the lab.
 */
export async function loadInput({
  source,
  fns,
  key = 'url',
  budget,
  chunkBytes = 4 * 1024 * 1024,
  m,
  rebin = [],
  rebinReps = 3,
}) {
  const wasm = await wasmReady;
  const t = { read_wait: 0, push: 0, encode: 0 };
  const t0 = now();
  if (typeof source === 'string') {
    source = new TextEncoder().encode(source);
    t.encode = now() - t0;
  }
  const lab = new Lab(budget);
  lab.begin(fns.join(','), key);
  let chunks = 0;
  if (source instanceof Uint8Array) {
    for (let off = 0; off < source.length; off += chunkBytes) {
      const s = now();
      lab.pushChunk(source.subarray(off, off + chunkBytes));
      t.push += now() - s;
      chunks += 1;
    }
  } else {
    const size = source.size;
    const read = (off) => source.slice(off, Math.min(size, off + chunkBytes)).arrayBuffer();
    let next = size > 0 ? read(0) : null;
    for (let off = 0; off < size; off += chunkBytes) {
      let s = now();
      const buffer = await next;
      t.read_wait += now() - s;
      next = off + chunkBytes < size ? read(off + chunkBytes) : null;
      s = now();
      lab.pushChunk(new Uint8Array(buffer));
      t.push += now() - s;
      chunks += 1;
    }
  }
  let s = now();
  const report = JSON.parse(lab.finish());
  t.finish = now() - s;
  t.load = now() - t0;
  const first = {};
  let sumsOk = true;
  for (const fn of fns) {
    s = now();
    const h = lab.histogram(fn, key, m);
    first[fn] = now() - s;
    let sum = 0;
    for (let i = 0; i < h.length; i++) sum += h[i];
    if (h.length !== m || (key === 'url' && sum !== report.urls)) sumsOk = false;
  }
  t.total = now() - t0;
  const rebins = [];
  for (const m2 of rebin) {
    const per = {};
    const all = {};
    for (const fn of fns) {
      all[fn] = [];
      for (let r = 0; r < rebinReps; r++) {
        s = now();
        const h = lab.histogram(fn, key, m2);
        all[fn].push(now() - s);
        if (h.length !== m2) sumsOk = false;
      }
      per[fn] = median(all[fn]);
    }
    // ms: the median of `rebinReps` re-bins per function; all: every one.
    rebins.push({ m: m2, ms: per, all });
  }
  return {
    lab,
    result: {
      times: t,
      first_histogram_ms: first,
      m,
      rebins,
      chunks,
      report: {
        urls: report.urls,
        lines: report.lines,
        bytes: report.bytes,
        urls_kept: report.urls_kept,
        cache_bytes: report.cache_bytes,
      },
      sums_ok: sumsOk,
      wasm_memory_bytes: wasm.memory.buffer.byteLength,
    },
  };
}

/**
 * Hashing throughput without a pure hashing call in the API: the time of begin(fn) + pushChunk
 * of `data` + finish(), minus the same with begin('') (line splitting, copying into wasm and
 * the loop, but no function), per repetition, for every function. Also the same difference
 * with pushCorpus(0, corpusN) as the input, as a cross-check. The Lab keeps no line (budget 0),
 * so the only per-function work is hashing and storing one raw value per line.
 */
export async function throughput({ data, fns, reps = 9, warmup = 2, chunkBytes = 4 * 1024 * 1024, corpusN = 0, corpusReps = 3 }) {
  await wasmReady;
  const lab = new Lab(0);
  const viaChunks = (fn) => {
    const s = now();
    lab.begin(fn, 'url');
    for (let off = 0; off < data.length; off += chunkBytes) lab.pushChunk(data.subarray(off, off + chunkBytes));
    lab.finish();
    return now() - s;
  };
  const viaCorpus = (fn) => {
    const s = now();
    lab.begin(fn, 'url');
    lab.pushCorpus(0, corpusN, 2004);
    lab.finish();
    return now() - s;
  };
  for (let w = 0; w < warmup; w++) {
    viaChunks('');
    for (const fn of fns) viaChunks(fn);
  }
  const base = [];
  const per = Object.fromEntries(fns.map((fn) => [fn, []]));
  for (let r = 0; r < reps; r++) {
    base.push(viaChunks(''));
    for (const fn of fns) per[fn].push(viaChunks(fn));
  }
  const urls = lab.len();
  const corpus = { base: [], per: Object.fromEntries(fns.map((fn) => [fn, []])) };
  if (corpusN > 0) {
    viaCorpus('');
    for (let r = 0; r < corpusReps; r++) {
      corpus.base.push(viaCorpus(''));
      for (const fn of fns) corpus.per[fn].push(viaCorpus(fn));
    }
  }
  lab.free();
  return { urls, base, per, corpus };
}
