// What every chart shares: Chart.js defaults sized for a projector, the function colours
// (defined once, in style.css, as --fn-<id>), an update-or-create helper, and the three kinds
// of chart the page draws: measures against N, slots holding k on a log axis, and bars.
import { int, fixed, tenTo } from '../format.js';
import { S } from '../strings.js';

/** Chart.js, loaded by the classic <script> before the app module. */
export function chartLib() {
  if (!window.Chart) throw new Error(S.chartMissing);
  return window.Chart;
}

const INK = '#1b2230';
const FALLBACK = ['#4477aa', '#ee6677', '#228833', '#ccbb44', '#66ccee', '#aa3377', '#bbbbbb'];

/** Phones: the charts are about 350 px wide and take smaller type, so the plot keeps its room. */
const NARROW = '(max-width: 600px)';

/** Type sizes (px) and line widths of the charts: a phone's, a screen's, or projector mode's. */
export function chartType() {
  if (document.body?.classList.contains('projector')) return { base: 21, title: 23, legend: 21, padding: 18, box: 18, line: 4, point: 5 };
  return window.matchMedia?.(NARROW).matches
    ? { base: 12, title: 13, legend: 12, padding: 8, box: 10, line: 2, point: 3 }
    : { base: 15, title: 16, legend: 15, padding: 14, box: 12, line: 3, point: 3 };
}

/** Sets the global defaults once: large type, calm lines, no animation; the theme's colours. */
export function setupCharts() {
  const Chart = chartLib();
  const family = getComputedStyle(document.body).fontFamily;
  Chart.defaults.font.family = family;
  themeCharts();
  sizeCharts();
  Chart.defaults.animation = false;
  Chart.defaults.maintainAspectRatio = false;
  Chart.defaults.responsive = true;
  Chart.defaults.plugins.legend.labels.usePointStyle = true;
  Chart.defaults.plugins.tooltip.padding = 10;
  Chart.register(THICKER);
}

/**
 * Projector mode draws every line and point of every chart thicker than the chart asked for
 * (a chart's own widths are kept aside and scaled at each update).
 */
const THICKER = {
  id: 'uhl-thicker',
  beforeUpdate(chart) {
    const scale = document.body.classList.contains('projector') ? 1.6 : 1;
    const times = (v) => (typeof v === 'number' ? v * scale : Array.isArray(v) ? v.map((x) => (typeof x === 'number' ? x * scale : x)) : v);
    for (const ds of chart.data.datasets) {
      const own = (ds.uhlOwn ??= { borderWidth: ds.borderWidth, pointRadius: ds.pointRadius });
      if (own.borderWidth !== undefined) ds.borderWidth = times(own.borderWidth);
      if (own.pointRadius !== undefined) ds.pointRadius = times(own.pointRadius);
    }
  },
};

/** The type sizes and line widths of `chartType()` as Chart.js defaults. */
export function sizeCharts() {
  const Chart = chartLib();
  const t = chartType();
  Chart.defaults.font.size = t.base;
  Chart.defaults.elements.line.borderWidth = t.line;
  Chart.defaults.elements.point.radius = t.point;
  const legend = Chart.defaults.plugins.legend.labels;
  legend.boxWidth = t.box;
  legend.boxHeight = t.box;
  legend.padding = t.padding;
  legend.font = { size: t.legend };
  Chart.defaults.plugins.tooltip.titleFont = { size: t.legend, weight: 'bold' };
  Chart.defaults.plugins.tooltip.bodyFont = { size: t.legend };
}

/** Calls `redraw()` after the type sizes change (the window crossed the phone width). */
export function onChartTypeChange(redraw) {
  window.matchMedia?.(NARROW).addEventListener('change', () => {
    sizeCharts();
    redraw();
  });
}

/** Text and grid colours of the theme shown (style.css); the charts are drawn again after it. */
export function themeCharts() {
  const Chart = chartLib();
  Chart.defaults.color = cssColor('--ink', INK);
  Chart.defaults.borderColor = cssColor('--grid', 'rgba(27, 34, 48, 0.12)');
}

