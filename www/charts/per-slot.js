// Chart (a): URLs per slot for small M, grouped bars per function, with the ideal N/M line.
import { S } from '../strings.js';
import { fixed } from '../format.js';
import { colorOf, cssColor, countAxis, barSeries, levelLine, countTooltip, barChart } from './common.js';

/**
 * rows: [{ fn, name, histogram: Uint32Array }] (every row has M slots);
 * idealLoad: N/M from the wasm.
 */
export function render(canvas, { rows, m, idealLoad }) {
  const labels = slotLabels(m);
  const datasets = rows.map((row, i) => barSeries(row.name, Array.from(row.histogram), colorOf(row.fn, i)));
  datasets.push(levelLine(S.idealLine(fixed(idealLoad, 1)), idealLoad, labels, cssColor('--ink', '#1b2230')));
  canvas.setAttribute('aria-label', `${S.perSlotTitle}: ${rows.map((r) => r.name).join(', ')}, M = ${m}`);
  return draw(canvas, labels, datasets);
}

function slotLabels(m) {
  return Array.from({ length: m }, (_, i) => String(i));
}

function draw(canvas, labels, datasets) {
  return barChart(canvas, {
    labels,
    datasets,
    xTitle: S.axisSlot,
    y: countAxis(S.axisUrlsInSlot),
    tooltip: countTooltip(S.tooltipSlot),
  });
}
