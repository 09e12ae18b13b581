// The crawler partition (P2): URLs per crawl node under one policy, as bars, with the even
// split N/n as a dashed line.
import { S } from '../strings.js';
import { int, fixed } from '../format.js';
import { upsert, axisTitle, intTicks, cssColor } from './common.js';

/**
 * policy: one policy of the wasm's simulation report ({ per_node: [{ node, urls, links }] });
 * name: its display name; color: its colour; ideal: N/n, the URLs each node gets when even.
 */
export function render(canvas, { policy, name, color, ideal }) {
  const ink = cssColor('--ink', '#1b2230');
  const labels = policy.per_node.map((r) => String(r.node));
  const datasets = [
    {
      type: 'bar',
      label: name,
      data: policy.per_node.map((r) => r.urls),
      backgroundColor: color,
      borderColor: color,
      borderWidth: 0,
      pointStyle: 'rect',
      order: 2,
    },
    {
      type: 'line',
      label: S.idealNodeLine(fixed(ideal, 1)),
      data: labels.map(() => ideal),
      borderColor: ink,
      borderDash: [10, 6],
      borderWidth: 2.5,
      pointRadius: 0,
      pointHitRadius: 0,
      pointStyle: 'line',
      order: 1,
    },
  ];
  canvas.setAttribute('aria-label', S.partNodesChartLabel(name, int(labels.length)));
  return upsert(canvas, {
    type: 'bar',
    data: { labels, datasets },
    options: {
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: { title: axisTitle(S.axisCrawlNode), grid: { display: false } },
        y: { beginAtZero: true, title: axisTitle(S.axisNodeUrls), ticks: { callback: intTicks } },
      },
      plugins: {
        legend: { position: 'top', labels: { sort: (a, b) => a.datasetIndex - b.datasetIndex } },
        tooltip: {
          callbacks: {
            title: (items) => S.tooltipNode(items[0].label),
            label: (item) =>
              item.dataset.type === 'line' ? item.dataset.label : `${item.dataset.label}: ${int(item.parsed.y)}`,
          },
        },
      },
    },
  });
}
