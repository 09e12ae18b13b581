// The page's Web Worker: it owns the WebAssembly instance and answers the page's messages in
// order. No computation happens here either: every number comes from the wasm `Lab`.
//
// Message in:  { id, type, ...args }
// Message out: { id, ok: true, result } or { id, ok: false, error, broken }
// (every request, reply and progress message is declared in www/protocol.js)
// A load builds a *pending* Lab (begin, chunk/corpus/fileRead..., finish); finish makes it the
// active one, cancel drops it, so the page keeps showing the previous input until a load
// completes. The same script runs the helper workers of a split load (www/split-load.js),
// named `{ helper: true }`: they only read a part of a file (sliceRead) and send it
// (slicePart), which the page's worker appends (appendSlice).
import init, { Lab } from '../pkg/urlhashlab.js';
import { coded } from './coded.js';
import { wasmModule } from './wasm-source.js';
import { suffixRulesText } from './suffix-rules.js';
import { MSG, JOB, HELLO_UNASKED } from './protocol.js';

/** @typedef {import('./protocol.js').Requests} Requests */
/** @typedef {import('./protocol.js').Replies} Replies */
/** @typedef {import('./protocol.js').RequestType} RequestType */
/**
 * A handler's answer: the reply, and the buffers to move to the page with it.
 * @template {RequestType} K
 * @typedef {Replies[K] & { transfer?: Transferable[] }} Answer
 */

/**
 * This worker's global scope, as it is used: its messages (www/protocol.js), its name, and the
 * stores the wasm calls while a Table 1 or Fig. 3 row is timed (src/adapters/wasm/table1.rs, p5.rs).
 * @typedef {object} WorkerScope
 * @property {string} name
 * @property {(message: import('./protocol.js').WorkerMessage, transfer?: Transferable[]) => void} postMessage
 * @property {((event: MessageEvent<import('./protocol.js').Request>) => void) | null} onmessage
 * @property {((url: Uint8Array, insert: boolean) => boolean) | undefined} [uhlTable1Store]
 * @property {((store: number, op: number, fp: Uint8Array, indices: Uint32Array) => number) | undefined} [uhlP5Store]
 */
const scope = /** @type {WorkerScope} */ (/** @type {unknown} */ (self));

/** Bytes of URL lines a Lab keeps (beyond it, other functions and keys need a reload). */
const KEEP_BUDGET = 256 * 1024 * 1024;
/** Corpus URLs per call into the wasm (see `corpus`). */
const CORPUS_SLICE = 4096;

/**
 * What the page started this worker as, from its name: `{ preload }` (early-worker.js),
 * `{ helper: true }` (a helper of a split load, www/split-load.js), or nothing.
 */
const role = (() => {
  try {
    return JSON.parse(scope.name || '{}') ?? {};
  } catch {
    return {};
  }
})();
/**
 * The compiled core: compiled here, except in a helper, which instantiates the module the
 * page's worker compiled (`sliceRead`'s `module`), and so runs the code the engine has
 * optimised there.
 */
const compiled = role.helper ? null : wasmModule();
const ready = role.helper ? Promise.resolve(null) : compiled.then((module) => init({ module_or_path: module }));
/**
 * The instance's linear memory (it grows and never shrinks: only a new worker gives it back).
 * @type {WebAssembly.Memory | null}
 */
let memory = null;
ready.then((exports) => (memory = exports?.memory ?? null));
/** The input on screen. @type {Lab | null} */
let active = null;
/** The input being loaded. @type {Lab | null} */
let pending = null;
/**
 * A helper worker's part of a split load (www/split-load.js), from sliceRead to slicePart.
 * @type {Lab | null}
 */
let part = null;
/** A helper's instance, once its first sliceRead has begun it. */
let helperReady = null;
/** Bytes a worker reads from a file at a time. */
const SLICE_PIECE = 16 * 1024 * 1024;
/** Milliseconds between two progress messages of a file read. */
const PROGRESS_MS = 100;
/** The stores of P4's Table 1: `table1Time`'s method is an index in src/adapters/wasm/table1.rs's METHODS. */
const TABLE1_METHODS = ['database-scan', 'database-index', 'linked-list', 'generalized-list'];
/** Why the instance cannot be trusted any more (a trap), once it trapped. @type {string | null} */
let broken = null;

/**
 * `lab`, or the error `code` ('no-input-yet', 'no-input-loading') when there is none.
 * @param {Lab | null} lab
 * @param {string} code
 * @returns {Lab}
 */
function need(lab, code) {
  if (!lab) throw new Error(coded(code));
  return lab;
}

/**
 * The requests answered in the queue, by name, each given its arguments.
 * @type {{ [K in Exclude<RequestType, 'sliceRead' | 'fileRead' | 'trieTimeUrls' | 'job'>]: (args: Requests[K]) => Answer<K> | Promise<Answer<K>> }}
 */
