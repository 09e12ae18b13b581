// The one Web Worker: it owns the WebAssembly instance and answers the page's messages in
// order. No computation happens here either: every number comes from the wasm `Lab`.
//
// Message in:  { id, type, ...args }
// Message out: { id, ok: true, result } or { id, ok: false, error, broken }
// A load builds a *pending* Lab (begin, chunk/corpus..., finish); finish makes it the active
// one, cancel drops it, so the page keeps showing the previous input until a load completes.
import init, { Lab } from '../pkg/urlhashlab.js';
import { coded } from './coded.js';
import { wasmInput } from './wasm-source.js';
import { suffixRulesText } from './suffix-rules.js';

/** Bytes of URL lines a Lab keeps (beyond it, other functions and keys need a reload). */
const KEEP_BUDGET = 256 * 1024 * 1024;
/** Corpus URLs per call into the wasm (see `corpus`). */
const CORPUS_SLICE = 4096;

const ready = init(wasmInput());
/** The instance's linear memory (it grows and never shrinks: only a new worker gives it back). */
let memory = null;
ready.then((exports) => (memory = exports.memory));
let active = null;
let pending = null;
let broken = null;

/** `lab`, or the error `code` ('no-input-yet', 'no-input-loading') when there is none. */
function need(lab, code) {
  if (!lab) throw new Error(coded(code));
  return lab;
}

