// The Bloom filter view (P4, P5): k, m/N and index-method controls; the false-positive rate
// measured on held-out URLs against m/N beside the formula and the papers' points; a small
// filter's bit array with a typed URL's k bits; P4's memory claim. Formatting only: the split,
// every filter and every rate come from the wasm. Measured points are kept per input, k,
// method and m/N, so changing m/N or adding a method measures only what is new.
import { S, nameOf, sourceOf, summaryOf } from '../strings.js';
import { C, bound } from '../constants.js';
import { int, fixed, percent, small } from '../format.js';
import { $, el, say, showText } from '../dom.js';
import { readNumber, markField } from '../fields.js';
import { sectionRuns } from './section-run.js';
import { drawBits } from '../bit-array.js';
import * as fprChart from '../charts/fpr.js';
import * as memoryChart from '../charts/bloom-memory.js';
import { MSG, JOB } from '../protocol.js';


/** The m/N measured for the curve (the chosen one is added). */
const RATIOS = [1, 2, 3, 4, 6, 8, 10, 12, 14, 16, 18, 20, 24, 28, 32];
/** The demo's first index method. */
const FIRST_DEMO_METHOD = 'md5-slices';
/** The bit array shows at most this many bits, for at most this many URLs. */
const DEMO_MAX_BITS = 2048;
const DEMO_MAX_URLS = 100;

const trim = (r) => fixed(r, 2).replace(/\.?0+$/, '');

