// Crawl nodes that join and leave (beyond the papers, in P2's group): n → n′ crawl nodes under
// P2's, Nutch's, Frontera's and Heritrix's mod n, a consistent-hash ring with V virtual nodes,
// rendezvous and jump hash: the share of hosts and URLs that move against theory, a node
// joining or leaving animated, the moved share for n = 2 … 64, balance after, hosts split and ns
// per lookup. The study runs in the page's second WebAssembly module (www/second-module.js), loaded
// the first time this view opens. Formatting only: every number comes from the wasm's report.
import { S } from '../strings.js';
import { C, bound } from '../constants.js';
import { int, fixed, percent, bytes as fmtBytes } from '../format.js';
import { $, el, say, showText } from '../dom.js';
import { readFields, markPressed } from '../fields.js';
import { cssColor } from '../charts/common.js';
import { sectionRuns } from './section-run.js';
import * as movedChart from '../charts/rebalance-moved.js';
import * as curveChart from '../charts/rebalance-curve.js';
import { setupFlows } from '../charts/rebalance-flows.js';
import { JOB, MSG } from '../protocol.js';

/** The presets: a node joins P2's 7, and one of 8 leaves. */
const PRESETS = {
  join: { from: C.p2.nodes, to: C.p2.nodes + 1 },
  leave: { from: C.p2.nodes + 1, to: C.p2.nodes },
};
/** The scheme the animation shows first: Nutch's mod n, the crawler most readers know. */
const FIRST_SCHEME = 'nutch';

/** A scheme's colour, from style.css (--policy-host-xxh3 for host:xxh3, --scheme-ring for ring:v100). */
export function schemeColor(id) {
  const name = id.startsWith('ring:') ? 'scheme-ring' : ['rendezvous', 'jump'].includes(id) ? `scheme-${id}` : `policy-${id.replace(/[^a-z0-9-]/g, '-')}`;
  return cssColor(`--${name}`, '#0b5cad');
}

