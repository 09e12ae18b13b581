// Crawl nodes joining (beyond the papers): the share of URLs that move when an (n + 1)-th node
// joins n, for n = 2 … 64, one line per scheme, beside what theory says of a uniform hash:
// n/(n + 1) under mod n, 1/(n + 1) under a consistent scheme (dashed).
import { S } from '../strings.js';
import { percent } from '../format.js';
import { axisTitle, upsert, cssColor } from './common.js';

/**
 * report: the rebalancing study's report ({ curve_nodes, schemes: [{ id, scheme, moved_by_n,
 * theory_by_n }] }); colorOf(id): a scheme's colour.
 * @param {HTMLCanvasElement} canvas
 * @param {{ report: any, colorOf: (id: string) => string }} data
 */
export function render(canvas, { report, colorOf }) {
  const xs = report.curve_nodes;
  const points = (ys) => ys.map((y, i) => ({ x: xs[i], y: 100 * y }));
  const datasets = report.schemes.map((s) => ({
    label: S.rebSchemeName(s.id),
    data: points(s.moved_by_n),
    borderColor: colorOf(s.id),
    backgroundColor: colorOf(s.id),
    borderWidth: 2,
    pointRadius: 0,
    pointHitRadius: 5,
  }));
  const ink = cssColor('--ink', '#1b2230');
  // One theory line per kind: mod n (every mod scheme has the same) and consistent.
  const kinds = [
    [report.schemes.find((s) => !CONSISTENT.has(s.scheme)), S.rebTheoryMod],
    [report.schemes.find((s) => CONSISTENT.has(s.scheme)), S.rebTheoryConsistent],
  ];
  for (const [s, label] of kinds) {
    if (!s) continue;
    datasets.push({ label, data: points(s.theory_by_n), borderColor: ink, backgroundColor: ink, borderDash: [10, 6], borderWidth: 2.5, pointRadius: 0, pointHitRadius: 5, pointStyle: 'line' });
  }
  canvas.setAttribute('aria-label', S.rebCurveChartLabel(xs[0], xs[xs.length - 1]));
  return upsert(canvas, {
    type: 'line',
    data: { datasets },
    options: {
      interaction: { mode: 'nearest', intersect: false },
      scales: {
        x: { type: 'linear', min: xs[0], max: xs[xs.length - 1], title: axisTitle(S.rebAxisNodes), ticks: { precision: 0 } },
        y: { min: 0, max: 100, title: axisTitle(S.rebAxisMovedUrls), ticks: { callback: (v) => `${v} %` } },
      },
      plugins: {
        legend: { position: 'top', labels: { boxWidth: 18 } },
        tooltip: {
          callbacks: {
            title: (items) => S.rebCurveTooltip(items[0].parsed.x),
            label: (item) => `${item.dataset.label}: ${percent(item.parsed.y / 100, 2)}`,
          },
        },
      },
    },
  });
}

/** The families whose theory is 1/(n + 1) (src/mechanisms/partition/rebalance.rs's Scheme::family). */
const CONSISTENT = new Set(['ring', 'rendezvous', 'jump']);
