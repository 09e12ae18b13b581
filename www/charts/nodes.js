// The crawler partition (P2): URLs per crawl node under one policy, as bars, with the even
// split N/n as a dashed line.
import { S } from '../strings.js';
import { int, fixed } from '../format.js';
import { cssColor, countAxis, barSeries, levelLine, countTooltip, barChart } from './common.js';

/**
 * policy: one policy of the wasm's simulation report ({ per_node: [{ node, urls, links }] });
 * name: its display name; color: its colour; ideal: N/n, the URLs each node gets when even.
 */
export function render(canvas, { policy, name, color, ideal }) {
  const labels = policy.per_node.map((r) => String(r.node));
  const datasets = [
    barSeries(name, policy.per_node.map((r) => r.urls), color),
    levelLine(S.idealNodeLine(fixed(ideal, 1)), ideal, labels, cssColor('--ink', '#1b2230')),
  ];
  canvas.setAttribute('aria-label', S.partNodesChartLabel(name, int(labels.length)));
  return barChart(canvas, {
    labels,
    datasets,
    xTitle: S.axisCrawlNode,
    y: countAxis(S.axisNodeUrls),
    tooltip: countTooltip(S.tooltipNode),
  });
}
