// P5 beyond its counting filter, under the counting-filter view: Fig. 3 timed row by row (the
// store alone against IMP-CB, in memory, then in SQLite on OPFS: `urlhash paper p5 --disk`),
// every row RUNS times and shown as the median of its runs with their range (www/timing.js),
// and P5's slips with this run's numbers (`urlhash paper p5`'s "misprints, live"). Both run on
// the keys the counting-filter job inserted. Formatting only: every number comes from the wasm.
import { S } from '../strings.js';
import { C, bound } from '../constants.js';
import { int, fixed, percent, sci } from '../format.js';
import { $, el, say, showText } from '../dom.js';
import { RUNS, compare } from '../timing.js';
import { timedCell } from '../timed-cell.js';
import { readNumber, markField } from '../fields.js';
import * as fig3Chart from '../charts/p5-fig3.js';
import { MSG } from '../protocol.js';


/**
 * Fig. 3's rows, in the order they are timed: its four N in memory, then on disk. Each medium
 * first runs its smallest row untimed: the browser compiles the WebAssembly's hot loops in tiers
 * and SQLite fills its caches, which would otherwise be charged to the first row timed. The
 * first run is this plan; the others time the eight rows again, in the same order, so the
 * table is whole after the first run and each later run refines every row.
 */
const PLAN = ['memory', 'disk'].flatMap((medium) => [
  { medium, index: 0, warm: true },
  ...[0, 1, 2, 3].map((index) => ({ medium, index, warm: false })),
]);
const TIMED = PLAN.filter((p) => !p.warm).length;
const SCHEDULE = [
  ...PLAN.map((p) => ({ ...p, run: 1 })),
  ...Array.from({ length: RUNS - 1 }, (_, i) => PLAN.filter((p) => !p.warm).map((p) => ({ ...p, run: i + 2 }))).flat(),
];
const TIMINGS = SCHEDULE.filter((p) => !p.warm).length;

/** A Fig. 3 row over its runs: the counts of its first run, each time and the ratio compared. */
function summarize(entry) {
  const [first] = entry.runs;
  const cmp = compare(
    entry.runs.map((r) => r.store_us_per_url),
    entry.runs.map((r) => r.imp_cb_us_per_url),
    { ratios: entry.runs.map((r) => r.ratio) },
  );
  return { ...first, cmp };
}

