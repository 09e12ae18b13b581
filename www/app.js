// URL Hash Lab's page: wires the controls to the worker and the worker's answers to the
// charts. No hashing or statistics here: every number shown comes from the wasm core.
import { S, applyStrings, setLanguage, language, nameOf, summaryOf, wordError, knowNames } from './strings.js';
import { int, fixed, percent, bytes as fmtBytes } from './format.js';
import { parseSlots, parseNodes } from './slots.js';
import { C, bound } from './constants.js';
import { LabClient } from './lab-client.js';
import { SplitLoad, cutPoints, workersFor } from './split-load.js';
import { applyEdit, boxValue, countLines, previewOf, spliceRaw } from './paste-box.js';
import { encodeState, decodeState, stateText, anchorOf, packPaste, unpackPaste } from './permalink.js';
import { showEmbed } from './embed.js';
import { setupLessons } from './lessons.js';
import { setupExports } from './export.js';
import { setupOffline } from './offline.js';
import { setupMap } from './map.js';
import { el, labelScrollRegions, resay, say, showText } from './dom.js';
import { renderReport } from './report.js';
import { renderTable } from './measures-table.js';
import { renderWhy } from './why.js';
import { buildPolicySelect, renderPartition } from './partition.js';
import { sectionRuns } from './section-run.js';
import { setupTrie } from './trie-view.js';
import { setupBloom } from './bloom-view.js';
import { setupCbf } from './cbf-view.js';
import { setupSlotmap } from './slotmap-view.js';
import { setupFingerprint } from './fingerprint-view.js';
import { onChartTypeChange, setupCharts, themeCharts } from './charts/common.js';
import * as perSlotChart from './charts/per-slot.js';
import * as bucketsChart from './charts/buckets.js';
import * as fig1Chart from './charts/fig1.js';
import * as fig2Chart from './charts/fig2.js';
import * as fig3Chart from './charts/fig3.js';
import { MSG, JOB } from './protocol.js';

/** Pastes at least this long are kept out of the text box (see wireControls). */
const BIG_PASTE_CHARS = 200_000;
/** Lines of a big paste shown in the box. */
const PREVIEW_LINES = 20;

/** Bytes per chunk when streaming a file or pasted text to the worker. */
const CHUNK_BYTES = 4 * 1024 * 1024;
/**
 * A cancelled load that left the worker's memory this much larger (WebAssembly memory grows
 * and is never given back) restarts the worker, which frees it, and reloads the input shown.
 */
const CANCEL_RESTART_GROWTH = 64 * 1024 * 1024;
/** Corpus URLs generated per worker request (a progress step, and a chance to cancel). */
const CORPUS_BATCH = 100_000;
/** The slot map draws at most this many functions (8 MiB an image at M = 2^21). */
const SLOTMAP_IMAGES = 6;
/** Up to this M the page draws one bar per slot; above, the bucket-size distribution. */
const PER_SLOT_MAX_M = 64;
/** About this many points per figure curve. */
const FIGURE_POINTS = 40;
const FIRST_POLICY = 'p2-printed';
const FIRST_SITE_READING = 'site-folded';
/** Typing in the crawl-nodes field re-runs the simulation after this pause. */
const NODES_DEBOUNCE_MS = 400;

const $ = (id) => document.getElementById(id);

const state = {
  /** The seed of the lessons' self-check questions: from the link, else drawn once per visit. */
  quizSeed: 0,
  functions: [],
  /** The trie view's structures and the Bloom filters' index methods, from the wasm. */
  structures: [],
  methods: [],
  names: {},
  selected: new Set(C.p1.functions),
  key: 'url',
  m: C.p1.m,
  /** The load in progress: { cancelled } or null. */
  loading: null,
  /** What the results view shows now (M, key, measures per function), for the lessons. */
  shown: null,
  /** The dedup views' last reports (trie, bloom, cbf, fp), for the lessons. */
  published: {},
  /** The lesson step on screen: { id, step } or null. */
  lesson: null,
  /** The embed shown (#embed=p1-fig2), or null for the whole lab. */
  embed: null,
  /** Bumped by every completed load; background work of older loads stops. */
  generation: 0,
  input: null,
  figures: { 1: null, 2: null, 3: null },
  p1: null,
  fig1M: C.p1.fig1Slots[0],
  fig2M: C.p1.m,
  firstChartMarked: false,
  splitChecked: false,
  /** P2's crawler partition: the controls, and the last report (of load `gen`, `nodes`). */
  partition: {
    nodes: C.p2.nodes,
    policy: FIRST_POLICY,
    reading: FIRST_SITE_READING,
    report: null,
    gen: 0,
    /** The load generation whose P1 figures are still being computed (0: none). */
    figuresGen: 0,
  },
};

let lab = null;
/** The de-duplication views (P4's trie, Bloom filters, counting filters, P3's fingerprints), once connected. */
let dedupViews = [];

// ---------------------------------------------------------------- errors and status

function showBanner(message, { restart = false } = {}) {
  $('banner-text').textContent = message;
  $('banner-restart').hidden = !restart;
  $('banner').hidden = false;
}

/** Shows an error next to where it happened; a broken wasm also gets the banner. */
function reportError(where, e) {
  const message = wordError(e);
  if (e && e.broken) {
    showBanner(S.workerBroken(message), { restart: true });
  }
  showText(where, S.errorPrefix + message);
}

function setBusy(flag) {
  document.body.dataset.busy = flag ? '1' : '0';
}

// ---------------------------------------------------------------- controls

function buildCorpusSelect() {
  const select = $('corpus-n');
  select.replaceChildren(
    ...C.corpus.sizes.map((n) => {
      const o = el('option', { text: n === C.p2.table1Urls ? S.corpusTable1(int(n)) : int(n) });
      o.value = String(n);
      o.selected = n === C.corpus.firstLoad;
      return o;
    }),
  );
}

function buildFunctionList() {
  const groups = new Map();
  for (const f of state.functions) {
    if (!groups.has(f.paper)) groups.set(f.paper, []);
    groups.get(f.paper).push(f);
  }
  const box = $('functions');
  box.replaceChildren(
    ...[...groups].map(([paper, list]) =>
      el('fieldset', { cls: 'fn-group' }, [
        el('legend', { text: S.paperGroup[paper] ?? paper }),
        ...list.map((f) => {
          const input = el('input', { attrs: { type: 'checkbox', name: 'fn', id: `fn-${f.id}` } });
          input.value = f.id;
          input.checked = state.selected.has(f.id);
          input.addEventListener('change', () => {
            $('fn-error')?.remove();
            if (input.checked && !computable(f.id, state.key)) {
              // The lines were not kept: only what the load hashed can be shown.
              refuseFunctions([f.id]);
              return;
            }
            if (input.checked) state.selected.add(f.id);
            else state.selected.delete(f.id);
            requestView();
          });
          const label = el('label', { attrs: { for: `fn-${f.id}` }, title: `${f.id}: ${summaryOf(f)}` }, [
            el('span', { cls: `swatch fn-${f.id}`, attrs: { 'aria-hidden': 'true' } }),
            el('span', { text: nameOf(f) }),
          ]);
          return el('div', { cls: 'fn-item' }, [input, label]);
        }),
      ]),
    ),
  );
}

function buildPresets() {
  const box = $('presets');
  box.replaceChildren(
    ...S.slotsPresetGroups.map((g) =>
      el('div', { cls: 'preset-group' }, [
        el('span', { cls: 'preset-label', text: g.label }),
        el(
          'div',
          { cls: 'preset-buttons' },
          g.values.map((m, i) => {
            const b = el('button', {
              cls: 'preset',
              text: g.powers ? `${int(m)} (2^${g.powers[i]})` : int(m),
              attrs: { type: 'button' },
            });
            b.dataset.m = String(m);
            b.addEventListener('click', () => setSlots(m));
            return b;
          }),
        ),
      ]),
    ),
  );
  // Measured with the next frame's layout, not by forcing one now.
  requestAnimationFrame(presetsEnd);
}

/** Marks the presets strip scrolled to its end (or not scrolling), so its fade cue goes. */
function presetsEnd() {
  const box = $('presets');
  box.classList.toggle('at-end', box.scrollLeft + box.clientWidth >= box.scrollWidth - 2);
}

