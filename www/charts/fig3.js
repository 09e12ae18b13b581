// P1's Fig. 3: hf's B against N at M = 11, 12, 14, 16, 18 (one curve per M).
import { S } from '../strings.js';
import { int, fixed } from '../format.js';
import { upsert, axisTitle, intTicks, cssColor } from './common.js';

/** points: the sweep's points [{function: 'hf', m, n, value}]. */
export function render(canvas, { points }) {
  const ms = [...new Set(points.map((p) => p.m))].sort((a, b) => a - b);
  const datasets = ms.map((m, i) => {
    const color = cssColor(`--fig3-${i}`, '#555');
    return {
      label: S.hfAtM(m),
      data: points.filter((p) => p.m === m).map((p) => ({ x: p.n, y: p.value })),
      borderColor: color,
      backgroundColor: color,
      borderWidth: 2.5,
      pointRadius: 2.5,
    };
  });
  canvas.setAttribute('aria-label', S.fig3Title);
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
            title: (items) => `N = ${int(items[0].parsed.x)}`,
            label: (item) => `${item.dataset.label}: B = ${fixed(item.parsed.y, 4)}`,
          },
        },
      },
    },
  });
}