const handlers = {
  [MSG.hello]() {
    return {
      functions: Lab.functions(),
      structures: Lab.structures(),
      methods: Lab.indexMethods(),
    };
  },
  /** The compiled core, for the helper workers of a split load (a WebAssembly.Module is cloned, not compiled again). */
  async [MSG.module]() {
    return { module: await compiled };
  },
  /**
   * Each rebalancing scheme's lookup among `to` crawl nodes timed on the first lines of the
   * input on screen, in the second module (src/adapters/beyond.rs).
   */
  [MSG.rebalanceTime]({ to, vnodes }) {
    return { times: beyondOf(need(active, 'no-input-yet')).rebalanceTime(to, vnodes) };
  },
  /**
   * Row `index` of the filter bake-off with `params` built and looked up again and timed, in the
   * second module, on the split its `filters` job made.
   */
  [MSG.filtersTime]({ params, index }) {
    return { time: beyondOf(need(active, 'no-input-yet')).filtersTime(params, index) };
  },
  /** Registry function `hash` timed per key on the battery's URLs, in the second module. */
  [MSG.qualityTime]({ hash }) {
    return { time: beyondOf(need(active, 'no-input-yet')).qualityTime(hash) };
  },
  /** The bytes of the instance's linear memory. */
  [MSG.memory]() {
    return { bytes: memory ? memory.buffer.byteLength : 0 };
  },
  /** A deliberate trap, for the tests: the page must survive it (see Lab.trapForTests). */
  [MSG.trap]() {
    Lab.trapForTests();
    return {};
  },
  /** P4's list built from a few URLs, every step of it, for the diagram (needs no input). */
  [MSG.trieTrace]({ inserts, lookups, fixed }) {
    return { trace: Lab.trieTrace(inserts, lookups, fixed) };
  },
  /**
   * The distinct URLs a trie study of the first `maxLines` lines is timed on, before the study
   * (for a timing helper's `trieTimeUrls`), as the core's buffer, handed over, not copied, and
   * the compiled core for the helper to instantiate.
   */
  async [MSG.trieUrls]({ maxLines }) {
    const urls = need(active, 'no-input-yet').trieUrls(maxLines);
    return { urls, module: await compiled, transfer: [urls.buffer] };
  },
  /**
   * One structure of the trie study built from its first `count` distinct URLs and looked up
   * (`lookupsOnly`: looked up only, its build untimed), timed by the core with this worker's
   * clock: in the page's worker after the study, or in a timing helper (`trieTimeUrls`).
   */
  [MSG.trieTime]({ structure, count, lookupsOnly }) {
    const t = need(active, 'no-input-yet').trieTime(structure, count, lookupsOnly);
    return { time: { insert_us_per_url: t.insert_us_per_url ?? null, lookup_us_per_url: t.lookup_us_per_url, repeats: t.lookup_repeats } };
  },
  /**
   * One row of P4's Table 1 (`method`), timed by the core's loop (src/papers/p4/table1.rs,
   * through the wasm's table1Time) on the trie study's first 2 × `limit` distinct URLs, `perPass`
   * lookups a pass: the lists in the wasm, the databases in SQLite's WebAssembly build
   * (www/sqlite-stores.js, loaded the first time), each a new table deleted after. Answers every
   * row of the run so far and, for a database, how SQLite ran it.
   */
  async [MSG.table1Row]({ method, limit, perPass }) {
    const lab = need(active, 'no-input-yet');
    const index = TABLE1_METHODS.indexOf(method);
    if (index < 0) throw new Error(coded('unknown-request', [method]));
    let store = null;
    if (index < 2) {
      const { openStore } = await import('./sqlite-stores.js');
      store = await openStore(index === 1);
      if (lab !== active) {
        store.close();
        throw new Error(coded('superseded'));
      }
    }
    try {
      // The wasm calls the database through this global (src/adapters/wasm/table1.rs, JsStore).
      scope.uhlTable1Store = store ? (url, insert) => store.call(url, insert) : undefined;
      // Every row of the run so far, in the order timed (timing a store again begins a new run).
      const rows = lab.table1Time(index, limit, perPass);
      if (!rows.length) throw new Error(coded('sequence', ['Table 1 before the trie study']));
      const db = store && { vfs: store.vfs, vfsNote: store.vfsNote, version: store.version, rows: store.rows(), plan: store.plan(), bytes: store.bytes() };
      return { rows, db };
    } catch (e) {
      // The wasm says only that SQLite failed; the store kept why.
      if (store?.failure) throw new Error(coded('table1-sqlite', [store.failure]), { cause: e });
      throw e;
    } finally {
      scope.uhlTable1Store = undefined;
      store?.close();
    }
  },
  /**
   * Row `index` (0 to 3) of P5's Fig. 3 on the keys the counting-filter job split, timed by the
   * core's loop (src/adapters/wasm/p5.rs): the store alone against IMP-CB, both in memory (`disk` false)
   * or both in SQLite's WebAssembly build (www/sqlite-stores.js, on OPFS where the browser has
   * it), new tables deleted after. A disk row carries what SQLite did: its page reads, file
   * bytes, and a direct SQL count of the rows.
   */
  async [MSG.p5Fig3]({ disk, index, dupShare, seed }) {
    const lab = need(active, 'no-input-yet');
    const stores = [];
    if (disk) {
      const { openFingerprints } = await import('./sqlite-stores.js');
      try {
        stores.push(await openFingerprints('alone'), await openFingerprints('imp-cb'));
      } catch (e) {
        for (const s of stores) s.close();
        throw e;
      }
      if (lab !== active) {
        for (const s of stores) s.close();
        throw new Error(coded('superseded'));
      }
    }
    try {
      // The wasm calls the databases through this global (src/adapters/wasm/p5.rs, JsFingerprints).
      scope.uhlP5Store = disk ? (store, op, fp, indices) => stores[store].call(op, fp, indices) : undefined;
      /** @type {import('./protocol.js').P5Fig3Row} */
      const row = lab.p5Fig3(disk ? 1 : 0, index, dupShare, seed);
      if (disk) {
        const [alone, imp] = stores;
        Object.assign(row, {
          store_page_reads: alone.pageReads(),
          imp_cb_page_reads: imp.pageReads(),
          store_file_bytes: alone.bytes(),
          imp_cb_file_bytes: imp.bytes(),
        });
        row.db = { vfs: alone.vfs, vfsNote: alone.vfsNote, version: alone.version, totals: [alone.totals(), imp.totals()] };
      }
      return { row };
    } catch (e) {
      const failed = stores.find((s) => s.failure);
      if (failed) throw new Error(coded('table1-sqlite', [failed.failure]), { cause: e });
      throw e;
    } finally {
      scope.uhlP5Store = undefined;
      for (const s of stores) s.close();
    }
  },
  /** P5's misprints with this run's numbers, on the keys the counting-filter job split. */
  [MSG.p5Misprints]({ dupShare, seed }) {
    return { misprints: need(active, 'no-input-yet').p5Misprints(dupShare, seed) };
  },
  /** Self-check question `index` of `lesson` for `seed`, on the loaded URLs. */
  [MSG.quiz]({ lesson, seed, index }) {
    const lab = need(active, 'no-input-yet');
    // P5's other question (a cuckoo filter) is the second module's, on its bake-off's split;
    // so is P3's other (which of three pairs Safe Browsing merges and WHATWG keeps apart).
    if (beyondQuiz({ lesson, index })) return { question: beyondOf(lab).quiz(lesson, seed, index) };
    return { question: lab.quiz(lesson, seed, index) };
  },
  /** The false-positive theory for k and n, and the papers' points (needs no input). */
  [MSG.bloomTheory]({ k, n, maxRatio }) {
    return { theory: Lab.bloomTheory(k, n, maxRatio) };
  },
  /** P4's memory claim at each m/N, on the keys the last Bloom job split. */
  [MSG.bloomMemory]({ ratios }) {
    const lab = need(active, 'no-input-yet');
    return { memory: lab.bloomMemory(Float64Array.from(ratios)) };
  },
  /** A small filter of the first `count` inserted keys, and the bits of `query`. */
  [MSG.bloomDemo]({ count, m, k, method, query }) {
    const lab = need(active, 'no-input-yet');
    return { demo: lab.bloomDemo(count, m, k, method, query) };
  },
  /**
   * P3's spider threads replayed on the first `count` loaded lines (the core's MAX_URLS); they
   * are dealt by registrable domain, so the Public Suffix List is installed first (NEEDS_SUFFIX_RULES).
   */
  [MSG.p3Replay]({ partial, count }) {
    const lab = need(active, 'no-input-yet');
    return { replay: lab.p3Replay(partial), urls: lab.lines(0, count) };
  },
  /** Both MD5 digests of two texts, bit by bit (needs no input). */
  [MSG.fpAvalanche]({ a, b }) {
    return { avalanche: Lab.fpAvalanche(a, b) };
  },
  /** P3's printed numbers, its digests revealed, and the birthday curves (needs no input). */
  [MSG.fpPaper]({ bits, maxN, points }) {
    return {
      paper: Lab.fpPaper(),
      curves: Lab.fpBirthday(Uint32Array.from(bits), maxN, points),
    };
  },
  /** Whether an input starting with `bytes` (file `name`) is a table, and which column to read. */
  [MSG.guessColumns]({ bytes, name }) {
    return { guess: Lab.guessColumns(bytes, name ?? '') };
  },
  /** A new pending input hashed with `fns` over `key`; `columns` reads it as a table. */
  [MSG.begin]({ fns, key, columns }) {
    pending?.free();
    pending = null;
    const lab = new Lab(KEEP_BUDGET);
    try {
      lab.begin(fns.join(','), key);
      if (columns) lab.setColumns(columns.delimiter, columns.column, columns.header);
    } catch (e) {
      lab.free();
      throw e;
    }
    pending = lab;
    return {};
  },
  [MSG.chunk]({ bytes }) {
    need(pending, 'no-input-loading').pushChunk(bytes);
    return {};
  },
  /**
   * Corpus URLs `start .. start + count`, in slices of CORPUS_SLICE: the engine compiles hot
   * wasm code while it runs, and only a new call runs the compiled code (a cold 100 000-URL
   * call took 89–134 ms in one piece, 67–106 ms sliced, 45–56 ms warm).
   */
  [MSG.corpus]({ start, count, seed }) {
    const lab = need(pending, 'no-input-loading');
    for (let done = 0; done < count; done += CORPUS_SLICE) lab.pushCorpus(start + done, Math.min(CORPUS_SLICE, count - done), seed);
    return { n: lab.len() };
  },
  /**
   * Makes the pending input the active one, unless it holds no URL line: then it is dropped
   * and the active input stays (`empty`), so a load that yields nothing changes nothing.
   */
  [MSG.finish]() {
    const lab = need(pending, 'no-input-loading');
    const report = lab.finish();
    if (report.urls === 0) {
      lab.free();
      pending = null;
      return { report, empty: true, bytes: memory ? memory.buffer.byteLength : 0 };
    }
    active?.free();
    active = lab;
    pending = null;
    forgetHanded();
    return { report, bytes: memory ? memory.buffer.byteLength : 0 };
  },
  [MSG.cancel]() {
    pending?.free();
    pending = null;
    return {};
  },
  /**
   * The bytes of lines the pending input can still keep: what the next part of a split load
   * may send (www/split-load.js).
   */
  [MSG.keepRoom]() {
    return { room: need(pending, 'no-input-loading').keepRoom() };
  },
  /**
   * Appends a part of the pending file that another worker read (`slicePart`), after the
   * lines sent so far, which end with a newline; answers the room left for the next part.
   */
  [MSG.appendSlice]({ bytes }) {
    const lab = need(pending, 'no-input-loading');
    lab.appendSlice(bytes);
    return { room: lab.keepRoom() };
  },
  /** The part `sliceRead` read, as bytes for the main worker, with its kept lines that fit `room`. */
  [MSG.slicePart]({ room }) {
    const lab = need(part, 'no-input-loading');
    const bytes = lab.finishSlice(room);
    lab.free();
    part = null;
    return { bytes, transfer: [bytes.buffer] };
  },
  /**
   * The slot-occupancy image of each of `fns` over `key` at `m` slots in `layout`: its legend
   * and sizes, and `image`, an ImageData the wasm filled (src/mechanisms/slotmap.rs).
   */
  [MSG.slotMap]({ fns, key, m, layout }) {
    const lab = need(active, 'no-input-yet');
    return { maps: fns.map((fn) => ({ fn, ...lab.slotMap(fn, key, m, layout) })) };
  },
  /**
   * Everything one view of the results needs, for each function, in one round trip; or, when
   * the values of some function over `key` are not computed yet, `{ missing }`: their ids.
   */
  [MSG.analyze]({ fns, key, m, perSlot }) {
    const lab = need(active, 'no-input-yet');
    const missing = fns.filter((fn) => !lab.hasCache(fn, key));
    if (missing.length) return { missing };
    const t0 = performance.now();
    const rows = [];
    const transfer = [];
    for (const fn of fns) {
      const view = lab.view(fn, key, m, !perSlot);
      const row = { fn, ...view };
      if (perSlot) {
        row.histogram = lab.histogram(fn, key, m);
        transfer.push(row.histogram.buffer);
      }
      rows.push(row);
    }
    return { rows, report: lab.report(), ms: performance.now() - t0, transfer };
  },
};