function markPresets() {
  for (const b of document.querySelectorAll('button.preset')) {
    const on = Number(b.dataset.m) === state.m;
    b.classList.toggle('on', on);
    b.setAttribute('aria-pressed', on ? 'true' : 'false');
  }
}

function setSlots(m) {
  state.m = m;
  $('m-input').value = String(m);
  showText($('m-error'), '');
  $('m-input').removeAttribute('aria-invalid');
  markPresets();
  requestView();
}

function applyTypedSlots() {
  const { m, error } = parseSlots($('m-input').value);
  if (error) {
    showText($('m-error'), error);
    $('m-input').setAttribute('aria-invalid', 'true');
    return;
  }
  if (m !== state.m || $('m-error').hidden === false) setSlots(m);
}

function buildSegments(boxId, values, current, onPick) {
  const box = $(boxId);
  box.replaceChildren(
    el('span', { cls: 'seg-label', text: S.figM }),
    ...values.map((m) => {
      const b = el('button', { cls: 'seg', text: int(m), attrs: { type: 'button' } });
      b.dataset.m = String(m);
      b.addEventListener('click', () => {
        for (const x of box.querySelectorAll('button')) {
          x.classList.toggle('on', x === b);
          x.setAttribute('aria-pressed', x === b ? 'true' : 'false');
        }
        onPick(m);
      });
      b.classList.toggle('on', m === current);
      b.setAttribute('aria-pressed', m === current ? 'true' : 'false');
      return b;
    }),
  );
}

// ---------------------------------------------------------------- loading input

function progress(fraction, text) {
  $('progress').value = fraction;
  $('progress-text').textContent = text;
}

function setLoading(token) {
  state.loading = token;
  if (token) progress(0, S.loadingStart);
  $('progress-box').hidden = !token;
  for (const id of ['corpus-load', 'paste-go', 'file']) $(id).disabled = Boolean(token);
  setBusy(Boolean(token));
}

/** Stops the load under way, if any: its helper workers at once, the page's worker after its piece. */
function cancelLoad() {
  if (!state.loading) return;
  state.loading.cancelled = true;
  state.loading.stop?.();
}

/** What a new input is hashed with (`begin`, and a split load's helpers): the functions, the key and the table's columns (null: a plain list). */
function inputParams(table) {
  return { fns: functionsToHash(), key: state.key, columns: table?.columns ?? null };
}

/**
 * Says at a control why it cannot change the input on screen, with a button that loads the
 * input again after `choose` has made the choice.
 */
function offerReload(box, message, button, choose) {
  const again = el('button', { text: button, attrs: { type: 'button' } });
  again.addEventListener('click', () => {
    box.hidden = true;
    choose();
    load(state.lastSource);
  });
  box.replaceChildren(el('span', { text: `${message} ` }), again);
  box.hidden = false;
}

/**
 * After a load too big to keep: a key or functions chosen while it loaded, which it did not
 * hash, are put back, and said so at their controls (with a button that loads it again).
 */
function settleChoices() {
  const input = state.input;
  if (input.report.urls_kept) return;
  if (state.key !== input.hashed.key) {
    const wanted = state.key;
    state.key = input.hashed.key;
    refuseKey(wanted, [...state.selected]);
  }
  const dropped = [...state.selected].filter((fn) => !input.hashed.fns.includes(fn));
  if (dropped.length) refuseFunctions(dropped);
}

/** The key radios showing `key`. */
function checkKey(key) {
  for (const r of document.querySelectorAll('input[name="key"]')) r.checked = r.value === key;
}

/** The boxes of `fns` ticked or not, and the selection with them. */
function tickFunctions(fns, on) {
  for (const fn of fns) {
    if (on) state.selected.add(fn);
    else state.selected.delete(fn);
    const box = $(`fn-${fn}`);
    if (box) box.checked = on;
  }
}

/**
 * Functions the input on screen cannot show (its lines were not kept) are unticked and said so
 * under the first one's box, where the eye is, with a button that loads it again with them.
 */
function refuseFunctions(fns) {
  tickFunctions(fns, false);
  const note = el('p', { cls: 'error', attrs: { id: 'fn-error', role: 'alert' } });
  $(`fn-${fns[0]}`)?.closest('.fn-item').after(note);
  const names = fns.map((fn) => state.names[fn] ?? fn).join(', ');
  offerReload(note, S.notKeptFunction(names, S.keyName[state.key], int(state.input.report.urls)), S.reloadWith(names), () => tickFunctions(fns, true));
}

/**
 * The key `wanted`, which the input on screen cannot read for `fns` (its lines were not kept):
 * the radios show the key in use, and say so, with a button that loads it again over `wanted`.
 */
function refuseKey(wanted, fns) {
  checkKey(state.key);
  showDataBadge();
  const names = fns.map((fn) => state.names[fn] ?? fn).join(', ');
  offerReload($('key-error'), S.notKeptKey(S.keyName[wanted], names, int(state.input.report.urls)), S.reloadOver(S.keyName[wanted]), () => {
    state.key = wanted;
    checkKey(wanted);
  });
}

/**
 * Whether the input on screen can show `fn` over `key`: always when its lines were kept, else
 * only what its load hashed as the lines arrived.
 */
function computable(fn, key) {
  const input = state.input;
  if (!input || input.report.urls_kept) return true;
  return input.hashed.key === key && input.hashed.fns.includes(fn);
}

/** Functions a load hashes as the lines arrive: the selected ones and P1's. */
function functionsToHash() {
  return state.functions.map((f) => f.id).filter((id) => state.selected.has(id) || C.p1.functions.includes(id));
}

/**
 * Sends one input to the worker (a new pending input, then its lines), with progress, until
 * it is all sent or `token` is cancelled; resolves to the worker's memory before it, the
 * table reading it (null for a plain list) and the number of workers that read it.
 */
async function feed(source, token) {
  let workers = 1;
  const { bytes: memoryBefore } = await lab.call(MSG.memory);
  const table = source.kind === 'corpus' ? null : await tableOf(source);
  await lab.call(MSG.begin, inputParams(table));
  if (source.kind === 'corpus') {
    progress(0, S.loadingCorpus(int(0), int(source.n)));
    for (let start = 0; start < source.n && !token.cancelled; start += CORPUS_BATCH) {
      const count = Math.min(CORPUS_BATCH, source.n - start);
      await lab.call(MSG.corpus, { start, count, seed: C.corpus.seed });
      progress((start + count) / source.n, S.loadingCorpus(int(start + count), int(source.n)));
    }
  } else if (source.kind === 'paste') {
    progress(0, S.loadingPaste);
    const all = source.bytes;
    for (let off = 0; off < all.length && !token.cancelled; off += CHUNK_BYTES) {
      const piece = all.slice(off, off + CHUNK_BYTES);
      await lab.call(MSG.chunk, { bytes: piece }, [piece.buffer]);
      progress(Math.min(1, (off + piece.length) / all.length), S.loadingPaste);
    }
  } else {
    workers = await feedFile(source.file, table, token);
  }
  return { memoryBefore, table, workers };
}

