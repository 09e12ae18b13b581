// The one Web Worker: it owns the WebAssembly instance and answers the page's messages in
// order. No computation happens here either: every number comes from the wasm `Lab`.
//
// Message in:  { id, type, ...args }
// Message out: { id, ok: true, result } or { id, ok: false, error, broken }
// A load builds a *pending* Lab (begin, chunk/corpus..., finish); finish makes it the active
// one, cancel drops it, so the page keeps showing the previous input until a load completes.
import init, { Lab } from '../pkg/urlhashlab.js';
import { S } from './strings.js';

/** Bytes of URL lines a Lab keeps (beyond it, other functions and keys need a reload). */
const KEEP_BUDGET = 256 * 1024 * 1024;

const ready = init();
let active = null;
let pending = null;
let broken = null;

function need(lab, what) {
  if (!lab) throw new Error(what);
  return lab;
}

const handlers = {
  hello() {
    return { functions: JSON.parse(Lab.functions()) };
  },
  begin({ fns, key }) {
    pending?.free();
    pending = null;
    const lab = new Lab(KEEP_BUDGET);
    try {
      lab.begin(fns.join(','), key);
    } catch (e) {
      lab.free();
      throw e;
    }
    pending = lab;
    return {};
  },
  chunk({ bytes }) {
    need(pending, S.noInputLoading).pushChunk(bytes);
    return {};
  },
  corpus({ start, count, seed }) {
    const lab = need(pending, S.noInputLoading);
    lab.pushCorpus(start, count, seed);
    return { n: lab.len() };
  },
  finish() {
    const lab = need(pending, S.noInputLoading);
    const report = JSON.parse(lab.finish());
    active?.free();
    active = lab;
    pending = null;
    return { report };
  },
  cancel() {
    pending?.free();
    pending = null;
    return {};
  },
  /** The functions whose values over `key` are not computed yet. */
  missing({ fns, key }) {
    const lab = need(active, S.noInputYet);
    return { fns: fns.filter((fn) => !lab.hasCache(fn, key)) };
  },
  /** Everything one view of the results needs, for each function, in one round trip. */
  analyze({ fns, key, m, perSlot }) {
    const lab = need(active, S.noInputYet);
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
    return { rows, report: JSON.parse(lab.report()), transfer };
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
    begin: (lab, { nodes }) => lab.partitionBegin(nodes),
    run: (lab, lines) => lab.jobRun(lines),
    finish: (lab) => ({ report: JSON.parse(lab.jobFinish()) }),
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
const tokens = { figure: 0, partition: 0, cache: 0 };

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
  if (!job) throw new Error(S.unknownRequest(args.kind));
  const token = ++tokens[job.slot];
  if (!job.jobSlot) return slices(id, job, args, token);
  const release = await takeJobSlot();
  try {
    // Superseded while waiting for its turn: stop before starting.
    if (token !== tokens[job.slot]) throw new Error(S.superseded);
    return await slices(id, job, args, token);
  } finally {
    release();
  }
}

async function slices(id, job, args, token) {
  const check = (lab) => {
    if (lab !== active || token !== tokens[job.slot]) throw new Error(S.superseded);
  };
  const lab = await enqueue(() => {
    const current = need(active, S.noInputYet);
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
      const share = job.run(lab, lines);
      const ms = performance.now() - t0;
      lines = Math.round(Math.min(Math.max(lines * (SLICE_MS / Math.max(ms, 1)), 1_000), 4_000_000));
      return share;
    });
    if (done >= 1) break;
    self.postMessage({ id, progress: done });
  }
  return enqueue(() => {
    check(lab);
    return job.finish(lab);
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
  if (trapped) broken = `${e.name}: ${message}`;
  self.postMessage({ id, ok: false, error: trapped ? broken : message, broken: Boolean(broken) });
}

self.onmessage = (event) => {
  const { id, type, ...args } = event.data;
  const work =
    type === 'job'
      ? runJob(id, args)
      : enqueue(() => {
          const handler = handlers[type];
          if (!handler) throw new Error(S.unknownRequest(type));
          return handler(args);
        });
  work.then(({ transfer = [], ...result }) => self.postMessage({ id, ok: true, result }, transfer), (e) => fail(id, e));
};
