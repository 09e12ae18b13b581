// Chart (b): for large M, how many slots hold s URLs, per function, against the Poisson
// expectation of a random function (both from the wasm's bucket-size distribution).
import { S } from '../strings.js';
import { colorOf, slotPoints, sizeDistributionChart } from './common.js';

/** rows: [{ fn, name, buckets: [{ size, slots, expected }] }]. */
export function render(canvas, { rows, m }) {
  const datasets = rows.map((row, i) => ({
    label: row.name,
    data: slotPoints(row.buckets),
    borderColor: colorOf(row.fn, i),
    backgroundColor: colorOf(row.fn, i),
    borderWidth: 2.5,
    pointRadius: 4,
    pointHoverRadius: 7,
    tension: 0,
  }));
  canvas.setAttribute('aria-label', `${S.bucketsTitle}: ${rows.map((r) => r.name).join(', ')}, M = ${m}`);
  // Every function has the same N and M, so one Poisson curve.
  return sizeDistributionChart(canvas, datasets, {
    sizeLists: rows.map((r) => r.buckets),
    xTitle: S.axisBucketSize,
    yTitle: S.axisSlotsHolding,
    tooltipTitle: S.tooltipBucket,
    expectedDigits: 1,
  });
}