/** The worker's compiled core, asked for once, for split loads; null where it cannot be had. */
let compiledCoreAsked = null;
function compiledCore() {
  compiledCoreAsked ??= lab.call(MSG.module).then(
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
 */
async function feedFile(file, table, token, parts = workersFor(file.size)) {
  const size = file.size;
  const cuts = parts > 1 ? await cutPoints(file, parts) : [0, size];
  const module = cuts.length > 2 ? await compiledCore() : null;
  const split = cuts.length > 2 ? new SplitLoad(file, cuts, { module, ...inputParams(table) }, show) : null;
  token.stop = () => {
    split?.stop();
    lab.call(MSG.cancel).catch(() => {});
  };
  let sent = 0;
  function show() {
    const done = sent + (split?.bytesRead() ?? 0);
    progress(size ? done / size : 0, split ? S.loadingSplit(fmtBytes(done), fmtBytes(size), cuts.length - 1) : S.loadingBytes(fmtBytes(done), fmtBytes(size)));
  }
  show();
  try {
    // The worker reads the file itself (the first part, while the helpers read the others).
    await lab.call(MSG.fileRead, { file, start: 0, end: cuts[1] }, [], (share) => {
      sent = share * cuts[1];
      show();
    });
    if (split && !token.cancelled) await split.appendTo(lab, token);
    return cuts.length - 1;
  } catch (e) {
    // Cancelled: the caller says so (the worker's read ends with `superseded`).
    if (token.cancelled) return cuts.length - 1;
    if (!split) throw e;
  } finally {
    split?.stop();
  }
  // The split failed: loaded again in one worker, from a new pending input.
  await lab.call(MSG.begin, inputParams(table));
  return feedFile(file, table, token, 1);
}

/**
 * The page's first input, when it is the built-in corpus of at most one batch (the default):
 * every request of its load is sent at once, before the page sets itself up, so that the
 * worker generates and hashes the URLs meanwhile (awaiting each request would wait for the
 * page's set-up to finish). It hashes P1's functions; a link's other functions are hashed
 * when the view asks for them. When early-worker.js has already asked for this very input
 * (`self.uhlPreload`), it is not asked for again. The input's `finish` and the results of the
 * view the page opens on are asked for too (see firstView): `load(source, fed)` and
 * renderView() take the answers. Null otherwise.
 */
function prefeed(source) {
  if (source.kind !== 'corpus' || source.n > CORPUS_BATCH) return null;
  const preload = self.uhlPreload;
  self.uhlPreload = null;
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
    const memory = lab.call(MSG.memory);
    const begun = lab.call(MSG.begin, { fns: C.p1.functions, key: state.key, columns: null });
    const fed = lab.call(MSG.corpus, { start: 0, count: source.n, seed: C.corpus.seed });
    promise = Promise.all([memory, begun, fed]).then(([{ bytes }]) => ({ ...done, memoryBefore: bytes }));
  }
  const finish = lab.call(MSG.finish);
  const view = { fns: C.p1.functions, key: state.key, m: state.m, perSlot: state.m <= PER_SLOT_MAX_M };
  firstView = { generation: state.generation + 1, args: JSON.stringify(view), answer: lab.call(MSG.analyze, view) };
  for (const p of [promise, finish, firstView.answer]) p.catch(() => {}); // told by load() and renderView()
  return { started, promise, finish };
}

/**
 * The results of the view the page opens on (P1's functions, the link's key and M), asked
 * for with the first input by prefeed(); renderView() uses them when it asks for that view of
 * that input, once.
 */
let firstView = null;

/**
 * Loads one input through the worker:
 * source = { kind: 'corpus', n } | { kind: 'paste', bytes } | { kind: 'file', file };
 * `fed`, prefeed()'s, when its requests are already sent.
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
  const hashed = { fns: fed ? [...C.p1.functions] : functionsToHash(), key: state.key };
  let memoryBefore = 0;
  try {
    let table;
    let workers;
    ({ memoryBefore, table, workers } = await (fed?.promise ?? feed(source, token)));
    if (token.cancelled) {
      await lab.call(MSG.cancel);
      const { bytes } = await lab.call(MSG.memory);
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
    const { report, bytes: memory, empty } = await (fed?.finish ?? lab.call(MSG.finish));
    if (empty) {
      // The worker kept the input it had: the page keeps showing it, and says why.
      showText($('input-error'), nothingLoaded(source, report));
      return;
    }
    performance.measure('uhl:load', { start: started, end: performance.now() });
    state.generation += 1;
    state.lastSource = source;
    updateLink();
    // A paste travels in the link deflated, once that is done.
    if (source.kind === 'paste' && !source.packing) {
      source.packing = packPaste(source.bytes)
        .then((packed) => {
          source.packed = packed;
          updateLink();
        })
        .catch(() => {});
    }
    state.input = { source: describe(source), report, memory, ms: performance.now() - started, table, workers, hashed };
    $('fn-error')?.remove();
    showText($('key-error'), '');
    settleChoices();
    // The chart of the last input is dimmed until this one's is drawn.
    $('view-panel').classList.add('stale');
    showDataBadge();
    // The lesson's live sentence follows the data named now at once (not after its view).
    lessonChanged();
    if (state.keptForLessons !== source) showText($('lesson-data'), '');
    if (source.by !== 'lesson') $('data-undo').hidden = true;
    showColumns(table);
    state.figures = { 1: null, 2: null, 3: null };
    state.p1 = null;
    state.splitChecked = state.key !== 'url';
    renderReport($('report'), state.input, report, state.splitChecked);
    $('report-box').hidden = false;
  } catch (e) {
    lab.call(MSG.cancel).catch(() => {});
    reportError($('input-error'), e);
    return;
  } finally {
    setLoading(null);
  }
  await requestView();
  const generation = state.generation;
  partitionRuns.waiting(() => S.partWaiting);
  for (const v of dedupViews) v.waiting();
  // P1's figures first, then P2's partition, then the de-duplication views of this input.
  runFigures(generation).then(async () => {
    if (generation === state.generation && partitionRuns.askedGen !== generation) await runPartition();
    if (generation === state.generation) for (const v of dedupViews) v.load(generation);
  });
}

/** Why a load that yielded no URL line changed nothing, worded from its input report. */
function nothingLoaded(source, report) {
  const at = (o) => S.lineList(o.first_lines, o.count);
  const parts = [S.loadNothing(source.kind === 'file' ? S.emptyWhatFile(source.file.name) : S.emptyWhatPaste)];
  if (report.lines) parts.push(S.reportLines(report.lines, report.urls));
  if (report.blank) parts.push(S.reportBlank(report.blank));
  if (report.too_long.count) parts.push(S.reportTooLong(report.too_long.count, at(report.too_long)));
  if (report.no_column?.count) parts.push(S.reportNoColumn(report.no_column.count, at(report.no_column)));
  if (state.lastSource) parts.push(S.loadKept(describeSource(state.lastSource)));
  return parts.reduce((a, b) => S.twoSentences(a, b));
}

/**
 * A word on the main view when the path key meets bare hosts: every path "/" puts every URL in
 * one slot (all of them, or at least half); '' otherwise. `n` keys are shown.
 */
function pathsNote(key, report, n) {
  const root = report.root_paths;
  if (key !== 'path' || !root || !n) return '';
  if (root >= n) return S.allPathsRoot(int(n));
  return 2 * root >= n ? S.manyPathsRoot(int(root), int(n)) : '';
}

/** Bytes of an input read to tell whether it is a table. */
const TABLE_SAMPLE = 64 * 1024;

/**
 * Whether a pasted or opened input is a table (CSV, TSV), as the core guesses from its first
 * bytes and its name, and the column to read: the reader's choice (`source.columns`, null for
 * whole lines; or a link's `source.column`, from 1, 0 for whole lines) or the guess. Null for a
 * plain list.
 */
async function tableOf(source) {
  const sample = source.kind === 'file' ? new Uint8Array(await source.file.slice(0, TABLE_SAMPLE).arrayBuffer()) : source.bytes.slice(0, TABLE_SAMPLE);
  const { guess } = await lab.call(MSG.guessColumns, { bytes: sample, name: source.kind === 'file' ? source.file.name : '' }, [sample.buffer]);
  const auto = guess && { delimiter: guess.delimiter, column: guess.column, header: guess.header };
  // A link's choice (`column`: from 1, 0 for whole lines) applies to the table the guess found.
  if (guess && !('columns' in source) && Number.isInteger(source.column) && source.column <= guess.fields) {
    // Kept as the reader's choice, so the link goes on carrying it.
    source.columns = source.column === 0 ? null : { ...auto, column: source.column - 1 };
  }
  const columns = 'columns' in source ? source.columns : auto;
  return guess || columns ? { guess, columns } : null;
}

/** The column choice under the input report: every column of the table, or whole lines. */
function showColumns(table) {
  const box = $('columns-box');
  box.hidden = !table?.guess;
  if (!table?.guess) return;
  const { guess, columns } = table;
  const options = Array.from({ length: guess.fields }, (_, c) => {
    const o = el('option', { text: S.columnOption(int(c + 1), guess.names?.[c] ?? '', guess.rows[0]?.[c] ?? '') });
    o.value = String(c);
    o.selected = columns?.column === c;
    return o;
  });
  const whole = el('option', { text: S.columnWhole });
  whole.value = 'whole';
  whole.selected = !columns;
  $('columns-pick').replaceChildren(...options, whole);
}

/** Loads the input again, reading the column chosen (or whole lines). */
function pickColumn() {
  const guess = state.input?.table?.guess;
  const source = state.lastSource;
  if (!guess || !source || source.kind === 'corpus') return;
  const v = $('columns-pick').value;
  // The same bytes: a paste's deflated copy for the link stays valid.
  load({ ...source, columns: v === 'whole' ? null : { delimiter: guess.delimiter, column: Number(v), header: guess.header } });
}

function describe(source) {
  if (source.kind === 'corpus') return { kind: 'corpus', n: source.n };
  if (source.kind === 'file') return { kind: 'file', name: source.file.name, size: source.file.size };
  return { kind: 'paste' };
}

// ---------------------------------------------------------------- the results view

let viewWanted = 0;
let viewDone = 0;
let viewRunning = null;

/** Asks for the results of the current functions, key and M; rapid changes coalesce. */
function requestView() {
  viewWanted += 1;
  if (!viewRunning) viewRunning = runViews().finally(() => (viewRunning = null));
  return viewRunning;
}

async function runViews() {
  while (viewDone < viewWanted) {
    const ticket = viewWanted;
    await renderView();
    viewDone = ticket;
  }
}

async function renderView() {
  if (!state.input) return;
  const fns = state.functions.map((f) => f.id).filter((id) => state.selected.has(id));
  const { key, m } = state;
  updateLink();
  const caption = $('results-caption');
  if (!fns.length) {
    showText($('results-error'), S.noFunctions);
    $('view-panel').classList.add('stale');
    return;
  }
  const perSlot = m <= PER_SLOT_MAX_M;
  const sameData = $('results').dataset.gen === String(state.generation);
  say($('results-status'), () => S.working);
  setBusy(true);
  const t0 = performance.now();
  let res;
  let asked = null;
  let missing = [];
  try {
    // Values of a function or key not hashed yet are computed in slices, with progress: the
    // worker names them instead of analysing, and is asked again once they are in.
    const args = { fns, key, m, perSlot };
    asked = firstView?.generation === state.generation && firstView.args === JSON.stringify(args) ? firstView.answer : null;
    firstView = null;
    while ((res = await (asked && !missing.length ? asked : lab.call(MSG.analyze, args))).missing) {
      for (const fn of res.missing) {
        const name = state.names[fn] ?? fn;
        say($('results-status'), () => S.hashingKey(name, S.keyName[key], percent(0, 0)));
        await lab.runJob(JOB.cache, { fn, key }, (share) => {
          say($('results-status'), () => S.hashingKey(name, S.keyName[key], percent(share, 0)));
        });
      }
      missing.push(...res.missing);
    }
  } catch (e) {
    $('results-status').textContent = '';
    reportError($('results-error'), e);
    $('view-panel').classList.add('stale');
    setBusy(Boolean(state.loading));
    return;
  }
  if (!res.rows[0].measures.n) {
    // Measures over no key at all would read as a flat, perfect-looking chart.
    $('results-status').textContent = '';
    showText($('results-error'), S.noKeys(S.keyName[key]));
    $('view-panel').classList.add('stale');
    setBusy(Boolean(state.loading));
    return;
  }
  $('view-panel').classList.remove('stale');
  // An answer asked for ahead (firstView) was computed while the page set up: its own time.
  const ms = asked ? res.ms : performance.now() - t0;
  showText($('results-error'), '');
  state.shown = { gen: state.generation, m, key, measures: Object.fromEntries(res.rows.map((r) => [r.fn, r.measures])) };
  lessonChanged();
  const rows = res.rows.map((r) => ({
    ...r,
    name: state.names[r.fn] ?? r.fn,
    summary: summaryOf(state.functions.find((f) => f.id === r.fn)),
  }));
  const first = rows[0];
  caption.textContent = S.resultsCaption(int(first.measures.n), S.keyName[key], int(m));
  caption.dataset.n = String(first.measures.n);
  $('per-slot-box').hidden = !perSlot;
  $('buckets-box').hidden = perSlot;
  if (perSlot) perSlotChart.render($('per-slot-chart'), { rows, m, idealLoad: first.ideal_load });
  else bucketsChart.render($('buckets-chart'), { rows, m });
  renderTable($('measures-table'), rows);
  if (key !== 'url') state.splitChecked = true;
  renderReport($('report'), state.input, res.report, state.splitChecked);
  showText($('results-note'), pathsNote(key, res.report, first.measures.n));
  const status = sameData && !missing.length ? S.rebinned(fixed(ms, 0)) : S.computed(fixed(ms, 0));
  $('results-status').textContent = status;
  const results = $('results');
  results.dataset.gen = String(state.generation);
  results.dataset.view = JSON.stringify({ fns, key, m });
  results.dataset.ms = String(ms);
  if (!state.firstChartMarked) {
    state.firstChartMarked = true;
    booted();
    performance.mark('uhl:first-chart');
  }
  setBusy(Boolean(state.loading));
}

// ---------------------------------------------------------------- P1's figures and "Why?"

function stepFor(n) {
  return Math.max(1, Math.floor(n / FIGURE_POINTS));
}

function printedFor() {
  if (!state.p1) return null;
  return { m: state.p1.table_m, columns: state.p1.table };
}

function drawFig1() {
  if (!state.figures[1]) return;
  fig1Chart.render($('fig1-chart'), {
    points: state.figures[1],
    m: state.fig1M,
    functions: C.p1.functions,
    names: state.names,
    printed: printedFor(),
    offchart: $('fig1-offchart'),
  });
}

function drawFig2() {
  if (!state.figures[2]) return;
  fig2Chart.render($('fig2-chart'), { points: state.figures[2], m: state.fig2M, functions: C.p1.functions, names: state.names });
}

function drawFig3() {
  if (!state.figures[3]) return;
  fig3Chart.render($('fig3-chart'), { points: state.figures[3] });
}

/** After a load: P1's figures, then the "Why?" cards, one worker job at a time. */
async function runFigures(generation) {
  state.partition.figuresGen = generation;
  try {
    await runFigureJobs(generation);
  } finally {
    if (state.partition.figuresGen === generation) state.partition.figuresGen = 0;
  }
}

async function runFigureJobs(generation) {
  const n = state.input.report.urls;
  const step = stepFor(n);
  const current = () => generation === state.generation;
  say($('figures-note'), () => S.figuresNote(int(step)));
  say($('fig3-note'), () => S.fig3Note(int(Math.min(n, C.p1.fig3Sample)), int(n), n <= C.p1.fig3Sample));
  say($('why-status'), () => S.whyPending);
  $('why').dataset.gen = '';
  for (const fig of [1, 2, 3]) $(`fig${fig}`).dataset.gen = '';
  const tasks = [
    [2, step, drawFig2],
    [3, stepFor(Math.min(n, C.p1.fig3Sample)), drawFig3],
    [1, step, drawFig1],
  ];
  const status = $('figures-status');
  for (const [fig, figStep, draw] of tasks) {
    if (!current()) return;
    const errorBox = $(`fig${fig}-error`);
    try {
      const t0 = performance.now();
      say(status, () => S.figProgress(fig, percent(0, 0)));
      const { report: { points } } = await lab.runJob(JOB.sweep, { fig, step: figStep }, (share) => {
        if (current()) say(status, () => S.figProgress(fig, percent(share, 0)));
      });
      performance.measure(`uhl:fig${fig}`, { start: t0, end: performance.now() });
      if (!current()) return;
      state.figures[fig] = points;
      showText(errorBox, '');
      draw();
      $(`fig${fig}`).dataset.gen = String(generation);
    } catch (e) {
      if (!current()) return;
      reportError(errorBox, e);
    }
  }
  status.textContent = '';
  if (!current()) return;
  try {
    const t0 = performance.now();
    const { report } = await lab.runJob(JOB.p1, {}, (share) => {
      if (current()) say($('why-status'), () => S.whyProgress(percent(share, 0)));
    });
    performance.measure('uhl:p1', { start: t0, end: performance.now() });
    if (!current()) return;
    state.p1 = report;
    $('why-status').textContent = '';
    showText($('why-error'), '');
    renderWhy($('why-cards'), report);
    showP1Prefix(report.prefix);
    lessonChanged();
    drawFig1();
    $('why').dataset.gen = String(generation);
  } catch (e) {
    if (!current()) return;
    $('why-status').textContent = '';
    reportError($('why-error'), e);
  }
}

/** Says when P1's report measured the first lines only. */
function showP1Prefix(prefix) {
  showText($('why-prefix'), prefix?.capped ? S.onPrefix(int(prefix.lines), int(prefix.loaded), fmtBytes(prefix.keep_budget)) : '');
}

// ---------------------------------------------------------------- P2's crawler partition

/** The partition's runs: the report on screen stays, marked stale, until its successor is drawn. */
const partitionRuns = sectionRuns(
  { generation: () => state.generation, reportError },
  {
    section: $('partition'),
    error: $('part-error'),
    status: $('part-status'),
    bar: $('part-progress'),
    stale: (flag) => $('part-body').classList.toggle('stale', flag && Boolean(state.partition.report)),
    measure: 'uhl:partition',
  },
);

function drawPartition() {
  const { report, policy, reading } = state.partition;
  if (!report) return;
  const shown = renderPartition(report, { policy, reading, names: state.names });
  $('part-body').hidden = false;
  const section = $('partition');
  section.dataset.policy = shown;
  section.dataset.reading = $('part-reading').value;
  updateLink();
  lessonChanged();
}

/**
 * Simulates every policy on the input on screen with the crawl nodes in the field. The worker
 * runs it when the Lab's job slot is free (after the P1 figure it is computing, if any); a
 * newer request supersedes it.
 */
async function runPartition() {
  if (!state.input) return;
  const nodes = state.partition.nodes;
  // The lines it reads: all of them, or the first ones the page kept.
  const { report: input } = state.input;
  const urls = int(input.urls_kept ? input.urls : Math.min(input.urls, input.lines_kept));
  const queued = state.partition.figuresGen === state.generation;
  const run = partitionRuns.begin(() => (queued ? S.partQueued : S.partProgress(int(nodes), urls, percent(0, 0))));
  try {
    const { report } = await lab.runJob(
      JOB.partition,
      { nodes },
      run.progress((share) => S.partProgress(int(nodes), urls, percent(share, 0))),
    );
    if (!run.current()) return;
    const ms = run.seconds() * 1000;
    state.partition.report = report;
    state.partition.gen = run.generation;
    drawPartition();
    run.done(() => S.partDone(int(nodes), fixed(ms, 0)), { nodes: String(report.simulation.nodes) });
  } catch (e) {
    run.failed(e);
  }
}

/** Reads the crawl-nodes field; a valid new number re-runs the simulation. */
function applyNodes() {
  const input = $('part-nodes');
  const { nodes, error } = parseNodes(input.value, input.validity.badInput);
  if (error) {
    showText($('part-nodes-error'), error);
    input.setAttribute('aria-invalid', 'true');
    return;
  }
  showText($('part-nodes-error'), '');
  input.removeAttribute('aria-invalid');
  if (nodes === state.partition.nodes && partitionRuns.askedGen === state.generation) return;
  state.partition.nodes = nodes;
  runPartition();
}

function wirePartition() {
  buildPolicySelect($('part-policy'), state.partition.policy);
  const input = $('part-nodes');
  input.value = String(state.partition.nodes);
  let timer = null;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(applyNodes, NODES_DEBOUNCE_MS);
  });
  input.addEventListener('change', () => {
    clearTimeout(timer);
    applyNodes();
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      clearTimeout(timer);
      applyNodes();
    }
  });
  $('part-policy').addEventListener('change', () => {
    state.partition.policy = $('part-policy').value;
    drawPartition();
  });
  $('part-reading').addEventListener('change', () => {
    state.partition.reading = $('part-reading').value;
    drawPartition();
  });
}