/** Requests that deal URLs by registrable domain: the Public Suffix List is installed before them. */
const NEEDS_SUFFIX_RULES = new Set([MSG.p3Replay]);
/** The requests answered by the second module (www/second-module.js), loaded first. */
const NEEDS_BEYOND = new Set([MSG.rebalanceTime, MSG.filtersTime, MSG.qualityTime]);
/** Whether a quiz request is P1's, P3's or P5's every other question, which the second module asks. */
const beyondQuiz = ({ lesson, index }) => ['p1', 'p3', 'p5'].includes(lesson) && index % 2 === 1;

/**
 * Requests that run beside the queue: reading a file, each piece pushed by a queued task, so
 * that the page's other requests are answered between pieces, as between the chunks it sends.
 */
const streams = {
  /**
   * In a helper worker of a split load (www/split-load.js): bytes `start .. end` of `file`,
   * which begin just after a newline, hashed with `fns` over `key` (`columns` as the whole
   * file's) in a Lab of its own. The first one instantiates `module` (the page's worker's,
   * see the `module` request), or compiles the core when null.
   */
  async [MSG.sliceRead]({ module, file, start, end, fns, key, columns }, id) {
    helperReady ??= init({ module_or_path: module ?? (await wasmModule()) });
    await helperReady;
    const lab = await enqueue(() => {
      part?.free();
      const lab = new Lab(KEEP_BUDGET);
      part = lab;
      lab.begin(fns.join(','), key);
      if (columns) lab.setColumns(columns.delimiter, columns.column, columns.header);
      lab.beginSlice();
      lab.expectBytes(end - start);
      return lab;
    });
    await readFile(lab, file, start, end, id, () => part === lab);
    return { n: lab.len() };
  },
  /**
   * In a timing helper of the trie view (www/views/trie-view.js): the distinct URLs a trie
   * study builds its structures from, kept in a Lab of its own as the study leaves them in
   * the page's worker, so that the `trieTime` requests that follow time the structures here
   * while the page's worker runs the study. They are `urls` (a page worker's `trieUrls`), or
   * made here as the page's worker makes them: the built-in corpus's first `corpus.count`
   * URLs, loaded, and the distinct ones of its first `corpus.maxLines` lines. Answers how many
   * there are and P4's Table 1 count (16 000).
   */
  async [MSG.trieTimeUrls]({ module, urls, corpus }) {
    helperReady ??= init({ module_or_path: module ?? (await wasmModule()) });
    await helperReady;
    return enqueue(() => {
      const lab = new Lab(KEEP_BUDGET);
      try {
        let bytes = urls;
        if (corpus) {
          lab.begin('', 'url');
          for (let at = 0; at < corpus.count; at += CORPUS_SLICE) lab.pushCorpus(at, Math.min(CORPUS_SLICE, corpus.count - at), corpus.seed);
          lab.finish();
          bytes = lab.trieUrls(corpus.maxLines);
        }
        if (!bytes) throw new Error(coded('no-input-yet'));
        const distinct = lab.setTrieUrls(bytes);
        active?.free();
        active = lab;
        return { distinct, p4: Lab.p4TimeUrls() };
      } catch (e) {
        lab.free();
        throw e;
      }
    });
  },
  /**
   * Bytes `start .. end` of `file` into the pending input: a split load's first part, or a
   * whole file (`expectBytes` the whole file's size). Ends with the error `superseded` when
   * the input is cancelled meanwhile.
   */
  async [MSG.fileRead]({ file, start, end }, id) {
    const lab = await enqueue(() => {
      const lab = need(pending, 'no-input-loading');
      // The helpers' parts are appended to this input: the whole file's memory, reserved once.
      lab.expectBytes(file.size);
      return lab;
    });
    await readFile(lab, file, start, end, id, () => pending === lab);
    return {};
  },
};