/** The colour of a hash function (from style.css), or a stable fallback. */
export function colorOf(id, index = 0) {
  const v = getComputedStyle(document.documentElement).getPropertyValue(`--fn-${id}`).trim();
  return v || FALLBACK[index % FALLBACK.length];
}

/** A colour from style.css by custom property name. */
export function cssColor(name, fallback) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** An axis title in the shared style. */
export function axisTitle(text) {
  return { display: true, text, font: { size: chartType().title, weight: 'bold' }, color: cssColor('--ink', INK) };
}

/**
 * The labels of a log axis (`label(value)`, '' where none) thinned to every 2nd, 3rd, … one so
 * that they never overlap, however narrow the axis: a tick callback (`this` is the scale).
 */
export function thin(label) {
  // Per tick list (one per layout pass): the labelled ticks' places and the step, worked out once.
  const plans = new WeakMap();
  return function thinned(value, index, ticks) {
    const text = label(value);
    if (!text) return '';
    let plan = plans.get(ticks);
    if (!plan) {
      const shown = ticks.filter((t) => label(t.value));
      const size = chartType().base;
      const across = this.isHorizontal();
      const longest = Math.max(...shown.map((t) => label(t.value).length));
      const need = across ? longest * size * 0.62 + size : size * 1.7;
      const room = Math.max(across ? this.maxWidth : this.maxHeight, 1);
      plan = { at: new Map(shown.map((t, i) => [t.value, i])), step: Math.max(1, Math.ceil((shown.length * need) / room)) };
      plans.set(ticks, plan);
    }
    return plan.at.get(value) % plan.step === 0 ? text : '';
  };
}

/** Tick labels for a count axis: 1000000 → "1 000 000". */
export function intTicks(value) {
  return Number.isInteger(value) ? int(value) : '';
}

/** Tick labels for a log axis: only 1, 2 and 5 times a power of ten, in k and M. */
export function logTicks(value) {
  const lead = value / 10 ** Math.floor(Math.log10(value) + 1e-9);
  if (![1, 2, 5].some((d) => Math.abs(lead - d) < 1e-6)) return '';
  if (value >= 1e6) return `${value / 1e6} M`;
  if (value >= 1e3) return `${value / 1e3} k`;
  return String(value);
}

/** Tick labels for a log axis: powers of ten only, 0.01 → "0.01", 10000 → "10 000". */
export function powerOfTenTicks(value) {
  const lead = value / 10 ** Math.floor(Math.log10(value) + 1e-9);
  if (Math.abs(lead - 1) >= 1e-6) return '';
  return value >= 1 ? int(value) : String(value);
}

/** Updates the chart on `canvas` with `config`, creating it the first time. */
export function upsert(canvas, config) {
  const Chart = chartLib();
  const chart = Chart.getChart(canvas);
  if (chart && chart.config.type === config.type) {
    chart.data = config.data;
    chart.options = config.options;
    chart.update('none');
    return chart;
  }
  chart?.destroy();
  return new Chart(canvas, config);
}

/** One measured curve of a sweep: points {x: N, y: value}. */
export function curve(label, data, color) {
  return { label, data, borderColor: color, backgroundColor: color, borderWidth: 2.5, pointRadius: 2.5 };
}

/**
 * A line chart of a measure against N (P1's Fig. 1-3): the given axes, a legend on top, and
 * tooltips titled by `title(n)` that read "<curve>: <measure> = value".
 */
export function sweepChart(canvas, datasets, { x, y, title, measure }) {
  return upsert(canvas, {
    type: 'line',
    data: { datasets },
    options: {
      interaction: { mode: 'nearest', intersect: false },
      scales: { x, y },
      plugins: {
        legend: { position: 'top' },
        tooltip: {
          callbacks: {
            title: (items) => title(items[0].parsed.x),
            label: (item) => `${item.dataset.label}: ${measure} = ${fixed(item.parsed.y, 4)}`,
          },
        },
      },
    },
  });
}

