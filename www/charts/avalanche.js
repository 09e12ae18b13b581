// The avalanche over many pairs of near-identical URLs: how many pairs differ in k of the 128
// digest bits (bars) beside Binomial(128, 1/2) times the pairs (dashed), the distribution of an
// ideal 128-bit function.
import { S } from '../strings.js';
import { int, fixed } from '../format.js';
import { barChart, barSeries, countAxis, cssColor } from './common.js';

/** Expected counts below this are left out of the range drawn. */
const FLOOR = 0.5;

/** stats: the report's `avalanche` ({histogram, expected, pairs, …}). */
export function render(canvas, { stats }) {
  const ink = cssColor('--ink', '#1b2230');
  const { histogram, expected } = stats;
  // From the first k measured or expected to the last.
  const shown = histogram.map((c, k) => c > 0 || expected[k] >= FLOOR);
  const lo = Math.max(0, shown.indexOf(true));
  const hi = Math.max(lo, shown.lastIndexOf(true));
  const ks = [];
  for (let k = lo; k <= hi; k += 1) ks.push(k);
  const bars = barSeries(
    S.fpHistMeasured,
    ks.map((k) => histogram[k]),
    cssColor('--fp-measured', '#009e73'),
  );
  const line = {
    type: 'line',
    label: S.fpHistExpected,
    data: ks.map((k) => expected[k]),
    borderColor: ink,
    backgroundColor: ink,
    borderDash: [10, 6],
    borderWidth: 2.5,
    pointRadius: 0,
    pointHitRadius: 4,
    pointStyle: 'line',
    order: 1,
  };
  canvas.setAttribute('aria-label', S.fpHistChartLabel(int(stats.pairs)));
  return barChart(canvas, {
    labels: ks.map(String),
    datasets: [bars, line],
    xTitle: S.axisDifferingBits,
    xTicks: { autoSkip: true, maxRotation: 0, autoSkipPadding: 8 },
    y: countAxis(S.axisPairs),
    tooltip: {
      callbacks: {
        title: (items) => S.fpHistTooltipTitle(items[0].label),
        label: (item) =>
          item.dataset.type === 'line'
            ? `${item.dataset.label}: ${fixed(item.parsed.y, 1)}`
            : `${item.dataset.label}: ${int(item.parsed.y)}`,
      },
    },
  });
}
