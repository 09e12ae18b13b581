// Which URLs are one page (beyond P3, in its group): the loaded lines through seven
// canonicalisation schemes (WHATWG, RFC 3986, Safe Browsing, Nutch, w3lib, StormCrawler, P3's
// key), per scheme the distinct pages, the groups it merged (largest first, with the rule that
// merged them), the pairs two schemes disagree on, and the knock-on effects: MD5 fingerprints
// changed, a Bloom filter's measured false-positive rate, P2's node loads. The learner may add a
// respelling after each of the first N lines (a list with no variants, like the built-in
// corpus, then shows what each scheme merges); the counts say so. The study runs in the page's
// second WebAssembly module (www/second-module.js). Formatting only: every number comes from
// the wasm's report, the one `urlhash canon` prints.
import { S } from '../strings.js';
import { C } from '../constants.js';
import { int, fixed, percent } from '../format.js';
import { $, el, say } from '../dom.js';
import { readNumber, markField } from '../fields.js';
import { sectionRuns } from './section-run.js';
import * as canonChart from '../charts/canon.js';
import { JOB } from '../protocol.js';

/** @param {any} ctx the de-duplication views' context (dedup.js) */
export function setupCanon(ctx) {
  const N = C.p3.canon;
  const state = { respell: 0, asked: N.respell, scheme: 'safe-browsing', pair: /** @type {[string, string] | null} */ (null) };
  let lastReport = null;

  const list = () => /** @type {HTMLInputElement | null} */ (document.querySelector('input[name="canon-list"]:checked'))?.value ?? 'as-loaded';

  /** Reads the list chosen and N; shows what is wrong next to the field. */
  function readControls() {
    const on = list() === 'respelled';
    /** @type {HTMLInputElement} */ ($('canon-respell')).disabled = !on;
    if (!on) {
      markField($('canon-respell'), $('canon-respell-error'), null);
      state.respell = 0;
      return true;
    }
    const r = readNumber(/** @type {HTMLInputElement} */ ($('canon-respell')), { min: 1, max: N.maxRespell, whole: true, what: S.canonRespellName });
    markField($('canon-respell'), $('canon-respell-error'), r.error, readControls);
    if (r.error) return false;
    state.respell = /** @type {number} */ (r.value);
    state.asked = state.respell;
    return true;
  }

  function apply() {
    if (!readControls()) return;
    if (ctx.input()) run();
  }

  const runs = sectionRuns(ctx, {
    section: $('canon'),
    error: $('canon-error'),
    status: $('canon-status'),
    bar: $('canon-progress'),
    body: $('canon-body'),
    early: $('canon-fig'),
    measure: 'uhl:canon',
  });

  async function run() {
    if (!ctx.input()) return;
    const asked = { maxLines: N.maxLines, respell: state.respell, examples: N.examples };
    const r = runs.begin(() => S.rebLoadingModule);
    const progress = r.progress((share) => S.canonProgress(Math.round(share * 100)));
    try {
      const { report } = await ctx.runJob(JOB.canon, asked, (share, partial) => {
        progress(share);
        if (!partial || !r.current() || !partial.lines) return;
        const rows = partial.schemes.map((scheme, i) => ({ scheme, merged: partial.spellings - partial.distinct[i], split: null }));
        drawChart(rows, partial.lines, partial.spellings, true);
        runs.drewEarly(/** @type {HTMLCanvasElement} */ ($('canon-chart')), r.generation);
      });
      if (!r.current()) return;
      lastReport = { report, prefix: report.prefix, respell: asked.respell };
      render(lastReport);
      ctx.publish('canon', report);
      const took = fixed(r.seconds(), 1);
      r.done(() => S.rebDone(took), { respell: String(asked.respell), lines: String(report.lines) });
    } catch (e) {
      r.failed(e);
    }
  }

  function drawChart(rows, lines, spellings, partial) {
    $('canon-fig').hidden = false;
    canonChart.render(/** @type {HTMLCanvasElement} */ ($('canon-chart')), { rows, lines });
    say($('canon-note'), () => S.canonNote(int(lines), int(spellings), partial));
  }

  function render({ report, prefix, respell }) {
    const rows = report.schemes.map((s) => ({ scheme: s.scheme, merged: report.spellings - s.distinct, split: s.effects.split_groups }));
    drawChart(rows, report.lines, report.spellings, false);
    const capped = prefix?.capped ? ` ${S.canonCapped(int(prefix.lines), int(prefix.loaded))}` : '';
    say($('canon-input'), () => S.canonInput(int(report.lines), int(report.spellings), int(report.respellings), int(report.respelled)) + capped);
    $('canon-input').classList.toggle('warn', Boolean(prefix?.capped));
    renderTable(report);
    renderGroups(report);
    renderPairs(report);
    const k = report.knock_on;
    say($('canon-knock-note'), () => S.canonKnockNote(k.bloom_bits_per_spelling, k.bloom_k, int(k.bloom_probes), k.p2_nodes));
    const cmd = `urlhash canon --limit ${N.maxLines}${respell ? ` --respell ${respell}` : ''} --examples ${N.examples} FILE`;
    $('canon-cli').textContent = cmd;
  }

  function renderTable(report) {
    const row = (name, distinct, x, extra, key) => {
      const tr = el('tr', {}, [
        el('th', { attrs: { scope: 'row' }, text: name }),
        el('td', { text: int(distinct), cls: 'key' }),
        ...extra.map((t) => el('td', { text: t })),
        el('td', { text: int(x.md5_changed) }),
        el('td', { text: percent(x.bloom.measured, 3) }),
        el('td', { text: percent(x.bloom.exact, 3) }),
        el('td', { text: fixed(x.node_max_over_mean, 3), title: x.node_loads.map(int).join(' · ') }),
        el('td', { text: int(x.split_groups) }),
      ]);
      Object.assign(tr.dataset, { scheme: key, distinct: String(distinct), md5Changed: String(x.md5_changed), fpr: String(x.bloom.measured), split: String(x.split_groups) });
      return tr;
    };
    const rows = [row(S.canonAsWritten, report.spellings, report.as_written, ['—', '—', '—'], 'as-written')];
    for (const s of report.schemes) {
      rows.push(row(S.canonSchemeName[s.scheme] ?? s.scheme, s.distinct, s.effects, [int(report.spellings - s.distinct), int(s.merged_groups), int(s.refused)], s.scheme));
    }
    const table = /** @type {HTMLTableElement} */ ($('canon-table'));
    table.tHead.replaceChildren(el('tr', {}, S.canonTableHead.map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    table.tBodies[0].replaceChildren(...rows);
  }

  function renderGroups(report) {
    const select = /** @type {HTMLSelectElement} */ ($('canon-scheme'));
    if (!report.schemes.some((s) => s.scheme === state.scheme)) state.scheme = report.schemes[0].scheme;
    select.replaceChildren(
      ...report.schemes.map((s) => {
        const o = el('option', { text: S.canonSchemeName[s.scheme] ?? s.scheme, attrs: { value: s.scheme } });
        /** @type {HTMLOptionElement} */ (o).selected = s.scheme === state.scheme;
        return o;
      }),
    );
    const s = report.schemes.find((x) => x.scheme === state.scheme);
    const name = S.canonSchemeName[s.scheme] ?? s.scheme;
    say($('canon-groups-title'), () => S.canonGroupsTitle(name, int(s.merged_groups), int(s.merged_spellings)));
    const rows = s.largest.map((g) => {
      const tr = el('tr', {}, [
        el('td', { text: int(g.spellings) }),
        el('td', { text: int(g.lines) }),
        el('td', { text: g.rules.map((r) => S.canonRule[r] ?? r).join(' + ') }),
        el('td', { cls: 'url', text: g.canonical }),
        el('td', { cls: 'url', text: g.examples.join('\n') + (g.examples.length < g.spellings ? '\n…' : '') }),
      ]);
      tr.dataset.rules = g.rules.join(' ');
      return tr;
    });
    if (!rows.length) rows.push(el('tr', {}, [el('td', { text: S.canonNoGroups, attrs: { colspan: '5' } })]));
    const table = /** @type {HTMLTableElement} */ ($('canon-groups'));
    table.tHead.replaceChildren(el('tr', {}, S.canonGroupsHead.map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    table.tBodies[0].replaceChildren(...rows);
  }

  function renderPairs(report) {
    const ids = report.schemes.map((s) => s.scheme);
    const name = (id) => S.canonSchemeName[id] ?? id;
    const at = (a, b) => report.disagreements.find((d) => d.merges === a && d.keeps_apart === b);
    // The pair shown: the one picked, else the largest disagreement.
    if (!state.pair || !at(...state.pair)) {
      const top = [...report.disagreements].sort((x, y) => y.pairs - x.pairs)[0];
      state.pair = top && top.pairs > 0 ? [top.merges, top.keeps_apart] : null;
    }
    const head = el('tr', {}, [el('th', { text: S.canonPairsCorner, attrs: { scope: 'col' } }), ...ids.map((id) => el('th', { text: name(id), attrs: { scope: 'col' } }))]);
    const rows = ids.map((a) =>
      el('tr', {}, [
        el('th', { text: name(a), attrs: { scope: 'row' } }),
        ...ids.map((b) => {
          if (a === b) return el('td', { text: '—' });
          const d = at(a, b);
          const button = el('button', { text: int(d.pairs), attrs: { type: 'button', 'aria-label': S.canonPairLabel(name(a), name(b), int(d.pairs)) } });
          button.dataset.merges = a;
          button.dataset.keepsApart = b;
          button.dataset.pairs = String(d.pairs);
          const on = state.pair?.[0] === a && state.pair?.[1] === b;
          button.classList.toggle('on', on);
          button.setAttribute('aria-pressed', on ? 'true' : 'false');
          button.disabled = d.pairs === 0;
          button.addEventListener('click', () => {
            state.pair = [a, b];
            renderPairs(report);
          });
          return el('td', {}, [button]);
        }),
      ]),
    );
    const table = /** @type {HTMLTableElement} */ ($('canon-pairs'));
    table.tHead.replaceChildren(head);
    table.tBodies[0].replaceChildren(...rows);
    const d = state.pair && at(...state.pair);
    say($('canon-pair-example'), () => (d?.example ? S.canonPairExample(name(d.merges), name(d.keeps_apart), int(d.pairs), d.example[0], d.example[1]) : S.canonNoPairs));
  }

  for (const r of document.querySelectorAll('input[name="canon-list"]')) {
    r.addEventListener('change', () => {
      if (list() === 'respelled') /** @type {HTMLInputElement} */ ($('canon-respell')).value = String(state.asked);
      apply();
    });
  }
  $('canon-respell').addEventListener('change', apply);
  $('canon-respell').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      apply();
    }
  });
  $('canon-scheme').addEventListener('change', () => {
    state.scheme = /** @type {HTMLSelectElement} */ ($('canon-scheme')).value;
    if (lastReport) renderGroups(lastReport.report);
  });
  /** @type {HTMLInputElement} */ ($('canon-respell')).disabled = true;
  /** @type {HTMLInputElement} */ ($('canon-respell')).max = String(N.maxRespell);

  return {
    relabel() {
      if (lastReport) render(lastReport);
    },
    waiting() {
      runs.waiting(() => S.dedupWaiting);
    },
    load(generation) {
      if (runs.askedGen !== generation && readControls()) return run();
    },
    /** For a lesson: the list with `respell` respellings (0: as loaded) and the groups of `scheme`. */
    set({ respell = 0, scheme = null }) {
      if (scheme) state.scheme = scheme;
      for (const r of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="canon-list"]'))) r.checked = r.value === (respell ? 'respelled' : 'as-loaded');
      if (respell) /** @type {HTMLInputElement} */ ($('canon-respell')).value = String(respell);
      apply();
    },
  };
}
