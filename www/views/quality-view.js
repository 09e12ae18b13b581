// The hash-quality battery (beyond P1, in its group): every registry function through
// SMHasher3's kind of tests on keysets made from the loaded URLs and on synthetic URL-like sets
// (bucket uniformity of the low and high bits, collisions against the birthday bound, avalanche
// and bit independence, sparse and two-byte keys), each line scored "^N" with pass / warn /
// fail, P1's A and B beside them, sorted as SMHasher3 sorts its summary, the chosen function's
// every line and its avalanche and BIC heat maps, and ns per key timed in the browser. The study
// runs in the page's second WebAssembly module (www/second-module.js). Formatting only: every
// number comes from the wasm's report, the one `urlhash quality --maps` prints.
import { S, language } from '../strings.js';
import { int, fixed, pValue } from '../format.js';
import { $, el, say } from '../dom.js';
import { sectionRuns } from './section-run.js';
import * as qualityChart from '../charts/quality.js';
import * as heatmap from '../charts/heatmap.js';
import { JOB, MSG } from '../protocol.js';

/** Lines the battery reads (`urlhash quality`'s default --limit). */
const MAX_LINES = 100_000;
/** The heat maps' full colour: a bias of 0.5 (flips 3 times in 4, or 1 in 4) and above. */
const MAP_MAX = 0.5;

/**
 * SMHasher3's order: no failed line first, fastest first; then by failed lines, then speed
 * (a function not timed yet keeps its place among its equals).
 * @param {any[]} rows
 * @param {Record<string, number>} times
 */
export function smhasherOrder(rows, times) {
  const ns = (r) => times[r.hash] ?? Infinity;
  return [...rows].sort((x, y) => {
    const fx = x.failures > 0;
    const fy = y.failures > 0;
    if (fx !== fy) return fx ? 1 : -1;
    if (fx && x.failures !== y.failures) return x.failures - y.failures;
    return ns(x) - ns(y);
  });
}

