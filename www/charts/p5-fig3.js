// P5's Fig. 3 timed: microseconds per page of the fingerprint store alone and of IMP-CB at each
// N of the stream, with the store in memory and on disk (SQLite).
import { S } from '../strings.js';
import { fixed, int } from '../format.js';
import { axisTitle, barChart, barSeries, cssColor } from './common.js';

const COLORS = {
  'store-memory': ['--fig3-store-memory', '#56b4e9'],
  'imp_cb-memory': ['--fig3-imp-memory', '#e69f00'],
  'store-disk': ['--fig3-store-disk', '#0072b2'],
  'imp_cb-disk': ['--fig3-imp-disk', '#d55e00'],
};

/** rows: the rows of `p5Fig3` timed so far (each with `medium`, `n` and the µs per page). */
export function render(canvas, { rows }) {
  const sizes = [...new Set(rows.map((r) => r.n))];
  const datasets = [];
  for (const medium of ['memory', 'disk']) {
    const mine = rows.filter((r) => r.medium === medium);
    if (!mine.length) continue;
    for (const who of ['store', 'imp_cb']) {
      const [name, fallback] = COLORS[`${who}-${medium}`];
      const data = sizes.map((n) => mine.find((r) => r.n === n)?.[`${who}_us_per_url`] ?? null);
      datasets.push(barSeries(S.p5Fig3Series(who, S.p5Fig3Medium[medium]), data, cssColor(name, fallback)));
    }
  }
  canvas.setAttribute('aria-label', S.p5Fig3ChartLabel);
  return barChart(canvas, {
    labels: sizes.map((n) => int(n)),
    datasets,
    xTitle: S.axisP5Fig3N,
    y: { beginAtZero: true, title: axisTitle(S.p5Fig3Unit) },
    tooltip: {
      callbacks: {
        title: (items) => `N = ${items[0].label}`,
        label: (item) => `${item.dataset.label}: ${fixed(item.parsed.y, 3)} ${S.p5Fig3Unit}`,
      },
    },
  });
}
