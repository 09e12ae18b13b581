// Which URLs are one page (beyond P3): per canonicalisation scheme, the spellings it merges into
// another (distinct spellings as written − the scheme's distinct pages), and the merged groups
// P2's crawl nodes would split (spellings of one page routed to two or more nodes). Drawing
// only: every number is the wasm report's (or its partial's, while the study reads).
import { S } from '../strings.js';
import { int } from '../format.js';
import { barChart, barSeries, countAxis, countTooltip, cssColor } from './common.js';

/**
 * rows: [{ scheme, merged, split }] in the report's order (`split` null while the study reads);
 * lines: lines read.
 * @param {HTMLCanvasElement} canvas
 * @param {{ rows: { scheme: string, merged: number, split: number | null }[], lines: number }} data
 */
export function render(canvas, { rows, lines }) {
  const labels = rows.map((r) => S.canonSchemeName[r.scheme] ?? r.scheme);
  const datasets = [barSeries(S.canonSeriesMerged, rows.map((r) => r.merged), cssColor('--fp-measured', '#009e73'))];
  if (rows.every((r) => r.split !== null)) {
    datasets.push(barSeries(S.canonSeriesSplit, rows.map((r) => r.split), cssColor('--accent-2', '#d55e00')));
  }
  canvas.setAttribute('aria-label', S.canonChartLabel(int(lines), rows.map((r, i) => `${labels[i]} ${int(r.merged)}`).join(', ')));
  return barChart(canvas, {
    labels,
    datasets,
    xTitle: S.canonAxisX,
    y: countAxis(S.canonAxisY),
    tooltip: countTooltip((label) => label),
  });
}