function table(id, head, rows) {
  const t = /** @type {HTMLTableElement} */ ($(id)) ?? el('table', { cls: 'mini wide', attrs: { id } }, [el('thead'), el('tbody')]);
  t.tHead.replaceChildren(el('tr', {}, head.map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
  t.tBodies[0].replaceChildren(...rows);
  return t;
}

function row(cells, { cls = '', data = {} } = {}) {
  const tr = el('tr', { cls }, cells.map((c, i) => (i === 0 ? el('th', { text: c, attrs: { scope: 'row' } }) : el('td', { text: c }))));
  Object.assign(tr.dataset, data);
  return tr;
}

export function setupP5(ctx) {
  bound($('p5fig3-seed'), 0, Number.MAX_SAFE_INTEGER);
  $('p5fig3-dup').value = String(Math.round(C.p5.fig3DupShare * 100));
  $('p5fig3-seed').value = String(C.p5.fig3Seed);
  /** The split the counting filter made (its report's input), once it ran on this input. */
  let split = null;
  let fig3 = null;
  let misprints = null;
  let ticket = 0;
  let stop = false;

  /** The stream's share and seed, or null after showing what is wrong. */
  function readStream() {
    const dup = readNumber($('p5fig3-dup'), { min: 0, max: 99, what: S.p5Fig3DupName });
    const seed = readNumber($('p5fig3-seed'), { min: 0, max: Number.MAX_SAFE_INTEGER, whole: true, what: S.p5Fig3SeedName });
    markField($('p5fig3-dup'), $('p5fig3-dup-error'), dup.error, readStream);
    markField($('p5fig3-seed'), $('p5fig3-seed-error'), seed.error, readStream);
    if (dup.error || seed.error) return null;
    return { dupShare: dup.value / 100, seed: seed.value };
  }

  function renderFig3() {
    const body = $('p5fig3-body');
    if (!fig3 || !fig3.rows.length) {
      body.hidden = true;
      return;
    }
    const { stream } = fig3;
    const rows = fig3.rows.map(summarize);
    say($('p5fig3-caption'), () => S.p5Fig3Caption(percent(stream.dupShare, 0), String(stream.seed), int(split.inserted)));
    fig3Chart.render($('p5fig3-chart'), {
      rows: rows.map((r) => ({ ...r, store_us_per_url: r.cmp.a.median, imp_cb_us_per_url: r.cmp.b.median })),
    });
    const us = (v) => fixed(v, 3);
    const times = (v) => fixed(v, 2);
    const trs = rows.map((r, i) => {
      const entry = fig3.rows[i];
      const { cmp } = r;
      const faster = cmp.kind === 'pending' ? S.timingPending(cmp.runs, RUNS) : S.p5Fig3Faster[cmp.kind];
      const cells = [
        el('th', { text: S.p5Fig3Medium[r.medium], attrs: { scope: 'row' } }),
        el('td', { text: int(r.n) }),
        el('td', { text: int(r.duplicates) }),
        timedCell(entry.runs.map((x) => x.store_us_per_url), us, 'store_us'),
        timedCell(entry.runs.map((x) => x.imp_cb_us_per_url), us, 'imp_cb_us'),
        timedCell(entry.runs.map((x) => x.ratio), times, 'ratio'),
        el('td', { text: faster, cls: `verdict-cell v-${cmp.kind}` }),
        el('td', { text: int(r.lookups_avoided) }),
        el('td', { text: int(r.by_counters) }),
        el('td', { text: int(r.found) }),
        el('td', { text: int(r.not_found) }),
        el('td', { text: r.medium === 'disk' ? `${int(r.store_page_reads)} / ${int(r.imp_cb_page_reads)}` : '—' }),
      ];
      cells[6].dataset.col = 'faster';
      const tr = el('tr', { cls: cmp.kind === 'b-faster' ? 'hl' : '' }, cells);
      Object.assign(tr.dataset, {
        medium: r.medium,
        n: String(r.n),
        duplicates: String(r.duplicates),
        avoided: String(r.lookups_avoided),
        zero: String(r.by_counters),
        found: String(r.found),
        notFound: String(r.not_found),
        storeFound: String(r.store_found),
        ratio: String(cmp.ratio.median),
        verdict: cmp.kind,
        runs: String(cmp.runs),
        // Every run's counts, which do not depend on the clock: one string per run.
        counts: entry.runs.map((x) => [x.n, x.duplicates, x.store_found, x.lookups_avoided, x.by_counters, x.found, x.not_found].join(',')).join(';'),
        rowsStored: r.db ? r.db.totals.map((t) => t.join(',')).join(';') : '',
      });
      return tr;
    });
    table('p5fig3-table', S.p5Fig3Head, trs);
    // The largest N timed in each medium, worded from its runs.
    const last = (medium) => rows.filter((r) => r.medium === medium).at(-1);
    const [mem, disk] = [last('memory'), last('disk')];
    const verdict = (r) => {
      const { cmp } = r;
      const why = cmp.reason ? S.timingReason[cmp.reason] : '';
      return S.p5Fig3Verdict(r.medium === 'disk', int(r.n), cmp.kind, why, times(cmp.ratio.median), times(cmp.ratio.min), times(cmp.ratio.max), cmp.runs, RUNS);
    };
    const wins = rows.filter((r) => r.medium === 'disk' && r.cmp.kind === 'b-faster').map((r) => int(r.n));
    const note = $('p5fig3-note');
    say(note, () =>
      S.p5Fig3Note(
        mem ? verdict(mem) : '—',
        disk ? verdict(disk) : null,
        wins.join(', '),
        !!mem && ['a-faster', 'same'].includes(mem.cmp.kind),
        !!disk && disk.cmp.kind === 'a-faster',
      ),
    );
    Object.assign(note.dataset, {
      memory: mem?.cmp.kind ?? '',
      disk: disk?.cmp.kind ?? '',
    });
    say($('p5fig3-rule'), () => S.timingRule(RUNS));
    const db = rows.find((r) => r.db)?.db;
    $('p5fig3-vfs').dataset.vfs = db?.vfs ?? (fig3.single ? 'none' : '');
    showText($('p5fig3-vfs'), db ? S.p5Fig3Vfs(db.version, db.vfs, db.vfsNote) : fig3.single ? S.p5Fig3SingleFile : '');
    body.hidden = false;
  }

  function renderSlips() {
    const box = $('p5-slips');
    if (!misprints) {
      box.replaceChildren();
      say($('p5-slips-status'), () => S.p5SlipsWaiting);
      return;
    }
    showText($('p5-slips-status'), '');
    const m = misprints;
    const setting = (s) => S.p5Setting[s] ?? s;
    const tail = m.tail_bound.map((t) =>
      row(
        [setting(t.setting), int(t.m), int(t.nk), String(t.j), sci(t.exact_tail), sci(t.printed_right_side), t.measured === null ? '—' : sci(t.measured), S.p5Holds(t.holds)],
        { cls: t.holds ? '' : 'misprint', data: { holds: String(t.holds), j: String(t.j), setting: t.setting } },
      ),
    );
    const nk = m.n_for_nk.map((r) =>
      row([String(r.j), fixed(r.measured, 4), fixed(r.with_nk, 4), fixed(r.with_n, 4)], { data: { j: String(r.j), measured: String(r.measured) } }),
    );
    const twice = m.double_increment.map((d) =>
      row(
        [
          setting(d.setting),
          int(d.not_found_runs),
          int(d.counter_sum_lab),
          int(d.counter_sum_printed),
          fixed(d.extra_per_run, 2),
          `${int(d.nonzero_after_deleting_all_lab)} / ${int(d.nonzero_after_deleting_all_printed)}`,
        ],
        { data: { runs: String(d.not_found_runs), extra: String(d.counter_sum_printed - d.counter_sum_lab), k: String(d.k) } },
      ),
    );
    const names = Object.fromEntries(m.names.map((n) => [n.name, n.times]));
    const card = (id, title, parts) => el('article', { cls: 'card', attrs: { id: `p5-slip-${id}` } }, [el('h4', { text: title }), ...parts]);
    const wrap = (t) => el('div', { cls: 'table-scroll' }, [t]);
    box.replaceChildren(
      card('tail', S.p5TailTitle, [el('p', { cls: 'claim', text: S.p5TailClaim }), wrap(table('p5-tail-table', S.p5TailHead, tail)), el('p', { cls: 'note', text: S.p5TailMeasuredNote })]),
      card('nk', S.p5NkTitle, [el('p', { cls: 'claim', text: S.p5NkClaim(fixed(m.mean_with_nk, 3), fixed(m.mean_with_n, 3)) }), wrap(table('p5-nk-table', S.p5NkHead, nk))]),
      card('twice', S.p5DoubleTitle, [
        el('p', { cls: 'claim', text: S.p5DoubleClaim }),
        wrap(table('p5-twice-table', S.p5DoubleHead, twice)),
        el('p', { cls: 'note', text: S.p5DoubleNote(m.double_increment[0]?.k ?? 8) }),
      ]),
      card('names', S.p5NamesTitle, [el('p', { cls: 'claim', text: S.p5Names(int(names['IMP-CB']), int(names['IMP-CM'])) })]),
    );
  }

  async function loadMisprints() {
    const stream = readStream();
    if (!stream || !split) return;
    const generation = ctx.generation();
    try {
      const answer = await ctx.call(MSG.p5Misprints, stream);
      if (generation !== ctx.generation()) return;
      misprints = answer.misprints;
      renderSlips();
    } catch (e) {
      if (generation === ctx.generation()) ctx.reportError($('p5fig3-error'), e);
    }
  }

  function setButtons(running) {
    $('p5fig3-run').disabled = running || !split;
    $('p5fig3-stop').hidden = !running;
    say($('p5fig3-run'), () => (fig3?.rows.length ? S.p5Fig3Rerun : S.p5Fig3Run));
    say($('p5fig3-stop'), () => S.p5Fig3Stop);
  }

  async function runFig3() {
    const stream = readStream();
    if (!stream || !split) return;
    const mine = ++ticket;
    const generation = ctx.generation();
    const current = () => mine === ticket && generation === ctx.generation();
    const status = $('p5fig3-status');
    const bar = $('p5fig3-progress');
    showText($('p5fig3-error'), '');
    $('p5fig3').dataset.done = '';
    stop = false;
    setButtons(true);
    bar.hidden = false;
    bar.value = 0;
    const t0 = performance.now();
    /** Each row (medium, index) with its runs, in the order first timed. */
    fig3 = { rows: [], stream, single: false };
    let timings = 0;
    renderFig3();
    try {
      for (const [i, { medium, index, warm, run }] of SCHEDULE.entries()) {
        if (stop) {
          const done = timings;
          say(status, () => S.p5Fig3Stopped(done, fig3.single ? TIMINGS / 2 : TIMINGS));
          $('p5fig3').dataset.done = 'stopped';
          return;
        }
        if (medium === 'disk' && fig3.single) continue;
        const loading = medium === 'disk' && warm;
        const position = index + 1 + (medium === 'disk' ? TIMED / 2 : 0);
        say(status, () =>
          loading
            ? S.p5Fig3Loading
            : warm
              ? S.p5Fig3Warming(S.p5Fig3Medium[medium])
              : S.p5Fig3Progress(S.p5Fig3Medium[medium], position, TIMED, run, RUNS),
        );
        bar.value = i / SCHEDULE.length;
        try {
          const answer = await ctx.call(MSG.p5Fig3, { disk: medium === 'disk', index, ...stream });
          if (!current()) return;
          if (!warm) {
            let entry = fig3.rows.find((r) => r.medium === medium && r.index === index);
            if (!entry) fig3.rows.push((entry = { medium, index, runs: [] }));
            entry.runs.push(answer.row);
            timings += 1;
          }
        } catch (e) {
          if (!current()) return;
          // The one file has no SQLite: its disk rows say so, and the memory rows stand.
          if (e?.code !== 'table1-served-only') throw e;
          fig3.single = true;
        }
        renderFig3();
      }
      const took = fixed((performance.now() - t0) / 1000, 1);
      say(status, () => S.p5Fig3Done(took, RUNS));
      $('p5fig3').dataset.done = '1';
    } catch (e) {
      if (current()) {
        say(status, () => '');
        ctx.reportError($('p5fig3-error'), e);
      }
    } finally {
      if (mine === ticket) {
        bar.hidden = true;
        setButtons(false);
      }
    }
  }

  $('p5fig3-run').addEventListener('click', runFig3);
  $('p5fig3-stop').addEventListener('click', () => {
    stop = true;
    $('p5fig3-stop').disabled = true;
  });
  for (const id of ['p5fig3-dup', 'p5fig3-seed']) $(id).addEventListener('change', loadMisprints);
  setButtons(false);
  renderSlips();
  say($('p5fig3-status'), () => S.p5Fig3NeedsSplit);

  return {
    /** The counting filter measured the loaded URLs: Fig. 3 and the slips can run on its keys. */
    report(cbfReport) {
      // Another counting-filter run on the same input keeps its split: the rows still hold.
      const generation = ctx.generation();
      if (split?.generation === generation) return;
      split = { inserted: cbfReport.input.inserted, generation };
      fig3 = null;
      misprints = null;
      ticket += 1;
      renderFig3();
      renderSlips();
      showText($('p5fig3-status'), '');
      setButtons(false);
      loadMisprints();
    },
    /** A new input: nothing measured on it yet. */
    reset() {
      split = null;
      fig3 = null;
      misprints = null;
      ticket += 1;
      renderFig3();
      renderSlips();
      setButtons(false);
      say($('p5fig3-status'), () => S.p5Fig3NeedsSplit);
    },
    relabel() {
      $('p5fig3-stop').disabled = false;
      setButtons(!$('p5fig3-stop').hidden);
      renderFig3();
      renderSlips();
      if (!split) say($('p5fig3-status'), () => S.p5Fig3NeedsSplit);
    },
  };
}