const handlers = {
  hello() {
    return {
      functions: JSON.parse(Lab.functions()),
      structures: JSON.parse(Lab.structures()),
      methods: JSON.parse(Lab.indexMethods()),
    };
  },
  /** The bytes of the instance's linear memory. */
  memory() {
    return { bytes: memory ? memory.buffer.byteLength : 0 };
  },
  /** A deliberate trap, for the tests: the page must survive it (see Lab.trapForTests). */
  trap() {
    Lab.trapForTests();
    return {};
  },
  /** P4's list built from a few URLs, every step of it, for the diagram (needs no input). */
  trieTrace({ inserts, lookups, fixed }) {
    return { trace: JSON.parse(Lab.trieTrace(inserts, lookups, fixed)) };
  },
  /** Self-check question `index` of `lesson` for `seed`, on the loaded URLs. */
  quiz({ lesson, seed, index }) {
    return { question: JSON.parse(need(active, 'no-input-yet').quiz(lesson, seed, index)) };
  },
  /** The false-positive theory for k and n, and the papers' points (needs no input). */
  bloomTheory({ k, n, maxRatio }) {
    return { theory: JSON.parse(Lab.bloomTheory(k, n, maxRatio)) };
  },
  /** P4's memory claim at each m/N, on the keys the last Bloom job split. */
  bloomMemory({ ratios }) {
    const lab = need(active, 'no-input-yet');
    return { memory: JSON.parse(lab.bloomMemory(Float64Array.from(ratios))) };
  },
  /** A small filter of the first `count` inserted keys, and the bits of `query`. */
  bloomDemo({ count, m, k, method, query }) {
    const lab = need(active, 'no-input-yet');
    return { demo: JSON.parse(lab.bloomDemo(count, m, k, method, query)) };
  },
  /** Both MD5 digests of two texts, bit by bit (needs no input). */
  fpAvalanche({ a, b }) {
    return { avalanche: JSON.parse(Lab.fpAvalanche(a, b)) };
  },
  /** P3's printed numbers, its digests revealed, and the birthday curves (needs no input). */
  fpPaper({ bits, maxN, points }) {
    return {
      paper: JSON.parse(Lab.fpPaper()),
      curves: JSON.parse(Lab.fpBirthday(Uint32Array.from(bits), maxN, points)),
    };
  },
  /** Whether an input starting with `bytes` (file `name`) is a table, and which column to read. */
  guessColumns({ bytes, name }) {
    return { guess: JSON.parse(Lab.guessColumns(bytes, name ?? '')) };
  },
  /** A new pending input hashed with `fns` over `key`; `columns` reads it as a table. */
  begin({ fns, key, columns }) {
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
  chunk({ bytes }) {
    need(pending, 'no-input-loading').pushChunk(bytes);
    return {};
  },
  /**
   * Corpus URLs `start .. start + count`, in slices of CORPUS_SLICE: the engine compiles hot
   * wasm code while it runs, and only a new call runs the compiled code (a cold 100 000-URL
   * call took 89–134 ms in one piece, 67–106 ms sliced, 45–56 ms warm).
   */
  corpus({ start, count, seed }) {
    const lab = need(pending, 'no-input-loading');
    for (let done = 0; done < count; done += CORPUS_SLICE) lab.pushCorpus(start + done, Math.min(CORPUS_SLICE, count - done), seed);
    return { n: lab.len() };
  },
  finish() {
    const lab = need(pending, 'no-input-loading');
    const report = JSON.parse(lab.finish());
    active?.free();
    active = lab;
    pending = null;
    return { report, bytes: memory ? memory.buffer.byteLength : 0 };
  },
  cancel() {
    pending?.free();
    pending = null;
    return {};
  },
  /**
   * Everything one view of the results needs, for each function, in one round trip; or, when
   * the values of some function over `key` are not computed yet, `{ missing }`: their ids.
   */
  analyze({ fns, key, m, perSlot }) {
    const lab = need(active, 'no-input-yet');
    const missing = fns.filter((fn) => !lab.hasCache(fn, key));
    if (missing.length) return { missing };
    const t0 = performance.now();
    const rows = [];
    const transfer = [];
    for (const fn of fns) {
      const view = JSON.parse(lab.view(fn, key, m, !perSlot));
      const row = { fn, ...view };
      if (perSlot) {
        row.histogram = lab.histogram(fn, key, m);
        transfer.push(row.histogram.buffer);
      }
      rows.push(row);
    }
    return { rows, report: JSON.parse(lab.report()), ms: performance.now() - t0, transfer };
  },
};

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
 * The long computations, each run in slices. A P1 figure, the P1 report and the crawler
 * partition use the Lab's one job slot (`jobSlot: true`): they take turns, in the order they
 * were asked for. The values of another function or key use its cache slot, so they can be
 * under way meanwhile. `tokens` is per kind of work: a newer figure supersedes an older figure,
 * a newer partition an older partition, but a partition never stops a figure or the reverse.
 */
const JOBS = {
  sweep: {
    slot: 'figure',
    jobSlot: true,
    begin: (lab, { fig, step }) => lab.sweepBegin(fig, step),
    run: (lab, lines) => lab.jobRun(lines),
    finish: (lab) => ({ points: JSON.parse(lab.jobFinish()) }),
  },
  p1: {
    slot: 'figure',
    jobSlot: true,
    begin: (lab) => lab.p1Begin(),
    run: (lab, lines) => lab.jobRun(lines),
    finish: (lab) => ({ report: JSON.parse(lab.jobFinish()) }),
  },
  partition: {
    slot: 'partition',
    jobSlot: true,
    // The domain and Heritrix policies need the Public Suffix List.
    prepare: installSuffixRules,
    begin: (lab, { nodes }) => lab.partitionBegin(nodes),
    run: (lab, lines) => lab.jobRun(lines),
    finish: (lab) => ({ report: JSON.parse(lab.jobFinish()) }),
  },
  // The de-duplication views (P4, P5): each has its own slot in the Lab and here, so they run
  // beside each other and beside P1's figures, a slice at a time.
  trie: {
    slot: 'trie',
    begin: (lab, args) => {
      lab.trieBegin(args.maxLines, args.step);
      args.report = null;
      args.units = [];
      args.timed = [];
    },
    run: (lab, lines, args) => runTrie(lab, lines, args),
    finish: (lab, args) => {
      while (runTrie(lab, 1_000_000, args) < 1);
      return { report: args.report, timed: args.timed };
    },
  },
  bloom: {
    slot: 'bloom',
    begin: (lab, { k, methods, ratios }) => lab.bloomBegin(k, methods.join(','), Float64Array.from(ratios)),
    run: (lab, lines) => lab.bloomRun(lines),
    finish: (lab) => ({ report: JSON.parse(lab.bloomFinish()) }),
  },
  cbf: {
    slot: 'cbf',
    begin: (lab, { ratio, k, bits, method, deleteFraction }) => lab.cbfBegin(ratio, k, bits, method, deleteFraction),
    run: (lab, lines) => lab.cbfRun(lines),
    finish: (lab) => ({ report: JSON.parse(lab.cbfFinish()) }),
  },
  // The fingerprint view (P3): the study, IP_ID and Name_ID, and one combination of
  // canonicalisations, each in its own slot.
  fp: {
    slot: 'fp',
    begin: (lab, { maxLines }) => lab.fpBegin(maxLines),
    run: (lab, lines) => lab.fpRun(lines),
    finish: (lab) => ({ report: JSON.parse(lab.fpFinish()) }),
  },
  fpSites: {
    slot: 'fpSites',
    begin: (lab, { table, maxLines }) => lab.fpSitesBegin(table, maxLines),
    run: (lab, lines) => lab.fpSitesRun(lines),
    finish: (lab) => ({ report: JSON.parse(lab.fpSitesFinish()) }),
  },
  fpCombo: {
    slot: 'fpCombo',
    begin: (lab, { toggles, maxLines }) => lab.fpComboBegin(toggles.join(','), maxLines),
    run: (lab, lines) => lab.fpComboRun(lines),
    finish: (lab) => ({ report: JSON.parse(lab.fpComboFinish()) }),
  },
  cache: {
    slot: 'cache',
    begin: (lab, { fn, key }) => lab.cacheBegin(fn, key),
    run: (lab, lines) => lab.cacheRun(lines),
    finish: (lab) => {
      lab.cacheFinish();
      return {};
    },
  },
};
const tokens = { figure: 0, partition: 0, cache: 0, trie: 0, bloom: 0, cbf: 0, fp: 0, fpSites: 0, fpCombo: 0 };

/** Share of the trie job spent on the study; the rest times the structures. */
const TRIE_STUDY_SHARE = 0.75;
/** A build, or the lookups of every URL, is repeated until the repeats took this long… */
const TIMED_MIN_MS = 60;
/** …or handled this many URLs in all (the clock ticks in 0.1 ms steps in many browsers). */
const TIMED_MAX_URLS = 2_000_000;

/**
 * One slice of the trie job: the study's lines (in the wasm), then, one structure at a time,
 * its build and its lookups timed here with performance.now() (the core reads no clock): all
 * distinct URLs, then P4's Table 1 setting of 16 000 stored URLs.
 */
function runTrie(lab, lines, args) {
  if (!args.report) {
    const share = lab.trieRun(lines);
    if (share < 1) return TRIE_STUDY_SHARE * share;
    args.report = JSON.parse(lab.trieFinish());
    const p4 = args.report.study.claims.time_urls;
    for (const s of JSON.parse(Lab.structures())) {
      args.units.push({ structure: s.id, count: args.report.distinct, at16000: false });
      if (args.report.distinct >= p4) args.units.push({ structure: s.id, count: p4, at16000: true });
    }
    args.done = 0;
    return TRIE_STUDY_SHARE;
  }
  if (args.done < args.units.length) {
    const unit = args.units[args.done];
    const t = timeStructure(lab, unit.structure, unit.count);
    let row = args.timed.find((r) => r.structure === unit.structure);
    if (!row) {
      row = { structure: unit.structure, lookup_us_at_16000: null };
      args.timed.push(row);
    }
    if (unit.at16000) {
      row.lookup_us_at_16000 = t.lookupUsPerUrl;
      row.repeats_at_16000 = t.repeats;
    } else {
      Object.assign(row, {
        stored: t.stored,
        found: t.found,
        urls: unit.count,
        insert_us_per_url: t.insertUsPerUrl,
        lookup_us_per_url: t.lookupUsPerUrl,
        repeats: t.repeats,
      });
    }
    args.done += 1;
  }
  if (args.done >= args.units.length) return 1;
  return TRIE_STUDY_SHARE + ((1 - TRIE_STUDY_SHARE) * args.done) / args.units.length;
}

/** Calls `batch` (over `count` URLs) until TIMED_MIN_MS or TIMED_MAX_URLS: its last result, the repeats, the ms. */
function repeatTimed(batch, count) {
  const cap = Math.max(1, Math.ceil(TIMED_MAX_URLS / count));
  const t0 = performance.now();
  let result;
  let repeats = 0;
  let ms = 0;
  do {
    result = batch();
    repeats += 1;
    ms = performance.now() - t0;
  } while (ms < TIMED_MIN_MS && repeats < cap);
  return { result, repeats, ms };
}

/** Builds one structure from the first `count` distinct URLs and times the build and the lookups. */
function timeStructure(lab, structure, count) {
  const build = repeatTimed(() => lab.trieTimeBuild(structure, count), count);
  const lookups = repeatTimed(() => lab.trieTimeLookup(), count);
  lab.trieTimeFree();
  return {
    stored: build.result,
    found: lookups.result,
    repeats: lookups.repeats,
    insertUsPerUrl: (build.ms * 1000) / (build.repeats * count),
    lookupUsPerUrl: (lookups.ms * 1000) / (lookups.repeats * count),
  };
}

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
      throw new Error(coded('suffix-rules-unavailable', [e?.message ?? String(e)]));
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
  let lines = 10_000;
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
      return share;
    });
    if (done >= 1) break;
    self.postMessage({ id, progress: done });
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
  self.postMessage({ id, ok: false, error: trapped ? broken : message, broken: Boolean(broken) });
  // Said once, whoever asked: the page restarts the worker.
  if (first) self.postMessage({ broken });
}

