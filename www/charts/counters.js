// A counting Bloom filter after inserting every key: how many counters hold 0, 1, 2, … (bars,
// log y) beside the binomial expectation m·P(c = j), the last value being saturation.
import { S } from '../strings.js';
import { int, fixed } from '../format.js';
import { axisTitle, barSeries, cssColor, labelledLog, powerOfTenTicks, upsert } from './common.js';

/** Smallest count on the log axis; expectations below it are left out. */
const FLOOR = 0.5;

/**
 * counters: the report's `counters` ({counts, expected, max, n, …}); inserted: the keys the
 * filter takes in all (the counters hold the first `counters.n` while they go in).
 */
export function render(canvas, { counters, inserted = counters.n }) {
  const ink = cssColor('--ink', '#1b2230');
  const labels = counters.counts.map((_, j) => (j === counters.max ? S.counterFullLabel(j) : String(j)));
  const bars = barSeries(
    counters.n < inserted ? S.countersSoFar(int(counters.n), int(inserted)) : S.countersMeasured,
    counters.counts.map((c) => (c > 0 ? c : null)),
    cssColor('--cbf-counters', '#0072b2'),
  );
  bars.backgroundColor = counters.counts.map((_, j) =>
    j === counters.max ? cssColor('--cbf-saturated', '#d55e00') : cssColor('--cbf-counters', '#0072b2'),
  );
  const expected = {
    type: 'line',
    label: S.countersExpected,
    data: counters.expected.map((e) => (e >= FLOOR ? e : null)),
    borderColor: ink,
    backgroundColor: ink,
    borderDash: [10, 6],
    borderWidth: 2.5,
    pointRadius: 3,
    pointStyle: 'line',
    spanGaps: false,
    order: 1,
  };
  canvas.setAttribute('aria-label', S.countersChartLabel(int(counters.m), counters.bits));
  return upsert(canvas, {
    type: 'bar',
    data: { labels, datasets: [bars, expected] },
    options: {
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: { title: axisTitle(S.axisCounterValue), grid: { display: false } },
        y: { ...labelledLog(powerOfTenTicks), min: FLOOR, title: axisTitle(S.axisCountersLog) },
      },
      plugins: {
        legend: { position: 'top', labels: { sort: (a, b) => a.datasetIndex - b.datasetIndex } },
        tooltip: {
          callbacks: {
            title: (items) => S.countersTooltipTitle(items[0].label),
            label: (item) => {
              const j = item.dataIndex;
              return item.dataset.type === 'line'
                ? `${item.dataset.label}: ${fixed(counters.expected[j], counters.expected[j] < 10 ? 3 : 1)}`
                : `${item.dataset.label}: ${int(counters.counts[j])}`;
            },
          },
        },
      },
    },
  });
}