// ---------------------------------------------------------------- P4's trie, P4's and P5's filters, P3

/** Puts `text` in the paste box and loads it (P3's example list). */
function loadText(text) {
  setPasted(text);
  return load({ kind: 'paste', bytes: new TextEncoder().encode(text), by: 'user' });
}

/** Builds the four views; each calls the worker through the Lab client of the moment. */
function setupDedupViews() {
  const ctx = {
    call: (type, args, transfer, onProgress) => lab.call(type, args, transfer, onProgress),
    /** Study `kind` of the core with `params`, run in the worker's sliced loop. */
    runJob: (kind, params, onProgress) => lab.runJob(kind, params, onProgress),
    reportError,
    input: () => state.input,
    generation: () => state.generation,
    structures: () => state.structures,
    methods: () => state.methods,
    loadText,
    key: () => state.key,
    /** The functions the slot map draws: P1's three and the selected ones, at most six images. */
    functions: () => functionsToHash().slice(0, SLOTMAP_IMAGES),
    functionInfo: (id) => state.functions.find((f) => f.id === id),
    /** A view's last report, for the lessons. */
    publish: (name, data, { needsInput = true } = {}) => {
      state.published[name] = { data, gen: needsInput ? state.generation : null };
      lessonChanged();
    },
  };
  const trie = setupTrie(ctx);
  const fingerprint = setupFingerprint(ctx);
  dedupViews = [trie, setupBloom(ctx), setupCbf(ctx), fingerprint, setupSlotmap(ctx)];
  // Their first drawings need no input: asked for after the first load, not ahead of it.
  return () => {
    trie.start();
    fingerprint.start();
  };
}

