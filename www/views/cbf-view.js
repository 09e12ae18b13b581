// The counting filter view (P5): counter bits, m/N, k, the share deleted and the index method;
// the counter histogram after inserting, the overflow bound beside P5's two misprints, and the
// delete experiment (plain counting filter, decrementing or sticky, against IMP-CB).
// Formatting only: every number comes from the wasm's report.
import { S, nameOf } from '../strings.js';
import { C, bound } from '../constants.js';
import { int, fixed, percent, sci } from '../format.js';
import { $, el, say } from '../dom.js';
import { readFields, markPressed } from '../fields.js';
import { sectionRuns } from './section-run.js';
import * as countersChart from '../charts/counters.js';
import * as deletionsChart from '../charts/deletions.js';
import { setupP5 } from './p5-view.js';
import { JOB } from '../protocol.js';


const FIRST_METHOD = 'md5-slices';

const trim = (r) => fixed(r, 3).replace(/\.?0+$/, '');

export function setupCbf(ctx) {
  bound($('cbf-bits'), 1, C.p5.pageCounterBits);
  bound($('cbf-ratio'), C.p5.ratioMin, C.p5.ratioMax);
  bound($('cbf-k'), 1, C.p5.kMax);
  const state = { params: { ...C.p5.cbfPresets.p5, method: FIRST_METHOD } };
  const p5 = setupP5(ctx);

  function buildMethods() {
    $('cbf-method').replaceChildren(
      ...ctx.methods().map((m) => {
        const o = el('option', { text: nameOf(m) });
        o.value = m.id;
        o.selected = m.id === state.params.method;
        return o;
      }),
    );
  }

  function fill(p) {
    $('cbf-bits').value = String(p.bits);
    $('cbf-ratio').value = String(p.ratio);
    $('cbf-k').value = String(p.k);
    $('cbf-delete').value = String(p.fraction);
  }

  /** Reads every field; shows what is wrong next to it. */
  function readControls() {
    /** @type {[string, string, { min: number, max: number, whole?: boolean, what: string }][]} */
    const fields = [
      ['bits', 'cbf-bits', { min: 1, max: C.p5.pageCounterBits, whole: true, what: S.cbfBitsName }],
      ['ratio', 'cbf-ratio', { min: C.p5.ratioMin, max: C.p5.ratioMax, what: S.cbfRatioName }],
      ['k', 'cbf-k', { min: 1, max: C.p5.kMax, whole: true, what: S.cbfKName }],
      ['fraction', 'cbf-delete', { min: 0, max: 1, what: S.cbfDeleteName }],
    ];
    const values = readFields(fields, readControls);
    if (values) state.params = { method: $('cbf-method').value, ...values };
    return Boolean(values);
  }

  function markPresets() {
    for (const [name, p] of Object.entries(C.p5.cbfPresets)) {
      markPressed($(`cbf-preset-${name}`), ['bits', 'ratio', 'k', 'fraction'].every((f) => p[f] === state.params[f]));
    }
  }

  function apply() {
    if (!readControls()) return;
    markPresets();
    if (ctx.input()) run();
  }

  const runs = sectionRuns(ctx, {
    section: $('cbf'),
    error: $('cbf-error'),
    status: $('cbf-status'),
    bar: $('cbf-progress'),
    body: $('cbf-body'),
    // The histogram stands outside the body: it is drawn once the keys are in, before the
    // deletions are measured.
    early: $('cbf-hist-fig'),
    measure: 'uhl:cbf',
  });

  async function run() {
    if (!ctx.input()) return;
    const p = state.params;
    const r = runs.begin(() => S.cbfProgress(percent(0, 0)));
    const progress = r.progress((share) => (share < 0.65 ? S.cbfProgress(percent(share, 0)) : S.cbfDeleting));
    try {
      const { report } = await ctx.runJob(
        JOB.cbf,
        { ratio: p.ratio, k: p.k, bits: p.bits, method: p.method, deleteFraction: p.fraction },
        (share, partial) => {
          progress(share);
          if (!partial || !r.current()) return;
          drawCounters(partial.counters, partial.input.inserted);
          runs.drewEarly(/** @type {HTMLCanvasElement} */ ($('cbf-hist-chart')), r.generation);
        },
      );
      if (!r.current()) return;
      render(report);
      lastReport = report;
      p5.report(report);
      ctx.publish('cbf', report);
      const took = fixed(r.seconds(), 1);
      r.done(() => S.cbfDone(took), {
        bits: String(p.bits),
        ratio: String(p.ratio),
        k: String(p.k),
        fraction: String(p.fraction),
        method: p.method,
      });
    } catch (e) {
      r.failed(e);
    }
  }

  /**
   * The counters' histogram beside the binomial: after every key is in, or while they go in
   * (`c.n` of `inserted`).
   * @param {any} c
   * @param {number} [inserted]
   */
  function drawCounters(c, inserted = c.n) {
    // Shown first: the chart takes its box's size.
    $('cbf-hist-fig').hidden = false;
    countersChart.render($('cbf-hist-chart'), { counters: c, inserted });
    const soFar = () => (c.n < inserted ? S.cbfSoFar(int(c.n), int(inserted)) : '');
    say($('cbf-hist-note'), () => soFar() + S.cbfHistNote(int(c.m), int(c.nonzero), int(c.saturated), int(c.overflow_events), c.max));
    $('cbf-hist-note').dataset.saturated = String(c.saturated);
  }

  function render(report) {
    const c = report.counters;
    const d = report.deletion;
    const t = d.theory;
    const split = report.input;
    say($('cbf-split'), () => S.cbfSplit(
      int(d.n),
      split.how === 'corpus' ? S.cbfFromCorpus : S.cbfFromFile(int(split.distinct)),
      int(d.m),
      d.bits,
      d.k,
      trim(report.m_over_n),
      int(d.deleted),
      int(d.kept),
    ));
    drawCounters(c);

    // The overflow bound: the corrected one, P5's two misprints, and the exact expectation.
    const pr = report.printed;
    const rows = [
      ['corrected', S.overflowCorrected(t.j), sci(t.bound), t.bound_applies ? S.overflowApplies : S.overflowNotApplies(d.k, trim(report.m_over_n)), t.bound],
      ['printed-formula', S.overflowPrintedFormula(t.j), sci(t.bound_printed_formula), S.overflowMisprintE, t.bound_printed_formula],
      [
        'printed-number',
        S.overflowPrintedNumber,
        sci(t.bound_printed_j16),
        t.bits === 4 ? S.overflowMisprintSign : S.overflowMisprintSignOther(t.bits),
        t.bound_printed_j16,
      ],
      ['exact-overflowing', S.overflowExact(t.j), sci(t.expected_overflowing), S.overflowExactNote, t.expected_overflowing],
      ['exact-saturated', S.overflowSaturated(t.j - 1), sci(t.expected_saturated), S.overflowSaturatedNote(int(c.saturated)), t.expected_saturated],
    ].map(([id, what, value, note, raw]) => {
      const tr = el('tr', { cls: id.startsWith('printed') ? 'misprint' : id === 'corrected' ? 'hl' : '' }, [
        el('th', { attrs: { scope: 'row' }, text: what }),
        el('td', { text: value, cls: 'key' }),
        el('td', { text: note, cls: 'text' }),
      ]);
      tr.dataset.row = id;
      tr.dataset.value = String(raw);
      return tr;
    });
    const table = $('cbf-theory-table');
    table.tHead.replaceChildren(el('tr', {}, S.overflowHead(int(d.m), t.j).map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    table.tBodies[0].replaceChildren(...rows);
    say($('cbf-theory-note'), () => S.overflowFactors(sci(pr.corrected_j16_factor), sci(pr.without_e_j16_factor), sci(pr.printed_j16_factor)));

    // Nothing lost and nothing left: an empty chart says less than the note under the table.
    const any = d.rows.some((r) => r.false_negatives > 0 || r.deleted_still_present > 0);
    $('cbf-del-chart-box').hidden = !any;
    if (any) deletionsChart.render($('cbf-del-chart'), { deletion: d });
    const trs = d.rows.map((r) => {
      const tr = el('tr', { cls: r.false_negatives > 0 ? 'lost' : '' }, [
        el('th', { attrs: { scope: 'row' }, title: S.deletionWhat[r.structure] ?? '', text: S.deletionShort[r.structure] ?? r.structure }),
        el('td', { text: int(r.false_negatives), cls: 'key' }),
        el('td', { text: percent(r.false_negative_rate, 3) }),
        el('td', { text: int(r.deleted_still_present) }),
        el('td', { text: int(r.overflow_events) }),
        el('td', { text: int(r.saturated_after_insert) }),
        el('td', { text: int(r.saturated_after_delete) }),
        el('td', { text: int(r.bytes) }),
      ]);
      Object.assign(tr.dataset, { structure: r.structure, fn: String(r.false_negatives), still: String(r.deleted_still_present) });
      return tr;
    });
    const dt = $('cbf-del-table');
    dt.tHead.replaceChildren(el('tr', {}, S.deletionHead.map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    dt.tBodies[0].replaceChildren(...trs);
    const lost = d.rows.find((r) => r.structure === 'cbf-decrement');
    say($('cbf-del-note'), () => lost && lost.false_negatives > 0 ? S.deletionLostNote(int(lost.false_negatives), int(d.kept)) : S.deletionNoneLost);
  }

  buildMethods();
  fill(state.params);
  markPresets();
  for (const [id, words] of [['p5', 'cbfPresetP5'], ['saturating', 'cbfPresetSaturating']]) {
    const p = C.p5.cbfPresets[id];
    say($(`cbf-preset-${id}`), () => S[words](p.bits, trim(p.ratio), p.k));
  }
  for (const id of ['cbf-bits', 'cbf-ratio', 'cbf-k', 'cbf-delete']) {
    $(id).addEventListener('change', apply);
    $(id).addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        apply();
      }
    });
  }
  $('cbf-method').addEventListener('change', apply);
  for (const name of Object.keys(C.p5.cbfPresets)) {
    $(`cbf-preset-${name}`).addEventListener('click', () => {
      fill(C.p5.cbfPresets[name]);
      apply();
    });
  }

  /** The last report drawn, to draw again in another language. */
  let lastReport = null;

  return {
    relabel() {
      buildMethods();
      fill(state.params);
      if (lastReport) render(lastReport);
      p5.relabel();
    },
    waiting() {
      runs.waiting(() => S.dedupWaiting);
    },
    load(generation) {
      if (runs.askedGen !== generation) p5.reset();
      if (runs.askedGen !== generation && readControls()) return run();
    },
  };
}
