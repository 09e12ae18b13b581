// Loading an input through the worker: the built-in corpus, a paste or a file (split over helper
// workers when large), with progress and cancel; the page's first input sent ahead (prefeed); and
// the worker itself, started, connected and restarted.
import { S, nameOf, wordError, knowNames } from '../strings.js';
import { int, bytes as fmtBytes } from '../format.js';
import { C } from '../constants.js';
import { LabClient } from '../lab-client.js';
import { SplitLoad, cutPoints, workersFor } from '../split-load.js';
import { packPaste } from '../permalink.js';
import { $, showText } from '../dom.js';
import { renderReport } from './report.js';
import { describe, describeSource, nothingLoaded } from './sources.js';
import { MSG } from '../protocol.js';

/** Bytes per chunk when streaming a file or pasted text to the worker. */
const CHUNK_BYTES = 4 * 1024 * 1024;
/**
 * A cancelled load that left the worker's memory this much larger (WebAssembly memory grows
 * and is never given back) restarts the worker, which frees it, and reloads the input shown.
 */
const CANCEL_RESTART_GROWTH = 64 * 1024 * 1024;
/** Corpus URLs generated per worker request (a progress step, and a chance to cancel). */
const CORPUS_BATCH = 100_000;
/** Up to this M the page draws one bar per slot; above, the bucket-size distribution. */
export const PER_SLOT_MAX_M = 64;
/** Bytes of an input read to tell whether it is a table. */
const TABLE_SAMPLE = 64 * 1024;

/**
 * Offers `load`, `prefeed`, `cancelLoad`, `startLab`, `connect`, `restart` and `runFront`.
 * @param {import('./context.js').Ctx} ctx
 */