/** @param {any} ctx the de-duplication views' context (dedup.js) */
export function setupQuality(ctx) {
  const state = { fn: 'xxh3', set: 'avalanche-urls' };
  let last = null;
  /** ns per key by function, timed in the browser, as they come. */
  let times = /** @type {Record<string, number>} */ ({});

  const name = (id) => ctx.names()[id] ?? id;
  const about = (o) => (language() === 'zh' ? o.about_zh : o.about);

  const runs = sectionRuns(ctx, {
    section: $('quality'),
    error: $('quality-error'),
    status: $('quality-status'),
    bar: $('quality-progress'),
    body: $('quality-body'),
    early: $('quality-fig'),
    measure: 'uhl:quality',
  });

  async function run() {
    if (!ctx.input()) return;
    const r = runs.begin(() => S.rebLoadingModule);
    const progress = r.progress((share) => S.qualProgress(Math.round(share * 100)));
    times = /** @type {Record<string, number>} */ ({});
    try {
      const { report } = await ctx.runJob(JOB.quality, { maxLines: MAX_LINES }, (share, partial) => {
        progress(share);
        if (!partial || !r.current() || !partial.functions?.length) return;
        drawChart(partial.functions, [int(partial.finished), int(15)]);
        runs.drewEarly(/** @type {HTMLCanvasElement} */ ($('quality-chart')), r.generation);
      });
      if (!r.current()) return;
      last = report;
      render(report);
      ctx.publish('quality', report);
      const took = fixed(r.seconds(), 1);
      r.done(() => S.rebDone(took), { lines: String(report.distinct_urls) });
      timeAll(report, r);
    } catch (e) {
      r.failed(e);
    }
  }

  /** Each function timed in the browser, one a request; the table re-sorted as they come. */
  async function timeAll(report, r) {
    for (const f of report.functions) {
      try {
        const { time } = await ctx.call(MSG.qualityTime, { hash: f.hash });
        if (!r.current() || last !== report) return;
        times[f.hash] = time.ns_per_key;
        renderTable(report);
      } catch {
        return;
      }
    }
    $('quality-table').dataset.timed = String(report.functions.length);
  }

  function drawChart(rows, soFar = null) {
    $('quality-fig').hidden = false;
    const sorted = smhasherOrder(rows, times);
    qualityChart.render(/** @type {HTMLCanvasElement} */ ($('quality-chart')), { rows: sorted, names: ctx.names() });
    say($('quality-note'), () => S.qualNote(soFar));
  }

  function render(report) {
    drawChart(report.summary);
    say($('quality-input'), () => S.qualInput(int(report.lines), int(report.distinct_urls)));
    renderTable(report);
    fillFunctions(report);
    renderFunction(report);
    renderKeysets(report);
  }

  function renderTable(report) {
    const rows = smhasherOrder(report.summary, times).map((r) => {
      const ns = times[r.hash];
      const tr = el('tr', { cls: r.verdict === 'fail' ? 'failed' : '' }, [
        el('th', { attrs: { scope: 'row' }, text: name(r.hash) }),
        el('td', { text: String(r.bits) }),
        el('td', { text: S.qualVerdict[r.verdict], cls: `verdict-${r.verdict}` }),
        el('td', { text: int(r.tests) }),
        el('td', { text: int(r.passed) }),
        el('td', { text: int(r.warnings) }),
        el('td', { text: int(r.failures), cls: 'key' }),
        el('td', { text: `^${r.worst_log2_p}` }),
        el('td', { text: r.worst_test ? testWords(r.worst_test) : '—' }),
        el('td', { text: ns === undefined ? '…' : fixed(ns, 1) }),
        el('td', { text: r.a === null ? '—' : fixed(r.a, 3) }),
        el('td', { text: r.b === null ? '—' : fixed(r.b, 3) }),
      ]);
      Object.assign(tr.dataset, { hash: r.hash, verdict: r.verdict, failures: String(r.failures), worst: String(r.worst_log2_p) });
      if (ns !== undefined) tr.dataset.ns = String(ns);
      return tr;
    });
    const table = /** @type {HTMLTableElement} */ ($('quality-table'));
    table.tHead.replaceChildren(el('tr', {}, S.qualTableHead.map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    table.tBodies[0].replaceChildren(...rows);
  }

  /** "keyset test" (the report's worst line) in words. */
  function testWords(worst) {
    const [keyset, test] = worst.split(' ');
    return `${S.qualKeyset[keyset] ?? keyset} · ${S.qualTest[test] ?? test}`;
  }

  function fillFunctions(report) {
    const select = /** @type {HTMLSelectElement} */ ($('quality-fn'));
    if (!report.functions.some((f) => f.hash === state.fn)) state.fn = report.functions[0].hash;
    select.replaceChildren(
      ...report.functions.map((f) => {
        const o = /** @type {HTMLOptionElement} */ (el('option', { text: name(f.hash), attrs: { value: f.hash } }));
        o.selected = f.hash === state.fn;
        return o;
      }),
    );
  }

  function renderFunction(report) {
    const f = report.functions.find((x) => x.hash === state.fn);
    if (!f) return;
    say($('quality-maps-title'), () => S.qualMapsTitle(name(f.hash)));
    const map = f.avalanche.find((m) => m.keyset === state.set) ?? f.avalanche[0];
    if (map) {
      const bias = new Float32Array(map.input_bits * map.output_bits);
      // Drawn output bit (rows) by input bit (columns): the report's rows are input bits.
      const t = new Float32Array(map.output_bits * map.input_bits);
      for (let i = 0; i < map.input_bits; i++) {
        for (let j = 0; j < map.output_bits; j++) {
          const v = Math.abs(map.flips[i * map.output_bits + j] / map.samples - 0.5) * 2;
          bias[i * map.output_bits + j] = v;
          t[j * map.input_bits + i] = v;
        }
      }
      const setWords = S.qualKeyset[map.keyset] ?? map.keyset;
      heatmap.render(/** @type {HTMLCanvasElement} */ ($('quality-aval')), {
        values: t,
        rows: map.output_bits,
        cols: map.input_bits,
        max: MAP_MAX,
        xTitle: S.qualAxisInputBit,
        yTitle: S.qualAxisOutputBit,
        legend: S.qualMapLegend,
        label: S.qualAvalLabel(name(f.hash), setWords, fixed(map.worst_bias * 2, 3)),
      });
      say($('quality-aval-caption'), () => S.qualAvalCaption(name(f.hash), setWords, int(map.samples), fixed(map.worst_bias * 2, 3)));
      heatmap.render(/** @type {HTMLCanvasElement} */ ($('quality-bic')), {
        values: map.bic_worst,
        rows: map.bic_output_bits,
        cols: map.bic_output_bits,
        max: MAP_MAX,
        xTitle: S.qualAxisOutputBit,
        yTitle: S.qualAxisOutputBit,
        legend: S.qualMapLegend,
        label: S.qualBicLabel(name(f.hash), setWords),
      });
      const worst = Math.max(0, ...map.bic_worst);
      say($('quality-bic-caption'), () => S.qualBicCaption(name(f.hash), setWords, map.bic_input_bits.length, fixed(worst, 3)));
      $('quality-aval').dataset.keyset = map.keyset;
      $('quality-aval').dataset.hash = f.hash;
    }
    say($('quality-tests-title'), () => S.qualTestsTitle(name(f.hash), int(f.tests.length)));
    const rows = f.tests.map((t) => {
      const tr = el('tr', { cls: t.verdict === 'fail' ? 'failed' : '' }, [
        el('td', { text: S.qualKeyset[t.keyset] ?? t.keyset }),
        el('td', { text: S.qualTest[t.test] ?? t.test }),
        el('td', { text: int(t.keys) }),
        el('td', { text: t.slots ? `M = ${int(t.slots)}` : t.width ? S.qualWidth(t.width) : t.input_bit !== null ? S.qualBits(t.input_bit, t.output_bit, t.output_bit_b) : '' }),
        el('td', { text: fixed(t.observed, 3) }),
        el('td', { text: fixed(t.expected, 3) }),
        el('td', { text: pValue(t.p_corrected) }),
        el('td', { text: `^${t.log2_p}`, cls: 'key' }),
        el('td', { text: S.qualVerdict[t.verdict], cls: `verdict-${t.verdict}` }),
      ]);
      Object.assign(tr.dataset, { keyset: t.keyset, test: t.test, verdict: t.verdict, score: String(t.log2_p) });
      return tr;
    });
    const table = /** @type {HTMLTableElement} */ ($('quality-tests'));
    table.tHead.replaceChildren(el('tr', {}, S.qualTestsHead.map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    table.tBodies[0].replaceChildren(...rows);
  }

  function renderKeysets(report) {
    const rows = report.keysets.map((k) =>
      el('tr', {}, [
        el('td', { text: S.qualKeyset[k.id] ?? k.id }),
        el('td', { text: k.origin === 'urls' ? S.qualFromUrls : S.qualSynthetic }),
        el('td', { text: int(k.keys) }),
        el('td', { text: about(k) }),
      ]),
    );
    const table = /** @type {HTMLTableElement} */ ($('quality-keysets'));
    table.tHead.replaceChildren(el('tr', {}, S.qualKeysetsHead.map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    table.tBodies[0].replaceChildren(...rows);
    $('quality-kinds').replaceChildren(...report.test_kinds.flatMap((t) => [el('dt', { text: S.qualTest[t.test] ?? t.test }), el('dd', { text: about(t) })]));
  }

  $('quality-fn').addEventListener('change', () => {
    state.fn = /** @type {HTMLSelectElement} */ ($('quality-fn')).value;
    if (last) renderFunction(last);
  });
  for (const r of document.querySelectorAll('input[name="quality-set"]')) {
    r.addEventListener('change', () => {
      state.set = /** @type {HTMLInputElement} */ (r).value;
      if (last) renderFunction(last);
    });
  }

  return {
    relabel() {
      if (last) render(last);
    },
    waiting() {
      runs.waiting(() => S.dedupWaiting);
    },
    load(generation) {
      if (runs.askedGen !== generation) return run();
    },
    /** For a lesson: the heat maps of function `fn`. */
    set({ fn = null }) {
      if (fn) state.fn = fn;
      if (last) {
        fillFunctions(last);
        renderFunction(last);
      }
    },
  };
}
