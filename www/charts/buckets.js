// Chart (b): for large M, how many slots hold s URLs, per function, against the Poisson
// expectation of a random function (both from the wasm's bucket-size distribution).
import { S } from '../strings.js';
import { int, fixed } from '../format.js';
import { upsert, colorOf, axisTitle, intTicks, cssColor } from './common.js';

/** Smallest count drawn on the log axis; Poisson tails below it are left out. */
const FLOOR = 0.5;

/** rows: [{ fn, name, buckets: [{ size, slots, expected }] }]. */
export function render(canvas, { rows, m }) {
  const ink = cssColor('--ink', '#1b2230');
  const datasets = rows.map((row, i) => ({
    label: row.name,
    data: row.buckets.filter((b) => b.slots > 0).map((b) => ({ x: b.size, y: b.slots })),
    borderColor: colorOf(row.fn, i),
    backgroundColor: colorOf(row.fn, i),
    borderWidth: 2.5,
    pointRadius: 4,
    pointHoverRadius: 7,
    tension: 0,
  }));
  // Every function has the same N and M, so one Poisson curve; take the longest list.
  const longest = rows.reduce((a, r) => (r.buckets.length > a.length ? r.buckets : a), []);
  datasets.push({
    label: S.poisson,
    data: longest.filter((b) => b.expected >= FLOOR).map((b) => ({ x: b.size, y: b.expected })),
    borderColor: ink,
    backgroundColor: ink,
    borderDash: [10, 6],
    borderWidth: 2.5,
    pointRadius: 0,
    pointHitRadius: 6,
    pointStyle: 'line',
    isExpected: true,
  });
  canvas.setAttribute('aria-label', `${S.bucketsTitle}: ${rows.map((r) => r.name).join(', ')}, M = ${m}`);
  return upsert(canvas, {
    type: 'line',
    data: { datasets },
    options: {
      parsing: true,
      interaction: { mode: 'x', intersect: false },
      scales: {
        x: {
          type: 'linear',
          min: 0,
          title: axisTitle(S.axisBucketSize),
          ticks: { precision: 0, callback: intTicks },
        },
        y: {
          type: 'logarithmic',
          min: FLOOR,
          title: axisTitle(S.axisSlotsHolding),
          ticks: {
            callback: (v) => {
              const lead = v / 10 ** Math.floor(Math.log10(v) + 1e-9);
              return Math.abs(lead - 1) < 1e-6 ? int(v) : '';
            },
          },
        },
      },
      plugins: {
        legend: { position: 'top' },
        tooltip: {
          callbacks: {
            title: (items) => S.tooltipBucket(int(items[0].parsed.x)),
            label: (item) =>
              `${item.dataset.label}: ${
                item.dataset.isExpected ? fixed(item.parsed.y, 1) : int(item.parsed.y)
              }`,
          },
        },
      },
    },
  });
}