/** Smallest count drawn on a "slots holding k" log axis; Poisson tails below it are left out. */
const SIZE_FLOOR = 0.5;

/** The slots holding k of one size list [{ size, slots }]: points {x: k, y: slots}, empty sizes left out. */
export function slotPoints(sizes) {
  return sizes.filter((s) => s.slots > 0).map((s) => ({ x: s.size, y: s.slots }));
}

/**
 * A log-scale line chart of how many slots hold k items: the measured `datasets` (from
 * slotPoints), then the Poisson expectation of a random function, dashed in ink, taken from
 * the longest of `sizeLists` ([{ size, expected }] each; they all share one expectation).
 * Tooltips are titled `tooltipTitle(k)` (k as text) and show the expectation with
 * `expectedDigits` decimals, the measured counts as whole numbers.
 */
export function sizeDistributionChart(canvas, datasets, { sizeLists, xTitle, yTitle, tooltipTitle, expectedDigits }) {
  const ink = cssColor('--ink', INK);
  const longest = sizeLists.reduce((a, l) => (l.length > a.length ? l : a), []);
  const expected = {
    label: S.poisson,
    data: longest.filter((s) => s.expected >= SIZE_FLOOR).map((s) => ({ x: s.size, y: s.expected })),
    borderColor: ink,
    backgroundColor: ink,
    borderDash: [10, 6],
    borderWidth: 2.5,
    pointRadius: 0,
    pointHitRadius: 6,
    pointStyle: 'line',
    isExpected: true,
  };
  return upsert(canvas, {
    type: 'line',
    data: { datasets: [...datasets, expected] },
    options: {
      interaction: { mode: 'x', intersect: false },
      scales: {
        x: { type: 'linear', min: 0, title: axisTitle(xTitle), ticks: { precision: 0, callback: intTicks } },
        y: { type: 'logarithmic', min: SIZE_FLOOR, title: axisTitle(yTitle), ticks: { callback: powerOfTenTicks } },
      },
      plugins: {
        legend: { position: 'top' },
        tooltip: {
          callbacks: {
            title: (items) => tooltipTitle(int(items[0].parsed.x)),
            label: (item) =>
              `${item.dataset.label}: ${
                item.dataset.isExpected ? fixed(item.parsed.y, expectedDigits) : int(item.parsed.y)
              }`,
          },
        },
      },
    },
  });
}

/** A count axis from 0 titled `text`, ticks as whole numbers ("1 000 000"). */
export function countAxis(text) {
  return { beginAtZero: true, title: axisTitle(text), ticks: { callback: intTicks } };
}

/** One series of bars in one colour, drawn under any reference line. */
export function barSeries(label, data, color) {
  return { type: 'bar', label, data, backgroundColor: color, borderColor: color, borderWidth: 0, pointStyle: 'rect', order: 2 };
}

/** A dashed level line at `value` across every category (an even split, a rule), over the bars; no hover of its own. */
export function levelLine(label, value, labels, color) {
  return {
    type: 'line',
    label,
    data: labels.map(() => value),
    borderColor: color,
    borderDash: [10, 6],
    borderWidth: 2.5,
    pointRadius: 0,
    pointHitRadius: 0,
    pointStyle: 'line',
    order: 1,
  };
}

/** Tooltips for bars plus a level line: titled `title(category)`, "<series>: count" per bar, the line's own label. */
export function countTooltip(title) {
  return {
    callbacks: {
      title: (items) => title(items[0].label),
      label: (item) =>
        item.dataset.type === 'line' ? item.dataset.label : `${item.dataset.label}: ${int(item.parsed.y)}`,
    },
  };
}

