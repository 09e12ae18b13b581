// P1's Fig. 3: hf's B against N at M = 11, 12, 14, 16, 18 (one curve per M).
import { S } from '../strings.js';
import { int } from '../format.js';
import { axisTitle, intTicks, cssColor, curve, sweepChart } from './common.js';

/** points: the sweep's points [{function: 'hf', m, n, value}]. */
export function render(canvas, { points }) {
  const ms = [...new Set(points.map((p) => p.m))].sort((a, b) => a - b);
  const datasets = ms.map((m, i) =>
    curve(
      S.hfAtM(m),
      points.filter((p) => p.m === m).map((p) => ({ x: p.n, y: p.value })),
      cssColor(`--fig3-${i}`, '#555'),
    ),
  );
  canvas.setAttribute('aria-label', S.fig3Title);
  return sweepChart(canvas, datasets, {
    x: { type: 'linear', min: 0, title: axisTitle(S.axisN), ticks: { callback: intTicks } },
    y: { type: 'linear', title: axisTitle(S.axisB), suggestedMin: 1, suggestedMax: 3.5 },
    title: (n) => `N = ${int(n)}`,
    measure: 'B',
  });
}
