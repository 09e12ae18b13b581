// P1's Fig. 2: B against N over M machines, per P1 function.
import { S } from '../strings.js';
import { int } from '../format.js';
import { colorOf, axisTitle, intTicks, curve, sweepChart } from './common.js';

/** points: the sweep's points [{function, m, n, value}]; names: id → display name. */
export function render(canvas, { points, m, functions, names }) {
  const datasets = functions.map((fn, i) =>
    curve(
      names[fn] ?? fn,
      points.filter((p) => p.m === m && p.function === fn).map((p) => ({ x: p.n, y: p.value })),
      colorOf(fn, i),
    ),
  );
  canvas.setAttribute('aria-label', `${S.fig2Title}, M = ${m}`);
  return sweepChart(canvas, datasets, {
    x: { type: 'linear', min: 0, title: axisTitle(S.axisN), ticks: { callback: intTicks } },
    y: { type: 'linear', title: axisTitle(S.axisB), suggestedMin: 1, suggestedMax: 3.5 },
    title: (n) => `N = ${int(n)}, M = ${m}`,
    measure: 'B',
  });
}
