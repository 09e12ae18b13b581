// Crawl nodes joining or leaving (beyond the papers): per scheme, the share of hosts and of URLs
// that move to another node, as bars, and the share a uniform hash moves under that scheme
// (theory) as a mark on each.
import { S } from '../strings.js';
import { int, percent } from '../format.js';
import { axisTitle, barChart, barSeries, cssColor } from './common.js';

/**
 * report: the rebalancing study's report ({ from, to, hosts, urls, schemes: [{ id,
 * hosts_moved, hosts_moved_fraction, urls_moved, urls_moved_fraction, theory_fraction }] }).
 * @param {HTMLCanvasElement} canvas
 * @param {{ report: any }} data
 */
export function render(canvas, { report }) {
  const schemes = report.schemes;
  const labels = schemes.map((s) => S.rebSchemeName(s.id));
  const ink = cssColor('--ink', '#1b2230');
  const datasets = [
    barSeries(S.rebMovedHosts, schemes.map((s) => 100 * s.hosts_moved_fraction), cssColor('--reb-hosts', '#4477aa')),
    barSeries(S.rebMovedUrls, schemes.map((s) => 100 * s.urls_moved_fraction), cssColor('--reb-urls', '#ccbb44')),
    {
      type: 'line',
      label: S.rebTheory,
      data: schemes.map((s) => 100 * s.theory_fraction),
      showLine: false,
      borderColor: ink,
      backgroundColor: ink,
      pointStyle: 'line',
      pointRadius: 14,
      pointHoverRadius: 16,
      pointBorderWidth: 3,
      order: 1,
    },
  ];
  canvas.setAttribute('aria-label', S.rebMovedChartLabel(report.from, report.to, int(report.hosts), int(report.urls)));
  return barChart(canvas, {
    labels,
    datasets,
    xTitle: S.rebAxisScheme,
    // Every scheme named, on a phone too (turned on their side).
    xTicks: { autoSkip: false, maxRotation: 90 },
    y: { min: 0, max: 100, title: axisTitle(S.rebAxisMoved), ticks: { callback: (v) => `${v} %` } },
    tooltip: {
      callbacks: {
        title: (items) => items[0].label,
        label: (item) => {
          const s = schemes[item.dataIndex];
          if (item.datasetIndex === 0) return `${item.dataset.label}: ${int(s.hosts_moved)} / ${int(report.hosts)} (${percent(s.hosts_moved_fraction, 2)})`;
          if (item.datasetIndex === 1) return `${item.dataset.label}: ${int(s.urls_moved)} / ${int(report.urls)} (${percent(s.urls_moved_fraction, 2)})`;
          return `${item.dataset.label}: ${percent(s.theory_fraction, 2)}`;
        },
      },
    },
  });
}