// ---------------------------------------------------------------- the paste box

/**
 * Puts `text` in the paste box as what it stands for: whole, or its first lines when it is
 * long; the caret at `caret` (an index of the box's value) when it is shown whole.
 */
function setPasted(text, caret = null) {
  const box = $('paste');
  const big = text.length >= BIG_PASTE_CHARS;
  box.value = big ? previewOf(text, PREVIEW_LINES, 4000) : text;
  state.pasted = { text, shown: box.value };
  if (!big && caret !== null) box.setSelectionRange(caret, caret);
  noteBigPaste();
}

/** The note under the box while it shows only the first lines of what it holds. */
function noteBigPaste() {
  const kept = state.pasted;
  const hidden = kept && boxValue(kept.text) !== kept.shown;
  showText($('paste-note'), hidden ? S.bigPaste(int(countLines(kept.text)), PREVIEW_LINES) : '');
}

// ---------------------------------------------------------------- start-up

function wireControls() {
  bound($('part-nodes'), 1, C.p2.pageMaxNodes);
  $('part-nodes').value = String(state.partition.nodes);
  $('presets').addEventListener('scroll', presetsEnd, { passive: true });
  addEventListener('resize', presetsEnd, { passive: true });
  $('corpus-load').addEventListener('click', () => load({ kind: 'corpus', n: Number($('corpus-n').value), by: 'user' }));
  $('columns-pick').addEventListener('change', pickColumn);
  // What the box stands for is kept aside as pasted (state.pasted): the box's value has every
  // CRLF and lone CR turned into LF, and a big paste shows only its first lines (filling a
  // <textarea> with 100 000 lines freezes the page for seconds). Edits of the box are applied
  // to the kept text; emptying the box empties it.
  $('paste').addEventListener('paste', (event) => {
    const text = event.clipboardData?.getData('text/plain') ?? '';
    if (!text) return;
    event.preventDefault();
    const box = $('paste');
    const raw = state.pasted?.text ?? box.value;
    const before = box.value.slice(0, box.selectionStart);
    setPasted(spliceRaw(raw, box.selectionStart, box.selectionEnd, text), before.length + boxValue(text).length);
  });
  $('paste').addEventListener('input', () => {
    const box = $('paste');
    const kept = state.pasted;
    if (!kept || !box.value) {
      state.pasted = null;
      showText($('paste-note'), '');
      return;
    }
    kept.text = applyEdit(kept.text, kept.shown, box.value);
    kept.shown = box.value;
    noteBigPaste();
  });
  $('paste-go').addEventListener('click', () => {
    const text = state.pasted?.text ?? $('paste').value;
    // White space alone is read too: the core's report says what it held.
    if (!text) {
      showText($('input-error'), S.pasteEmpty);
      return;
    }
    load({ kind: 'paste', bytes: new TextEncoder().encode(text), by: 'user' });
  });
  $('file').addEventListener('change', () => {
    const file = $('file').files[0];
    if (file) load({ kind: 'file', file, by: 'user' }).finally(() => ($('file').value = ''));
  });
  $('cancel').addEventListener('click', () => cancelLoad());
  for (const radio of document.querySelectorAll('input[name="key"]')) {
    radio.addEventListener('change', () => {
      showText($('key-error'), '');
      const blocked = radio.checked ? [...state.selected].filter((fn) => !computable(fn, radio.value)) : [];
      if (blocked.length) {
        // The lines were not kept: the key the load hashed stays.
        refuseKey(radio.value, blocked);
        return;
      }
      if (radio.checked) {
        state.key = radio.value;
        showDataBadge();
        requestView();
      }
    });
  }
  $('m-apply').addEventListener('click', applyTypedSlots);
  $('m-input').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      applyTypedSlots();
    }
  });
  $('m-input').addEventListener('change', applyTypedSlots);
  $('banner-dismiss').addEventListener('click', () => ($('banner').hidden = true));
  $('banner-restart').addEventListener('click', () => restart());
  buildSegments('fig1-m', C.p1.fig1Slots, state.fig1M, (m) => {
    state.fig1M = m;
    drawFig1();
  });
  buildSegments('fig2-m', C.p1.fig2Slots, state.fig2M, (m) => {
    state.fig2M = m;
    drawFig2();
  });
  wireDrop();
}