export function setupBloom(ctx) {
  bound($('bloom-k'), 1, C.p5.kMax);
  bound($('bloom-ratio'), C.p5.ratioMin, C.p5.ratioMax);
  const state = {
    k: C.p5.k,
    ratio: C.p5.ratio,
    methods: new Set(ctx.methods().map((m) => m.id)),
    demoMethod: FIRST_DEMO_METHOD,
    /** Measured rows of load `gen`, by `${k}|${method}|${ratio}`. */
    rows: new Map(),
    gen: 0,
    input: null,
    demoTicket: 0,
  };
  const names = () => Object.fromEntries(ctx.methods().map((m) => [m.id, nameOf(m)]));
  const key = (k, method, ratio) => `${k}|${method}|${ratio}`;

  // ------------------------------------------------------------ controls

  function buildMethods() {
    const box = $('bloom-methods');
    box.replaceChildren(
      ...ctx.methods().map((m) => {
        const input = el('input', { attrs: { type: 'checkbox', id: `bloom-m-${m.id}` } });
        input.value = m.id;
        input.checked = state.methods.has(m.id);
        input.addEventListener('change', () => {
          if (input.checked) state.methods.add(m.id);
          else state.methods.delete(m.id);
          apply();
        });
        return el('div', { cls: 'fn-item' }, [
          input,
          el('label', { attrs: { for: `bloom-m-${m.id}` }, title: S.withSource(summaryOf(m), sourceOf(m)) }, [
            el('span', { cls: `swatch method-${m.id}`, attrs: { 'aria-hidden': 'true' } }),
            el('span', { text: nameOf(m) }),
          ]),
        ]);
      }),
    );
    const select = $('bloom-demo-method');
    select.replaceChildren(
      ...ctx.methods().map((m) => {
        const o = el('option', { text: nameOf(m) });
        o.value = m.id;
        o.selected = m.id === state.demoMethod;
        return o;
      }),
    );
  }

  /** Reads k and m/N; shows what is wrong next to the field. */
  function readControls() {
    const k = readNumber($('bloom-k'), { min: 1, max: C.p5.kMax, whole: true, what: S.bloomKName });
    markField($('bloom-k'), $('bloom-k-error'), k.error, readControls);
    const r = readNumber($('bloom-ratio'), { min: C.p5.ratioMin, max: C.p5.ratioMax, what: S.bloomRatioName });
    markField($('bloom-ratio'), $('bloom-ratio-error'), r.error, readControls);
    // Allowed, but worth a word: fewer bits than URLs.
    const low = !r.error && r.value < 1;
    say($('bloom-ratio-hint'), () => low ? S.bloomRatioBelowOne : S.bloomRatioHint);
    $('bloom-ratio-hint').classList.toggle('warn', low);
    const none = state.methods.size === 0 ? S.bloomNoMethod : '';
    showText($('bloom-methods-error'), none);
    if (k.error || r.error || none) return false;
    state.k = k.value;
    state.ratio = r.value;
    return true;
  }

  function apply() {
    if (!readControls()) return;
    markPresets();
    if (state.input) measure();
  }

  function markPresets() {
    for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('#bloom-presets button'))) {
      const on = Number(b.dataset.k) === state.k && Number(b.dataset.ratio) === state.ratio;
      b.classList.toggle('on', on);
      b.setAttribute('aria-pressed', on ? 'true' : 'false');
    }
  }

  // ------------------------------------------------------------ measuring

  /** The m/N of the curve and the table. */
  function ratios() {
    return [...new Set([...RATIOS, state.ratio])].sort((a, b) => a - b);
  }

  function shownMethods() {
    return ctx
      .methods()
      .map((m) => m.id)
      .filter((id) => state.methods.has(id));
  }

  const runs = sectionRuns(ctx, {
    section: $('bloom'),
    error: $('bloom-error'),
    status: $('bloom-status'),
    bar: $('bloom-progress'),
    body: $('bloom-body'),
    // The chart stands outside the body: it shows the first points measured, then all of them.
    early: $('bloom-fpr-fig'),
  });

  /** The m/N measured first, in this order (with the one chosen): a picture across the range within a second. */
  const FIRST_RATIOS = [8, 2, 32, 16, 4];
  /**
   * Within an m/N, the methods whose keys are quickest to prepare come first (one XXH3-128 a
   * key; `independent` takes k hashes, `md5-slices` up to four MD5s): the first point is drawn
   * before the others' keys are ready.
   */
  const QUICK_FIRST = ['double', 'enhanced-double'];

  /** The theory's curve for k and n up to the m/N shown, asked once per (k, n, range). */
  let theoryAsked = { key: '', promise: /** @type {Promise<any> | null} */ (null) };
  function theoryFor(/** @type {number} */ k, /** @type {number} */ n) {
    const maxRatio = Math.max(32, state.ratio);
    const key = `${k} ${n} ${maxRatio} ${ctx.generation()}`;
    if (theoryAsked.key !== key || !theoryAsked.promise) {
      const promise = ctx.call(MSG.bloomTheory, { k, n, maxRatio });
      theoryAsked = { key, promise };
      // Asked again next time if it failed.
      promise.catch(() => (theoryAsked = { key: '', promise: null }));
    }
    return /** @type {Promise<any>} */ (theoryAsked.promise);
  }

  async function measure() {
    if (!ctx.input()) return;
    const generation = ctx.generation();
    if (state.gen !== generation) {
      state.rows.clear();
      state.gen = generation;
    }
    const { k } = state;
    const methods = shownMethods();
    const missing = [];
    for (const method of methods) for (const r of ratios()) if (!state.rows.has(key(k, method, r))) missing.push([method, r]);
    const run = runs.begin(missing.length ? () => S.bloomProgress(int(missing.length), percent(0, 0)) : null);
    if (!missing.length) $('bloom-progress').hidden = true;
    try {
      if (missing.length) {
        const t0 = performance.now();
        // A few m/N across the range first, every method at each, the chart (the theory's
        // curves across the whole range) drawn once the first point is measured; then the
        // others, the chart redrawn as they come (the study's rows so far, in this order).
        const first = [...new Set([...FIRST_RATIOS, state.ratio])];
        const rank = (/** @type {number} */ r) => (first.includes(r) ? first.indexOf(r) : first.length);
        const quick = (/** @type {string} */ m) => (QUICK_FIRST.includes(m) ? QUICK_FIRST.indexOf(m) : QUICK_FIRST.length);
        const order = missing
          .map((p, i) => ({ p, i }))
          .sort((a, b) => rank(a.p[1]) - rank(b.p[1]) || a.p[1] - b.p[1] || quick(a.p[0]) - quick(b.p[0]) || a.i - b.i)
          .map((x) => x.p);
        const drawFrom = order.findIndex(([, r]) => rank(r) >= 1);
        const early = drawFrom < 0 ? order.length : Math.max(1, drawFrom);
        let told = 0;
        let drawnAt = -Infinity;
        let firstRatioDrawn = false;
        const progress = run.progress((share) => S.bloomProgress(int(missing.length), percent(share, 0)));
        const { report } = await ctx.runJob(
          JOB.bloom,
          { k, methods: order.map((p) => p[0]), ratios: order.map((p) => p[1]) },
          (share, partial) => {
            progress(share);
            if (!run.current() || !partial?.input) return;
            // The split is made: the theory's curve is asked for now, ready for the first picture.
            theoryFor(k, partial.input.inserted);
            const rows = partial.rows;
            if (rows.length <= told) return;
            for (let i = told; i < rows.length; i++) state.rows.set(key(k, order[i][0], order[i][1]), rows[i]);
            told = rows.length;
            state.input = partial.input;
            // The first picture with the first point measured (beside the theory's curves),
            // again once every method has its first m/N, then at most every 400 ms.
            const firstRatioIn = told >= early && !firstRatioDrawn;
            if (drawnAt === -Infinity || firstRatioIn || performance.now() - drawnAt > 400) {
              firstRatioDrawn ||= told >= early;
              drawnAt = performance.now();
              drawEarly(run);
            }
          },
        );
        if (!run.current()) return;
        state.input = report.input;
        order.forEach(([method, r], i) => state.rows.set(key(k, method, r), report.rows[i]));
        performance.measure('uhl:bloom', { start: t0, end: performance.now() });
      }
      const split = state.input;
      const [{ theory }, { memory }] = await Promise.all([
        theoryFor(k, split.inserted),
        ctx.call(MSG.bloomMemory, { ratios: [...new Set([...C.p5.paperRatios, state.ratio])].sort((a, b) => a - b) }),
      ]);
      if (!run.current()) return;
      render(theory, memory);
      lastDrawn = { theory, memory, drawn: drawnWith() };
      ctx.publish('bloom', { k, ratio: state.ratio, input: state.input, rows: [...state.rows.values()], theory, memory });
      await demo();
      if (!run.current()) return;
      const took = fixed(run.seconds(), 1);
      run.done(() => (missing.length ? S.bloomDone(int(missing.length), took) : S.bloomRedrawn), {
        k: String(k),
        ratio: String(state.ratio),
        methods: methods.join(','),
      });
    } catch (e) {
      run.failed(e);
    }
  }

  // ------------------------------------------------------------ drawing

  function splitText(split) {
    const text =
      split.how === 'corpus'
        ? S.bloomSplitCorpus(int(split.inserted), int(split.held_out), split.seed)
        : S.bloomSplitDistinct(int(split.distinct), int(split.inserted), int(split.held_out));
    if (!split.capped) return text;
    return `${text} ${split.by_budget ? S.bloomCappedBudget(int(split.lines)) : S.bloomCapped(int(split.cap))}`;
  }

  /**
   * The chart with the points measured so far (the first picture, refined by the next batch).
   * @param {{ current: () => boolean, generation: number }} run
   */
  async function drawEarly(run) {
    const { k } = state;
    const { theory } = await theoryFor(k, state.input.inserted);
    if (!run.current()) return;
    const methods = shownMethods();
    const rows = [];
    for (const method of methods) for (const r of ratios()) if (state.rows.has(key(k, method, r))) rows.push(state.rows.get(key(k, method, r)));
    $('bloom-fpr-fig').hidden = false;
    fprChart.render($('bloom-fpr-chart'), { rows, methods, names: names(), theory, ratio: state.ratio, k });
    runs.drewEarly(/** @type {HTMLCanvasElement} */ ($('bloom-fpr-chart')), run.generation);
  }

  function render(theory, memory) {
    const { k } = state;
    const methods = shownMethods();
    const rows = [];
    for (const method of methods) for (const r of ratios()) rows.push(state.rows.get(key(k, method, r)));
    $('bloom-split').textContent = splitText(state.input);
    $('bloom-split').classList.toggle('warn', state.input.capped);
    $('bloom-fpr-fig').hidden = false;
    fprChart.render($('bloom-fpr-chart'), { rows, methods, names: names(), theory, ratio: state.ratio, k });

    // The table: the papers' m/N and the chosen one, per method.
    const tableRatios = [...new Set([...C.p5.paperRatios, state.ratio])].sort((a, b) => a - b);
    const trs = [];
    for (const r of tableRatios) {
      for (const method of methods) {
        const row = state.rows.get(key(k, method, r));
        const paper = C.p5.paperRatios.includes(r) && k === 8;
        const tr = el('tr', { cls: r === state.ratio ? 'hl' : '' }, [
          el('th', { attrs: { scope: 'row' }, text: S.methodShort[method] ?? method, title: names()[method] ?? method }),
          el('td', { text: trim(r) }),
          el('td', { text: String(k) }),
          el('td', { text: `${int(row.false_positives)} / ${int(row.trials)}`, cls: 'key' }),
          el('td', { text: small(row.measured) }),
          el('td', { text: `${small(row.ci_low)} –`, cls: 'lo' }),
          el('td', { text: small(row.ci_high), cls: 'hi' }),
          el('td', { text: small(row.exact) }),
          el('td', { text: row.theory_in_ci ? S.yes : S.no, cls: row.theory_in_ci ? 'ok' : 'off' }),
        ]);
        Object.assign(tr.dataset, {
          method,
          ratio: String(r),
          k: String(k),
          fp: String(row.false_positives),
          trials: String(row.trials),
          m: String(row.m),
          paper: paper ? (r === 16 ? 'p4' : 'p5') : '',
        });
        trs.push(tr);
      }
    }
    const table = $('bloom-table');
    // The interval takes two cells (low – and high), under one heading.
    const head = S.bloomTableHead.map((h, i) => el('th', { text: h, attrs: i === 5 ? { scope: 'col', colspan: '2' } : { scope: 'col' } }));
    table.tHead.replaceChildren(el('tr', {}, head));
    table.tBodies[0].replaceChildren(...trs);
    $('bloom-papers').replaceChildren(
      ...theory.paper_points.map((p) =>
        el('li', {}, [
          el('strong', { text: S.fprPaperLabel[p.id] ?? p.id }),
          el('span', { text: ` ${S.bloomPaperLine(small(p.fpr_as_given), small(p.fpr_exact_at_this_n), int(theory.n))} ${S.fprPaperNote[p.id] ?? p.note}${S.fullStop}` }),
        ]),
      ),
    );

    memoryChart.render($('bloom-memory-chart'), { rows: memory });
    const mrows = memory.map((m) => {
      const verdict = (f) => (f < m.p4_low ? S.memoryBelow : f > m.p4_high ? S.memoryAbove : S.memoryWithin);
      const tr = el('tr', { cls: m.m_over_n === state.ratio ? 'hl' : '' }, [
        el('th', { attrs: { scope: 'row' }, text: trim(m.m_over_n) }),
        el('td', { text: fixed(m.bloom_bytes_per_url, 2) }),
        el('td', { text: fixed(m.md5_set_bytes_per_url, 2) }),
        el('td', { text: `${fixed(m.bloom_vs_md5_set, 3)} (${verdict(m.bloom_vs_md5_set)})` }),
        el('td', { text: fixed(m.string_set_bytes_per_url, 2) }),
        el('td', { text: `${fixed(m.bloom_vs_string_set, 3)} (${verdict(m.bloom_vs_string_set)})` }),
      ]);
      tr.dataset.ratio = String(m.m_over_n);
      return tr;
    });
    const mt = $('bloom-memory-table');
    mt.tHead.replaceChildren(el('tr', {}, S.memoryTableHead.map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    mt.tBodies[0].replaceChildren(...mrows);
    say($('bloom-memory-note'), () => S.memoryNote(int(memory[0]?.n ?? 0)));
  }

  // ------------------------------------------------------------ the bit array

  function demoShape() {
    const inserted = state.input?.inserted ?? 0;
    const count = Math.max(1, Math.min(DEMO_MAX_URLS, Math.floor(DEMO_MAX_BITS / state.ratio), inserted));
    const m = Math.max(1, Math.min(DEMO_MAX_BITS, Math.round(state.ratio * count)));
    return { count, m };
  }

  async function demo() {
    if (!state.input) return;
    const ticket = ++state.demoTicket;
    const { count, m } = demoShape();
    try {
      const { demo: d } = await ctx.call(MSG.bloomDemo, { count, m, k: state.k, method: state.demoMethod, query: $('bloom-query').value });
      // A newer demo was asked for, or the call was answered for a load that is gone (a
      // language switch during a load): the next demo() draws.
      if (ticket !== state.demoTicket || !d) return;
      showText($('bloom-demo-error'), '');
      drawBits($('bloom-bits'), d);
      renderDemo(d);
    } catch (e) {
      if (ticket !== state.demoTicket) return;
      ctx.reportError($('bloom-demo-error'), e);
    }
  }

  function renderDemo(d) {
    const method = names()[d.method] ?? d.method;
    say($('bloom-demo-note'), () => S.bloomDemoNote(
      int(d.urls.length),
      int(d.m),
      d.k,
      method,
      int(d.bits_set),
      percent(d.fill, 1),
      percent(d.expected_fill, 1),
      small(d.fpr_exact),
    ));
    const box = $('bloom-demo');
    box.dataset.m = String(d.m);
    box.dataset.bitsSet = String(d.bits_set);
    const result = $('bloom-query-result');
    if (!d.query) {
      result.replaceChildren(el('span', { text: S.bloomQueryNone }));
      result.dataset.present = '';
      $('bloom-query-positions').replaceChildren();
      $('bloom-query-md5').textContent = '';
      return;
    }
    const q = d.query;
    result.dataset.present = q.present ? '1' : '0';
    const zero = q.indices.find((_, j) => !q.set[j]);
    result.replaceChildren(
      el('span', { cls: `verdict v-${q.present ? 'seen' : 'missing'}`, text: q.present ? S.bloomSaysSeen : S.bloomSaysAbsent }),
      el('span', {
        text: ` ${q.present ? (q.inserted ? S.bloomSeenInserted : S.bloomSeenFalsePositive) : S.bloomAbsentBecause(int(zero))}`,
      }),
    );
    $('bloom-query-positions').replaceChildren(
      ...q.indices.map((i, j) => el('li', { cls: q.set[j] ? 'set' : 'unset', text: `${j + 1}: ${int(i)} ${q.set[j] ? '■' : '□'}` })),
    );
    $('bloom-query-md5').textContent =
      d.method === 'md5-slices'
        ? d.md5_slice_width
          ? S.bloomMd5Narrow(q.md5, d.k, d.md5_slice_width, int(d.m))
          : S.bloomMd5Wide(q.md5, d.k, int(d.m))
        : '';
  }

  // ------------------------------------------------------------ wiring

  buildMethods();
  $('bloom-k').value = String(state.k);
  $('bloom-ratio').value = String(state.ratio);
  $('bloom-query').value = S.bloomQueryDefault;
  markPresets();
  for (const id of ['bloom-k', 'bloom-ratio']) {
    $(id).addEventListener('change', apply);
    $(id).addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        apply();
      }
    });
  }
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('#bloom-presets button'))) {
    b.addEventListener('click', () => {
      $('bloom-k').value = b.dataset.k;
      $('bloom-ratio').value = b.dataset.ratio;
      apply();
    });
  }
  $('bloom-demo-method').addEventListener('change', () => {
    state.demoMethod = $('bloom-demo-method').value;
    demo();
  });
  let timer = null;
  $('bloom-query').addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(demo, 200);
  });
  $('bloom-query-inserted').addEventListener('click', async () => {
    try {
      const { count, m } = demoShape();
      const { demo: d } = await ctx.call(MSG.bloomDemo, { count, m, k: state.k, method: state.demoMethod, query: '' });
      const pick = d.urls[Math.floor(d.urls.length / 2)];
      if (pick) $('bloom-query').value = pick.url;
      demo();
    } catch (e) {
      ctx.reportError($('bloom-demo-error'), e);
    }
  });

  /** What render() last drew, to draw again in another language, and what it drew with. */
  let lastDrawn = null;
  /** The load and controls a drawing is of; the rows measured for them are held while they stay. */
  function drawnWith() {
    return JSON.stringify([state.gen, state.k, state.ratio, shownMethods(), ratios()]);
  }

  return {
    relabel() {
      buildMethods();
      // The fields' hints and errors in the new language (applyStrings reset the hint).
      readControls();
      // Only the drawing of the rows held now: a new load or new controls draw when measured.
      if (lastDrawn && state.input && lastDrawn.drawn === drawnWith()) render(lastDrawn.theory, lastDrawn.memory);
      demo();
    },
    waiting() {
      runs.waiting(() => S.dedupWaiting);
    },
    load(generation) {
      if (runs.askedGen !== generation && readControls()) return measure();
    },
  };
}
