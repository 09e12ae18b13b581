// P1's Fig. 2: B against N over M machines, per P1 function.
import { S } from '../strings.js';
import { int, fixed } from '../format.js';
import { upsert, colorOf, axisTitle, intTicks } from './common.js';

/** points: the sweep's points [{function, m, n, value}]; names: id → display name. */
export function render(canvas, { points, m, functions, names }) {
  const datasets = functions.map((fn, i) => ({
    label: names[fn] ?? fn,
    data: points.filter((p) => p.m === m && p.function === fn).map((p) => ({ x: p.n, y: p.value })),
    borderColor: colorOf(fn, i),
    backgroundColor: colorOf(fn, i),
    borderWidth: 2.5,
    pointRadius: 2.5,
  }));
  canvas.setAttribute('aria-label', `${S.fig2Title}, M = ${m}`);
  return upsert(canvas, {
    type: 'line',
    data: { datasets },
    options: {
      interaction: { mode: 'nearest', intersect: false },
      scales: {
        x: { type: 'linear', min: 0, title: axisTitle(S.axisN), ticks: { callback: intTicks } },
        y: { type: 'linear', title: axisTitle(S.axisB), suggestedMin: 1, suggestedMax: 3.5 },
      },
      plugins: {
        legend: { position: 'top' },
        tooltip: {
          callbacks: {
            title: (items) => `N = ${int(items[0].parsed.x)}, M = ${m}`,
            label: (item) => `${item.dataset.label}: B = ${fixed(item.parsed.y, 4)}`,
          },
        },
      },
    },
  });
}