function wireDrop() {
  const overlay = $('drop-overlay');
  let depth = 0;
  const hasFiles = (e) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
  window.addEventListener('dragenter', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    depth += 1;
    overlay.hidden = false;
  });
  window.addEventListener('dragover', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  });
  window.addEventListener('dragleave', () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) overlay.hidden = true;
  });
  window.addEventListener('drop', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    depth = 0;
    overlay.hidden = true;
    const file = e.dataTransfer.files[0];
    if (file) load({ kind: 'file', file, by: 'user' });
  });
}

/** A new worker, asked at once for its registries (it compiles the wasm meanwhile). */
function startLab() {
  lab = new LabClient(
    (message) => showBanner(S.workerFailed(message)),
    (message) => restart(S.workerBroken(message)),
  );
  return lab.hello();
}

async function connect(hello = startLab()) {
  const { functions, structures, methods } = await hello;
  state.functions = functions;
  state.structures = structures;
  state.methods = methods;
  state.names = Object.fromEntries(functions.map((f) => [f.id, nameOf(f)]));
  knowNames(state.names);
}

let restarting = null;

/**
 * A new worker (the old one and its memory are dropped), then the input on screen loaded
 * again (the built-in corpus when there is none). `why` is told in the banner, unless `quiet`.
 */
function restart(why = '', { quiet = false } = {}) {
  if (restarting) return restarting;
  restarting = (async () => {
    if (!quiet) showBanner(S.restarting(why));
    cancelLoad();
    setLoading(null);
    lab?.terminate();
    state.generation += 1;
    const source = state.lastSource ?? { kind: 'corpus', n: C.corpus.firstLoad };
    try {
      await connect();
      await load(source);
      if (!quiet) showBanner(S.restarted(why, describeSource(source)));
      document.body.dataset.restarts = String(Number(document.body.dataset.restarts || 0) + 1);
    } catch (e) {
      showBanner(S.workerFailed(wordError(e)), { restart: true });
    }
  })().finally(() => (restarting = null));
  return restarting;
}

/** A few words naming an input, for the banner. */
function describeSource(source) {
  if (source.kind === 'corpus') return S.againCorpus(int(source.n));
  if (source.kind === 'file') return S.againFile(source.file.name);
  return S.againPaste;
}

// ---------------------------------------------------------------- links, language, projector

/** The page's state as the text of a link's fragment (see permalink.js), with `overrides`. */
function currentLink(overrides = {}) {
  return encodeState({
    embed: state.embed,
    lang: language(),
    source: state.lastSource,
    lines: state.input?.report.lines,
    fns: state.functions.map((f) => f.id).filter((id) => state.selected.has(id)),
    m: state.m,
    key: state.key,
    nodes: state.partition.nodes,
    policy: state.partition.policy,
    view: state.view,
    focus: map?.focused(),
    lesson: state.lesson?.id,
    step: state.lesson?.step,
    quiz: state.quizSeed,
    question: lessons?.question(),
    ...overrides,
  });
}

/**
 * Keeps the address bar on the state shown, in its fragment (never sent to a server), so
 * copying it copies the view; a link with the state in its query is rewritten so.
 */
function updateLink() {
  if (!state.linkReady) return;
  const url = `${location.pathname}#${currentLink()}`;
  if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(null, '', url);
  if (state.embed) {
    // The embed's way out: the whole lab on the same state.
    $('embed-open').href = `${location.pathname}#${currentLink({ embed: null })}`;
    say($('embed-what'), () => state.lastSource ? S.embedWhat(describeSource(state.lastSource)) : '');
  }
}

/**
 * What the address asks for, applied before the first load: language, functions, M, key, crawl
 * nodes and policy; returns the first input (a link cannot carry a file or a long paste: the
 * corpus opens instead, and `state.linkNote` says why).
 */
function readLink(link) {
  if (link.m) {
    const { m } = parseSlots(link.m);
    if (m) state.m = m;
  }
  if (link.key) state.key = link.key;
  if (link.nodes && link.nodes <= C.p2.pageMaxNodes) state.partition.nodes = link.nodes;
  if (link.policy) state.partition.policy = link.policy;
  if (link.view) state.view = link.view;
  const src = link.source;
  if (src?.kind === 'corpus') return { kind: 'corpus', n: C.corpus.sizes.includes(src.n) ? src.n : C.corpus.firstLoad, by: 'user' };
  if (src?.kind === 'paste') return { ...src, by: 'user' };
  if (src?.kind === 'file') state.linkNote = S.linkFile(src.name);
  if (src?.kind === 'paste-too-big') state.linkNote = S.linkPasteTooBig(int(src.lines), fmtBytes(src.bytes));
  return { kind: 'corpus', n: C.corpus.firstLoad };
}

/** The functions a link selects, once their ids are known. */
function selectLinked(fns) {
  const known = new Set(state.functions.map((f) => f.id));
  const chosen = (fns ?? []).filter((id) => known.has(id));
  if (chosen.length) state.selected = new Set(chosen);
}

/** Draws every part of the page again in the language now chosen, from what it shows. */
function relabel() {
  document.title = S.title;
  applyStrings(document);
  resay();
  markLanguage();
  const corpusN = $('corpus-n').value;
  buildCorpusSelect();
  $('corpus-n').value = corpusN;
  state.names = Object.fromEntries(state.functions.map((f) => [f.id, nameOf(f)]));
  knowNames(state.names);
  buildFunctionList();
  buildPresets();
  markPresets();
  buildPolicySelect($('part-policy'), state.partition.policy);
  if (state.input) {
    renderReport($('report'), state.input, state.input.report, state.splitChecked);
    showColumns(state.input.table);
    requestView();
    const n = state.input.report.urls;
    say($('figures-note'), () => S.figuresNote(int(stepFor(n))));
    say($('fig3-note'), () => S.fig3Note(int(Math.min(n, C.p1.fig3Sample)), int(n), n <= C.p1.fig3Sample));
  }
  drawFig1();
  drawFig2();
  drawFig3();
  if (state.p1) {
    renderWhy($('why-cards'), state.p1);
    showP1Prefix(state.p1.prefix);
  }
  drawPartition();
  showDataBadge();
  showLessonData();
  for (const v of dedupViews) v.relabel();
  for (const hook of relabelHooks) hook();
}

