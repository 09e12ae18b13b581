// The hash-quality battery (beyond P1): per function, in SMHasher3's order, how many of its test
// lines passed, warned and failed, stacked. Drawing only: every number is the wasm report's (or
// its partial's, while the battery runs).
import { S } from '../strings.js';
import { int } from '../format.js';
import { barChart, barSeries, countAxis, cssColor } from './common.js';

/**
 * rows: the summary rows to draw, in order; names: function id → name.
 * @param {HTMLCanvasElement} canvas
 * @param {{ rows: any[], names: Record<string, string> }} data
 */
export function render(canvas, { rows, names }) {
  const labels = rows.map((r) => names[r.hash] ?? r.hash);
  const stacked = (s) => ({ ...s, stack: 'lines' });
  const datasets = [
    stacked(barSeries(S.qualSeries.passed, rows.map((r) => r.passed), cssColor('--ok', '#1a7f37'))),
    stacked(barSeries(S.qualSeries.warnings, rows.map((r) => r.warnings), cssColor('--warn', '#8a4b00'))),
    stacked(barSeries(S.qualSeries.failures, rows.map((r) => r.failures), cssColor('--error', '#a4161a'))),
  ];
  canvas.setAttribute('aria-label', S.qualChartLabel(rows.map((r, i) => `${labels[i]} ${int(r.failures)}/${int(r.tests)}`).join(', ')));
  const chart = barChart(canvas, {
    labels,
    datasets,
    xTitle: S.qualAxisX,
    y: { ...countAxis(S.qualAxisY), stacked: true },
    tooltip: {
      callbacks: {
        label: (item) => `${item.dataset.label}: ${int(item.parsed.y)}`,
      },
    },
  });
  chart.options.scales.x.stacked = true;
  chart.update('none');
  return chart;
}