export function setupLoader(ctx) {
  const state = ctx.state;
  /** The worker's compiled core, asked for once, for split loads; null where it cannot be had. */
  let compiledCoreAsked = null;
  /** The restart under way, if any. */
  let restarting = null;

  /**
   * @param {number} fraction
   * @param {string} text
   */
  function progress(fraction, text) {
    $('progress').value = fraction;
    $('progress-text').textContent = text;
  }

  /** @param {{ cancelled: boolean, stop?: () => void } | null} token */
  function setLoading(token) {
    state.loading = token;
    if (token) progress(0, S.loadingStart);
    $('progress-box').hidden = !token;
    for (const id of ['corpus-load', 'paste-go', 'file']) $(id).disabled = Boolean(token);
    ctx.setBusy(Boolean(token));
  }

  /** Stops the load under way, if any: its helper workers at once, the page's worker after its piece. */
  function cancelLoad() {
    if (!state.loading) return;
    state.loading.cancelled = true;
    state.loading.stop?.();
  }

  /**
   * What a new input is hashed with (`begin`, and a split load's helpers): the functions, the key
   * and the table's columns (null: a plain list).
   * @param {any} table
   */
  function inputParams(table) {
    return { fns: ctx.functionsToHash(), key: state.key, columns: table?.columns ?? null };
  }

  /**
   * Sends one input to the worker (a new pending input, then its lines), with progress, until
   * it is all sent or `token` is cancelled; resolves to the worker's memory before it, the
   * table reading it (null for a plain list) and the number of workers that read it.
   * @param {import('./context.js').Source} source
   * @param {{ cancelled: boolean, stop?: () => void }} token
   */
  async function feed(source, token) {
    let workers = 1;
    const { bytes: memoryBefore } = await ctx.lab.call(MSG.memory);
    const table = source.kind === 'corpus' ? null : await tableOf(source);
    await ctx.lab.call(MSG.begin, inputParams(table));
    if (source.kind === 'corpus') {
      progress(0, S.loadingCorpus(int(0), int(source.n)));
      for (let start = 0; start < source.n && !token.cancelled; start += CORPUS_BATCH) {
        const count = Math.min(CORPUS_BATCH, source.n - start);
        await ctx.lab.call(MSG.corpus, { start, count, seed: C.corpus.seed });
        progress((start + count) / source.n, S.loadingCorpus(int(start + count), int(source.n)));
      }
    } else if (source.kind === 'paste') {
      progress(0, S.loadingPaste);
      const all = source.bytes;
      for (let off = 0; off < all.length && !token.cancelled; off += CHUNK_BYTES) {
        const piece = all.slice(off, off + CHUNK_BYTES);
        await ctx.lab.call(MSG.chunk, { bytes: piece }, [piece.buffer]);
        progress(Math.min(1, (off + piece.length) / all.length), S.loadingPaste);
      }
    } else {
      workers = await feedFile(source.file, table, token);
    }
    return { memoryBefore, table, workers };
  }

  function compiledCore() {
    compiledCoreAsked ??= ctx.lab.call(MSG.module).then(
      ({ module }) => module,
      () => null,
    );
    return compiledCoreAsked;
  }

  /**
   * Sends `file` to the worker's pending input: at once, or, for a large file (split-load.js),
   * its first part while helper workers read the others, which are then appended. A split load
   * that fails (a helper could not start or ran out of memory) is loaded again in one worker.
   * Resolves to the number of workers that read it.
   * @param {File} file
   * @param {any} table
   * @param {{ cancelled: boolean, stop?: () => void }} token
   * @param {number} [parts]
   * @returns {Promise<number>}
   */
  async function feedFile(file, table, token, parts = workersFor(file.size)) {
    const size = file.size;
    const cuts = parts > 1 ? await cutPoints(file, parts) : [0, size];
    const module = cuts.length > 2 ? await compiledCore() : null;
    const split = cuts.length > 2 ? new SplitLoad(file, cuts, { module, ...inputParams(table) }, show) : null;
    token.stop = () => {
      split?.stop();
      ctx.lab.call(MSG.cancel).catch(() => {});
    };
    let sent = 0;
    function show() {
      const done = sent + (split?.bytesRead() ?? 0);
      progress(size ? done / size : 0, split ? S.loadingSplit(fmtBytes(done), fmtBytes(size), cuts.length - 1) : S.loadingBytes(fmtBytes(done), fmtBytes(size)));
    }
    show();
    try {
      // The worker reads the file itself (the first part, while the helpers read the others).
      await ctx.lab.call(MSG.fileRead, { file, start: 0, end: cuts[1] }, [], (share) => {
        sent = share * cuts[1];
        show();
      });
      if (split && !token.cancelled) await split.appendTo(ctx.lab, token);
      return cuts.length - 1;
    } catch (e) {
      // Cancelled: the caller says so (the worker's read ends with `superseded`).
      if (token.cancelled) return cuts.length - 1;
      if (!split) throw e;
    } finally {
      split?.stop();
    }
    // The split failed: loaded again in one worker, from a new pending input.
    await ctx.lab.call(MSG.begin, inputParams(table));
    return feedFile(file, table, token, 1);
  }

  /**
   * The page's first input, when it is the built-in corpus of at most one batch (the default):
   * every request of its load is sent at once, before the page sets itself up, so that the
   * worker generates and hashes the URLs meanwhile (awaiting each request would wait for the
   * page's set-up to finish). It hashes P1's functions; a link's other functions are hashed
   * when the view asks for them. When early-worker.js has already asked for this very input
   * (`self.uhlPreload`), it is not asked for again. The input's `finish` and the results of the
   * view the page opens on are asked for too (`state.firstView`): `load(source, fed)` and the
   * results view take the answers. Null otherwise.
   * @param {import('./context.js').Source} source
   */
  function prefeed(source) {
    if (source.kind !== 'corpus' || source.n > CORPUS_BATCH) return null;
    const page = /** @type {any} */ (self);
    const preload = page.uhlPreload;
    page.uhlPreload = null;
    const same =
      preload &&
      preload.n === source.n &&
      preload.seed === C.corpus.seed &&
      preload.key === state.key &&
      preload.fns.join() === C.p1.functions.join();
    document.documentElement.dataset.preload = same ? 'used' : preload ? 'replaced' : 'none';
    const done = { memoryBefore: 0, table: null };
    let started = preload?.at;
    let promise = Promise.resolve(done);
    if (!same) {
      started = performance.now();
      const memory = ctx.lab.call(MSG.memory);
      const begun = ctx.lab.call(MSG.begin, { fns: C.p1.functions, key: state.key, columns: null });
      const fed = ctx.lab.call(MSG.corpus, { start: 0, count: source.n, seed: C.corpus.seed });
      promise = Promise.all([memory, begun, fed]).then(([{ bytes }]) => ({ ...done, memoryBefore: bytes }));
    }
    const finish = ctx.lab.call(MSG.finish);
    const view = { fns: C.p1.functions, key: state.key, m: state.m, perSlot: state.m <= PER_SLOT_MAX_M };
    state.firstView = { generation: state.generation + 1, args: JSON.stringify(view), answer: ctx.lab.call(MSG.analyze, view) };
    for (const p of [promise, finish, state.firstView.answer]) p.catch(() => {}); // told by load() and the results view
    return { started, promise, finish };
  }

  /**
   * Loads one input through the worker:
   * source = { kind: 'corpus', n } | { kind: 'paste', bytes } | { kind: 'file', file };
   * `fed`, prefeed()'s, when its requests are already sent.
   * @param {import('./context.js').Source} source
   * @param {any} [fed]
   */
  async function load(source, fed = null) {
    if (state.loading) {
      showText($('input-error'), S.busyLoading);
      return;
    }
    showText($('input-error'), '');
    const token = { cancelled: false };
    setLoading(token);
    const started = fed?.started ?? performance.now();
    // What the load hashes as the lines arrive (prefeed: P1's functions).
    const hashed = { fns: fed ? [...C.p1.functions] : ctx.functionsToHash(), key: state.key };
    let memoryBefore;
    try {
      let table;
      let workers;
      ({ memoryBefore, table, workers } = await (fed?.promise ?? feed(source, token)));
      if (token.cancelled) {
        await ctx.lab.call(MSG.cancel);
        const { bytes } = await ctx.lab.call(MSG.memory);
        if (bytes - memoryBefore >= CANCEL_RESTART_GROWTH) {
          // The pending input is dropped, but its memory stays with the instance: a new worker
          // gives it back; the input on screen is loaded again.
          setLoading(null);
          await restart('', { quiet: true });
          showText($('input-error'), S.cancelledRestarted(fmtBytes(bytes)));
          return;
        }
        showText($('input-error'), S.cancelled);
        return;
      }
      // The worker's memory with this input comes with its report (WebAssembly memory only
      // grows: this is its peak).
      const { report, bytes: memory, empty } = await (fed?.finish ?? ctx.lab.call(MSG.finish));
      if (empty) {
        // The worker kept the input it had: the page keeps showing it, and says why.
        showText($('input-error'), nothingLoaded(source, report, state.lastSource));
        return;
      }
      performance.measure('uhl:load', { start: started, end: performance.now() });
      state.generation += 1;
      state.lastSource = source;
      ctx.updateLink();
      // A paste travels in the link deflated, once that is done.
      if (source.kind === 'paste' && !source.packing) {
        source.packing = packPaste(source.bytes)
          .then((packed) => {
            source.packed = packed;
            ctx.updateLink();
          })
          .catch(() => {});
      }
      state.input = { source: describe(source), report, memory, ms: performance.now() - started, table, workers, hashed };
      $('fn-error')?.remove();
      showText($('key-error'), '');
      ctx.settleChoices();
      // The chart of the last input is dimmed until this one's is drawn.
      $('view-panel').classList.add('stale');
      ctx.showDataBadge();
      // The lesson's live sentence follows the data named now at once (not after its view).
      ctx.lessonChanged();
      if (state.keptForLessons !== source) showText($('lesson-data'), '');
      if (source.by !== 'lesson') $('data-undo').hidden = true;
      ctx.showColumns(table);
      ctx.clearFigures();
      state.splitChecked = state.key !== 'url';
      renderReport($('report'), state.input, report, state.splitChecked);
      $('report-box').hidden = false;
    } catch (e) {
      ctx.lab.call(MSG.cancel).catch(() => {});
      ctx.reportError($('input-error'), e);
      return;
    } finally {
      setLoading(null);
    }
    // P1's slots drawn first where they are in front (or the whole report is). Another view in
    // front starts its studies at once; P1's slots are drawn once they are done (runFront), or
    // when a view of P1 comes in front: drawing them out of sight would take the page's thread
    // (100–270 ms) while that view waits for its first picture.
    const route = ctx.map?.route() ?? 'all';
    const shown = showSlots(state.generation, route);
    if (route === 'all' || route === 'view-panel') await shown;
    // Until they are drawn, the page is not idle: the measures kept are of the last input.
    if (slotsAsked !== state.generation) ctx.setBusy(true);
    ctx.partitionRuns.waiting(() => S.partWaiting);
    for (const v of ctx.dedupViews) v.waiting();
    // The long studies of the view in front (runFront), then P1's figures if not yet asked.
    // Another view in front does not wait for P1's slots, drawn meanwhile out of sight.
    runFront();
  }

  /** P1's views: they show P1's slots (the report shows every view). */
  const P1_ROUTES = ['all', 'view-panel', 'slotmap', 'figures', 'why'];
  /** The load whose slots were asked for (showSlots). */
  let slotsAsked = 0;

  /**
   * P1's slots of load `generation`, asked for once: at once where `route` is one of P1's views,
   * else only when `route` is null (the view in front is done). Resolves when they are drawn.
   * @param {number} generation
   * @param {string | null} route
   * @returns {Promise<void>}
   */
  function showSlots(generation, route) {
    if (slotsAsked === generation || (route !== null && !P1_ROUTES.includes(route))) return Promise.resolve();
    slotsAsked = generation;
    return ctx.requestView();
  }

  /** The study each view in front began, by section, with the load it began on (runFront). */
  const frontRuns = new Map();

  /**
   * P1's figures of load `generation`, asked for once (what the Figures and Why? views show):
   * P1's report first when Why? is in front.
   * @param {number} generation
   * @param {boolean} [whyFirst]
   */
  function figures(generation, whyFirst = false) {
    if (state.figuresAsked !== generation) {
      state.figuresAsked = generation;
      state.figuresRun = ctx.runFigures(generation, whyFirst).then(() => {
        if (generation === state.generation) state.figuresDone = generation;
      });
    }
    return state.figuresRun;
  }

  /**
   * Runs the long studies of the input on screen that the view in front shows: P1's figures
   * (Figures, Why?), P2's partition, the de-duplication views; every one of them in the report.
   * A view not shown runs when it is opened (this is called again then). Once the view in front
   * is done, P1's figures are computed if they were not (the views and lessons of P1 come
   * next most often), except in an embed: nothing else computes unasked.
   */
  async function runFront() {
    const generation = state.generation;
    if (!state.input) return;
    const route = ctx.map?.route() ?? 'all';
    const front = (/** @type {string} */ id) => route === 'all' || route === id;
    showSlots(generation, route);
    if (front('figures') || front('why')) await figures(generation, route === 'why');
    if (generation !== state.generation) return;
    // A view's study begun by an earlier call (the map calls again as the sections settle) is
    // waited for too: P1's figures must not start beside it.
    const once = (/** @type {string} */ key, /** @type {() => Promise<void> | void} */ start) => {
      const had = frontRuns.get(key);
      if (had?.generation === generation) return had.run;
      const run = Promise.resolve(start());
      frontRuns.set(key, { generation, run });
      return run;
    };
    /** @type {Promise<void>[]} */
    const work = [];
    if (front('partition')) work.push(once('partition', () => (ctx.partitionRuns.askedGen !== generation ? ctx.runPartition() : undefined)));
    // Before the views are set up, the one in front may be one of them: nothing else starts
    // ahead of it (the page calls again once they are).
    if (!ctx.dedupViews.length) return;
    for (const v of ctx.dedupViews) {
      if (!front(v.section)) continue;
      v.start?.();
      work.push(once(v.section, () => v.load(generation)));
    }
    await Promise.allSettled(work);
    if (generation !== state.generation) return;
    // An embed asks only for what it shows.
    if (document.body.classList.contains('embed')) {
      if (slotsAsked !== generation) ctx.setBusy(Boolean(state.loading));
      return;
    }
    showSlots(generation, null);
    for (const v of ctx.dedupViews) v.start?.();
    figures(generation);
  }

  /**
   * Whether a pasted or opened input is a table (CSV, TSV), as the core guesses from its first
   * bytes and its name, and the column to read: the reader's choice (`source.columns`, null for
   * whole lines; or a link's `source.column`, from 1, 0 for whole lines) or the guess. Null for a
   * plain list.
   * @param {import('./context.js').Source} source
   */
  async function tableOf(source) {
    const sample = source.kind === 'file' ? new Uint8Array(await source.file.slice(0, TABLE_SAMPLE).arrayBuffer()) : source.bytes.slice(0, TABLE_SAMPLE);
    const { guess } = await ctx.lab.call(MSG.guessColumns, { bytes: sample, name: source.kind === 'file' ? source.file.name : '' }, [sample.buffer]);
    const auto = guess && { delimiter: guess.delimiter, column: guess.column, header: guess.header };
    // A link's choice (`column`: from 1, 0 for whole lines) applies to the table the guess found.
    if (guess && !('columns' in source) && Number.isInteger(source.column) && source.column <= guess.fields) {
      // Kept as the reader's choice, so the link goes on carrying it.
      source.columns = source.column === 0 ? null : { ...auto, column: source.column - 1 };
    }
    const columns = 'columns' in source ? source.columns : auto;
    return guess || columns ? { guess, columns } : null;
  }

  /** A new worker, asked at once for its registries (it compiles the wasm meanwhile). */
  function startLab() {
    ctx.lab = new LabClient(
      (message) => ctx.showBanner(S.workerFailed(message)),
      (message) => restart(S.workerBroken(message)),
    );
    return ctx.lab.hello();
  }

  /** @param {Promise<any>} [hello] the new worker's answer, when already asked */
  async function connect(hello = startLab()) {
    const { functions, structures, methods } = await hello;
    state.functions = functions;
    state.structures = structures;
    state.methods = methods;
    state.names = Object.fromEntries(functions.map((f) => [f.id, nameOf(f)]));
    knowNames(state.names);
  }

  /**
   * A new worker (the old one and its memory are dropped), then the input on screen loaded
   * again (the built-in corpus when there is none). `why` is told in the banner, unless `quiet`.
   * @param {string} [why]
   * @param {{ quiet?: boolean }} [options]
   * @returns {Promise<void>}
   */
  function restart(why = '', { quiet = false } = {}) {
    if (restarting) return restarting;
    restarting = (async () => {
      if (!quiet) ctx.showBanner(S.restarting(why));
      cancelLoad();
      setLoading(null);
      ctx.lab?.terminate();
      state.generation += 1;
      const source = state.lastSource ?? { kind: 'corpus', n: C.corpus.firstLoad };
      try {
        await connect();
        await load(source);
        if (!quiet) ctx.showBanner(S.restarted(why, describeSource(source)));
        document.body.dataset.restarts = String(Number(document.body.dataset.restarts || 0) + 1);
      } catch (e) {
        ctx.showBanner(S.workerFailed(wordError(e)), { restart: true });
      }
    })().finally(() => (restarting = null));
    return restarting;
  }

  return { load, prefeed, cancelLoad, startLab, connect, restart, runFront };
}