/** The parameters written into every exported chart and table. */
function exportParams() {
  const src = state.lastSource;
  const input = state.input?.report;
  return {
    input: src?.kind === 'corpus' ? `built-in corpus, seed ${C.corpus.seed}` : src?.kind === 'file' ? `file ${src.file.name}` : src ? 'pasted URLs' : '',
    urls: input?.urls ?? 0,
    functions: state.functions.map((f) => f.id).filter((id) => state.selected.has(id)),
    m: state.m,
    key: state.key,
    crawl_nodes: state.partition.nodes,
    policy: state.partition.policy,
    language: language(),
    lesson: state.lesson ? `${state.lesson.id} step ${state.lesson.step + 1}` : '',
  };
}

/** Other modules (the lessons) draw themselves again through these. */
const relabelHooks = [];
/** The map of the lab (map.js), once the page is set up. */
let map = null;
/** The lesson panel (lessons.js), once set up. */
let lessons = null;
/** Asks watchSections() to find the section being read again (after a collapse or a focus). */
let sectionsChanged = () => {};

// ---------------------------------------------------------------- lessons

const lessonWatchers = [];

/** A view changed: the lesson's live sentence may be ready. */
function lessonChanged() {
  for (const w of lessonWatchers) w();
}

/** What the page shows, for a lesson step's live sentence. */
function lessonData() {
  const current = Object.fromEntries(
    Object.entries(state.published)
      .filter(([, v]) => v.gen === state.generation || v.gen === null)
      .map(([k, v]) => [k, v.data]),
  );
  // Numbers of an older load are never handed on under the newer load's name.
  const shown = state.shown?.gen === state.generation ? state.shown : {};
  const src = state.lastSource;
  return {
    ...shown,
    source: src ? { kind: src.kind, n: src.n ?? null } : null,
    p1: state.p1,
    partition: state.partition.gen === state.generation ? state.partition.report : null,
    input: state.input?.report,
    ...current,
  };
}

/** Sets the page up as a lesson step asks; resolves once the results view is redrawn. */
async function applyLessonSetup(setup) {
  const src = state.lastSource;
  if (setup.corpus && !(src?.kind === 'corpus' && src.n === setup.corpus) && state.keptForLessons !== src) {
    // Data the reader chose is swapped only if they say so; the page's or a lesson's is
    // swapped at once. Either way the swap can be undone.
    const keep = src?.by === 'user' && (await askData(setup.corpus, src)) === 'keep';
    if (keep) state.keptForLessons = src;
    else {
      $('corpus-n').value = String(setup.corpus);
      await load({ kind: 'corpus', n: setup.corpus, by: 'lesson' });
      if (state.lastSource !== src) offerUndo(src);
    }
    showLessonData();
  }
  if (setup.fns) {
    state.selected = new Set(setup.fns);
    buildFunctionList();
  }
  if (setup.key && setup.key !== state.key) {
    state.key = setup.key;
    checkKey(setup.key);
    showDataBadge();
  }
  if (setup.policy && setup.policy !== state.partition.policy) {
    state.partition.policy = setup.policy;
    $('part-policy').value = setup.policy;
    drawPartition();
  }
  if (setup.nodes && setup.nodes !== state.partition.nodes) {
    $('part-nodes').value = String(setup.nodes);
    applyNodes();
  }
  for (const [id, value] of Object.entries(setup.fields ?? {})) {
    const field = $(id);
    if (!field || field.value === String(value)) continue;
    field.value = String(value);
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
  for (const id of setup.click ?? []) $(id)?.click();
  if (setup.m && setup.m !== state.m) setSlots(setup.m);
  // Kept data too big to keep shows only what its load hashed.
  if (state.input) settleChoices();
  await requestView();
}

/**
 * Asks whether to keep the data on screen (`src`) or load a lesson's `n` corpus URLs; resolves
 * to 'keep' or 'lesson'. Closing the question keeps the data.
 */
function askData(n, src) {
  const dialog = $('data-ask');
  showText($('data-ask-text'), S.askData(describeSource(src), int(n)));
  $('data-ask-keep').textContent = S.askKeep(describeSource(src));
  $('data-ask-load').textContent = S.askLoad(int(n));
  return new Promise((resolve) => {
    const done = (choice) => {
      dialog.removeEventListener('close', closed);
      if (dialog.open) dialog.close();
      resolve(choice);
    };
    const closed = () => done('keep');
    dialog.addEventListener('close', closed);
    $('data-ask-keep').onclick = () => done('keep');
    $('data-ask-load').onclick = () => done('lesson');
    dialog.showModal();
    // The safe answer has the focus: Enter keeps the reader's data.
    $('data-ask-keep').focus();
  });
}

/** After a lesson loaded its data in place of `previous`: a button that loads `previous` again. */
function offerUndo(previous) {
  const box = $('data-undo');
  if (!previous) {
    box.hidden = true;
    return;
  }
  const back = el('button', { text: S.undoData(describeSource(previous)), attrs: { type: 'button', id: 'data-undo-go' } });
  back.addEventListener('click', async () => {
    box.hidden = true;
    await load(previous);
    showLessonData();
  });
  box.replaceChildren(el('span', { text: `${S.dataSwapped(describeSource(state.lastSource), describeSource(previous))} ` }), back);
  box.hidden = false;
}

/** The lesson panel's line on the data: kept by the reader, or swapped (with its undo). */
function showLessonData() {
  const kept = state.keptForLessons && state.keptForLessons === state.lastSource;
  showText($('lesson-data'), kept ? S.dataKept(describeSource(state.lastSource)) : '');
}

/** The data badge: the one place naming the data every number on screen is of. */
function showDataBadge() {
  const badge = $('data-badge');
  const src = state.lastSource;
  if (!src || !state.input) return;
  const what = src.kind === 'corpus' ? S.badgeCorpus : src.kind === 'file' ? src.file.name : S.badgePaste;
  const urls = state.input.report.urls;
  $('data-badge-source').textContent = what;
  $('data-badge-size').textContent = S.badgeSize(int(urls), S.keyName[state.key]);
  badge.title = S.badgeTitle(describeSource(src), int(urls), S.keyName[state.key]);
  badge.setAttribute('aria-label', badge.title);
  badge.dataset.gen = String(state.generation);
  badge.dataset.source = src.kind;
  badge.dataset.urls = String(urls);
  badge.dataset.key = state.key;
}

function markLanguage() {
  const b = $('lang-toggle');
  const zh = language() === 'zh';
  b.textContent = zh ? 'English' : '中文';
  b.lang = zh ? 'en' : 'zh-CN';
  b.setAttribute('aria-label', zh ? 'Switch the page to English' : '把页面切换为中文');
}

async function switchLanguage(lang) {
  await setLanguage(lang);
  try {
    localStorage.setItem('uhl-lang', lang);
  } catch {
    // Storage may be off (private windows); the link still carries the language.
  }
  relabel();
  updateLink();
}

/** The language to open in: the link's, the one chosen before, or the browser's. */
function firstLanguage(link) {
  if (link.lang) return link.lang;
  try {
    const saved = localStorage.getItem('uhl-lang');
    if (saved === 'en' || saved === 'zh') return saved;
  } catch {
    // Storage may be off.
  }
  return (navigator.languages ?? [navigator.language]).some((l) => /^zh\b/i.test(l ?? '')) ? 'zh' : 'en';
}

function setProjector(on) {
  document.body.classList.toggle('projector', on);
  $('projector-toggle').setAttribute('aria-pressed', on ? 'true' : 'false');
  try {
    localStorage.setItem('uhl-projector', on ? '1' : '0');
  } catch {
    // Storage may be off.
  }
  // Charts take their sizes from the CSS.
  for (const c of document.querySelectorAll('canvas')) window.Chart?.getChart(c)?.resize();
}

/** The theme the reader chose ('dark' or 'light'), or null to follow the system. */
function storedTheme() {
  try {
    return localStorage.getItem('uhl-theme');
  } catch {
    return null; // Storage may be off.
  }
}

/** Shows the dark or the light theme (remembered when `save`); the charts are drawn again in it. */
function setTheme(dark, { save = false } = {}) {
  const root = document.documentElement;
  const changed = root.dataset.theme !== (dark ? 'dark' : 'light');
  root.dataset.theme = dark ? 'dark' : 'light';
  $('theme-toggle').setAttribute('aria-pressed', dark ? 'true' : 'false');
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#0b0f15' : '#1b2230');
  if (save) {
    try {
      localStorage.setItem('uhl-theme', dark ? 'dark' : 'light');
    } catch {
      // Storage may be off.
    }
  }
  // Before the lab is connected, setupCharts() takes the theme's colours and nothing is drawn yet.
  if (changed && state.functions.length) {
    themeCharts();
    relabel();
  }
}

async function copyLink() {
  await state.lastSource?.packing;
  updateLink();
  const url = location.href;
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch {
    // No clipboard here (plain http, or refused): show the link to copy by hand.
  }
  const tooBig = state.lastSource?.kind === 'paste' && new URLSearchParams(stateText(location)).get('src') === 'paste-too-big';
  const parts = [copied ? S.linkCopied : S.linkShown(url)];
  if (tooBig) parts.push(S.linkPasteNotCarried(int(state.input.report.lines)));
  if (state.lastSource?.kind === 'file') parts.push(S.linkFileNotCarried(state.lastSource.file.name));
  showText($('link-note'), parts.join(' '));
}

/** Follows which section is in view, for the link. */
function watchSections() {
  const sections = [...document.querySelectorAll('main section.panel[id], .layout section.panel[id]')];
  let queued = false;
  // The section being read: the last one (in page order) whose top has passed the line just
  // under the sticky map; before any has, the first one on screen.
  const inView = () => {
    const line = ($('map')?.getBoundingClientRect().bottom ?? 0) + 48;
    let current = null;
    let best = -Infinity;
    for (const section of sections) {
      const box = section.getBoundingClientRect();
      if (!box.height || box.bottom <= 0 || box.top >= innerHeight) continue;
      const top = box.top <= line ? box.top : -Infinity;
      if (top > best || current === null) {
        if (top > best) best = top;
        current = section.id;
      }
    }
    return current;
  };
  const update = () => {
    queued = false;
    if (!state.linkReady) return;
    // While the map holds a section in place, that one is being read (views above still grow).
    const current = map?.pinned() ?? inView();
    if (!current || current === state.view) return;
    state.view = current;
    map?.markCurrent(state.view);
    clearTimeout(state.viewTimer);
    state.viewTimer = setTimeout(updateLink, 300);
  };
  const queue = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(update);
  };
  addEventListener('scroll', queue, { passive: true });
  addEventListener('resize', queue, { passive: true });
  sectionsChanged = queue;
  queue();
}