/**
 * Pushes bytes `start .. end` of `file` into `lab`, SLICE_PIECE at a time, the next piece read
 * while one is hashed, telling request `id` the share done; stops, with the error
 * `superseded`, once `current()` is false (the input was cancelled or replaced).
 */
async function readFile(lab, file, start, end, id, current) {
  const read = (at) => file.slice(at, Math.min(end, at + SLICE_PIECE)).arrayBuffer();
  let next = start < end ? read(start) : null;
  let told = performance.now();
  for (let at = start; at < end; ) {
    const buffer = await next;
    at = Math.min(end, at + SLICE_PIECE);
    next = at < end ? read(at) : null;
    await enqueue(() => {
      if (!current()) throw new Error(coded('superseded'));
      lab.pushChunk(new Uint8Array(buffer));
    });
    // At most one progress message per PROGRESS_MS: each one redraws the page's bar.
    const now = performance.now();
    if (now - told >= PROGRESS_MS) {
      told = now;
      scope.postMessage({ id, progress: (at - start) / (end - start) });
    }
  }
}

/**
 * Resolves in a new task (not a microtask), so messages that arrived meanwhile are delivered
 * and queued before the next slice. A MessageChannel avoids setTimeout's 4 ms clamping.
 */
const tick = new MessageChannel();
const ticks = [];
tick.port1.onmessage = () => ticks.shift()?.();
function nextTask() {
  return new Promise((resolve) => {
    ticks.push(resolve);
    tick.port2.postMessage(0);
  });
}