/**
 * A worker that early-worker.js started with a first input to load, named in its `name` as
 * { preload: { n, seed, fns, key } }: it says its hello unasked (id -3), then loads the
 * input as `begin` and `corpus` requests would, before any request (the page then asks for
 * its `finish`). Nothing for a worker without such a name.
 */
function startUp() {
  let preload = null;
  try {
    preload = self.name ? JSON.parse(self.name).preload : null;
  } catch {
    return;
  }
  if (!preload) return;
  enqueue(() => handlers.hello()).then(
    (result) => self.postMessage({ id: -3, ok: true, result }),
    (e) => fail(-3, e),
  );
  // A failure here is the page's to hear, from its `finish`.
  enqueue(() => handlers.begin({ fns: preload.fns, key: preload.key, columns: null })).catch(() => {});
  enqueue(() => handlers.corpus({ start: 0, count: preload.n, seed: preload.seed })).catch(() => {});
}

startUp();

self.onmessage = (event) => {
  const { id, type, ...args } = event.data;
  const work =
    type === 'job'
      ? runJob(id, args)
      : enqueue(() => {
          const handler = handlers[type];
          if (!handler) throw new Error(coded('unknown-request', [type]));
          return handler(args);
        });
  work.then(({ transfer = [], ...result }) => self.postMessage({ id, ok: true, result }, transfer), (e) => fail(id, e));
};
