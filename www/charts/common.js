// What every chart shares: Chart.js defaults sized for a projector, the function colours
// (defined once, in style.css, as --fn-<id>) and an update-or-create helper.
import { int, fixed } from '../format.js';
import { S } from '../strings.js';

/** Chart.js, loaded by the classic <script> before the app module. */
export function chartLib() {
  if (!window.Chart) throw new Error(S.chartMissing);
  return window.Chart;
}

const INK = '#1b2230';
const GRID = 'rgba(27, 34, 48, 0.12)';
const FALLBACK = ['#4477aa', '#ee6677', '#228833', '#ccbb44', '#66ccee', '#aa3377', '#bbbbbb'];

/** Sets the global defaults once: large type, calm lines, no animation. */
export function setupCharts() {
  const Chart = chartLib();
  const family = getComputedStyle(document.body).fontFamily;
  Chart.defaults.font.family = family;
  Chart.defaults.font.size = 15;
  Chart.defaults.color = INK;
  Chart.defaults.borderColor = GRID;
  Chart.defaults.animation = false;
  Chart.defaults.maintainAspectRatio = false;
  Chart.defaults.responsive = true;
  Chart.defaults.plugins.legend.labels.boxWidth = 12;
  Chart.defaults.plugins.legend.labels.boxHeight = 12;
  Chart.defaults.plugins.legend.labels.usePointStyle = true;
  Chart.defaults.plugins.legend.labels.padding = 14;
  Chart.defaults.plugins.legend.labels.font = { size: 15 };
  Chart.defaults.plugins.tooltip.titleFont = { size: 15, weight: 'bold' };
  Chart.defaults.plugins.tooltip.bodyFont = { size: 15 };
  Chart.defaults.plugins.tooltip.padding = 10;
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
  return { display: true, text, font: { size: 16, weight: 'bold' }, color: INK };
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