/** Milliseconds one slice of a long job should take, so other requests wait at most that. */
const SLICE_MS = 40;

/**
 * A study of the core (src/engine/study.rs): `{ kind, ...params }` begins it in the Lab, which runs it
 * a slice at a time and gives its report; the Lab forgets one given up (`drop`).
 */
function beginStudy(lab, args) {
  const { kind, ...params } = args;
  args.id = lab.jobBegin(kind, params);
}
/**
 * `read`'s partial (null: nothing to send), asked for at most every `ms` since the last one sent
 * (the first at once).
 */
const atMostEvery = (ms, read) => (lab, args) => {
  const now = performance.now();
  if (args.toldAt !== undefined && now - args.toldAt < ms) return null;
  const partial = read(lab, args);
  if (partial) args.toldAt = now;
  return partial;
};
/** A job's partial from the Lab (what it measured so far), at most every `ms` (the first at once). */
const partialEvery = (ms) => atMostEvery(ms, (lab, args) => lab.jobPartial(args.id));
/**
 * A job's partial from the Lab, sent when it has something new (a checkpoint more, a row more,
 * or, the counters, once): the Lab's mark for it says so before it is converted.
 */
const partialOnChange = (lab, args) => {
  const mark = lab.jobPartialMark(args.id);
  if (mark < 0 || mark === args.told) return null;
  args.told = mark;
  return lab.jobPartial(args.id);
};
/**
 * `partialOnChange`, at most every `ms` (the first at once): for a chart whose every drawing
 * costs the page's thread tens of milliseconds that the other workers would rather have.
 */
