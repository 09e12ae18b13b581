// The crawler partition (P2): the control node's path tables (2^15 slots per site), the URLs
// that land on a slot already taken, per reading of P2's path hash, beside what a random hash
// gives (both from the wasm's path-table reports).
import { S } from '../strings.js';
import { int, expectedCount } from '../format.js';
import { colorOf, cssColor, countAxis, barChart } from './common.js';

/** tables: the simulation's path_tables [{ reading, name, collisions, expected_collisions }]. */
export function render(canvas, { tables }) {
  const ink = cssColor('--ink', '#1b2230');
  // "P2 path hash (as printed)" on two lines: the name, then the reading in brackets (either kind).
  const labels = tables.map((t) => {
    const at = t.name.search(/ \(|（/);
    return at > 0 ? [t.name.slice(0, at), t.name.slice(at).trim()] : t.name;
  });
  const colors = tables.map((t, i) => colorOf(t.reading, i));
  const datasets = [
    {
      label: S.partMeasured,
      data: tables.map((t) => t.collisions),
      backgroundColor: colors,
      borderColor: colors,
      borderWidth: 0,
      pointStyle: 'rect',
      // A reading with no collision still shows a sliver, so the bar is seen to be there.
      minBarLength: 3,
    },
    {
      label: S.partExpectedRandom,
      data: tables.map((t) => t.expected_collisions),
      backgroundColor: 'rgba(255, 255, 255, 0.9)',
      borderColor: ink,
      borderWidth: 2.5,
      borderDash: [6, 4],
      pointStyle: 'rect',
      minBarLength: 3,
      isExpected: true,
    },
  ];
  canvas.setAttribute('aria-label', `${S.partPathCollTitle}: ${tables.map((t) => t.name).join(', ')}`);
  return barChart(canvas, {
    labels,
    datasets,
    xTitle: S.axisPathReading,
    xTicks: { maxRotation: 0 },
    y: countAxis(S.axisCollidingUrls),
    // The measured bars take each reading's colour; the legend shows them in ink.
    legendLabels: {
      generateLabels: (chart) =>
        chart.data.datasets.map((d, i) => ({
          text: d.label,
          datasetIndex: i,
          fillStyle: d.isExpected ? d.backgroundColor : ink,
          strokeStyle: ink,
          lineWidth: d.isExpected ? 2 : 0,
          lineDash: d.isExpected ? [4, 3] : [],
          pointStyle: 'rect',
          hidden: !chart.isDatasetVisible(i),
          fontColor: ink,
        })),
    },
    tooltip: {
      callbacks: {
        title: (items) => tables[items[0].dataIndex].name,
        label: (item) =>
          `${item.dataset.label}: ${item.dataset.isExpected ? expectedCount(item.parsed.y) : int(item.parsed.y)}`,
      },
    },
  });
}
