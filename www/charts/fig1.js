// P1's Fig. 1: A against N for one table size M, per P1 function, with the values P1 printed
// in its table (M = 200 000) as separate points.
import { S } from '../strings.js';
import { int, fixed } from '../format.js';
import { colorOf, axisTitle, logTicks, cssColor, curve, sweepChart, thin } from './common.js';

/**
 * points: the sweep's points [{function, m, n, value}]; names: id → display name;
 * printed: null or { m, columns: [{ n, a_opt_printed, hfip_printed }] } from the P1 report.
 */
export function render(canvas, { points, m, functions, names, printed, offchart }) {
  const datasets = functions.map((fn, i) =>
    curve(
      names[fn] ?? fn,
      points.filter((p) => p.m === m && p.function === fn).map((p) => ({ x: p.n, y: p.value })),
      colorOf(fn, i),
    ),
  );
  // P1's table: 0.5 M … 3 M, then 20 M. The last column is drawn only when the loaded data
  // reaches past 3 M; otherwise it would squeeze every measured curve flat.
  let hidden = [];
  if (printed && printed.m === m) {
    const ink = cssColor('--ink', '#1b2230');
    const maxN = Math.max(0, ...points.map((p) => p.n));
    const limit = Math.max(maxN, printed.columns[printed.columns.length - 2].n);
    hidden = printed.columns.filter((c) => c.n > limit);
    printed = { ...printed, columns: printed.columns.filter((c) => c.n <= limit) };
    datasets.push({
      label: S.printedAopt,
      data: printed.columns.map((c) => ({ x: c.n, y: c.a_opt_printed })),
      showLine: false,
      pointStyle: 'triangle',
      pointRadius: 9,
      pointHoverRadius: 11,
      borderColor: ink,
      backgroundColor: cssColor('--label-bg', 'rgba(255, 255, 255, 0.9)'),
      borderWidth: 2.5,
    });
    datasets.push({
      label: S.printedHfip,
      data: printed.columns.map((c) => ({ x: c.n, y: c.hfip_printed })),
      showLine: false,
      pointStyle: 'rectRot',
      pointRadius: 9,
      pointHoverRadius: 11,
      borderColor: colorOf('hfip', 1),
      backgroundColor: cssColor('--label-bg', 'rgba(255, 255, 255, 0.9)'),
      borderWidth: 3,
    });
  }
  if (offchart) {
    offchart.textContent = hidden
      .map((c) => S.printedOffChart(int(c.n), fixed(c.a_opt_printed, 2), fixed(c.hfip_printed, 2)))
      .join(' ');
    offchart.hidden = hidden.length === 0;
  }
  canvas.setAttribute('aria-label', `${S.fig1Title}, M = ${int(m)}`);
  return sweepChart(canvas, datasets, {
    x: { type: 'logarithmic', title: axisTitle(S.axisNLog), ticks: { callback: thin(logTicks), autoSkip: false } },
    y: { type: 'linear', title: axisTitle(S.axisA), beginAtZero: true },
    title: (n) => `N = ${int(n)}, M = ${int(m)}`,
    measure: 'A',
  });
}
