// The filter bake-off (beyond the papers, in P5's group): on the filter views' split of the
// loaded URLs, P4's and P5's Bloom filters (each index derivation), P5's counting filter and
// IMP-CB, a cuckoo filter, xor8 and binary fuse 8 and 16, sized for chosen target
// false-positive rates or bits per key: bits per key against the rate measured on held-out URLs
// with its 95 % interval, each filter's formula, the log2(1/ε) bound, what each supports, and
// build and lookup ns per key timed in the browser. The study runs in the page's second
// WebAssembly module (www/second-module.js). Formatting only: every number comes from the wasm's report.
import { S } from '../strings.js';
import { C } from '../constants.js';
import { int, fixed, small } from '../format.js';
import { $, el, say } from '../dom.js';
import { markField, markPressed } from '../fields.js';
import { sectionRuns } from './section-run.js';
import * as filtersChart from '../charts/filters.js';
import { JOB, MSG } from '../protocol.js';

/** The presets: target rates (`urlhash filters`' default), and bits per key. */
const PRESETS = {
  fpr: { by: 'fpr', values: C.p5.bakeoff.fpr },
  bits: { by: 'bits', values: [8, 10, 12, 16] },
};

/** `v` as the field shows it: a rate as a percentage, bits as they are. */
function shown(by, v) {
  return by === 'fpr' ? `${+(v * 100).toPrecision(6)}%` : String(v);
}

/**
 * The values typed in `text` (commas or spaces between them; a rate may end in %), or an error
 * naming the first one out of range.
 * @param {string} by 'fpr' or 'bits'
 * @param {string} text
 */
export function readValues(by, text) {
  const parts = text.split(/[,\s，]+/).filter(Boolean);
  if (!parts.length) return { error: S.filterValuesEmpty };
  const b = C.p5.bakeoff;
  const [min, max] = by === 'fpr' ? [b.minFpr, b.maxFpr] : [b.minBitsPerKey, b.maxBitsPerKey];
  const values = [];
  for (const part of parts) {
    const pct = by === 'fpr' && /%$/.test(part);
    const v = Number(pct ? part.slice(0, -1) : part) / (pct ? 100 : 1);
    if (!Number.isFinite(v) || v < min || v > max) return { error: S.filterValueRange(by, part, shown(by, min), shown(by, max)) };
    values.push(v);
  }
  return { values };
}

