// The crawler partition (P2): the biggest sites' path tables, their load factor α (URLs over
// 2^15 slots, from the wasm) against P2's rule α < 0.75.
import { S } from '../strings.js';
import { int, fixed } from '../format.js';
import { upsert, axisTitle, cssColor } from './common.js';

/** Only 1, 0.1, 0.01, … and 10, 100, … are labelled on the log axis. */
function isPowerOfTen(v) {
  return Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9;
}

/** Longest host drawn under a bar; the tooltip has the whole name. */
const LABEL_CHARS = 22;

/**
 * tables: the simulation's path_tables [{ reading, name, largest: [{ host, urls, occupied,
 * load_factor }] }] (α does not depend on the reading, the slots used do).
 */
export function render(canvas, { tables }) {
  const ink = cssColor('--ink', '#1b2230');
  const bar = cssColor('--accent', '#0b5cad');
  const rule = cssColor('--error', '#a4161a');
  const sites = tables[0]?.largest ?? [];
  const labels = sites.map((s) => s.host);
  const datasets = [
    {
      type: 'bar',
      label: S.alphaSeries,
      data: sites.map((s) => s.load_factor),
      backgroundColor: bar,
      borderColor: bar,
      borderWidth: 0,
      pointStyle: 'rect',
      order: 2,
    },
    {
      type: 'line',
      label: S.ruleLine,
      data: labels.map(() => 0.75),
      borderColor: rule,
      borderDash: [10, 6],
      borderWidth: 2.5,
      pointRadius: 0,
      pointHitRadius: 0,
      pointStyle: 'line',
      order: 1,
    },
  ];
  canvas.setAttribute('aria-label', S.partPathLoadTitle);
  return upsert(canvas, {
    type: 'bar',
    data: { labels, datasets },
    options: {
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: {
          title: axisTitle(S.axisSiteBiggest),
          grid: { display: false },
          ticks: {
            autoSkip: false,
            maxRotation: 60,
            minRotation: 40,
            font: { size: 12 },
            callback: (_, i) => {
              const h = labels[i] ?? '';
              return h.length > LABEL_CHARS ? `${h.slice(0, LABEL_CHARS - 1)}…` : h;
            },
          },
        },
        // Log scale: α runs from 1/2^15 for a one-URL site to above 1 for a big one.
        y: {
          type: 'logarithmic',
          suggestedMax: 1,
          title: axisTitle(S.axisAlpha),
          ticks: { color: ink, callback: (v) => (isPowerOfTen(v) ? String(v) : '') },
        },
      },
      plugins: {
        legend: { position: 'top', labels: { sort: (a, b) => a.datasetIndex - b.datasetIndex } },
        tooltip: {
          filter: (item) => item.dataset.type !== 'line',
          callbacks: {
            title: (items) => labels[items[0].dataIndex],
            label: (item) => `α = ${fixed(item.parsed.y, 4)} (${S.tooltipSiteUrls(int(sites[item.dataIndex].urls))})`,
            afterBody: (items) => {
              const host = labels[items[0].dataIndex];
              return tables.map((t) => {
                const row = t.largest.find((r) => r.host === host);
                return row ? S.tooltipOccupied(t.name, int(row.occupied)) : '';
              });
            },
          },
        },
      },
    },
  });
}