const changedEvery = (ms) => atMostEvery(ms, partialOnChange);
const study = (slot, more = {}) => ({
  slot,
  begin: beginStudy,
  run: (lab, lines, args) => lab.jobRun(args.id, lines),
  finish: (lab, args) => ({ report: lab.jobFinish(args.id) }),
  drop: (lab, args) => lab.jobDrop(args.id),
  ...more,
});

/** The second module's `Beyond` class, once loaded (`loadBeyond`). @type {typeof import('../pkg/urlhashlab_beyond.js').Beyond | null} */
let Beyond = null;
/** The second module being loaded, the first time a view beyond the papers asks. @type {Promise<void> | null} */
let beyondLoad = null;
/**
 * The input on screen as the second module holds it: the `Lab` whose lines it was handed, and
 * its handle of them. Handed over again for a new input.
 * @type {{ lab: Lab, beyond: import('../pkg/urlhashlab_beyond.js').Beyond } | null}
 */
let handed = null;
/** Bytes of lines one handover block carries (neither instance holds a second copy of more). */
const HANDOVER_BYTES = 16 * 1024 * 1024;

/**
 * Loads the second module (www/second-module.js: downloaded and compiled only now) and installs the
 * Public Suffix List in it, once; a failure is tried again by the next job.
 */
function loadBeyond() {
  beyondLoad ??= (async () => {
    let loaded;
    try {
      loaded = await import('./second-module.js');
    } catch (e) {
      throw new Error(coded('second-module-unavailable', [e?.message ?? String(e)]), { cause: e });
    }
    let rules;
    try {
      rules = await suffixRulesText();
    } catch (e) {
      throw new Error(coded('suffix-rules-unavailable', [e?.message ?? String(e)]), { cause: e });
    }
    const loadedClass = await loaded.beyondClass();
    loadedClass.setSuffixRules(rules);
    Beyond = loadedClass;
  })();
  beyondLoad.catch(() => (beyondLoad = null));
  return beyondLoad;
}

/** The second module's handle of `lab`'s lines: handed over, a block at a time, the first time. */
function beyondOf(lab) {
  if (handed?.lab === lab) return handed.beyond;
  forgetHanded();
  if (!Beyond) throw new Error(coded('second-module-unavailable', ['not loaded']));
  const beyond = new Beyond();
  for (let start = 0; start >= 0; ) start = beyond.receive(lab.handover(start, HANDOVER_BYTES));
  handed = { lab, beyond };
  return beyond;
}

/** Frees the second module's copy of an input no longer on screen. */
function forgetHanded() {
  handed?.beyond.free();
  handed = null;
}

/**
 * A study of the second module (src/engine/study.rs's BEYOND_KINDS) on the lines of the input on
 * screen, run in slices as the first module's are.
 */
const beyondStudy = (slot, more = {}) =>
  study(slot, {
    prepare: loadBeyond,
    begin: (lab, args) => {
      const on = beyondOf(lab);
      beginStudy(on, args);
      // Kept beside the job's id, after its parameters were read.
      args.on = on;
    },
    run: (_, lines, args) => args.on.jobRun(args.id, lines),
    finish: (_, args) => ({ report: args.on.jobFinish(args.id) }),
    drop: (_, args) => args.on.jobDrop(args.id),
    ...more,
  });

