// P1's results view: the load per slot (a bar per slot, or the bucket-size distribution), the
// measures table and the input report, for the functions, key and M chosen. Rapid changes
// coalesce; values not hashed yet are computed first, with progress.
import { S, summaryOf } from '../strings.js';
import { int, fixed, percent } from '../format.js';
import { $, say, showText } from '../dom.js';
import { renderReport } from './report.js';
import { renderTable } from './measures-table.js';
import { PER_SLOT_MAX_M } from './loader.js';
import * as perSlotChart from '../charts/per-slot.js';
import * as bucketsChart from '../charts/buckets.js';
import { MSG, JOB } from '../protocol.js';

/**
 * A word on the main view when the path key meets bare hosts: every path "/" puts every URL in
 * one slot (all of them, or at least half); '' otherwise. `n` keys are shown.
 * @param {string} key
 * @param {any} report
 * @param {number} n
 * @returns {string}
 */
function pathsNote(key, report, n) {
  const root = report.root_paths;
  if (key !== 'path' || !root || !n) return '';
  if (root >= n) return S.allPathsRoot(int(n));
  return 2 * root >= n ? S.manyPathsRoot(int(root), int(n)) : '';
}

/**
 * Offers `requestView`.
 * @param {import('./context.js').Ctx} ctx
 */
export function setupP1Results(ctx) {
  const state = ctx.state;
  let viewWanted = 0;
  let viewDone = 0;
  let viewRunning = null;
  let firstChartMarked = false;

  /**
   * Asks for the results of the current functions, key and M; rapid changes coalesce.
   * @returns {Promise<void>}
   */
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
    ctx.updateLink();
    const caption = $('results-caption');
    if (!fns.length) {
      showText($('results-error'), S.noFunctions);
      $('view-panel').classList.add('stale');
      return;
    }
    const perSlot = m <= PER_SLOT_MAX_M;
    const sameData = $('results').dataset.gen === String(state.generation);
    say($('results-status'), () => S.working);
    ctx.setBusy(true);
    const t0 = performance.now();
    let res;
    let asked;
    let missing = [];
    try {
      // Values of a function or key not hashed yet are computed in slices, with progress: the
      // worker names them instead of analysing, and is asked again once they are in.
      const args = { fns, key, m, perSlot };
      const firstView = state.firstView;
      asked = firstView?.generation === state.generation && firstView.args === JSON.stringify(args) ? firstView.answer : null;
      state.firstView = null;
      while ((res = await (asked && !missing.length ? asked : ctx.lab.call(MSG.analyze, args))).missing) {
        for (const fn of res.missing) {
          const name = state.names[fn] ?? fn;
          say($('results-status'), () => S.hashingKey(name, S.keyName[key], percent(0, 0)));
          await ctx.lab.runJob(JOB.cache, { fn, key }, (share) => {
            say($('results-status'), () => S.hashingKey(name, S.keyName[key], percent(share, 0)));
          });
        }
        missing.push(...res.missing);
      }
    } catch (e) {
      $('results-status').textContent = '';
      ctx.reportError($('results-error'), e);
      $('view-panel').classList.add('stale');
      ctx.setBusy(Boolean(state.loading));
      return;
    }
    if (!res.rows[0].measures.n) {
      // Measures over no key at all would read as a flat, perfect-looking chart.
      $('results-status').textContent = '';
      showText($('results-error'), S.noKeys(S.keyName[key]));
      $('view-panel').classList.add('stale');
      ctx.setBusy(Boolean(state.loading));
      return;
    }
    $('view-panel').classList.remove('stale');
    // An answer asked for ahead (firstView) was computed while the page set up: its own time.
    const ms = asked ? res.ms : performance.now() - t0;
    showText($('results-error'), '');
    state.shown = { gen: state.generation, m, key, measures: Object.fromEntries(res.rows.map((r) => [r.fn, r.measures])) };
    ctx.lessonChanged();
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
    if (!firstChartMarked) {
      firstChartMarked = true;
      ctx.booted();
      performance.mark('uhl:first-chart');
    }
    ctx.setBusy(Boolean(state.loading));
  }

  return { requestView };
}