/** @param {any} ctx the de-duplication views' context (dedup.js) */
export function setupFilters(ctx) {
  const state = { by: 'fpr', values: [...PRESETS.fpr.values] };
  let lastReport = null;
  /** Build and lookup timings by row, as they come. */
  let times = [];

  const params = () => (state.by === 'fpr' ? { bitsPerKey: [], fpr: state.values } : { bitsPerKey: state.values, fpr: [] });

  function fill() {
    for (const r of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="filters-by"]'))) r.checked = r.value === state.by;
    /** @type {HTMLInputElement} */ ($('filters-values')).value = state.values.map((v) => shown(state.by, v)).join(', ');
    say($('filters-values-label'), () => (state.by === 'fpr' ? S.filterValuesFpr : S.filterValuesBits));
  }

  function readControls() {
    const by = /** @type {HTMLInputElement} */ (document.querySelector('input[name="filters-by"]:checked'))?.value ?? 'fpr';
    const r = readValues(by, /** @type {HTMLInputElement} */ ($('filters-values')).value);
    markField($('filters-values'), $('filters-values-error'), r.error, readControls);
    if (r.error) return false;
    state.by = by;
    state.values = r.values;
    return true;
  }

  function markPresets() {
    for (const [name, p] of Object.entries(PRESETS)) {
      markPressed($(`filters-preset-${name}`), p.by === state.by && p.values.join() === state.values.join());
    }
  }

  function apply() {
    if (!readControls()) return;
    markPresets();
    if (ctx.input()) run();
  }

  const runs = sectionRuns(ctx, {
    section: $('filters'),
    error: $('filters-error'),
    status: $('filters-status'),
    bar: $('filters-progress'),
    body: $('filters-body'),
    early: $('filters-fig'),
    measure: 'uhl:filters',
  });

  async function run() {
    if (!ctx.input()) return;
    const asked = params();
    const r = runs.begin(() => S.rebLoadingModule);
    const progress = r.progress((share) => S.filterProgress(Math.round(share * 100)));
    times = [];
    try {
      const { report } = await ctx.runJob(JOB.filters, asked, (share, partial) => {
        progress(share);
        if (!partial || !r.current() || !partial.rows?.length) return;
        drawChart({ inserted: partial.rows[0].inserted, held_out: partial.rows[0].held_out, filters: partial.rows }, partial.planned);
        runs.drewEarly(/** @type {HTMLCanvasElement} */ ($('filters-chart')), r.generation);
      });
      if (!r.current()) return;
      lastReport = report;
      render(report);
      ctx.publish('filters', report);
      const took = fixed(r.seconds(), 1);
      r.done(() => S.rebDone(took), { by: state.by, values: state.values.join(',') });
      timeRows(report, asked, r);
    } catch (e) {
      r.failed(e);
    }
  }

  /** Each row built and looked up again, timed in the browser, one a request. */
  async function timeRows(report, asked, r) {
    for (let i = 0; i < report.filters.length; i++) {
      try {
        const { time } = await ctx.call(MSG.filtersTime, { params: asked, index: i });
        if (!r.current() || lastReport !== report) return;
        times[i] = time;
        renderTable(report);
      } catch {
        return;
      }
    }
    $('filters-table').dataset.timed = String(report.filters.length);
  }

  function drawChart(report, planned = null) {
    $('filters-fig').hidden = false;
    const marks = [
      { x: C.p5.bakeoff.p4BitsPerKey, label: S.filterMarkP4(C.p5.bakeoff.p4BitsPerKey) },
      { x: C.p5.bakeoff.p5BitsPerKey, label: S.filterMarkP5(C.p5.bakeoff.p5BitsPerKey) },
    ];
    filtersChart.render(/** @type {HTMLCanvasElement} */ ($('filters-chart')), { report, marks });
    const row = (id) => report.filters.find((x) => x.filter === id && x.built);
    const [xor, fuse, cuckoo] = ['xor8', 'binary-fuse8', 'cuckoo'].map(row);
    say($('filters-note'), () =>
      S.filterNote(
        int(report.inserted),
        int(report.held_out),
        xor ? [fixed(xor.bits_per_key, 2), small(xor.fpr)] : null,
        fuse ? [fixed(fuse.bits_per_key, 2), small(fuse.fpr)] : null,
        cuckoo ? [fixed(cuckoo.bits_per_key, 2), cuckoo.fingerprint_bits, small(cuckoo.fpr)] : null,
        planned === null ? null : [int(report.filters.length), int(planned)],
      ),
    );
  }

  function render(report) {
    drawChart(report);
    renderTable(report);
    const i = report.input;
    // More lines than the filters take (the page's cap, or the lines it could keep): said.
    const capped = () => (i.capped ? ` ${i.by_budget ? S.bloomCappedBudget(int(i.lines)) : S.bloomCapped(int(i.cap))}` : '');
    say($('filters-split'), () => S.filterSplit(int(report.inserted), int(report.held_out), i.how === 'corpus') + capped());
    $('filters-split').classList.toggle('warn', Boolean(i.capped));
  }

  function renderTable(report) {
    const yes = (b) => (b ? S.filterYes : S.filterNo);
    const ns = (v) => (v === null || v === undefined ? '—' : fixed(v, 0));
    const rows = report.filters.map((r, i) => {
      const t = times[i];
      const tr = el('tr', { cls: r.built ? '' : 'failed' }, [
        el('th', { attrs: { scope: 'row' }, text: S.filterName[r.filter] ?? r.filter }),
        el('td', { text: r.method ? S.methodShort[r.method] ?? r.method : r.fingerprint_bits ? S.filterFingerprint(r.fingerprint_bits) : '' }),
        el('td', { text: r.setting === 'fpr' ? S.filterForRate(small(r.target)) : S.filterForBits(fixed(r.target, 1)) }),
        el('td', { text: fixed(r.bits_per_key, 2), cls: 'key' }),
        el('td', { text: `${int(r.false_positives)} / ${int(r.held_out)}` }),
        el('td', { text: small(r.fpr) }),
        el('td', { text: `${small(r.fpr_low)}–${small(r.fpr_high)}` }),
        el('td', { text: r.fpr_formula === null ? '—' : small(r.fpr_formula) }),
        el('td', { text: r.bound_bits_per_key === null ? '—' : fixed(r.bound_bits_per_key, 2) }),
        el('td', { text: yes(r.deletes) }),
        el('td', { text: yes(r.counts) }),
        el('td', { text: yes(r.dynamic_insert) }),
        el('td', { text: ns(t?.build_ns_per_key) }),
        el('td', { text: ns(t?.lookup_ns_per_key) }),
      ]);
      Object.assign(tr.dataset, {
        filter: r.filter,
        method: r.method ?? '',
        target: String(r.target),
        bits: String(r.bits_per_key),
        fp: String(r.false_positives),
        fpr: String(r.fpr),
      });
      if (t?.lookup_ns_per_key) tr.dataset.lookupNs = String(t.lookup_ns_per_key);
      if (!r.built) tr.title = r.failure ?? '';
      return tr;
    });
    const table = /** @type {HTMLTableElement} */ ($('filters-table'));
    table.tHead.replaceChildren(el('tr', {}, S.filterTableHead.map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    table.tBodies[0].replaceChildren(...rows);
  }

  fill();
  markPresets();
  for (const [name, p] of Object.entries(PRESETS)) {
    say($(`filters-preset-${name}`), () => S.filterPreset[name](p.values.map((v) => shown(p.by, v)).join(', ')));
    $(`filters-preset-${name}`).addEventListener('click', () => {
      state.by = p.by;
      state.values = [...p.values];
      fill();
      apply();
    });
  }
  for (const r of document.querySelectorAll('input[name="filters-by"]')) {
    r.addEventListener('change', () => {
      const by = /** @type {HTMLInputElement} */ (r).value;
      const p = by === 'fpr' ? PRESETS.fpr : PRESETS.bits;
      state.by = by;
      state.values = [...p.values];
      fill();
      apply();
    });
  }
  $('filters-values').addEventListener('change', apply);
  $('filters-values').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      apply();
    }
  });

  return {
    relabel() {
      fill();
      if (lastReport) render(lastReport);
    },
    waiting() {
      runs.waiting(() => S.dedupWaiting);
    },
    load(generation) {
      if (runs.askedGen !== generation && readControls()) return run();
    },
  };
}
