// The crawler partition (P2): the biggest sites' path tables, their load factor α (URLs over
// 2^15 slots, from the wasm) against P2's rule α < 0.75.
import { S } from '../strings.js';
import { int, fixed } from '../format.js';
import { axisTitle, cssColor, powerOfTenTicks, barSeries, levelLine, barChart, chartType } from './common.js';

/** Longest host drawn under a bar; the tooltip has the whole name. */
const LABEL_CHARS = 22;

/**
 * tables: the simulation's path_tables [{ reading, name, largest: [{ host, urls, occupied,
 * load_factor }] }] (α does not depend on the reading, the slots used do).
 */
export function render(canvas, { tables }) {
  const ink = cssColor('--ink', '#1b2230');
  const sites = tables[0]?.largest ?? [];
  const labels = sites.map((s) => s.host);
  const datasets = [
    barSeries(S.alphaSeries, sites.map((s) => s.load_factor), cssColor('--accent', '#0b5cad')),
    levelLine(S.ruleLine, 0.75, labels, cssColor('--error', '#a4161a')),
  ];
  canvas.setAttribute('aria-label', S.partPathLoadTitle);
  const narrow = chartType().base < 15;
  return barChart(canvas, {
    labels,
    datasets,
    xTitle: S.axisSiteBiggest,
    xTicks: {
      // Every bar keeps its site's name: upright and a little smaller on a phone.
      autoSkip: false,
      maxRotation: narrow ? 90 : 60,
      minRotation: narrow ? 90 : 40,
      font: { size: narrow ? 10 : 12 },
      callback: (_, i) => {
        const h = labels[i] ?? '';
        return h.length > LABEL_CHARS ? `${h.slice(0, LABEL_CHARS - 1)}…` : h;
      },
    },
    // Log scale: α runs from 1/2^15 for a one-URL site to above 1 for a big one.
    y: {
      type: 'logarithmic',
      suggestedMax: 1,
      title: axisTitle(S.axisAlpha),
      ticks: { color: ink, callback: powerOfTenTicks },
    },
    // The rule line has no tooltip; a bar's tells its URLs and the slots each reading uses.
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
  });
}
