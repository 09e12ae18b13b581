// The filter bake-off (beyond the papers): bits per key against the false-positive rate measured
// on held-out URLs (log-log), one series per filter with 95 % Wilson intervals, the
// information-theoretic bound (b = log2(1/ε) bits per key at each rate measured) as a line, and P4's Bloom
// filter and P5's counting filter marked at their bits per URL. Drawing only: every number is
// the wasm report's.
import { S } from '../strings.js';
import { int, fixed, small } from '../format.js';
import { axisTitle, cssColor, errorBars, labelledLog, rateTicks, upsert } from './common.js';

/** A filter's colour, from style.css (--filter-xor8, …). */
export function filterColor(id) {
  return cssColor(`--filter-${id}`, '#0b5cad');
}

const STYLE = { bloom: 'circle', counting: 'rect', 'imp-cb': 'rectRot', cuckoo: 'triangle', xor8: 'star', 'binary-fuse8': 'crossRot', 'binary-fuse16': 'cross' };

/**
 * report: the bake-off's report ({ inserted, held_out, filters: rows }); marks: [{ x, label }]
 * (P4's and P5's bits per URL).
 * @param {HTMLCanvasElement} canvas
 * @param {{ report: any, marks: { x: number, label: string }[] }} data
 */
export function render(canvas, { report, marks }) {
  const ink = cssColor('--ink', '#1b2230');
  const kinds = [...new Set(report.filters.map((r) => r.filter))];
  /** @type {object[]} */
  const datasets = kinds.map((id) => {
    // A filter with no false positive has no place on a log scale: drawn at its interval's top,
    // pointing down.
    const rows = report.filters.filter((r) => r.filter === id && r.built);
    return {
      label: S.filterName[id] ?? id,
      data: rows.map((r) => ({ x: r.bits_per_key, y: r.false_positives > 0 ? r.fpr : r.fpr_high, lo: r.fpr_low, hi: r.fpr_high, row: r })),
      showLine: false,
      errorBars: true,
      borderColor: filterColor(id),
      backgroundColor: filterColor(id),
      pointStyle: rows.map((r) => (r.false_positives > 0 ? STYLE[id] ?? 'circle' : 'triangle')),
      rotation: rows.map((r) => (r.false_positives > 0 ? 0 : 180)),
      pointRadius: 6,
      pointHoverRadius: 9,
      borderWidth: 2,
      order: 1,
    };
  });
  // The bound at each rate measured: log2(1/ε) bits per key, from the core, through every row.
  const bound = report.filters
    .filter((r) => r.built && r.fpr > 0 && r.bound_bits_per_key !== null)
    .map((r) => ({ x: r.bound_bits_per_key, y: r.fpr }))
    .sort((a, b) => a.x - b.x);
  datasets.push({
    label: S.filterBoundLabel,
    data: bound,
    borderColor: ink,
    backgroundColor: ink,
    borderDash: [10, 6],
    borderWidth: 2.5,
    showLine: true,
    pointRadius: 0,
    pointHitRadius: 4,
    pointStyle: 'line',
    bound: true,
    order: 3,
  });
  for (const m of marks) {
    datasets.push({
      label: m.label,
      data: [{ x: m.x, y: 1 }, { x: m.x, y: 1e-9 }],
      borderColor: cssColor('--muted', '#4a5468'),
      backgroundColor: cssColor('--muted', '#4a5468'),
      borderDash: [2, 4],
      borderWidth: 2,
      showLine: true,
      pointRadius: 0,
      pointHitRadius: 0,
      pointStyle: 'line',
      mark: true,
      order: 4,
    });
  }
  canvas.setAttribute('aria-label', S.filterChartLabel(int(report.inserted), int(report.held_out)));
  const ys = report.filters.filter((r) => r.built).map((r) => (r.false_positives > 0 ? r.fpr_low : r.fpr_high)).filter((y) => y > 0);
  const floor = 10 ** Math.floor(Math.log10(Math.min(1e-3, ...ys)) - 0.5);
  // The bits per key shown: powers of two around the rows (4 … 128 for the usual rates).
  const bits = report.filters.filter((r) => r.built).map((r) => r.bits_per_key);
  const left = 2 ** Math.floor(Math.log2(Math.min(4, ...bits)));
  const right = 2 ** Math.ceil(Math.log2(Math.max(128, ...bits)));
  return upsert(canvas, {
    type: 'scatter',
    data: { datasets },
    options: {
      interaction: { mode: 'nearest', intersect: true },
      scales: {
        x: {
          type: 'logarithmic',
          min: left,
          max: right,
          title: axisTitle(S.filterAxisBits),
          // Powers of two, where a log scale of its own would tick 1, 2, 5, 10, …
          afterBuildTicks: (axis) => {
            const ticks = [];
            for (let v = left; v <= right; v *= 2) ticks.push({ value: v });
            axis.ticks = ticks;
          },
          ticks: { callback: (v) => String(v), autoSkip: false },
        },
        y: { ...labelledLog(rateTicks), min: floor, max: 1, title: axisTitle(S.axisFprLog) },
      },
      plugins: {
        legend: { position: 'top', labels: { boxWidth: 16, sort: (a, b) => a.datasetIndex - b.datasetIndex } },
        tooltip: {
          filter: (item) => !item.dataset.mark,
          callbacks: {
            title: (items) => {
              const d = items[0].raw;
              return d.row ? S.filterTooltipTitle(items[0].dataset.label, d.row.method ? S.methodShort[d.row.method] ?? d.row.method : '', d.row.setting, small(d.row.target)) : S.filterBoundLabel;
            },
            label: (item) => {
              const d = item.raw;
              if (!d.row) return S.filterBoundPoint(fixed(d.x, 0), small(d.y));
              const r = d.row;
              return S.filterTooltip(fixed(r.bits_per_key, 2), int(r.false_positives), int(r.held_out), small(r.fpr), small(r.fpr_low), small(r.fpr_high), r.fpr_formula === null ? '—' : small(r.fpr_formula));
            },
          },
        },
      },
    },
    plugins: [errorBars],
  });
}