/**
 * The long computations, each run in slices. A P1 figure, the P1 report and the crawler
 * partition use the Lab's one job slot (`jobSlot: true`): they take turns, in the order they
 * were asked for. The values of another function or key use its cache slot, so they can be
 * under way meanwhile. `tokens` is per kind of work: a newer figure supersedes an older figure,
 * a newer partition an older partition, but a partition never stops a figure or the reverse.
 */
const JOBS = {
  [JOB.sweep]: study('figure', { jobSlot: true }),
  [JOB.p1]: study('figure', { jobSlot: true }),
  // The domain and Heritrix policies need the Public Suffix List.
  // The nodes' counts so far, a few times a second: the chart fills in as the lines are read.
  [JOB.partition]: study('partition', { jobSlot: true, prepare: installSuffixRules, partial: partialEvery(250) }),
  // The de-duplication views (P4, P5): each has its own slot in the Lab and here, so they run
  // beside each other and beside P1's figures, a slice at a time.
  // The growth so far, while the study reads (a first picture for the page): sent when a
  // checkpoint more was passed, at most every 300 ms (each drawing takes the page 20–60 ms,
  // while a helper times the structures beside the study, `trieTimeAll`).
  [JOB.trie]: study('trie', { partial: changedEvery(300) }),
  // The rows measured so far (a first picture, then a refined one), sent when there are more.
  // Once the split is made (the page asks for the theory's curve), then at each new row.
  [JOB.bloom]: study('bloom', { partial: partialOnChange }),
  // The counters' histogram once every key is in, before the deletions: sent once.
  [JOB.cbf]: study('cbf', { partial: partialOnChange }),
  // The fingerprint view (P3): the study, IP_ID and Name_ID, and one combination of
  // canonicalisations, each in its own slot.
  // The distinct fingerprints so far, a few times a second.
  [JOB.fp]: study('fp', { partial: partialEvery(300) }),
  [JOB.fpSites]: study('fpSites'),
  [JOB.fpCombo]: study('fpCombo'),
  // Beyond the papers, in the second module: crawl nodes joining and leaving.
  // The report of the lines read so far, a few times a second (the view's first picture).
  [JOB.rebalance]: beyondStudy('rebalance', { partial: atMostEvery(250, (_, args) => args.on.jobPartial(args.id)) }),
  // The filter bake-off's rows measured so far, sent when there are more.
  [JOB.filters]: beyondStudy('filters', { partial: (_, args) => partialOnChange(args.on, args) }),
  // Which lines each scheme makes one page: the distinct pages so far, a few times a second.
  [JOB.canon]: beyondStudy('canon', { partial: atMostEvery(250, (_, args) => args.on.jobPartial(args.id)) }),
  // The hash-quality battery: its functions' lines so far, when more are done, at most every
  // 250 ms.
  [JOB.quality]: beyondStudy('quality', { partial: atMostEvery(250, (_, args) => partialOnChange(args.on, args)) }),
  [JOB.cache]: {
    slot: 'cache',
    begin: (lab, { fn, key }) => lab.cacheBegin(fn, key),
    run: (lab, lines) => lab.cacheRun(lines),
    finish: (lab) => {
      lab.cacheFinish();
      return {};
    },
  },
};
const tokens = { figure: 0, partition: 0, cache: 0, trie: 0, bloom: 0, cbf: 0, fp: 0, fpSites: 0, fpCombo: 0, rebalance: 0, filters: 0, canon: 0, quality: 0 };

/** The Lab's job slot: resolves when the jobs asked for earlier are done with it. */
let jobSlotFree = Promise.resolve();

/** Waits for the job slot; resolves to the function that hands it on. */
function takeJobSlot() {
  let release;
  const previous = jobSlotFree;
  jobSlotFree = new Promise((resolve) => (release = resolve));
  return previous.then(() => release);
}

/**
 * Runs a long computation in slices. Each slice queues behind the requests that arrived
 * meanwhile, so re-binning answers within a slice's time; progress goes to the page as
 * { id, progress }. A newer job of the same kind, or a new input, stops it.
 */
async function runJob(id, args) {
  const job = JOBS[args.kind];
  if (!job) throw new Error(coded('unknown-request', [args.kind]));
  const token = ++tokens[job.slot];
  if (!job.jobSlot) return slices(id, job, args, token);
  const release = await takeJobSlot();
  try {
    // Superseded while waiting for its turn: stop before starting.
    if (token !== tokens[job.slot]) throw new Error(coded('superseded'));
    return await slices(id, job, args, token);
  } finally {
    release();
  }
}

let suffixRules = null;