/** @param {any} ctx the de-duplication views' context (dedup.js) */
export function setupRebalance(ctx) {
  bound($('reb-from'), 1, C.p2.pageMaxNodes);
  bound($('reb-to'), 1, C.p2.pageMaxNodes);
  bound($('reb-vnodes'), 1, C.p2.maxVnodes);
  const state = { params: { ...PRESETS.join, vnodes: C.p2.vnodes }, scheme: FIRST_SCHEME };
  const flows = setupFlows(/** @type {HTMLCanvasElement} */ ($('reb-flow-canvas')));
  /** The last report drawn (to draw again in another language), and its lookups' timings. */
  let lastReport = null;
  let lastTimes = null;

  function fill(p) {
    $('reb-from').value = String(p.from);
    $('reb-to').value = String(p.to);
    $('reb-vnodes').value = String(p.vnodes);
  }

  /** Reads every field; shows what is wrong next to it. */
  function readControls() {
    /** @type {[string, string, { min: number, max: number, whole?: boolean, what: string }][]} */
    const fields = [
      ['from', 'reb-from', { min: 1, max: C.p2.pageMaxNodes, whole: true, what: S.rebFromName }],
      ['to', 'reb-to', { min: 1, max: C.p2.pageMaxNodes, whole: true, what: S.rebToName }],
      ['vnodes', 'reb-vnodes', { min: 1, max: C.p2.maxVnodes, whole: true, what: S.rebVnodesName }],
    ];
    const values = readFields(fields, readControls);
    if (values) state.params = /** @type {typeof state.params} */ (/** @type {unknown} */ (values));
    return Boolean(values);
  }

  function markPresets() {
    for (const [name, p] of Object.entries(PRESETS)) {
      markPressed($(`reb-preset-${name}`), p.from === state.params.from && p.to === state.params.to);
    }
  }

  function apply() {
    if (!readControls()) return;
    markPresets();
    if (ctx.input()) run();
  }

  const runs = sectionRuns(ctx, {
    section: $('rebalance'),
    error: $('reb-error'),
    status: $('reb-status'),
    bar: $('reb-progress'),
    body: $('reb-body'),
    early: $('reb-moved-fig'),
    measure: 'uhl:rebalance',
  });

  async function run() {
    if (!ctx.input()) return;
    const p = state.params;
    const r = runs.begin(() => S.rebLoadingModule);
    const progress = r.progress((share) => S.rebProgress(percent(share, 0)));
    lastTimes = null;
    try {
      const { report } = await ctx.runJob(JOB.rebalance, { from: p.from, to: p.to, vnodes: p.vnodes }, (share, partial) => {
        progress(share);
        if (!partial || !r.current()) return;
        drawMoved(partial.report, partial.lines);
        runs.drewEarly(/** @type {HTMLCanvasElement} */ ($('reb-moved-chart')), r.generation);
      });
      if (!r.current()) return;
      lastReport = report;
      render(report);
      ctx.publish('rebalance', report);
      const took = fixed(r.seconds(), 1);
      r.done(() => S.rebDone(took), { from: String(p.from), to: String(p.to), vnodes: String(p.vnodes) });
      timeLookups(report, r);
    } catch (e) {
      r.failed(e);
    }
  }

  /** Each scheme's lookup timed in the browser, after the report: the table's last column. */
  async function timeLookups(report, r) {
    try {
      const { times } = await ctx.call(MSG.rebalanceTime, { to: report.to, vnodes: report.vnodes });
      if (!r.current() || lastReport !== report) return;
      lastTimes = times;
      renderTable(report);
    } catch {
      // Untimed: the column keeps its dash.
    }
  }

  /** The moved shares, the first picture (of the first `lines` lines while the study reads). */
  function drawMoved(report, lines = null) {
    $('reb-moved-fig').hidden = false;
    movedChart.render(/** @type {HTMLCanvasElement} */ ($('reb-moved-chart')), { report });
    const mods = report.schemes.filter((s) => !['ring', 'rendezvous', 'jump'].includes(s.scheme));
    const cons = report.schemes.filter((s) => ['ring', 'rendezvous', 'jump'].includes(s.scheme));
    const range = (list) => {
      const v = list.map((s) => s.hosts_moved_fraction);
      return `${percent(Math.min(...v), 1)}–${percent(Math.max(...v), 1)}`;
    };
    say($('reb-moved-note'), () =>
      S.rebMovedNote(
        report.from,
        report.to,
        int(report.hosts),
        int(report.urls),
        range(mods),
        percent(mods[0]?.theory_fraction ?? 0, 1),
        range(cons),
        percent(cons[0]?.theory_fraction ?? 0, 1),
        lines === null ? null : int(lines),
      ),
    );
  }

  function buildSchemes(report) {
    const select = /** @type {HTMLSelectElement} */ ($('reb-scheme'));
    if (!report.schemes.some((s) => s.id === state.scheme)) state.scheme = report.schemes[0].id;
    select.replaceChildren(
      ...report.schemes.map((s) => {
        const o = el('option', { text: S.rebSchemeName(s.id) });
        o.value = s.id;
        o.selected = s.id === state.scheme;
        return o;
      }),
    );
  }

  function showFlows(report, play = true) {
    const layout = flows.show(report, state.scheme, play);
    const s = report.schemes.find((x) => x.id === state.scheme);
    say($('reb-flow-note'), () =>
      S.rebFlowNote(S.rebSchemeName(s.id), int(s.hosts_moved), int(report.hosts), percent(s.hosts_moved_fraction, 1), percent(s.theory_fraction, 1), layout.per),
    );
  }

  function render(report, play = true) {
    // A file too big to keep: the study read its first lines only, and says so.
    const prefix = report.prefix;
    showText($('reb-prefix'), prefix?.capped ? S.onPrefix(int(prefix.lines), int(prefix.loaded), fmtBytes(prefix.keep_budget)) : '');
    drawMoved(report);
    buildSchemes(report);
    showFlows(report, play);
    curveChart.render(/** @type {HTMLCanvasElement} */ ($('reb-curve-chart')), { report, colorOf: schemeColor });
    say($('reb-curve-note'), () => S.rebCurveNote(report.curve_nodes[report.curve_nodes.length - 1]));
    renderTable(report);
    say($('reb-input'), () =>
      S.rebInput(int(report.links), int(report.urls), int(report.duplicates), int(report.hosts), int(report.unsplittable), report.first_error ?? ''),
    );
  }

  function renderTable(report) {
    const time = new Map((lastTimes ?? []).map((t) => [t.id, t.ns_per_lookup]));
    const rows = report.schemes.map((s) => {
      const ns = time.get(s.id);
      const tr = el('tr', { cls: s.keeps_hosts_whole ? '' : 'split' }, [
        el('th', { attrs: { scope: 'row' }, title: S.rebSchemeAbout[s.scheme] ?? '', text: S.rebSchemeName(s.id) }),
        el('td', { text: int(s.hosts_moved), cls: 'key' }),
        el('td', { text: percent(s.hosts_moved_fraction, 2) }),
        el('td', { text: int(s.urls_moved) }),
        el('td', { text: percent(s.urls_moved_fraction, 2) }),
        el('td', { text: percent(s.theory_fraction, 2) }),
        el('td', { text: fixed(s.b_before, 3) }),
        el('td', { text: fixed(s.b_after, 3) }),
        el('td', { text: fixed(s.hosts_b_after, 3) }),
        el('td', { text: int(s.hosts_split_after) }),
        el('td', { text: ns === undefined ? '—' : fixed(ns, 1) }),
      ]);
      Object.assign(tr.dataset, {
        scheme: s.id,
        hostsMoved: String(s.hosts_moved),
        urlsMoved: String(s.urls_moved),
        theory: String(s.theory_fraction),
        bAfter: String(s.b_after),
      });
      if (ns !== undefined) tr.dataset.ns = String(ns);
      return tr;
    });
    const table = /** @type {HTMLTableElement} */ ($('reb-table'));
    table.tHead.replaceChildren(el('tr', {}, S.rebTableHead(report.from, report.to).map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    table.tBodies[0].replaceChildren(...rows);
    say($('reb-table-note'), () => S.rebTableNote(int(report.to)));
  }

  fill(state.params);
  markPresets();
  for (const name of Object.keys(PRESETS)) {
    const p = PRESETS[name];
    say($(`reb-preset-${name}`), () => S.rebPreset[name](p.from, p.to));
    $(`reb-preset-${name}`).addEventListener('click', () => {
      fill({ ...state.params, ...p });
      apply();
    });
  }
  for (const id of ['reb-from', 'reb-to', 'reb-vnodes']) {
    $(id).addEventListener('change', apply);
    $(id).addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        apply();
      }
    });
  }
  $('reb-scheme').addEventListener('change', () => {
    state.scheme = /** @type {HTMLSelectElement} */ ($('reb-scheme')).value;
    if (lastReport) showFlows(lastReport);
  });
  $('reb-play').addEventListener('click', () => flows.play());
  new ResizeObserver(() => flows.redraw()).observe($('reb-flow-canvas'));

  return {
    relabel() {
      if (!lastReport) return;
      render(lastReport, false);
    },
    waiting() {
      runs.waiting(() => S.dedupWaiting);
    },
    load(generation) {
      if (runs.askedGen !== generation && readControls()) return run();
    },
    /** For a lesson: sets the nodes (and the scheme the animation shows) and runs. */
    set({ from, to, scheme }) {
      if (scheme) state.scheme = scheme;
      fill({ ...state.params, from, to });
      apply();
    },
  };
}