/** The page is drawn whole from now on (see body.booting in style.css). */
function booted() {
  document.body.classList.remove('booting');
}

async function main() {
  // The worker starts first (early-worker.js has started it, unless it could not): fetching
  // and compiling the wasm overlaps the page's own set-up.
  let hello = null;
  if (typeof Worker !== 'undefined') {
    try {
      hello = startLab();
    } catch (e) {
      hello = Promise.reject(e);
    }
    hello.catch(() => {}); // answered at connect() below
  }
  const link = decodeState(stateText(location));
  state.quizSeed = link.quiz ?? (crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000_000);
  if (link.source?.packed) {
    try {
      const { packed, column } = link.source;
      link.source = { kind: 'paste', bytes: await unpackPaste(packed), ...(column === undefined ? {} : { column }) };
    } catch {
      delete link.source;
      state.linkNote = S.linkPasteBroken;
    }
  }
  await setLanguage(firstLanguage(link));
  const first = readLink(link);
  // The first input is on its way to the worker before the page's long set-up.
  const fed = hello ? prefeed(first) : null;
  document.title = S.title;
  applyStrings(document);
  labelScrollRegions();
  if (link.embed) {
    if (showEmbed(link.embed)) state.embed = link.embed;
    else state.linkNote = S.embedUnknown(link.embed);
  }
  markLanguage();
  map = setupMap({
    onChange: () => {
      sectionsChanged();
      updateLink();
    },
  });
  relabelHooks.push(() => map.relabel());
  if (link.focus) map.focusPaper(link.focus);
  // The five papers in a sentence each: open on screens wide enough to keep the first chart in view.
  $('papers').open = matchMedia('(min-width: 1000px) and (min-height: 850px)').matches;
  buildCorpusSelect();
  buildPresets();
  $('m-input').value = String(state.m);
  checkKey(state.key);
  markPresets();
  $('lang-toggle').addEventListener('click', () => switchLanguage(language() === 'zh' ? 'en' : 'zh'));
  $('copy-link').addEventListener('click', copyLink);
  $('projector-toggle').addEventListener('click', () => setProjector(!document.body.classList.contains('projector')));
  const systemDark = matchMedia('(prefers-color-scheme: dark)');
  // boot-check.js has set the theme before the first paint (unless storage is off).
  const early = document.documentElement.dataset.theme;
  setTheme(early ? early === 'dark' : systemDark.matches);
  systemDark.addEventListener('change', () => storedTheme() || setTheme(systemDark.matches));
  $('theme-toggle').addEventListener('click', () => setTheme(document.documentElement.dataset.theme !== 'dark', { save: true }));
  try {
    if (localStorage.getItem('uhl-projector') === '1') setProjector(true);
  } catch {
    // Storage may be off.
  }
  if (typeof Worker === 'undefined') {
    showBanner(S.noWorker);
    return;
  }
  try {
    setupCharts();
    // A phone turned sideways (or a window narrowed) changes the charts' type: drawn again.
    onChartTypeChange(() => {
      if (state.functions.length) relabel();
    });
  } catch (e) {
    showBanner(wordError(e));
  }
  wireControls();
  wirePartition();
  try {
    await connect(hello);
  } catch (e) {
    showBanner(S.workerFailed(wordError(e)));
    return;
  }
  selectLinked(link.fns);
  buildFunctionList();
  if (first.kind === 'corpus') $('corpus-n').value = String(first.n);
  if (first.kind === 'paste') setPasted(new TextDecoder().decode(first.bytes));
  if (state.linkNote) showText($('link-note'), state.linkNote);
  const view = state.view;
  // The first chart comes before the set-up of the views below it (the worker has the results
  // ready by now, and the page's thread is the one to wait for).
  await load(first, fed);
  const startDedupViews = setupDedupViews();
  // They wait for P1's figures, as after any load (load() found none to tell).
  if (state.input) for (const v of dedupViews) v.waiting();
  $('data-badge').addEventListener('click', (e) => {
    e.preventDefault();
    map.bring('input-panel');
  });
  lessons = setupLessons({
    apply: applyLessonSetup,
    bring: (id) => map.bring(id),
    data: lessonData,
    onChange: (f) => lessonWatchers.push(f),
    saveStep: (step) => {
      state.lesson = step;
      updateLink();
    },
    quiz: async (lesson, index) => (await lab.call(MSG.quiz, { lesson, seed: state.quizSeed, index })).question,
    names: () => state.names,
    generation: () => state.generation,
    link: () => {
      updateLink();
      return location.href;
    },
    saveQuestion: () => updateLink(),
  });
  relabelHooks.push(() => lessons.relabel());
  // The export toolbars (each placed by reading its chart box's style) come after the first chart.
  setupExports(() => exportParams());
  startDedupViews();
  // The service worker caches every file of the build after the first results, not before.
  setupOffline(relabelHooks);
  // A fragment (#p4-trie) names a section to open at; it then lives on as `view` in the link.
  const fromHash = Boolean(anchorOf(location)) && map.go(anchorOf(location));
  state.linkReady = true;
  updateLink();
  // A fragment holding another state (a link followed within the page, the embed's way out, or
  // the address edited) opens it.
  addEventListener('hashchange', () => {
    if (stateText(location) === location.hash.slice(1) && location.hash.slice(1) !== currentLink()) location.reload();
  });
  // A link's paper in focus wins over a section of another paper it was read at.
  const paperOfView = view && document.getElementById(view)?.dataset.paper;
  const viewShown = !link.focus || !paperOfView || paperOfView === link.focus;
  if (!fromHash && view && view !== 'input-panel' && viewShown) map.reveal(view)?.scrollIntoView();
  watchSections();
  if (link.lesson && !state.embed) await lessons.open(link.lesson, link.step ?? 0, link.question);
}

// Whatever stopped the first chart, the page is drawn whole.
main().finally(booted);