/**
 * A bar chart over the categories `labels`, one tooltip per category: x titled `xTitle` with no
 * vertical grid lines (and `xTicks` when given), the y axis `y`, a legend on top in dataset
 * order (or with `legendLabels`), and `tooltip`.
 * @param {HTMLCanvasElement} canvas
 * @param {{ labels: unknown[], datasets: object[], xTitle: string, xTicks?: object, y: object, legendLabels?: object, tooltip: object }} options
 */
export function barChart(canvas, { labels, datasets, xTitle, xTicks, y, legendLabels, tooltip }) {
  /** @type {{ title: object, grid: object, ticks?: object }} */
  const x = { title: axisTitle(xTitle), grid: { display: false } };
  if (xTicks) x.ticks = xTicks;
  return upsert(canvas, {
    type: 'bar',
    data: { labels, datasets },
    options: {
      interaction: { mode: 'index', intersect: false },
      scales: { x, y },
      plugins: {
        legend: { position: 'top', labels: legendLabels ?? { sort: (a, b) => a.datasetIndex - b.datasetIndex } },
        tooltip,
      },
    },
  });
}

/**
 * Draws a vertical 95 % interval on every point of the datasets marked `errorBars: true`,
 * from each point's `lo` to its `hi` (a `lo` of 0 or below the axis reaches the axis; only a
 * positive `lo` gets a cap). Pass it in a chart's `plugins`.
 */
export const errorBars = {
  id: 'errorBars',
  afterDatasetsDraw(chart) {
    const { ctx, chartArea, scales } = chart;
    const y = scales.y;
    chart.data.datasets.forEach((ds, i) => {
      if (!ds.errorBars || !chart.isDatasetVisible(i)) return;
      const meta = chart.getDatasetMeta(i);
      ctx.save();
      ctx.strokeStyle = ds.borderColor;
      ctx.lineWidth = 1.8;
      meta.data.forEach((pt, j) => {
        const d = ds.data[j];
        if (!d || d.hi === undefined) return;
        const top = Math.max(chartArea.top, y.getPixelForValue(d.hi));
        const capped = d.lo > 0 && d.lo >= y.min;
        const bottom = capped ? Math.min(chartArea.bottom, y.getPixelForValue(d.lo)) : chartArea.bottom;
        ctx.beginPath();
        ctx.moveTo(pt.x, top);
        ctx.lineTo(pt.x, bottom);
        ctx.moveTo(pt.x - 4, top);
        ctx.lineTo(pt.x + 4, top);
        if (capped) {
          ctx.moveTo(pt.x - 4, bottom);
          ctx.lineTo(pt.x + 4, bottom);
        }
        ctx.stroke();
      });
      ctx.restore();
    });
  },
};

/** Tick labels for a log axis of rates: powers of ten as 1, 10⁻¹, 10⁻², … */
export function rateTicks(value) {
  const e = Math.round(Math.log10(value));
  if (Math.abs(value / 10 ** e - 1) > 1e-6) return '';
  return e === 0 ? '1' : tenTo(e);
}

/**
 * A log axis ticked, labelled and gridded only where `label` names a value (powers of ten,
 * 1-2-5, …), labels thinned to fit: the scale's other ticks (nine a decade: 400 on the birthday
 * chart's y axis) would draw nothing, yet each layout would measure them (25 ms an update there).
 * Spread it into the axis's options: `{ ...labelledLog(rateTicks), min, title }`; `ticks`: more
 * tick options.
 * @param {(value: number) => string} label
 * @param {Record<string, unknown>} [ticks]
 */
export function labelledLog(label, ticks = {}) {
  const line = cssColor('--grid-strong', 'rgba(27, 34, 48, 0.16)');
  return {
    type: /** @type {const} */ ('logarithmic'),
    afterBuildTicks: (/** @type {{ ticks: { value: number }[] }} */ axis) => {
      axis.ticks = axis.ticks.filter((t) => label(t.value));
    },
    ticks: { callback: thin(label), autoSkip: false, ...ticks },
    // Every tick left is labelled: each draws its line.
    grid: { color: (/** @type {any} */ c) => (c.tick ? line : 'transparent') },
  };
}
