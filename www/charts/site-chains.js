// The crawler partition (P2): the control node's site table (2^21 slots), how many slots hold
// k sites under each reading of P2's site hash, against the Poisson expectation of a random
// hash (all from the wasm's chain sizes).
import { S } from '../strings.js';
import { colorOf, slotPoints, sizeDistributionChart } from './common.js';

/** One point shape per reading, so overlapping points stay apart in print and for colour-blind readers. */
const SHAPES = ['circle', 'rect', 'triangle', 'rectRot'];

/** tables: the simulation's site_tables [{ reading, name, chain_sizes: [{ size, slots, expected }] }]. */
export function render(canvas, { tables }) {
  const datasets = tables.map((t, i) => ({
    label: t.name,
    data: slotPoints(t.chain_sizes),
    borderColor: colorOf(t.reading, i),
    backgroundColor: colorOf(t.reading, i),
    // Points only: a line between k = 8 and k = 53 would suggest slots holding every k between.
    showLine: false,
    pointStyle: SHAPES[i % SHAPES.length],
    pointRadius: 6,
    pointHoverRadius: 9,
    borderWidth: 1.5,
  }));
  canvas.setAttribute('aria-label', `${S.partSiteTitle}: ${tables.map((t) => t.name).join(', ')}`);
  // Every reading holds the same sites in the same slots, so one Poisson curve.
  return sizeDistributionChart(canvas, datasets, {
    sizeLists: tables.map((t) => t.chain_sizes),
    xTitle: S.axisSitesInSlot,
    yTitle: S.axisSlotsHoldingK,
    tooltipTitle: S.tooltipSitesInSlot,
    expectedDigits: 2,
  });
}
