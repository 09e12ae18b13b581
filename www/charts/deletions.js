// The delete experiment: for the plain counting filter (decrementing saturated counters, or
// leaving them stuck) and P5's IMP-CB, how many kept URLs were lost (false negatives) and how
// many deleted URLs still read present.
import { S } from '../strings.js';
import { int, percent } from '../format.js';
import { barChart, barSeries, countAxis, cssColor } from './common.js';

/** deletion: `urlhash cbf`'s report ({kept, deleted, rows}). */
export function render(canvas, { deletion }) {
  const labels = deletion.rows.map((r) => S.deletionShort[r.structure] ?? r.structure);
  const datasets = [
    barSeries(S.deletionLost(int(deletion.kept)), deletion.rows.map((r) => r.false_negatives), cssColor('--cbf-lost', '#c01c28')),
    barSeries(S.deletionStill(int(deletion.deleted)), deletion.rows.map((r) => r.deleted_still_present), cssColor('--cbf-still', '#999933')),
  ];
  canvas.setAttribute('aria-label', S.deletionChartLabel(int(deletion.kept), int(deletion.deleted)));
  return barChart(canvas, {
    labels,
    datasets,
    xTitle: S.axisDeletionStructure,
    y: countAxis(S.axisUrls),
    tooltip: {
      callbacks: {
        title: (items) => items[0].label,
        label: (item) => {
          const of = item.datasetIndex === 0 ? deletion.kept : deletion.deleted;
          return `${item.dataset.label}: ${int(item.parsed.y)} (${percent(of ? item.parsed.y / of : 0, 2)})`;
        },
      },
    },
  });
}
