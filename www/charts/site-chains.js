// The crawler partition (P2): the control node's site table (2^21 slots), how many slots hold
// k sites under each reading of P2's site hash, against the Poisson expectation of a random
// hash (all from the wasm's chain sizes).
import { S } from '../strings.js';
import { int, fixed } from '../format.js';
import { upsert, colorOf, axisTitle, intTicks, cssColor } from './common.js';

/** Smallest count drawn on the log axis; Poisson tails below it are left out. */
const FLOOR = 0.5;
/** One point shape per reading, so overlapping points stay apart in print and for colour-blind readers. */
const SHAPES = ['circle', 'rect', 'triangle', 'rectRot'];

/** tables: the simulation's site_tables [{ reading, name, chain_sizes: [{ size, slots, expected }] }]. */
export function render(canvas, { tables }) {
  const ink = cssColor('--ink', '#1b2230');
  const datasets = tables.map((t, i) => ({
    label: t.name,
    data: t.chain_sizes.filter((c) => c.slots > 0).map((c) => ({ x: c.size, y: c.slots })),
    borderColor: colorOf(t.reading, i),
    backgroundColor: colorOf(t.reading, i),
    // Points only: a line between k = 8 and k = 53 would suggest slots holding every k between.
    showLine: false,
    pointStyle: SHAPES[i % SHAPES.length],
    pointRadius: 6,
    pointHoverRadius: 9,
    borderWidth: 1.5,
  }));
  // Every reading holds the same sites in the same slots, so one Poisson curve.
  const longest = tables.reduce((a, t) => (t.chain_sizes.length > a.length ? t.chain_sizes : a), []);
  datasets.push({
    label: S.poisson,
    data: longest.filter((c) => c.expected >= FLOOR).map((c) => ({ x: c.size, y: c.expected })),
    borderColor: ink,
    backgroundColor: ink,
    borderDash: [10, 6],
    borderWidth: 2.5,
    pointRadius: 0,
    pointHitRadius: 6,
    pointStyle: 'line',
    isExpected: true,
  });
  canvas.setAttribute('aria-label', `${S.partSiteTitle}: ${tables.map((t) => t.name).join(', ')}`);
  return upsert(canvas, {
    type: 'line',
    data: { datasets },
    options: {
      interaction: { mode: 'x', intersect: false },
      scales: {
        x: { type: 'linear', min: 0, title: axisTitle(S.axisSitesInSlot), ticks: { precision: 0, callback: intTicks } },
        y: {
          type: 'logarithmic',
          min: FLOOR,
          title: axisTitle(S.axisSlotsHoldingK),
          ticks: {
            callback: (v) => {
              const lead = v / 10 ** Math.floor(Math.log10(v) + 1e-9);
              return Math.abs(lead - 1) < 1e-6 ? int(v) : '';
            },
          },
        },
      },
      plugins: {
        legend: { position: 'top' },
        tooltip: {
          callbacks: {
            title: (items) => S.tooltipSitesInSlot(int(items[0].parsed.x)),
            label: (item) =>
              `${item.dataset.label}: ${item.dataset.isExpected ? fixed(item.parsed.y, 2) : int(item.parsed.y)}`,
          },
        },
      },
    },
  });
}
