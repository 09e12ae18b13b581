// Chart (a): URLs per slot for small M, grouped bars per function, with the ideal N/M line.
import { S } from '../strings.js';
import { int, fixed } from '../format.js';
import { upsert, colorOf, axisTitle, intTicks, cssColor } from './common.js';

/**
 * rows: [{ fn, name, histogram: Uint32Array }] (every row has M slots);
 * idealLoad: N/M from the wasm.
 */
export function render(canvas, { rows, m, idealLoad }) {
  const labels = Array.from({ length: m }, (_, i) => String(i));
  const ink = cssColor('--ink', '#1b2230');
  const datasets = rows.map((row, i) => ({
    type: 'bar',
    label: row.name,
    data: Array.from(row.histogram),
    backgroundColor: colorOf(row.fn, i),
    borderColor: colorOf(row.fn, i),
    borderWidth: 0,
    pointStyle: 'rect',
    order: 2,
  }));
  datasets.push({
    type: 'line',
    label: S.idealLine(fixed(idealLoad, 1)),
    data: labels.map(() => idealLoad),
    borderColor: ink,
    borderDash: [10, 6],
    borderWidth: 2.5,
    pointRadius: 0,
    pointHitRadius: 0,
    pointStyle: 'line',
    order: 1,
  });
  canvas.setAttribute('aria-label', `${S.perSlotTitle}: ${rows.map((r) => r.name).join(', ')}, M = ${m}`);
  return upsert(canvas, {
    type: 'bar',
    data: { labels, datasets },
    options: {
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: { title: axisTitle(S.axisSlot), grid: { display: false } },
        y: { beginAtZero: true, title: axisTitle(S.axisUrlsInSlot), ticks: { callback: intTicks } },
      },
      plugins: {
        legend: {
          position: 'top',
          labels: { sort: (a, b) => a.datasetIndex - b.datasetIndex },
        },
        tooltip: {
          callbacks: {
            title: (items) => S.tooltipSlot(items[0].label),
            label: (item) =>
              item.dataset.type === 'line'
                ? item.dataset.label
                : `${item.dataset.label}: ${int(item.parsed.y)}`,
          },
        },
      },
    },
  });
}