/** Installs the Public Suffix List in this instance the first time a job needs it. */
function installSuffixRules() {
  suffixRules ??= (async () => {
    let text;
    try {
      text = await suffixRulesText();
    } catch (e) {
      throw new Error(coded('suffix-rules-unavailable', [e?.message ?? String(e)]), { cause: e });
    }
    await ready;
    Lab.setSuffixRules(text);
  })();
  // A failed fetch is tried again by the next job.
  suffixRules.catch(() => (suffixRules = null));
  return suffixRules;
}

async function slices(id, job, args, token) {
  const check = (lab) => {
    if (lab !== active || token !== tokens[job.slot]) throw new Error(coded('superseded'));
  };
  if (job.prepare) await job.prepare();
  const lab = await enqueue(() => {
    const current = need(active, 'no-input-yet');
    job.begin(current, args);
    return current;
  });
  try {
    return await sliced(id, job, args, lab, check);
  } catch (e) {
    // Given up (superseded, or failed): the Lab forgets it, unless a new input freed the Lab.
    if (job.drop && lab === active && !broken) job.drop(lab, args);
    throw e;
  }
}

async function sliced(id, job, args, lab, check) {
  // Small at first: the first slices run before the browser has optimised the wasm's code (up
  // to 5 times slower: P2's first 10 000 lines took 500 ms, later ones 90 ms), and the first
  // partial, the view's first picture, follows the first slice.
  let lines = 1_000;
  for (;;) {
    await nextTask();
    // A load in progress goes first: the figures and the partition of the input on screen
    // wait until it is finished (which supersedes them) or cancelled (which lets them go on).
    while (pending && job.jobSlot) await new Promise((resolve) => setTimeout(resolve, 10));
    const done = await enqueue(() => {
      check(lab);
      const t0 = performance.now();
      const share = job.run(lab, lines, args);
      const ms = performance.now() - t0;
      lines = Math.round(Math.min(Math.max(lines * (SLICE_MS / Math.max(ms, 1)), 1_000), 4_000_000));
      return { share, partial: share < 1 ? (job.partial?.(lab, args) ?? null) : null };
    });
    if (done.share >= 1) break;
    scope.postMessage(done.partial ? { id, progress: done.share, partial: done.partial } : { id, progress: done.share });
  }
  return enqueue(() => {
    check(lab);
    return job.finish(lab, args);
  });
}

let queue = Promise.resolve();

/** Runs `task` after every request received before it; resolves to its result. */
function enqueue(task) {
  const run = queue.then(async () => {
    await ready;
    if (broken) throw new Error(broken);
    return task();
  });
  queue = run.catch(() => {});
  return run;
}

function fail(id, e) {
  // A JsError from the Lab is a message for the user; a RuntimeError is a trap (a Rust
  // panic or an allocation failure) after which the instance cannot be trusted.
  const trapped = e instanceof WebAssembly.RuntimeError;
  const message = e && e.message ? e.message : String(e);
  const first = trapped && !broken;
  if (trapped) broken = `${e.name}: ${message}`;
  scope.postMessage({ id, ok: false, error: trapped ? broken : message, broken: Boolean(broken) });
  // Said once, whoever asked: the page restarts the worker.
  if (first) scope.postMessage({ broken });
}

/**
 * A worker that early-worker.js started with a first input to load, named in its `name` as
 * { preload: { n, seed, fns, key } }: it says its hello unasked (id -3), then loads the
 * input as `begin` and `corpus` requests would, before any request (the page then asks for
 * its `finish`). Nothing for a worker without such a name.
 */
function startUp() {
  const { preload } = role;
  if (!preload) return;
  enqueue(() => handlers.hello({})).then(
    (result) => scope.postMessage({ id: HELLO_UNASKED, ok: true, result }),
    (e) => fail(HELLO_UNASKED, e),
  );
  // A failure here is the page's to hear, from its `finish`.
  enqueue(() => handlers.begin({ fns: preload.fns, key: preload.key, columns: null })).catch(() => {});
  enqueue(() => handlers.corpus({ start: 0, count: preload.n, seed: preload.seed })).catch(() => {});
}

startUp();

scope.onmessage = (event) => {
  const { id, type, ...args } = event.data;
  const work =
    type === MSG.job
      ? runJob(id, /** @type {Requests['job']} */ (args))
      : streams[type]
        ? streams[type](/** @type {any} */ (args), id)
        : (NEEDS_SUFFIX_RULES.has(type)
            ? installSuffixRules()
            : NEEDS_BEYOND.has(type) || (type === MSG.quiz && beyondQuiz(/** @type {Requests['quiz']} */ (args)))
              ? loadBeyond()
              : Promise.resolve()
          ).then(() =>
          enqueue(() => {
            const handler = handlers[type];
            if (!handler) throw new Error(coded('unknown-request', [type]));
            return handler(args);
          }),
        );
  work.then(({ transfer = [], ...result }) => scope.postMessage({ id, ok: true, result }, transfer), (e) => fail(id, e));
};
